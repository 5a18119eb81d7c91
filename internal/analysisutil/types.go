package analysisutil

import (
	"go/ast"
	"go/constant"
	"go/token"
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

// DeclaresField reports whether t, or what it points to, is a struct with the
// field f.
func DeclaresField(t types.Type, f *types.Var) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

// MirrorOp returns the comparison operator that holds with its operands
// swapped (0 < n is n > 0); other operators are returned as they are.
func MirrorOp(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// ZeroConst returns the zero value of a boolean, string or integer type as a
// constant (what a field holds when nothing stores into it), or nil.
func ZeroConst(t types.Type) constant.Value {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return nil
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false)
	case b.Info()&types.IsString != 0:
		return constant.MakeString("")
	case b.Info()&types.IsInteger != 0:
		return constant.MakeInt64(0)
	}
	return nil
}
