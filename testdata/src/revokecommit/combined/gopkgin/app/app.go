// Package app (gopkg.in) is the wiring of the combined dependency-injection graph, as
// wire generates it: kit's traced consumer is handed to runner's library.
package app

import (
	"revokecommit/combined/gopkgin/kit"
	"revokecommit/combined/gopkgin/runner"
)

func InitializeStreaming(g kit.Group) (*runner.Runner, error) {
	c, err := kit.ProvideStreaming(g)
	if err != nil {
		return nil, err
	}
	return runner.NewRunner(c, []string{"orders"}), nil // want `runner\.NewRunner is given a consumer with enable\.auto\.offset\.store=false and auto commit on, and its RevokedPartitions handler at runner\.Runner\.rebalance \(runner\.go:48\)`
}

func InitializeBatch(g kit.Group) (*runner.Runner, error) {
	c, err := kit.ProvideBatch(g)
	if err != nil {
		return nil, err
	}
	return runner.NewRunner(c, []string{"orders"}), nil // fine: auto commit off for the batch kind
}

func decodeString(b []byte) (string, error) { return string(b), nil }

func InitializeTyped(g kit.Group) (*runner.Typed[string], error) {
	c, err := kit.ProvideStreaming(g)
	if err != nil {
		return nil, err
	}
	return runner.NewTyped(c, []string{"orders"}, decodeString), nil // want `runner\.NewTyped is given a consumer with enable\.auto\.offset\.store=false and auto commit on, and its RevokedPartitions handler at runner\.Typed\.rebalance \(runner\.go:85\)`
}

func InitializeTypedBatch(g kit.Group) (*runner.Typed[string], error) {
	c, err := kit.ProvideBatch(g)
	if err != nil {
		return nil, err
	}
	return runner.NewTyped(c, []string{"orders"}, decodeString), nil // fine: auto commit off for the batch kind
}
