// Package fileignore exercises //kafkalint:file-ignore: it covers the whole
// file it is in, wherever it is in it, and no other file.
package fileignore

import _ "github.com/confluentinc/confluent-kafka-go/kafka"

func bad(...int) {}

func f() {
	bad()
	bad()
}

//kafkalint:file-ignore bad this file calls bad on purpose
