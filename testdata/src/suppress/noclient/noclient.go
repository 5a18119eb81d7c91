// Package noclient uses no supported client: its directives are not
// checked (no analyzer looks at such a package), and bad's reports are still
// suppressed.
package noclient

func bad(...int) {}

func f() {
	//kafkalint:ignore bad
	bad() // want "call of bad"

	//kafkalint:ignore bad nothing to suppress
	_ = 0

	//kafkalint:ignore bad suppressed
	bad()
}
