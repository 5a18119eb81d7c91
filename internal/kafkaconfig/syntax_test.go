package kafkaconfig_test

import (
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestSyntax compares the Syntax of every entry of every client's
// configuration with the "syntax:" comment on the line of its position, and
// checks that entries set in other packages carry none.
func TestSyntax(t *testing.T) {
	results := analysistest.Run(t, testutil.Fixtures(t), kafkaconfig.Analyzer, "kafkaconfig/syntax")
	pass := results[0].Pass
	res := results[0].Result.(*kafkaconfig.Result)
	want := make(map[int]string)
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if text, ok := strings.CutPrefix(c.Text, "// syntax: "); ok {
					text, _, _ = strings.Cut(text, " (")
					want[pass.Fset.Position(c.Pos()).Line] = text
				}
			}
		}
	}
	got := make(map[int]string)
	fromFacts := 0
	var visit func(cfg *kafkaconfig.Config)
	visit = func(cfg *kafkaconfig.Config) {
		for _, s := range append(append([]kafkaconfig.Setting(nil), cfg.Entries...), cfg.Maybe...) {
			syn := s.Syntax()
			if !s.Pos.IsValid() {
				fromFacts++
				if syn != nil {
					t.Errorf("%s set in another package has syntax %v", s.Key, syn)
				}
				continue
			}
			text := "none"
			if syn != nil {
				text = "key " + types.ExprString(syn.Key)
				if syn.Value != nil {
					text += " value " + types.ExprString(syn.Value)
				}
				if syn.Set != nil {
					text = "set " + types.ExprString(syn.Set) + " " + text
				}
			}
			got[pass.Fset.Position(s.Pos).Line] = text
			if s.Sub != nil {
				visit(s.Sub)
			}
		}
	}
	for _, c := range res.Clients() {
		visit(c.Config)
	}
	if fromFacts == 0 {
		t.Error("no entry from another package's facts: the fixture's fromFacts case is not resolved")
	}
	for line, w := range want {
		if g := got[line]; g != w {
			t.Errorf("line %d: syntax %q, want %q", line, g, w)
		}
	}
	for line, g := range got {
		if _, ok := want[line]; !ok {
			t.Errorf("line %d: unexpected entry with syntax %q", line, g)
		}
	}
}
