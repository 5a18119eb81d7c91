package analysisutil_test

import (
	"go/ast"
	"go/importer"
	"go/token"
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

const typesSrc = `package p

import "time"

type T struct{}

func (*T) M() {}

type I interface{ M() }

type A = *T

var (
	d  time.Duration
	t  T
	pt *T
	a  A
	i  I
	n  int
)

func f(x I, y *T, g func()) {
	x.M()
	y.M()
	g()
	_ = len("")
	_ = int64(1)
}
`

func TestTypes(t *testing.T) {
	pass := testutil.CheckSource(t, importer.Default(), typesSrc)
	pkg, f, info := pass.Pkg, pass.Files[0], pass.TypesInfo
	typ := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }

	for _, name := range []string{"t", "pt", "a"} {
		if n := analysisutil.NamedType(typ(name)); n == nil || n.Obj().Name() != "T" {
			t.Errorf("NamedType(%s) = %v, want T", typ(name), n)
		}
	}
	if n := analysisutil.NamedType(typ("n")); n != nil {
		t.Errorf("NamedType(int) = %v, want nil", n)
	}
	if analysisutil.NamedType(nil) != nil {
		t.Error("NamedType(nil) != nil")
	}
	if !analysisutil.IsDuration(typ("d")) || analysisutil.IsDuration(typ("n")) {
		t.Error("IsDuration: want true for time.Duration only")
	}

	// The calls in f, in source order: x.M() through the interface, y.M()
	// on the concrete type, g() of a function value, a builtin, a conversion.
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := analysisutil.CalledFunc(info, call)
		switch {
		case fn == nil:
			got = append(got, "nil")
		case analysisutil.IsInterfaceMethod(fn):
			got = append(got, "interface "+fn.Name())
		default:
			got = append(got, "func "+fn.Name())
		}
		return true
	})
	want := []string{"interface M", "func M", "nil", "nil", "nil"}
	if len(got) != len(want) {
		t.Fatalf("CalledFunc over f's calls = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("call %d: got %q, want %q", i, got[i], want[i])
		}
	}
	if analysisutil.IsInterfaceMethod(nil) {
		t.Error("IsInterfaceMethod(nil) = true")
	}
}

func TestMirrorOp(t *testing.T) {
	for op, want := range map[token.Token]token.Token{
		token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ,
		token.EQL: token.EQL, token.NEQ: token.NEQ,
	} {
		if got := analysisutil.MirrorOp(op); got != want {
			t.Errorf("MirrorOp(%s) = %s, want %s", op, got, want)
		}
	}
}

func TestDeclaresField(t *testing.T) {
	f := types.NewField(token.NoPos, nil, "n", types.Typ[types.Int], false)
	st := types.NewStruct([]*types.Var{f}, nil)
	named := types.NewNamed(types.NewTypeName(token.NoPos, nil, "T", nil), st, nil)
	other := types.NewField(token.NoPos, nil, "n", types.Typ[types.Int], false)
	for _, c := range []struct {
		t    types.Type
		f    *types.Var
		want bool
	}{
		{named, f, true}, {types.NewPointer(named), f, true}, {st, f, true},
		{named, other, false}, {types.Typ[types.Int], f, false}, {nil, f, false},
	} {
		if got := analysisutil.DeclaresField(c.t, c.f); got != c.want {
			t.Errorf("DeclaresField(%v, %v) = %v, want %v", c.t, c.f, got, c.want)
		}
	}
}
