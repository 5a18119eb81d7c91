// Package suppress exercises the //kafkalint:ignore directive with an analyzer
// named bad that reports every call of bad.
package suppress

func bad() {}

func suppressed() {
	bad() //kafkalint:ignore bad the reason follows the name

	//kafkalint:ignore bad on the line above
	bad()

	bad() //kafkalint:ignore other,bad a list of names

	//kafkalint:ignore bad   extra spaces before the reason
	bad()

	bad( /* an argument comment */ ) //kafkalint:ignore bad after a block comment
}

func reported() {
	//kafkalint:ignore bad
	bad() // want "call of bad"

	//kafkalint:ignore other this names another analyzer
	bad() // want "call of bad"

	//kafkalint:ignore badder a longer name is not a match
	bad() // want "call of bad"

	//kafkalint:ignorebad no space after the directive
	bad() // want "call of bad"

	/* kafkalint:ignore bad a block comment is not a directive */
	bad() // want "call of bad"

	// kafkalint:ignore bad a space after the slashes is not a directive
	bad() // want "call of bad"

	//kafkalint:ignore bad covers its own line and the next only

	bad() // want "call of bad"
}
