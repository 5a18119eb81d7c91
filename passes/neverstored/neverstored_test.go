package neverstored_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/neverstored"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), neverstored.Analyzer, "neverstored/v1", "neverstored/v2", "neverstored/gopkgin")
}

// TestUntraced: a store or commit whose receiver is not traced (a parameter of
// an exported function, an interface implemented elsewhere) may be on the
// package's consumer: it silences the reports it could prevent, and only those.
func TestUntraced(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), neverstored.Analyzer, "neverstored/untraced", "neverstored/committer")
}

// illTyped holds consumers an editor may show mid-edit.
const illTyped = `package p

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

func f() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.StoreMessage(undefined)
	d, _ := kafka.NewConsumer(&kafka.ConfigMap{"enable.auto.commit": false, missing})
	d.Commit(1, 2)
	var s interface{ StoreOffsets() } = c
	s.StoreOffsets()
	e := kafka.NewConsumer()
	_ = e
}
`

// TestIllTyped: no panic, and no report on code that does not type-check
// (there is no SSA form to follow the consumers with).
func TestIllTyped(t *testing.T) {
	if diags := testutil.RunIllTyped(t, neverstored.Analyzer, illTyped); len(diags) != 0 {
		t.Errorf("want no report on ill-typed code, got %v", diags)
	}
}
