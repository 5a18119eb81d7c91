// Package noclient uses no supported client: its directives are checked all
// the same (the directive analyzer looks at every package), and bad's reports
// are still suppressed.
package noclient

func bad(...int) {}

func f() {
	/* want `^//kafkalint:ignore directive for bad has no reason` */ //kafkalint:ignore bad
	bad() // want "call of bad"

	/* want `^//kafkalint:ignore directive names nobody, which is no analyzer` */ //kafkalint:ignore nobody a misspelt name

	//kafkalint:ignore bad nothing to suppress
	_ = 0

	//kafkalint:ignore bad suppressed
	bad()
}
