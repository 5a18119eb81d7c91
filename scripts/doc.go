// Package scripts holds no code: its tests build the binaries that the shell
// scripts in this directory make (golangci-lint with the kafkalint plugin,
// gopls with kafkalint's analyzers) and run them on testdata/integration, as
// users and their editors do.
package scripts
