package claimloop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/claimloop"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), claimloop.Analyzer, "claimloop/ibm", "claimloop/shopify", "claimloop/lookalike", "claimloop/shortcut")
}

// TestFix checks the fixes against their golden files: comma-ok with a
// return, and a return instead of a continue.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), claimloop.Analyzer, "claimloop/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, claimloop.Analyzer, "claimloop/fix")
}

func TestIllTyped(t *testing.T) {
	for _, src := range testutil.IllTypedSources {
		testutil.RunIllTyped(t, claimloop.Analyzer, src)
	}
	for _, src := range illTyped {
		testutil.RunIllTyped(t, claimloop.Analyzer, src)
	}
}

var illTyped = []string{
	`package p
import "github.com/IBM/sarama"
type h struct{}
func (h) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for { select { case m := <-c.Messages(: ; case m, ok := <-undefined: if !ok { continue } } }
	msg := <-c.Messages()
	if msg == nil { break }
	var x, y = <-c.Messages()
	for m := range c.Messages() { s.MarkMessage(m, ) ; go s.Context() }
}`,
	`package p
import sarama "github.com/Shopify/sarama"
func (h *T) ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error { for { <-nil; _ = <-x.Messages() } }
func f(c sarama.ConsumerGroupClaim) { if m := <-c.Messages(); m == nil { continue } }`,
	`package p
import "github.com/IBM/sarama"
var claim sarama.ConsumerGroupClaim
var m, ok = <-claim.Messages()
var n = <-claim.Messages()
func g() { L: m := <-claim.Messages(); if m == nil { goto L }; var x = <-claim.Messages(); _ = x }`,
	// A message and session built into composite literals handed to a callee.
	`package p
import "github.com/IBM/sarama"
type h struct{ out chan int }
type T struct { message *sarama.ConsumerMessage; session sarama.ConsumerGroupSession }
func (x h) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for m := range c.Messages() { x.send(undefinedT{m, s}); x.send(T{m, s, 3}); x.send(T{session: s, nope: s}); x.send(T{undefined: s}) }
	return nil
}
func (x h) send(v any) { x.out <- 1; v.session.Context(); T{}.session.MarkMessage(nil, "") }`,
}

// TestCrossPackage: a ConsumeClaim that runs a shared library's claim loop,
// judged from the library's facts, on both import paths.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), claimloop.Analyzer, "claimloop/xpkg/ibm/kafkalib", "claimloop/xpkg/ibm", "claimloop/xpkg/shopify/kafkalib", "claimloop/xpkg/shopify")
}
