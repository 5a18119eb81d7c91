#!/usr/bin/env bash
# Builds custom-gcl: golangci-lint v2.15.0 with the kafkalint module plugin, the
# binary `golangci-lint custom` would build, from the Go module proxy alone
# (golangci-lint custom clones golangci-lint from GitHub with git).
#
#   scripts/build-golangci.sh [DEST]     # DEST defaults to ./bin; writes DEST/custom-gcl
#
# Same steps as golangci-lint's own builder (pkg/commands/internal/builder.go):
# take the golangci-lint module source, import the plugin package from
# cmd/golangci-lint/plugins.go, replace the plugin module by this checkout,
# go mod tidy, go build. The script fails if kafkalint would raise the version
# of any module golangci-lint already requires, or its go line: the custom
# binary must link exactly the x/tools, staticcheck, ... of golangci-lint v2.15.0.
set -euo pipefail

GCL_VERSION=v2.15.0
PLUGIN_MODULE=github.com/kafkalint/kafkalint
PLUGIN_IMPORT=$PLUGIN_MODULE/plugin

root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-./bin}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

# No toolchain downloads: build with the installed Go, which must satisfy the go lines.
export GOTOOLCHAIN=local GOFLAGS=-mod=mod GOWORK=off

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

cd "$work" # outside any module: the download must not touch a go.mod or go.sum
src=$(go mod download -json "github.com/golangci/golangci-lint/v2@$GCL_VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
if [ -z "$src" ]; then
	echo "build-golangci: go mod download github.com/golangci/golangci-lint/v2@$GCL_VERSION gave no directory" >&2
	exit 1
fi
cp -R "$src" "$work/gcl"
chmod -R u+w "$work/gcl"
cd "$work/gcl"

go list -m -f '{{.Path}} {{.Version}}' all >"$work/before"
go_line_before=$(go mod edit -json | sed -n 's/^[[:space:]]*"Go": "\(.*\)",$/\1/p')

cat >cmd/golangci-lint/plugins.go <<EOF
package main

// Module plugins, written by kafkalint's scripts/build-golangci.sh.
import _ "$PLUGIN_IMPORT"
EOF
go mod edit -replace "$PLUGIN_MODULE=$root"
go mod tidy

go list -m -f '{{.Path}} {{.Version}}' all >"$work/after"
go_line_after=$(go mod edit -json | sed -n 's/^[[:space:]]*"Go": "\(.*\)",$/\1/p')
if [ "$go_line_before" != "$go_line_after" ]; then
	echo "build-golangci: kafkalint raises golangci-lint's go line from $go_line_before to $go_line_after; lower kafkalint's go directive" >&2
	exit 1
fi
# Modules golangci-lint requires must keep their versions (new ones may be added).
raised=$(awk 'NR == FNR { v[$1] = $2; next } ($1 in v) && v[$1] != $2 { print $1 " " v[$1] " -> " $2 }' "$work/before" "$work/after")
if [ -n "$raised" ]; then
	echo "build-golangci: kafkalint changes versions golangci-lint $GCL_VERSION pins; lower them in kafkalint's go.mod:" >&2
	echo "$raised" >&2
	exit 1
fi

# The version is golangci-lint's cache salt: it must change whenever the
# plugin does, or golangci-lint serves stale results from its cache.
hash=$(cd "$root" && find . -path ./testdata -prune -o -path ./.git -prune -o \
	\( -name '*.go' -o -name go.mod -o -name go.sum \) -type f -print |
	LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-12)
version="${GCL_VERSION#v}-kafkalint-$hash"
go build -trimpath \
	-ldflags "-s -w -X 'main.version=$version' -X 'main.date=$(date -u +%Y-%m-%dT%H:%M:%SZ)'" \
	-o "$dest/custom-gcl" ./cmd/golangci-lint
echo "built $dest/custom-gcl ($version)"
