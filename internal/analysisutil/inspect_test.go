package analysisutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
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
