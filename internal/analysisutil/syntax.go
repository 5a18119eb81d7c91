package analysisutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// ConsumerName returns a consumer expression as the source writes it ("c",
// "h.consumer"), or "consumer" when it is missing, long or spans lines, for
// messages that name the receiver.
func ConsumerName(e ast.Expr) string {
	if e == nil {
		return "consumer"
	}
	s := types.ExprString(e)
	if len(s) > 30 || strings.ContainsAny(s, "\n(") {
		return "consumer"
	}
	return s
}

// FuncName returns fn as messages name it: "pkg.Func", or "pkg.Type.Method" for
// a method.
func FuncName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		if n := NamedType(sig.Recv().Type()); n != nil {
			return fn.Pkg().Name() + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// LocalFuncName returns fn as a message about its own package names it:
// "(*T).M", "T.M" or "F", without the package.
func LocalFuncName(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return fn.Name()
	}
	t := sig.Recv().Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	name := types.TypeString(t, func(*types.Package) string { return "" })
	if ptr {
		return "(*" + name + ")." + fn.Name()
	}
	return name + "." + fn.Name()
}

// Before orders positions by file name, then offset: the order of reports that
// does not depend on the order in which a driver added the files to the file
// set (the command's loader parses files in parallel).
func Before(fset *token.FileSet, a, b token.Pos) bool {
	pa, pb := fset.Position(a), fset.Position(b)
	if pa.Filename != pb.Filename {
		return pa.Filename < pb.Filename
	}
	return pa.Offset < pb.Offset
}
