// Package aliasuser does not import the library itself, but tests for its
// event type through an alias of another package: that is a handler.
package aliasuser

import "rebalancehandlers/alias"

func handle(ev alias.Event) {
	switch ev.(type) {
	case alias.Revoked: // want `^Revoked clause body=case event=none func=handle$`
	}
}
