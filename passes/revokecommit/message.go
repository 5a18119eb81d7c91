package revokecommit

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
)

// diagnostic builds the report for a finding on the risky consumer k.
func (c *checker) diagnostic(f *finding, k *kafkaconfig.Consumer, e exposure) analysis.Diagnostic {
	var what string
	switch f.missing & done {
	case done:
		what = "a commit and an invalidation of stored offsets"
	case commit:
		what = "a commit"
	case invalidate:
		what = "an invalidation of stored offsets (StoreOffsets with kafka.OffsetInvalid)"
	}
	category := categoryNoCommit
	if f.missing&done == invalidate {
		category = categoryNoInvalidate
	}
	late := f.late != nil && f.missing&drainedCommit != 0
	if late {
		wait := "waiting for the goroutines that store its offsets"
		if what == "" {
			what = wait + " before the commit"
			category = categoryNoWait
		} else {
			what += ", after " + wait
		}
	}
	conseq := consequence(k.Version, e)
	if late {
		conseq = lateConsequence(k.Version, e)
	}
	var msg string
	if f.unassign != nil {
		msg = fmt.Sprintf("%s.%s in RevokedPartitions handler is not preceded on every path by %s (%s)",
			analysisutil.ConsumerName(analysisutil.Receiver(f.unassign)), calleeName(f.unassign), what, conseq)
	} else {
		msg = fmt.Sprintf("%s calls %s in a RevokedPartitions handler, not preceded on every path by %s (%s)",
			f.where, unassignName(f.method), what, conseq)
	}
	d := analysis.Diagnostic{
		Pos:      f.call.Pos(),
		End:      f.call.End(),
		Category: category,
		Message:  msg,
	}
	if sel, ok := ast.Unparen(f.call.Fun).(*ast.SelectorExpr); ok && f.unassign != nil {
		d.Pos, d.End = sel.Pos(), sel.End() // the short range x.Unassign
	}
	d.Related = c.related(f, k, e)
	if f.unassign != nil && !late {
		// With workers still storing, the inserted commit and invalidation
		// do not stop the rewind (runtime-repro.md): no fix is offered then.
		if fix, ok := c.fix(f); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d
}

// consequence says what goes wrong on version v (docs/library-facts.md, F3 and F4).
func consequence(v kafkaapi.Version, e exposure) string {
	committed := "auto-committed"
	if e == commitCall {
		committed = "committed by the next Commit()"
	}
	switch {
	case v.Before(kafkaapi.V1_4_2):
		return fmt.Sprintf("on %s stored offsets survive Unassign and are %s after the partition is assigned again, rewinding the group's committed offset; fixed in v1.9.0", v, committed)
	case v.Before(kafkaapi.V1_9_0):
		return fmt.Sprintf("on %s Unassign clears stored offsets, but offsets stored after the revoke by work still in flight are %s later, rewinding the group's committed offset: stop that work first; fixed in v1.9.0", v, committed)
	case v.Known() && v.AtLeastV(kafkaapi.V1_9_0):
		return fmt.Sprintf("harmless on %s, which clears stored offsets on Unassign and rejects late stores; reported because of -revokecommit.allversions", v)
	case v.AtLeastV(kafkaapi.V1_9_0):
		return fmt.Sprintf("harmless on %s and later, which clear stored offsets on Unassign and reject late stores; reported because of -revokecommit.allversions", v.AtLeast)
	}
	return fmt.Sprintf("%s: before v1.9.0, stale stored offsets can be %s after the partition moves, rewinding the group's committed offset", v, committed)
}

// lateConsequence says what goes wrong on version v when offsets are also
// stored by goroutines that may still run after the revoke (measured on
// librdkafka's mock cluster, runtime-repro.md: commit + invalidate before
// Unassign does not stop it before v1.9.0; waiting for the workers does).
func lateConsequence(v kafkaapi.Version, e exposure) string {
	committed := "auto-committed"
	if e == commitCall {
		committed = "committed by the next Commit()"
	}
	on := "on " + v.String()
	if !v.Known() {
		on = v.String() + ": before v1.9.0"
	}
	return fmt.Sprintf("%s offsets stored after the revoke by work still in flight are accepted and %s later, rewinding the group's committed offset, and a commit and invalidation alone do not stop that: wait for that work first, or upgrade to v1.9.0, which rejects such stores", on, committed)
}

// related points at the configuration that makes the consumer risky.
func (c *checker) related(f *finding, k *kafkaconfig.Consumer, e exposure) []analysis.RelatedInformation {
	var rel []analysis.RelatedInformation
	add := func(pos token.Pos, msg string) {
		if pos.IsValid() {
			rel = append(rel, analysis.RelatedInformation{Pos: pos, Message: msg})
		}
	}
	if s, ok := k.Config.Lookup("enable.auto.offset.store"); ok && s.Pos.IsValid() {
		add(s.Pos, "enable.auto.offset.store=false: the application stores offsets itself")
	}
	if s, ok := k.Config.Lookup("enable.auto.commit"); ok && s.Pos.IsValid() {
		add(s.Pos, "enable.auto.commit=true: stored offsets are committed in the background")
	}
	via := ""
	if k.Via != "" {
		via = " by " + k.Via
	}
	committer := "auto commit on"
	if e == commitCall {
		committer = "Commit() called on it"
	}
	if !k.Config.Pos.IsValid() || k.Via != "" {
		add(k.Call.Pos(), fmt.Sprintf("consumer created%s with enable.auto.offset.store=false and %s", via, committer))
	} else if _, explicit := k.Config.Lookup("enable.auto.commit"); !explicit && e == autoCommit {
		add(k.Call.Pos(), "consumer created here with auto commit on (the default)")
	} else if e == commitCall {
		add(k.Call.Pos(), "consumer created here; the program commits its stored offsets with Commit()")
	}
	if k.Made.IsValid() {
		add(k.Made, fmt.Sprintf("the consumer is made through this call in %s, with the configuration this caller builds", k.MadeIn))
	}
	// What an option or a branch may set that would avoid the problem.
	for _, s := range k.Config.Maybe {
		if avoids(s) {
			add(s.Pos, fmt.Sprintf("%s is set only when %s runs: the default configuration does not have it", s, s.Where))
		}
	}
	if f.late != nil && f.missing&drainedCommit != 0 {
		add(f.late.Pos(), "offsets are stored here, on a goroutine that may still be running when the partitions are revoked")
	}
	if f.unassign == nil && f.where != "" {
		add(f.call.Pos(), "the handler is in "+f.where)
		add(f.at.Pos(c.pass.Fset, c.pass.Pkg), "the handler's "+unassignName(f.method)+", in another package")
	}
	return rel
}

// avoids reports whether a setting, if applied, makes the consumer safe.
func avoids(s kafkaconfig.Setting) bool {
	if !s.Known {
		return false
	}
	b, ok := kafkaconfig.ParseBool(s.Value)
	switch s.Key {
	case "enable.auto.commit":
		return ok && !b
	case "enable.auto.offset.store":
		return ok && b
	}
	return false
}

// unassignName is the method a fact names (Unassign or IncrementalUnassign);
// facts written before it was recorded name none.
func unassignName(method string) string {
	if method == "" {
		return "Unassign"
	}
	return method
}

func calleeName(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return "Unassign"
}
