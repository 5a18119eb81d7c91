#!/usr/bin/env bash
# Real-world corpus: runs kafkalint (through sweep/run.sh) on every module of
# realworld/modules.txt, downloaded through the Go module proxy, and compares
# the reports with realworld/expected.txt, where every report is labelled.
#
#   bash realworld/run.sh            # make realworld; cgo and the network needed
#   bash realworld/run.sh REGEX      # only the targets (module@version) REGEX matches
#   REALWORLD_WORK=DIR bash ...      # keep the work tree (default: temporary)
#
# expected.txt lines, one per report, "VERDICT FILE:LINE:COL: MESSAGE # reason",
# FILE relative to the module cache (module@version/path) and VERDICT TRUE or
# FALSE; and "MISS FILE:LINE # shape: ..." for a bug found by reading that
# kafkalint does not report (not compared, listed for the README's recall).
# Exit status 1 if a report is not in expected.txt, an expected report is gone,
# or the sweep had an error. Not in CI: a cold run downloads and builds (cgo)
# every module, about half an hour on two cores.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${REALWORLD_WORK:-$(mktemp -d)}
mkdir -p "$work"
rc=0
# A REGEX selects manifest lines by target, and the expected reports and misses
# of the targets selected (by their module@version/ prefix).
manifest=$repo/realworld/modules.txt
expected=$repo/realworld/expected.txt
if [ -n "${1:-}" ]; then
	grep -E "^[^#[:space:]]*(${1})" "$manifest" >"$work/modules.txt" || true
	manifest=$work/modules.txt
	# module@version/ as the module cache spells it (an upper-case letter is "!" and its lower case).
	awk '{print $1 "/"}' "$manifest" | sed -E 's/([A-Z])/!\L\1/g' >"$work/prefixes.txt"
	grep -E '^(TRUE|FALSE|MISS) ' "$expected" | awk 'NR==FNR {p[NR]=$0; n=NR; next} {for (i=1; i<=n; i++) if (index($2, p[i]) == 1) {print; next}}' "$work/prefixes.txt" - >"$work/expected.txt" || true
	expected=$work/expected.txt
fi
SWEEP_WORK=$work bash "$repo/sweep/run.sh" "$manifest" >"$work/sweep.txt" 2>"$work/sweep.err" || rc=$?
cat "$work/summary.md"
modcache=$(go env GOMODCACHE)
tab=$'\t'
# Reports only (a related position is "FILE:L:C: <tab>text"), module-cache
# relative, without the " (ANALYZER)" suffix the text output may end a report
# with: expected.txt's messages carry none, and a line is compared with or
# without it. Only the suite's analyzer names are stripped, not any parenthesis.
names=$(cd "$repo/passes" && ls -d */ | tr -d / | paste -sd '|')
cat "$work"/reports/*.txt |
	grep -E "^[^[:space:]]+\\.go:[0-9]+:[0-9]+: [^$tab]" |
	sed -E "s#^$modcache/##; s/ \\(($names)\\)\$//" | sort -u >"$work/got.txt" || true
grep -E '^(TRUE|FALSE) ' "$expected" |
	sed -E "s/^(TRUE|FALSE) //; s/ # .*\$//; s/ \\(($names)\\)\$//" | sort -u >"$work/want.txt" || true
if ! diff -u "$work/want.txt" "$work/got.txt" >"$work/diff.txt"; then
	echo "realworld: reports differ from realworld/expected.txt (- expected, + got):"
	grep -E '^[-+][^-+]' "$work/diff.txt" || true
	rc=1
fi
t=$(grep -c '^TRUE ' "$expected" || true)
f=$(grep -c '^FALSE ' "$expected" || true)
m=$(grep -c '^MISS ' "$expected" || true)
echo "realworld: $(wc -l <"$work/got.txt") reports; expected: $t true, $f false; $m known misses"
[ -s "$work/sweep.err" ] && { echo "realworld: the sweep's standard error (download notes; failures also set the exit status):"; tail -n 20 "$work/sweep.err"; }
echo "realworld: work tree $work"
exit $rc
