package incrementalassign

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/fixedit"
	"github.com/kafkalint/kafkalint/internal/rebalance"
)

// suggest builds the one fix that replaces the call by use, when the edit is
// obviously right: the argument is (or becomes) the handled event's Partitions.
//
//	Assign(e.Partitions)              -> IncrementalAssign(e.Partitions)
//	Unassign()                        -> IncrementalUnassign(e.Partitions), e bound to the event
//	IncrementalAssign(e.Partitions)   -> Assign(e.Partitions)
//	IncrementalUnassign(e.Partitions) -> Unassign()
func suggest(pass *analysis.Pass, h *rebalance.Handler, call *ast.CallExpr, method, use string) (analysis.SuggestedFix, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || call.Ellipsis.IsValid() {
		return analysis.SuggestedFix{}, false
	}
	rename := analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(use)}
	args := func(text string) analysis.TextEdit {
		return analysis.TextEdit{Pos: call.Lparen + 1, End: call.Rparen, NewText: []byte(text)}
	}
	var edits []analysis.TextEdit
	switch {
	case (method == "Assign" && use == "IncrementalAssign") || (method == "IncrementalAssign" && use == "Assign"):
		if len(call.Args) != 1 || !eventPartitions(pass.TypesInfo, call.Args[0], rebalance.Assigned) {
			return analysis.SuggestedFix{}, false
		}
		edits = []analysis.TextEdit{rename}
	case method == "Unassign" && use == "IncrementalUnassign":
		name, ok := boundEvent(pass, h, call.Pos())
		if !ok || len(call.Args) != 0 {
			return analysis.SuggestedFix{}, false
		}
		edits = []analysis.TextEdit{rename, args(name + ".Partitions")}
	case method == "IncrementalUnassign" && use == "Unassign":
		if len(call.Args) != 1 || !eventPartitions(pass.TypesInfo, call.Args[0], rebalance.Revoked) {
			return analysis.SuggestedFix{}, false
		}
		edits = []analysis.TextEdit{rename, args("")}
	default:
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{Message: "Call " + use, TextEdits: edits}, true
}

// eventPartitions reports whether e is x.Partitions for a variable x of the event
// type kind: an expression without side effects whose value the edit keeps.
func eventPartitions(info *types.Info, e ast.Expr, kind string) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Partitions" {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	if _, isVar := info.ObjectOf(id).(*types.Var); !isVar {
		return false
	}
	return rebalance.EventKind(info.TypeOf(id)) == kind
}

// boundEvent returns the name of the variable bound to h's RevokedPartitions event
// when that name denotes it at pos (not shadowed).
func boundEvent(pass *analysis.Pass, h *rebalance.Handler, pos token.Pos) (string, bool) {
	if h.Event == nil || h.Kind != rebalance.Revoked || h.Event.Name() == "_" {
		return "", false
	}
	scope := fixedit.ScopeAt(pass.TypesInfo, fixedit.FileOf(pass.Files, pos), pos)
	if scope == nil {
		return "", false
	}
	if _, obj := scope.LookupParent(h.Event.Name(), pos); obj == h.Event {
		return h.Event.Name(), true
	}
	return "", false
}
