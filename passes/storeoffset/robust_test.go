package storeoffset_test

import (
	"testing"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/storeoffset"
)

// illTyped is code a user may have open in an editor: type errors, missing
// objects, odd shapes. The analyzer must not panic on it. It reports nothing
// there: values are traced on the package's SSA form, which is not built for a
// package with type errors (internal/valueflow: every trace is then
// incomplete, and an untraced value never makes a report). (The syntax tracer
// this replaced reported line 23, append(nil, m.TopicPartition), which it took
// for well-typed; go/types rejects it: append needs a typed slice.)
const illTyped = `package p

import "github.com/confluentinc/confluent-kafka-go/kafka"

type s struct{ tp kafka.TopicPartition }

func f(c *kafka.Consumer, m *kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{undefined.TopicPartition})
	c.StoreOffsets(nope)
	c.StoreOffsets()
	c.StoreOffsets(m, m)
	c.CommitOffsets([]kafka.TopicPartition{{Offset: missing.Offset}})
	a, b := m.TopicPartition
	c.StoreOffsets([]kafka.TopicPartition{a, b})
	var x = y
	c.StoreOffsets(x)
	for _, tp := range 3 {
		c.StoreOffsets([]kafka.TopicPartition{tp})
	}
	v := s{m.TopicPartition, 1, 2}
	c.StoreOffsets([]kafka.TopicPartition{v.tp})
	c.StoreOffsets(append())
	c.StoreOffsets(append(nil, m.TopicPartition))
	c.StoreOffsets([]kafka.TopicPartition{kafka.TopicPartition(m)})
	c.StoreOffsets([]kafka.TopicPartition{(*m).TopicPartition}[1:])
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}...)
	t := m.TopicPartition
	t.Offset++ =
}
`

// noKafka has the library's shapes but not the library: nothing is looked at.
const noKafka = `package p

type TopicPartition struct{ Offset int64 }

type Message struct{ TopicPartition TopicPartition }

type Consumer struct{}

func (c *Consumer) StoreOffsets([]TopicPartition) ([]TopicPartition, error) { return nil, nil }

func f(c *Consumer, m *Message) {
	c.StoreOffsets([]TopicPartition{m.TopicPartition})
}
`

// TestIllTyped runs the analyzer as drivers do (the checker, the package's
// type errors on the pass) on code being written, where it must not panic and
// must report nothing, and on a package that does not use the library.
func TestIllTyped(t *testing.T) {
	for name, src := range map[string]string{"ill-typed": illTyped, "no library": noKafka} {
		for _, d := range testutil.RunIllTyped(t, storeoffset.Analyzer, src) {
			t.Errorf("%s: report %q at offset %d", name, d.Message, d.Pos)
		}
	}
}
