package analysisutil_test

import (
	"go/ast"
	"go/importer"
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

const funcsSrc = `package p

type I interface{ M() }

type T struct{}

func (T) M() {}

type E struct{ T } // M promoted from T

func f() {}

func external() // no body: assembly

var _ = func() {} // a literal, not a declaration
`

func TestFuncDeclsAndMethodOf(t *testing.T) {
	pass := testutil.CheckSource(t, importer.Default(), funcsSrc)
	pkg, file, info := pass.Pkg, pass.Files[0], pass.TypesInfo
	decls := analysisutil.FuncDecls(info, []*ast.File{file})
	var names []string
	for fn := range decls {
		names = append(names, fn.Name())
	}
	if len(decls) != 2 || decls[pkg.Scope().Lookup("f").(*types.Func)] == nil {
		t.Errorf("FuncDecls: %v, want M and f (not external, not the literal)", names)
	}
	if got := analysisutil.FuncDecls(nil, []*ast.File{file}); len(got) != 0 {
		t.Errorf("FuncDecls(nil info) = %v, want none", got)
	}

	iface := pkg.Scope().Lookup("I").Type()
	abstract := iface.Underlying().(*types.Interface).Method(0)
	tM, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup("T").Type(), false, pkg, "M")
	for _, c := range []struct {
		typ  string
		want *types.Func
	}{{"T", tM.(*types.Func)}, {"E", tM.(*types.Func)}, {"I", nil}} {
		typ := pkg.Scope().Lookup(c.typ).Type()
		if got := analysisutil.MethodOf(typ, abstract); got != c.want {
			t.Errorf("MethodOf(%s, I.M) = %v, want %v", c.typ, got, c.want)
		}
		if got := analysisutil.MethodOf(types.NewPointer(typ), abstract); c.typ != "I" && got != c.want {
			t.Errorf("MethodOf(*%s, I.M) = %v, want %v", c.typ, got, c.want)
		}
	}
	if got := analysisutil.MethodOf(pkg.Scope().Lookup("T").Type(), nil); got != nil {
		t.Errorf("MethodOf(T, nil) = %v, want nil", got)
	}
}
