// Package nokafka does not use the library: its look-alike types are no
// rebalance events, and the analyzer finds nothing.
package nokafka

type Event interface{ String() string }

type RevokedPartitions struct{}

func (RevokedPartitions) String() string { return "" }

func handle(ev Event) {
	switch ev.(type) {
	case RevokedPartitions:
	}
	if _, ok := ev.(RevokedPartitions); ok {
	}
}
