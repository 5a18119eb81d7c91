package revokecommit

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/passes/kafkaconfig"
)

// diagnostic builds the report for a finding on the risky consumer k.
func (c *checker) diagnostic(f *finding, k *kafkaconfig.Consumer) analysis.Diagnostic {
	var what string
	switch f.missing {
	case done:
		what = "a commit and an invalidation of stored offsets"
	case commit:
		what = "a commit"
	default:
		what = "an invalidation of stored offsets (StoreOffsets with kafka.OffsetInvalid)"
	}
	category := categoryNoCommit
	if f.missing == invalidate {
		category = categoryNoInvalidate
	}
	var msg string
	if f.unassign != nil {
		msg = fmt.Sprintf("%s.%s in RevokedPartitions handler is not preceded on every path by %s (%s)",
			analysisutil.ConsumerName(receiver(f.unassign)), calleeName(f.unassign), what, consequence(k.Version))
	} else {
		msg = fmt.Sprintf("%s calls Unassign in a RevokedPartitions handler, not preceded on every path by %s (%s)",
			f.where, what, consequence(k.Version))
	}
	d := analysis.Diagnostic{
		Pos:      f.call.Pos(),
		End:      f.call.End(),
		Category: category,
		Message:  msg,
		URL:      analysisutil.CategoryURL(category),
	}
	if sel, ok := ast.Unparen(f.call.Fun).(*ast.SelectorExpr); ok && f.unassign != nil {
		d.Pos, d.End = sel.Pos(), sel.End() // the short range x.Unassign
	}
	d.Related = c.related(f, k)
	if f.unassign != nil {
		if fix, ok := c.fix(f); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d
}

// consequence says what goes wrong on version v (docs/library-facts.md, F3 and F4).
func consequence(v kafkaapi.Version) string {
	switch {
	case v.Before(kafkaapi.V1_4_2):
		return fmt.Sprintf("on %s stored offsets survive Unassign and are auto-committed after the partition is assigned again, rewinding the group's committed offset; fixed in v1.9.0", v)
	case v.Before(kafkaapi.V1_9_0):
		return fmt.Sprintf("on %s Unassign clears stored offsets, but offsets stored after the revoke by work still in flight are auto-committed later, rewinding the group's committed offset: stop that work first; fixed in v1.9.0", v)
	case v.Known() && v.AtLeastV(kafkaapi.V1_9_0):
		return fmt.Sprintf("harmless on %s, which clears stored offsets on Unassign and rejects late stores; reported because of -revokecommit.allversions", v)
	case v.AtLeastV(kafkaapi.V1_9_0):
		return fmt.Sprintf("harmless on %s and later, which clear stored offsets on Unassign and reject late stores; reported because of -revokecommit.allversions", v.AtLeast)
	}
	return fmt.Sprintf("%s: before v1.9.0, stale stored offsets can be auto-committed after the partition moves, rewinding the group's committed offset", v)
}

// related points at the configuration that makes the consumer risky.
func (c *checker) related(f *finding, k *kafkaconfig.Consumer) []analysis.RelatedInformation {
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
	if !k.Config.Pos.IsValid() || k.Via != "" {
		add(k.Call.Pos(), fmt.Sprintf("consumer created%s with enable.auto.offset.store=false and auto commit on", via))
	} else if _, explicit := k.Config.Lookup("enable.auto.commit"); !explicit {
		add(k.Call.Pos(), "consumer created here with auto commit on (the default)")
	}
	if f.unassign == nil && f.where != "" {
		add(f.call.Pos(), "the handler is in "+f.where)
	}
	return rel
}

func calleeName(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return "Unassign"
}
