#!/usr/bin/env bash
# Real-code sweep: runs kafkalint over every package (tests included) of the
# modules pinned in a manifest and records, per module, the packages analysed,
# wall and CPU time, peak RSS, the reports, the packages that do not type-check
# (one line each) and anything else that is not a report (a panic, an analyzer
# error). See sweep/RESULTS.md for the verdicts.
#
#   bash sweep/run.sh                 # sweep/modules.txt; downloads through the Go module proxy
#   bash sweep/run.sh --smoke         # sweep/smoke.txt: an offline fixture module (what CI runs)
#   bash sweep/run.sh FILE            # another manifest
#
# Manifest lines: "TARGET [skip=PKG,...] [get=MOD@VER,...] [pkgs=PATTERN,...]
# [tags=TAG,...] [nosumdb[=PATTERN,...]] # why". TARGET is module@version,
# fetched into a throw-away module that requires it (so the target's own replace
# directives do not apply, as for any user of it), or a directory (./path,
# relative to the repository) analysed in place. skip= drops packages (path
# suffixes) that cannot build anywhere; get= pins dependencies that a target
# without a go.mod does not name; pkgs= is the package pattern under the target
# module, or several separated by commas (default: all of it; a large module
# whose other packages need dependencies the proxy does not serve names the part
# that uses the library); tags= sets build tags for a target whose client code
# is behind one; nosumdb takes the target's checksum from the proxy alone
# (GONOSUMDB), for a version the proxy serves but whose checksum-database lookup
# it does not pass on, and nosumdb=PATTERN,... does so for the modules named (a
# dependency's, say). SWEEP_WORK=DIR keeps the work tree (default: a temporary
# directory). Exit status 1 if any run had an error; a target that cannot be
# fetched or listed is reported and skipped.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
manifest=$repo/sweep/modules.txt
case "${1:-}" in
--smoke) manifest=$repo/sweep/smoke.txt ;;
"") ;;
*) manifest=$1 ;;
esac
work=${SWEEP_WORK:-$(mktemp -d)}
mkdir -p "$work/bin" "$work/mods" "$work/reports"
(cd "$repo" && go build -o "$work/bin/" ./cmd/kafkalint ./bench/measure)
export GOWORK=off GOFLAGS=-mod=mod
# Every run analyses and its time is measured: no result cache (nor the user's).
export KAFKALINT_CACHE=off
nosumdb0=${GONOSUMDB:-}

failed=0
tab=$'\t'
printf '| target | packages | wall | CPU | peak RSS | reports | broken | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|\n' >"$work/summary.md"
# The manifest is read on file descriptor 3: the commands in the loop inherit
# stdin, and one that reads it would swallow the rest of the manifest.
while read -r -u 3 line; do
	line=${line%%#*}
	set -- $line
	[ $# -gt 0 ] || continue
	target=$1
	shift
	skip="" get="" sub="" tags="" nosumdb=""
	for kv in "$@"; do
		case $kv in
		skip=*) skip=${kv#skip=} ;;
		get=*) get=${kv#get=} ;;
		pkgs=*) sub=${kv#pkgs=} ;;
		tags=*) tags=${kv#tags=} ;;
		nosumdb) nosumdb=${target%@*} ;;
		nosumdb=*) nosumdb=${kv#nosumdb=} ;;
		*) echo "sweep: bad field $kv in $manifest" >&2 && exit 2 ;;
		esac
	done
	export GONOSUMDB=$nosumdb0${nosumdb:+,$nosumdb}
	name=$(echo "${target#./}" | tr '/@' '__') # no leading dot: the report files are globbed below
	if [[ $target == ./* ]]; then
		dir=$repo/$target
		pattern=./...
	else
		dir=$work/mods/$name
		mkdir -p "$dir"
		printf 'module sweep.local/target\n\ngo 1.26.0\n' >"$dir/go.mod"
		(cd "$dir" && go get "$target" ${get//,/ }) >"$dir/get.log" 2>&1 </dev/null || {
			echo "sweep: go get $target failed: $(tail -n 1 "$dir/get.log") (full log kept: $dir/get.log)" >&2
			failed=1
			continue
		}
		pattern=""
		for s in ${sub//,/ }; do pattern="$pattern ${target%@*}/$s"; done
		pattern=${pattern:-${target%@*}/...}
	fi
	export GOFLAGS=-mod=mod${tags:+ -tags=$tags}
	pkgs=$(cd "$dir" && go list -e $pattern 2>"$work/list-$name.log" | { if [ -n "$skip" ]; then grep -v -E "/(${skip//,/|})\$"; else cat; fi; }) || {
		echo "sweep: go list $target failed: $(tail -n 1 "$work/list-$name.log") (full log kept: $work/list-$name.log)" >&2
		failed=1
		continue
	}
	npkgs=$(echo "$pkgs" | wc -w)
	out=$work/reports/$name.txt
	rc=0
	(cd "$dir" && "$work/bin/measure" -o "$work/measure.txt" -label "$target" -- "$work/bin/kafkalint" $pkgs) >"$out" 2>&1 || rc=$?
	m=$(grep "label=$target " "$work/measure.txt" | tail -1)
	# A report is "FILE.go:LINE:COL: message (analyzer)"; the name is dropped
	# here, so that the recorded reports (and realworld/expected.txt) stay as
	# they were. Its related positions follow as "FILE.go:LINE:COL: <tab>message"
	# and are not reports.
	sed -i -E "s/^([^[:space:]]+\\.go:[0-9]+:[0-9]+: [^$tab].*) \\([a-z0-9]+\\)\$/\\1/" "$out"
	reports=$(grep -c -E "^[^[:space:]]+\\.go:[0-9]+:[0-9]+: [^$tab]" "$out" || true)
	# A package that does not type-check costs one line, is analysed anyway and
	# makes kafkalint exit 1 with one line more that names the packages whose
	# results are incomplete. A package the module's own requirements cannot
	# provide (milvus' pkg/v2 at one pseudo-version imports a package its
	# required pulsar-client-go does not have) is named once more as not
	# loaded: the module is broken as published, not the run. Anything else is
	# an error.
	broken=$(grep -c -E '^kafkalint: package .* has errors: ' "$out" || true)
	errors=$(grep -v -c -E '^[^[:space:]]+\.go:[0-9]+:[0-9]+: |^kafkalint: package .* has errors: |^kafkalint: package .* could not be loaded \(.*\): the module graph |^kafkalint: the results of .* are incomplete in ' "$out" || true)
	# kafkalint exits 0 (clean) or 3 (reports), 1 when packages did not
	# type-check (and for errors, which the count above catches); anything else
	# is a crash.
	if [ "$rc" != 0 ] && [ "$rc" != 3 ] && { [ "$rc" != 1 ] || [ "$broken" = 0 ]; } || [ "$errors" != 0 ]; then
		failed=1
		echo "sweep: $target: exit $rc, $errors lines that are not reports (see $out)" >&2
	fi
	wall=$(echo "$m" | sed -E 's/.*wall=([^ ]+).*/\1/')
	cpu=$(echo "$m" | sed -E 's/.*cpu=([^ ]+).*/\1/')
	rss=$(echo "$m" | sed -E 's/.*maxrss=([0-9]+)KiB.*/\1/')
	printf '| %s | %d | %s | %s | %d MiB | %d | %d | %d |\n' "$target" "$npkgs" "$wall" "$cpu" $((rss / 1024)) "$reports" "$broken" "$errors" >>"$work/summary.md"
done 3<"$manifest"
cat "$work/summary.md"
for f in "$work"/reports/*.txt; do
	[ -s "$f" ] || continue
	echo
	echo "## $(basename "$f" .txt)"
	sed "s#$HOME/go/pkg/mod/##; s#$repo/##" "$f"
done
echo
echo "sweep: work tree $work"
exit $failed
