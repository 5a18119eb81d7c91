// Package scripts holds no code: its tests build the binaries that the shell
// scripts in this directory make (golangci-lint with the kafkalint plugin,
// gopls with kafkalint's analyzers) and run them as users and their editors
// do, on testdata/integration (a stub of the library, no cgo) and on
// testdata/demo (the real confluent-kafka-go v1.4.0, which needs cgo).
package scripts
