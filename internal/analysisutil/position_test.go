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
