package readtimeout_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/readtimeout"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), readtimeout.Analyzer,
		"readtimeout/v1", "readtimeout/v2", "readtimeout/gopkgin",
		"readtimeout/errs", "readtimeout/classified", "readtimeout/errsv2", "readtimeout/classifiedv2",
		"readtimeout/errsgopkgin", "readtimeout/classifiedgopkgin", "readtimeout/exits")
}

// TestFix checks the fixes against their golden files: IsTimeout on v2,
// Code() == kafka.ErrTimedOut on v1 (which has no IsTimeout), the "errors" import
// added or reused, and that the fixed code type-checks and is not reported again.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), readtimeout.Analyzer, "readtimeout/fix")
	testutil.CheckGoldens(t, readtimeout.Analyzer, "readtimeout/fix")
}

// illTyped holds read loops an editor may show mid-edit: missing arguments,
// undefined names, a ReadMessage without results, unfinished statements.
const illTyped = `package p

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type reader interface {
	ReadMessage(undefined) (*kafka.Message, error)
}

func f(c *kafka.Consumer, r reader) error {
	for {
		msg, err := c.ReadMessage()
		if err != nil {
			return err
		}
		m2, err2 := c.ReadMessage(time.Second, 2)
		if err2 != nil {
			missing(err2)
		}
		x := c.ReadMessage(nope)
		a, b, d := c.ReadMessage(time.Second)
		if _, err := r.ReadMessage(time.Second); err != nil {
			break undefinedLabel
		}
		if _, err := c.ReadMessage(time.Second); err != nil {
			return err
		}
		m3, err3 := c.ReadMessage(-1)
		if err3 != nil {
			switch undefinedCode(err3) {
			case 1:
				continue
			}
		}
		undefinedSink = append(undefinedSink, m3, undefined)
		_, _ = msg, m2
		if err := 
	}
}
`

// TestIllTyped: no panic on code being written, and the well-formed loop at
// the end is still seen, as is the append of m3 after an error branch that
// falls through (category nilmessage) among undefined names.
func TestIllTyped(t *testing.T) {
	diags := testutil.RunIllTyped(t, readtimeout.Analyzer, illTyped)
	if len(diags) != 2 ||
		!strings.HasPrefix(diags[0].Message, "return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s") ||
		!strings.HasPrefix(diags[1].Message, "m3 appended to undefinedSink on an error of c.ReadMessage: the error branch falls through to it") {
		t.Errorf("want the report of the well-formed loop and the append of m3, got %v", diags)
	}
}
