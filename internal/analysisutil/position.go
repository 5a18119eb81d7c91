package analysisutil

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"strconv"
)

// Position returns pos as "file.go:12" (the file's base name and the line), the
// form that facts and messages carry across packages, or "" for an invalid pos.
func Position(fset *token.FileSet, pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	p := fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// Receiver returns the receiver expression of a method call x.M(...), or nil.
// For a call of a package-qualified function (pkg.F(...)) it returns the
// package name: callers that want a receiver ask the types what the call is.
func Receiver(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}
