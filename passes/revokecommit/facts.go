package revokecommit

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

// Summary is the fact exported for an exported function or method that another
// package may call from a RevokedPartitions handler, or register as a rebalance
// callback.
type Summary struct {
	// Does is what the function does on every path (1 commit, 2 invalidate).
	Does uint8
	// Unassigns are the Unassign calls a call of the function may reach before
	// committing and invalidating, from its entry.
	Unassigns []UnassignSite
	// Handlers are the Unassign calls in the function's own RevokedPartitions
	// handlers that are not preceded by both, when it is used as a callback.
	Handlers []UnassignSite
}

// An UnassignSite locates an Unassign of a consumer passed as parameter Param
// (-1: the receiver) in another package.
type UnassignSite struct {
	Param   int
	Missing uint8
	Where   string                // "pkg.Func (file.go:12)"
	Method  string                // Unassign or IncrementalUnassign
	At      analysisutil.FileLine // the Unassign, for related information where it is reported
}

func (*Summary) AFact() {}

func (f *Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "does=%s", effects(f.Does))
	for _, u := range f.Unassigns {
		fmt.Fprintf(&b, " unassigns(param %d, missing %s)", u.Param, effects(u.Missing))
	}
	for _, u := range f.Handlers {
		fmt.Fprintf(&b, " handler(param %d, missing %s)", u.Param, effects(u.Missing))
	}
	return b.String()
}

func (e effects) String() string {
	var base string
	switch e & done {
	case 0:
		base = "nothing"
	case commit:
		base = "commit"
	case invalidate:
		base = "invalidate"
	default:
		base = "commit+invalidate"
	}
	if e&drainedCommit != 0 {
		if e&done == 0 {
			return "wait"
		}
		base += "+wait"
	}
	return base
}

// paramIndex returns the index of the parameter of decl that e names (-1 for the
// receiver), or ok=false: e is an identifier that uses one of the variables of
// the function's signature.
func paramIndex(info *types.Info, decl *ast.FuncDecl, e ast.Expr) (int, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, _ := info.Uses[id].(*types.Var)
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if v == nil || fn == nil {
		return 0, false
	}
	sig := fn.Signature()
	if sig.Recv() == v {
		return -1, true
	}
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			return i, true
		}
	}
	return 0, false
}
