#!/usr/bin/env bash
# Builds gopls-kafkalint: gopls v0.23.0 with kafkalint's analyzers added to its
# built-in list, so that the editor shows kafkalint's reports and offers its
# fixes as quick fixes. gopls cannot load outside analyzers; this is a build of
# gopls with ours linked in. Only the Go module proxy is used.
#
#   scripts/build-gopls.sh [DEST]     # DEST defaults to ./bin; writes DEST/gopls-kafkalint
#
# Steps: copy the gopls module source to a temporary directory, add one file to
# its internal/settings package that appends kafkalint.Analyzers() to
# settings.AllAnalyzers, pin every module gopls requires at gopls' own version
# (gopls uses x/tools internals, so x/tools must stay at gopls' pseudo-version,
# older than kafkalint's), replace kafkalint by this checkout, and build.
# Nothing of gopls is kept outside the temporary directory.
set -euo pipefail

GOPLS_VERSION=v0.23.0
PLUGIN_MODULE=github.com/kafkalint/kafkalint

root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-./bin}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

export GOTOOLCHAIN=local GOFLAGS=-mod=mod GOWORK=off

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

cd "$work" # outside any module: the download must not touch a go.mod or go.sum
src=$(go mod download -json "golang.org/x/tools/gopls@$GOPLS_VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
if [ -z "$src" ]; then
	echo "build-gopls: go mod download golang.org/x/tools/gopls@$GOPLS_VERSION gave no directory" >&2
	exit 1
fi
cp -R "$src" "$work/gopls"
chmod -R u+w "$work/gopls"
cd "$work/gopls"

if [ ! -f internal/settings/analysis.go ] || ! grep -q '^var AllAnalyzers = ' internal/settings/analysis.go; then
	echo "build-gopls: gopls $GOPLS_VERSION has no settings.AllAnalyzers list; this script needs updating" >&2
	exit 1
fi

# Pin what gopls pins: each module of gopls' build list stays at its version
# whatever kafkalint requires.
go list -m -f '{{if not .Main}}{{.Path}}@{{.Version}}{{end}}' all | while read -r mv; do
	[ -n "$mv" ] && go mod edit -replace "${mv%@*}=$mv"
done

cat >internal/settings/kafkalint.go <<EOF
package settings

// Written by kafkalint's scripts/build-gopls.sh: kafkalint's analyzers join
// gopls' own, enabled by default; "analyses": {"<name>": false} turns one off.

import kafkalint "$PLUGIN_MODULE/analyzer"

func init() {
	for _, a := range kafkalint.Analyzers() {
		AllAnalyzers = append(AllAnalyzers, &Analyzer{analyzer: a})
	}
}
EOF
go mod edit -replace "$PLUGIN_MODULE=$root"
go mod tidy
# The suite package registers nothing; the golangci-lint plugin (package plugin)
# must not be linked into gopls.
if go list -deps . | grep -q '^github.com/golangci/plugin-module-register/'; then
	echo "build-gopls: gopls would link the golangci-lint plugin registration; $PLUGIN_MODULE/analyzer must not import it" >&2
	exit 1
fi
if ! go build -trimpath -o "$dest/gopls-kafkalint" . 2>"$work/build.log"; then
	cat "$work/build.log" >&2
	echo "build-gopls: kafkalint does not compile with the module versions gopls $GOPLS_VERSION pins (above); keep kafkalint to APIs those versions have" >&2
	exit 1
fi
echo "built $dest/gopls-kafkalint (gopls $GOPLS_VERSION + kafkalint)"
