// Package unused exercises -bad.unusedignores, the deprecated alias of
// -directive.unusedignores for bad: directives that suppress no report of bad,
// and names that are no analyzer (reported with or without it).
package unused

import _ "github.com/confluentinc/confluent-kafka-go/kafka"

func bad(...int) {}

func used() {
	//kafkalint:ignore bad the call below is reported and suppressed
	bad()

	bad() //kafkalint:ignore bad trailing, used

	//kafkalint:ignore good,bad used by bad; good's use is good's to judge
	bad()

	//kafkalint:ignore good nothing of bad's: bad says nothing about it
	_ = 0
}

func unused() {
	/* want `^//kafkalint:ignore directive for bad suppresses no report of bad, remove bad from it \(a stale directive hides the next report on its line\)$` */ //kafkalint:ignore bad nothing to suppress below
	_ = 0

	_ = 1 /* want `suppresses no report of bad` */ //kafkalint:ignore bad trailing code, unused

	/* want `suppresses no report of bad` */ //kafkalint:ignore bad covers its own line and the next only

	bad() // want "call of bad"

	/* want `^//kafkalint:ignore directive names other, which is no analyzer of kafkalint \(it suppresses nothing\)$` */ //kafkalint:ignore other,bad used by bad, but other is no analyzer
	bad()

	/* want `names nobody, which is no analyzer` `names neither, which is no analyzer` */ //kafkalint:ignore nobody,neither two names of nothing
}
