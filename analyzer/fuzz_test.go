package analyzer_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// FuzzAnalyzers runs every analyzer of the suite on mutated handler and
// configuration sources, parsed and type-checked the way an editor does with code
// being typed (errors ignored, partial information). Any panic fails. The seed
// corpus is every fixture under testdata/src plus testdata/fuzz/FuzzAnalyzers;
// `go test` runs the seeds, `go test -fuzz=FuzzAnalyzers ./analyzer` explores.
func FuzzAnalyzers(f *testing.F) {
	root := testutil.Fixtures(f)
	err := filepath.WalkDir(filepath.Join(root, "src"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.Contains(path, "confluent-kafka-go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err == nil {
			f.Add(src)
		}
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range brokenSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := testutil.RunPartial(root, analyzer.Analyzers(), src); err != nil {
			t.Fatalf("analyzer error: %v", err)
		}
	})
}

// brokenSeeds are the shapes editors hand analyzers while code is being typed.
var brokenSeeds = []string{
	`package p
import "github.com/confluentinc/confluent-kafka-go/kafka"
func f(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		c.Unassign(
	}
}`,
	`package p
import "github.com/confluentinc/confluent-kafka-go/v2/kafka"
func f() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"enable.auto.offset.store": false, undefined: 1})
	c.SubscribeTopics(nil, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions, undefinedType:
			return c.Unassign()
		}
	})
}`,
	`package p
import "github.com/confluentinc/confluent-kafka-go/kafka"
func f(c *kafka.Consumer) {
	for {
		switch e := c.Poll(1).(type) {
		case kafka.RevokedPartitions:
			if e, ok := ev.(kafka.RevokedPartitions); ok { c.Commit(); c.StoreOffsets(e.Partitions) }
			(c.Unassign)()
			c.IncrementalUnassign()
			x.Unassign()
		}
	}
}`,
	`package p
import kafka "github.com/confluentinc/confluent-kafka-go/kafka"
var cb = func(c *kafka.Consumer, ev kafka.Event) error { if e, ok := ev.(kafka.RevokedPartitions); ok { return c.Unassign() }; return nil }
func g() { m := kafka.ConfigMap{}; m.Set(); m.SetKey(); kafka.NewConsumer(); kafka.NewConsumer(&m, 1); (*kafka.Consumer).Subscribe(nil, "t", cb) }`,
	`package p; import . "github.com/confluentinc/confluent-kafka-go/kafka"; func f(c *Consumer) { c.Subscribe("t", nil); c.SubscribeTopics(nil, f2); switch RevokedPartitions(nil).(type) {} }`,
}
