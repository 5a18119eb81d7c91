// Package plainlog is a logger of a package that reaches no client and is not a
// listed logging library: kafkalint does not analyse it, and takes its Fatal to
// return.
package plainlog

import "os"

func Fatal(args ...any) { os.Exit(1) }
