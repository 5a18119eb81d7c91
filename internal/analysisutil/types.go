package analysisutil

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// NamedType returns the named type of t, looking through aliases and one
// pointer, or nil: the receiver or value type as a rule names it.
func NamedType(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, _ := t.(*types.Named)
	return n
}

// IsInterfaceMethod reports whether fn is an abstract method of an interface.
func IsInterfaceMethod(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// CalledFunc returns the function or method a call names, interface methods
// included, or nil (builtins, conversions, calls of function values). Rules use
// it where a call through an interface counts, such as a consumer hidden behind
// one; where only a statically known callee counts, they use
// typeutil.StaticCallee.
func CalledFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// IsDuration reports whether t is time.Duration.
func IsDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}
