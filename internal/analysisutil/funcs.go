package analysisutil

import (
	"go/ast"
	"go/types"
)

// FuncDecls maps the functions and methods declared with a body in files to
// their declarations (none for a nil info).
func FuncDecls(info *types.Info, files []*ast.File) map[*types.Func]*ast.FuncDecl {
	m := make(map[*types.Func]*ast.FuncDecl)
	if info == nil {
		return m
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					m[fn] = fd
				}
			}
		}
	}
	return m
}

// MethodOf returns the method of the concrete type t (or a pointer to it) that
// a call of m, a method of the same name, reaches; nil when t is an interface
// or has no such method.
func MethodOf(t types.Type, m *types.Func) *types.Func {
	if m == nil || types.IsInterface(t) {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
	fn, _ := obj.(*types.Func)
	return fn
}
