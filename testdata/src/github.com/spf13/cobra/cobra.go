// Package cobra is a stub of github.com/spf13/cobra for consumeloop's
// fixtures: a Command runs its Run (or RunE) once when it is invoked.
package cobra

import "context"

type Command struct {
	Use   string
	Short string

	PersistentPreRun   func(cmd *Command, args []string)
	PersistentPreRunE  func(cmd *Command, args []string) error
	PreRun             func(cmd *Command, args []string)
	PreRunE            func(cmd *Command, args []string) error
	Run                func(cmd *Command, args []string)
	RunE               func(cmd *Command, args []string) error
	PostRun            func(cmd *Command, args []string)
	PostRunE           func(cmd *Command, args []string) error
	PersistentPostRun  func(cmd *Command, args []string)
	PersistentPostRunE func(cmd *Command, args []string) error
}

func (c *Command) Context() context.Context    { return context.Background() }
func (c *Command) AddCommand(cmds ...*Command) {}
func (c *Command) Execute() error              { return nil }
