// Package app (gopkg.in) is the wiring of a dependency-injection graph, as wire
// generates it: provider A's consumer is handed to provider B's library.
package app

import (
	"revokecommit/wiring/gopkgin/provider"
	"revokecommit/wiring/gopkgin/runner"
	"revokecommit/wiring/gopkgin/saferunner"
)

// App is the injected application.
type App struct{ Runner *runner.Runner }

func InitializeApp(g provider.Group) (*App, error) {
	c, err := provider.ProvideConsumer(g)
	if err != nil {
		return nil, err
	}
	r := runner.NewRunner(c, []string{"orders"}) // want `runner\.NewRunner is given a consumer with enable\.auto\.offset\.store=false and auto commit on, and its RevokedPartitions handler at runner\.Runner\.rebalance \(runner\.go:48\) calls Unassign without committing and invalidating stored offsets first`
	return &App{Runner: r}, nil
}

func InitializeAutoStoreApp(g provider.Group) (*App, error) {
	c, err := provider.ProvideAutoStoreConsumer(g)
	if err != nil {
		return nil, err
	}
	r := runner.NewRunner(c, []string{"audit"}) // fine: offsets are stored automatically
	return &App{Runner: r}, nil
}

// SafeApp runs the safe library.
type SafeApp struct{ Runner *saferunner.Runner }

func InitializeSafeApp(g provider.Group) (*SafeApp, error) {
	c, err := provider.ProvideConsumer(g)
	if err != nil {
		return nil, err
	}
	r := saferunner.NewRunner(c, []string{"orders"}) // fine: the handler commits and invalidates
	return &SafeApp{Runner: r}, nil
}
