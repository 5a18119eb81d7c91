// Package app is the wiring of a dependency-injection graph, as wire
// generates it: provider A's consumer is handed to provider B's library.
package app

import (
	"revokecommit/wiring/provider"
	"revokecommit/wiring/runner"
	"revokecommit/wiring/saferunner"
	"revokecommit/wiring/settings"
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

// InitializeFromConfigMap wires three providers: the framework's ConfigMap,
// the consumer made from it, and the library.
func InitializeFromConfigMap() (*App, error) {
	cm := settings.ProvideConfigMap()
	c, err := provider.ProvideConsumerFrom(cm)
	if err != nil {
		return nil, err
	}
	r := runner.NewRunner(c, []string{"orders"}) // want `runner\.NewRunner is given a consumer with enable\.auto\.offset\.store=false and auto commit on`
	return &App{Runner: r}, nil
}

func InitializeFromManualConfigMap() (*App, error) {
	cm := settings.ProvideManualConfigMap()
	c, err := provider.ProvideConsumerFrom(cm)
	if err != nil {
		return nil, err
	}
	r := runner.NewRunner(c, []string{"orders"}) // fine: auto commit off in the framework's map
	return &App{Runner: r}, nil
}

// InitializeFromSettings changes the framework's settings in the injector
// and hands them to the consumer's provider.
func InitializeFromSettings() (*App, error) {
	s := settings.Default()
	s.AutoOffsetStore = false
	c, err := provider.ProvideConsumerWith(s)
	if err != nil {
		return nil, err
	}
	r := runner.NewRunner(c, []string{"orders"}) // want `runner\.NewRunner is given a consumer with enable\.auto\.offset\.store=false and auto commit on`
	return &App{Runner: r}, nil
}

func InitializeFromSettingsPtr() (*App, error) {
	s := settings.Default()
	s.AutoOffsetStore = false
	c, err := provider.ProvideConsumerWithPtr(&s)
	if err != nil {
		return nil, err
	}
	r := runner.NewRunner(c, []string{"orders"}) // want `runner\.NewRunner is given a consumer with enable\.auto\.offset\.store=false and auto commit on`
	return &App{Runner: r}, nil
}

func InitializeFromDefaultSettings() (*App, error) {
	c, err := provider.ProvideConsumerWith(settings.Default())
	if err != nil {
		return nil, err
	}
	r := runner.NewRunner(c, []string{"orders"}) // fine: the framework's defaults store offsets automatically
	return &App{Runner: r}, nil
}
