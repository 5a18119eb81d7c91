// Package cli is a stub of github.com/urfave/cli/v2 for consumeloop's
// fixtures: an App or Command runs its Action once when it is invoked.
package cli

import "context"

type ActionFunc func(*Context) error

type Context struct{ Context context.Context }

type Command struct {
	Name   string
	Action ActionFunc
}

type App struct {
	Name     string
	Commands []*Command
	Action   ActionFunc
}

func (a *App) Run(arguments []string) error { return nil }
