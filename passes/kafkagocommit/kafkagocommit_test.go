package kafkagocommit_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/kafkagocommit"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kafkagocommit.Analyzer, "kafkagocommit/v0", "kafkagocommit/changed", "kafkagocommit/pool")
}

// TestFix checks the fixes against their golden file: + 1 where the offset
// is the value stored into the map, nothing for an offset kept in a variable.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), kafkagocommit.Analyzer, "kafkagocommit/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, kafkagocommit.Analyzer, "kafkagocommit/fix")
}

func TestIllTyped(t *testing.T) {
	for _, src := range testutil.IllTypedClientSources {
		testutil.RunIllTyped(t, kafkagocommit.Analyzer, src)
	}
	for _, src := range illTyped {
		testutil.RunIllTyped(t, kafkagocommit.Analyzer, src)
	}
}

var illTyped = []string{
	`package p
import "github.com/segmentio/kafka-go"
func f(g *kafka.Generation, m kafka.Message) {
	g.CommitOffsets()
	g.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}}, 1)
	g.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: undefined.Offset}})
	g.CommitOffsets(map[string]map[int]int64{x.Topic: {m.Partition: m.Offset}})
	(g.CommitOffsets)(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}})
	var o = m.Offset; o++ =
}`,
	`package p
import ("context"; "github.com/segmentio/kafka-go")
func f(ctx context.Context, r *kafka.Reader, ch chan kafka.Message, chans []chan kafka.Message) {
	for i := 0; i < undefined; i++ {
		go func() {
			for m := range ch {
				r.CommitMessages(ctx, m, undefined)
				r.CommitMessages(m)
				(r.CommitMessages)(ctx, chans[i]...)
			}
		}(1)
		go undefined.Run(func() { r.CommitMessages(ctx, <-ch) })
	}
}`,
}
