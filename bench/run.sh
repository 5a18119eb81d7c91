#!/usr/bin/env bash
# Benchmark: kafkalint against two no-op analyzers through the same driver on the
# same packages, standalone (kafkalint PKGS) and as go vet -vettool, reporting the
# median wall time, CPU time (user+system, child processes included) and peak RSS
# of several runs, and their ratios to the no-ops.
#
#   bash bench/run.sh                    # the whole benchmark, unattended: every
#                                        # corpus standalone, heavy also under go vet,
#                                        # 9 runs each; prints the table of RESULTS.md
#   bash bench/run.sh --runs 3 heavy     # chosen corpora and run count
#   bash bench/run.sh --smoke            # the offline smoke corpus, one run (CI)
#   bash bench/run.sh --standalone heavy # no go vet runs (they take minutes)
#   bash bench/run.sh --vet light heavy  # go vet runs on these corpora too (default: heavy)
#   bash bench/run.sh --no-facts heavy   # without the noopfacts floor (the slowest runs)
#   BENCH_BASE=/path/to/old/kafkalint bash bench/run.sh ...  # also that binary, as "base"
#
# The floors (see bench/noop): "noop" declares no fact type, "noopfacts" declares
# one. Through a general driver (multichecker), an analyzer with facts makes the
# driver load every dependency from source; as a vet tool, the go command runs it
# on every dependency whatever it declares. noopfacts pays that. Standalone,
# kafkalint does not use the general driver: it type-checks from source only the
# packages that reach a supported client and reads the others from export data,
# so its floor is noop (the least a driver can load), and the standalone runs
# leave noopfacts out (12 to 30 s a run, to show what a general driver costs).
# Under go vet both floors run: noopfacts is kafkalint's floor there (issue 16's
# target: kafkalint within 1.10x of it).
#
# Each configuration runs once unmeasured (warms the build cache and go list),
# then the runs interleave the configurations. go vet caches a tool's results by
# the tool's build ID, so every vet run uses a fresh copy of the binary with a
# trailing byte string unique to the run (sequence, PID, time): the vet analysis
# reruns on every package and dependency, the compiled export
# data of the dependencies stays cached (a CI run with a warm build cache).
# BENCH_WORK=DIR keeps the work tree (default: a temporary directory).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=9 # medians of 5 moved by up to 8% between runs on a quiet 2-core machine
corpora=()
vet=(heavy)    # the corpora also run under go vet
facts=1        # the noopfacts floor under go vet
while [ $# -gt 0 ]; do
	case $1 in
	--smoke) runs=1 corpora=(smoke) vet=(smoke) ;;
	--runs) runs=$2 && shift ;;
	--standalone) vet=() ;;
	--vet) vet=() && while [ $# -gt 1 ] && [[ $2 != --* ]]; do vet+=("$2") && corpora+=("$2") && shift; done ;;
	--no-facts) facts=0 ;;
	*) corpora+=("$1") ;;
	esac
	shift
done
[ ${#corpora[@]} -gt 0 ] || corpora=(self light heavy ddv2 ddv1 goka sarama)
# modes CORPUS: the drivers a corpus runs under; tools MODE: the tools measured.
modes() { echo standalone && for v in "${vet[@]}"; do [ "$v" != "$1" ] || echo vet; done; }
tools() {
	echo noop
	[ "$1" != vet ] || [ $facts = 0 ] || echo noopfacts
	echo kafkalint
	[ -z "${BENCH_BASE:-}" ] || echo base
}
warmup=1
[ "${corpora[*]}" != smoke ] || warmup=0
work=${BENCH_WORK:-$(mktemp -d)}
mkdir -p "$work/bin" "$work/mods" "$work/vettools"
(cd "$repo" && go build -o "$work/bin/" ./cmd/kafkalint ./bench/noop ./bench/measure)
export GOWORK=off
# Every run analyses: the result cache would make each run after the first print
# the first one's results (the cached rerun is a measurement of its own).
export KAFKALINT_CACHE=off
results=$work/results.txt
: >"$results"

# run CORPUS MODE TOOL LABEL: one run in $dir over $pkgs; LABEL empty = unmeasured.
run() {
	local corpus=$1 mode=$2 tool=$3 label=$4 bin flag=""
	case $tool in
	kafkalint) bin=$work/bin/kafkalint ;;
	base) bin=$BENCH_BASE ;;
	noop) bin=$work/bin/noop flag=-noop ;;
	noopfacts) bin=$work/bin/noop flag=-noopfacts ;;
	esac
	local cmd
	if [ "$mode" = vet ]; then
		seq=$((seq + 1))
		cp "$bin" "$work/vettools/$tool.$seq"
		printf 'bench run %s %s %s' "$seq" "$$" "$(date +%s%N)" >>"$work/vettools/$tool.$seq"
		cmd=(go vet "-vettool=$work/vettools/$tool.$seq" $flag $pkgs)
	else
		cmd=("$bin" $flag $pkgs)
	fi
	if [ -z "$label" ]; then
		(cd "$dir" && "${cmd[@]}") >/dev/null 2>&1 || true
	else
		(cd "$dir" && "$work/bin/measure" -o "$results" -label "$label" -- "${cmd[@]}") >"$work/last.out" 2>&1 || true
		# A driver error (not reports) makes the numbers meaningless.
		if grep -q -E 'panic|internal error|failed prerequisites|analysis skipped' "$work/last.out"; then
			echo "bench: $label failed:" >&2 && cat "$work/last.out" >&2 && exit 1
		fi
	fi
	rm -f "$work/vettools/$tool.$seq" 2>/dev/null || true
}

seq=0
for corpus in "${corpora[@]}"; do
	line=$(grep -E "^$corpus " "$repo/bench/corpora.txt") || { echo "bench: no corpus $corpus" >&2 && exit 2; }
	line=${line%%#*}
	set -- $line
	target=$2
	shift 2
	sub="" skip="" get=""
	export GOFLAGS=-mod=mod
	for kv in "$@"; do
		case $kv in
		goflags=*) export GOFLAGS=${kv#goflags=} ;;
		pkgs=*) sub=${kv#pkgs=} ;;
		skip=*) skip=${kv#skip=} ;;
		get=*) get=${kv#get=} ;;
		esac
	done
	if [[ $target == ./* ]]; then
		dir=$repo/$target
		pattern=./${sub:-...}
	else
		dir=$work/mods/$corpus
		mkdir -p "$dir"
		printf 'module bench.local/corpus\n\ngo 1.26.0\n' >"$dir/go.mod"
		log=$work/get-$corpus.log
		(cd "$dir" && go get "$target" ${get//,/ }) >"$log" 2>&1 </dev/null || {
			echo "bench: go get $target failed: $(tail -n 1 "$log") (full log kept: $log)" >&2
			exit 1
		}
		pattern=${target%@*}/${sub:-...}
	fi
	pkgs=$(cd "$dir" && go list -e "$pattern" 2>/dev/null | { if [ -n "$skip" ]; then grep -v -E "/(${skip//,/|})\$"; else cat; fi; })
	echo "bench: $corpus: $(echo $pkgs | wc -w) packages; $runs runs" >&2
	if [ $warmup = 1 ]; then
		for mode in $(modes "$corpus"); do for tool in $(tools $mode); do run "$corpus" $mode $tool ""; done; done
	fi
	for r in $(seq "$runs"); do
		for mode in $(modes "$corpus"); do
			# Each run starts with the next tool: where a command runs in
			# the sequence changes its time (the no-op 4% faster right after
			# another no-op run than after kafkalint's), and a fixed order
			# would give every run of a tool the same place.
			order=($(tools $mode))
			k=$(((r - 1) % ${#order[@]}))
			for tool in "${order[@]:k}" "${order[@]:0:k}"; do
				run "$corpus" $mode $tool "$corpus/$mode/$tool"
			done
		done
	done
done

# median FIELD LABEL: the median of wall, cpu or maxrss over the label's runs.
median() {
	grep "label=$2 " "$results" | sed -E "s/.* $1=([0-9.]+).*/\1/" | sort -g |
		awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else printf "%.3f\n", (v[NR/2]+v[NR/2+1])/2}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b + 0 == 0) print "-"; else printf "%.2f", a/b}'; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(go version | cut -d' ' -f3-), load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| corpus | driver | tool | wall | CPU | peak RSS | wall, CPU, RSS / noopfacts | wall, CPU, RSS / noop |"
echo "|---|---|---|---:|---:|---:|---|---|"
for corpus in "${corpora[@]}"; do for mode in $(modes "$corpus"); do
	for tool in $(tools $mode); do
		l=$corpus/$mode/$tool
		f=$corpus/$mode/noopfacts n=$corpus/$mode/noop
		w=$(median wall "$l") c=$(median cpu "$l") m=$(median maxrss "$l")
		byfacts="- - -"
		if grep -q "label=$f " "$results"; then
			byfacts="$(ratio "$w" "$(median wall "$f")") $(ratio "$c" "$(median cpu "$f")") $(ratio "$m" "$(median maxrss "$f")")"
		fi
		echo "| $corpus | $mode | $tool | ${w}s | ${c}s | $((${m%.*} / 1024)) MiB |" \
			"$byfacts |" \
			"$(ratio "$w" "$(median wall "$n")") $(ratio "$c" "$(median cpu "$n")") $(ratio "$m" "$(median maxrss "$n")") |"
	done
done; done
echo
echo "bench: raw measurements in $results"
