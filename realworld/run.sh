#!/usr/bin/env bash
# Real-world corpus: runs kafkalint (through sweep/run.sh) on every module of
# realworld/modules.txt, downloaded through the Go module proxy, and compares
# the reports with realworld/expected.txt, where every report is labelled.
#
#   bash realworld/run.sh            # make realworld; cgo and the network needed
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
SWEEP_WORK=$work bash "$repo/sweep/run.sh" "$repo/realworld/modules.txt" >"$work/sweep.txt" 2>"$work/sweep.err" || rc=$?
cat "$work/summary.md"
modcache=$(go env GOMODCACHE)
tab=$'\t'
# Reports only (a related position is "FILE:L:C: <tab>text"), module-cache relative.
cat "$work"/reports/*.txt |
	grep -E "^[^[:space:]]+\\.go:[0-9]+:[0-9]+: [^$tab]" |
	sed "s#^$modcache/##" | sort -u >"$work/got.txt" || true
grep -E '^(TRUE|FALSE) ' "$repo/realworld/expected.txt" |
	sed -E 's/^(TRUE|FALSE) //; s/ # .*$//' | sort -u >"$work/want.txt"
if ! diff -u "$work/want.txt" "$work/got.txt" >"$work/diff.txt"; then
	echo "realworld: reports differ from realworld/expected.txt (- expected, + got):"
	grep -E '^[-+][^-+]' "$work/diff.txt" || true
	rc=1
fi
t=$(grep -c '^TRUE ' "$repo/realworld/expected.txt" || true)
f=$(grep -c '^FALSE ' "$repo/realworld/expected.txt" || true)
m=$(grep -c '^MISS ' "$repo/realworld/expected.txt" || true)
echo "realworld: $(wc -l <"$work/got.txt") reports; expected: $t true, $f false; $m known misses"
[ -s "$work/sweep.err" ] && { echo "realworld: the sweep's standard error (download notes; failures also set the exit status):"; tail -n 20 "$work/sweep.err"; }
echo "realworld: work tree $work"
exit $rc
