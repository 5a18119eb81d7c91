// Package suppress exercises the //kafkalint:ignore directive with an analyzer
// named bad that reports every call of bad, and the directive analyzer for bad,
// good and other. It imports the library (package noclient does not).
package suppress

import _ "github.com/confluentinc/confluent-kafka-go/kafka"

func bad(...int) {}

func suppressed() {
	bad() //kafkalint:ignore bad the reason follows the name

	//kafkalint:ignore bad on the line above
	bad()

	bad() //kafkalint:ignore other,bad a list of names

	//kafkalint:ignore bad   extra spaces before the reason
	bad()

	bad( /* an argument comment */ ) //kafkalint:ignore bad after a block comment

	/* a block comment first */ //kafkalint:ignore bad still a line of its own
	bad()

	bad( //kafkalint:ignore bad on the first line of a call that spans lines
		0,
	)
}


func reported() {
	/* want `^//kafkalint:ignore directive for bad has no reason, want //kafkalint:ignore bad reason \(a directive without a reason suppresses nothing\)$` */ //kafkalint:ignore bad
	bad() // want "call of bad"

	/* want `^//kafkalint:ignore directive for bad,good has no reason` */ //kafkalint:ignore bad,good
	bad() // want "call of bad"

	/* want `^//kafkalint:ignore directive for good,bad has no reason` */ //kafkalint:ignore good,bad
	bad() // want "call of bad"

	/* want `^//kafkalint:ignore directive names no analyzer, want //kafkalint:ignore NAME\[,NAME\] reason \(it suppresses nothing\)$` */ //kafkalint:ignore
	bad() // want "call of bad"

	/* want `^//kafkalint:ignore directive names no analyzer` */ //kafkalint:ignore ,
	bad() // want "call of bad"

	//kafkalint:ignore other this names another analyzer
	bad() // want "call of bad"

	/* want `^//kafkalint:ignore directive names badder, which is no analyzer of kafkalint \(it suppresses nothing\)$` */ //kafkalint:ignore badder a longer name is not a match
	bad() // want "call of bad"

	/* want `^unknown directive //kafkalint:ignorebad, want //kafkalint:ignore NAME\[,NAME\] reason \(it does nothing\)$` */ //kafkalint:ignorebad no space after the directive
	bad() // want "call of bad"

	/* want `^unknown directive //kafkalint:, want` */ //kafkalint: ignore bad a space before the verb
	bad() // want "call of bad"

	/* want `^unknown directive //kafkalint:ignroe,` */ //kafkalint:ignroe bad a misspelt verb
	bad() // want "call of bad"

	/* want `^//kafkalint:ignore directive for good has no reason` */ //kafkalint:ignore good
	bad() // want "call of bad"

	/* kafkalint:ignore bad a block comment is not a directive */
	bad() // want "call of bad"

	// kafkalint:ignore bad a space after the slashes is not a directive
	bad() // want "call of bad"

	//kafkalint:ignore bad covers its own line and the next only

	bad() // want "call of bad"

	bad() //kafkalint:ignore bad trailing: covers its own line only
	bad() // want "call of bad"

	if true { //kafkalint:ignore bad trailing after an opening brace
		bad() // want "call of bad"
	}

	for { //kafkalint:ignore bad trailing a line that holds a keyword first
		bad() // want "call of bad"
		break
	}

	bad( // want "call of bad"
		0,
	) //kafkalint:ignore bad trailing the last line of a call: not the call's line
	bad() // want "call of bad"
}
