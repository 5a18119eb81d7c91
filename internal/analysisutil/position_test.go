package analysisutil_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

func TestPosition(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "/some/dir/p.go", "package p\n\nvar x = 1\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	decl := f.Decls[0]
	if got, want := analysisutil.Position(fset, decl.Pos()), "p.go:3"; got != want {
		t.Errorf("Position = %q, want %q", got, want)
	}
	if got := analysisutil.Position(fset, token.NoPos); got != "" {
		t.Errorf("Position(NoPos) = %q, want \"\"", got)
	}
}

func TestReceiver(t *testing.T) {
	for src, want := range map[string]string{
		"c.Unassign()":          "c",
		"(h.consumer).Commit()": "(h.consumer)", // as written
		"(c.Unassign)()":        "c",
		"f()":                   "",
		"func() {}()":           "",
		"x.y.Z(1, 2)":           "x.y",
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		call := e.(*ast.CallExpr)
		got := ""
		if r := analysisutil.Receiver(call); r != nil {
			got = types.ExprString(r)
		}
		if got != want {
			t.Errorf("Receiver(%s) = %q, want %q", src, got, want)
		}
	}
}

// TestFileLine: a FileLine names no directory, and turns back into the same
// position from a package that imports the file's package.
func TestFileLine(t *testing.T) {
	fset := token.NewFileSet()
	lib, err := parser.ParseFile(fset, "/checkout/a/lib/lib.go", "package lib\n\ntype T struct{}\n\nfunc (T) M() {\n\tprintln()\n}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	libPkg, err := new(types.Config).Check("example.com/lib", fset, []*ast.File{lib}, nil)
	if err != nil {
		t.Fatal(err)
	}
	app := types.NewPackage("example.com/app", "app")
	app.SetImports([]*types.Package{libPkg})
	call := lib.Decls[1].(*ast.FuncDecl).Body.List[0].Pos()
	l := analysisutil.FileLineOf(fset, libPkg, call)
	if want := (analysisutil.FileLine{Pkg: "example.com/lib", File: "lib.go", Line: 6, Col: 2}); l != want {
		t.Errorf("FileLineOf = %+v, want %+v", l, want)
	}
	if got := l.Pos(fset, app); got != call {
		t.Errorf("Pos from the importer = %v, want %v", fset.Position(got), fset.Position(call))
	}
	if got := (analysisutil.FileLine{Pkg: "example.com/other", File: "lib.go", Line: 6}).Pos(fset, app); got.IsValid() {
		t.Errorf("Pos of a package app does not import = %v, want NoPos", fset.Position(got))
	}
}
