package analysisutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// TestInspect: the inspector is built on first use only, once, for every
// caller (concurrent ones included: run with -race), over the pass's files.
func TestInspect(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, src := range []string{"package p\n\nfunc f() { g() }\n", "package p\n\nfunc g() { _ = len(\"\") }\n"} {
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	res, err := Inspect.Run(&analysis.Pass{Files: files})
	if err != nil {
		t.Fatal(err)
	}
	s := res.(*Syntax)
	if s.in != nil {
		t.Fatal("the inspector was built before anyone asked for it")
	}
	pass := &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{Inspect: s}}
	got := make([]any, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = InspectorOf(pass)
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] || got[i] == nil {
			t.Fatalf("caller %d got inspector %p, caller 0 %p", i, got[i], got[0])
		}
	}
	calls := 0
	for range InspectorOf(pass).Root().Preorder((*ast.CallExpr)(nil)) {
		calls++
	}
	if calls != 2 {
		t.Errorf("the inspector sees %d calls in the files, want 2", calls)
	}
}

// TestInnermostFunc: the literal inside a declaration, the declaration (its
// name too, and one without a body), and nothing at package level.
func TestInnermostFunc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\n\nvar v = a\n\nfunc f() { b; go func() { c }() }\n\nfunc ext()\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	in := inspector.New([]*ast.File{f})
	for cur := range in.Root().Preorder((*ast.Ident)(nil)) {
		fn, body := InnermostFunc(cur)
		var want string
		switch id := cur.Node().(*ast.Ident); id.Name {
		case "a", "p", "v":
			want = "none"
		case "b", "f", "ext":
			want = "decl"
		case "c":
			want = "lit"
		default:
			continue
		}
		got := "none"
		switch fn := fn.(type) {
		case *ast.FuncDecl:
			got = "decl"
			if body != fn.Body {
				t.Errorf("%s: body is not the declaration's", cur.Node().(*ast.Ident).Name)
			}
		case *ast.FuncLit:
			got = "lit"
			if body != fn.Body {
				t.Errorf("%s: body is not the literal's", cur.Node().(*ast.Ident).Name)
			}
		}
		if got != want {
			t.Errorf("InnermostFunc at %s = %s, want %s", cur.Node().(*ast.Ident).Name, got, want)
		}
	}
}
