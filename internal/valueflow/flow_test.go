package valueflow_test

import (
	"go/ast"
	"go/importer"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// TestFlow places the call of mark in each function's flow; the cases are the
// shapes where go/cfg's graph and go/ssa's could differ (see Flow).
func TestFlow(t *testing.T) {
	pass := testutil.CheckSource(t, importer.Default(), `package p
import "iter"
func mark() {}
var seq iter.Seq[int]
func straight() { mark() }
func loop() { for { mark() } }
func returns() { for { mark(); return } }
func panics() { for { mark(); panic(0) } }
func dead() { return; mark() }
func selectOne(c chan int) { for { mark(); select { case <-c: return } } }
func selectTwo(c, d chan int) { for { mark(); select { case <-c: return; case <-d: return } } }
func selectDefault(c chan int) { for { mark(); select { case <-c: return; default: } } }
func afterEmptySelect() { select {}; mark() }
func gotoLoop() { L: mark(); goto L }
func cond() { for mark(); ; { } }
func literal() { for { func() { mark() }() } }
func rangeFunc() { for range seq { mark() } }
func parenPanic(b bool) { if b { (panic(0)) }; mark() }
func rangeParam[S iter.Seq[int]](s S) { for range s { mark() } }
`)
	type want struct {
		noFlow, unplaced   bool // NewFlow is nil; the call is not a node of the body
		reachable, onCycle bool
	}
	wants := map[string]want{
		"straight":         {reachable: true},
		"loop":             {reachable: true, onCycle: true},
		"returns":          {reachable: true},
		"panics":           {reachable: true},
		"dead":             {},
		"selectOne":        {reachable: true},
		"selectTwo":        {reachable: true},
		"selectDefault":    {reachable: true, onCycle: true},
		"afterEmptySelect": {},
		"gotoLoop":         {reachable: true, onCycle: true},
		"cond":             {reachable: true},
		"literal":          {unplaced: true},
		"rangeFunc":        {noFlow: true},
		"parenPanic":       {noFlow: true},
		"rangeParam":       {noFlow: true},
	}
	g := valueflow.New(pass.Fset, pass.Pkg, pass.Files, pass.TypesInfo, false, nil)
	for _, d := range pass.Files[0].Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name == "mark" {
			continue
		}
		w, ok := wants[fd.Name.Name]
		if !ok {
			t.Errorf("%s: no expectation", fd.Name.Name)
			continue
		}
		var call *ast.CallExpr
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && call == nil {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "mark" {
					call = c
				}
			}
			return call == nil
		})
		f := valueflow.NewFlow(pass.TypesInfo, fd.Body)
		if (f == nil) != w.noFlow {
			t.Errorf("%s: NewFlow nil = %t, want %t", fd.Name.Name, f == nil, w.noFlow)
			continue
		}
		if f == nil {
			continue
		}
		reachable, ok1 := f.Reachable(call)
		onCycle, ok2 := f.OnCycle(call)
		if ok1 != ok2 || ok1 == w.unplaced || reachable != w.reachable || onCycle != w.onCycle {
			t.Errorf("%s: Reachable = %t, %t; OnCycle = %t, %t; want %t, %t", fd.Name.Name, reachable, ok1, onCycle, ok2, w.reachable, w.onCycle)
		}
		if !ok1 {
			continue
		}
		// The same answers from the SSA form.
		var in *ssa.BasicBlock
		for _, b := range g.Func(fd).Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().Pos() == call.Lparen {
					in = b
				}
			}
		}
		if (in != nil) != reachable || in != nil && onCycle != valueflow.InLoop(in) {
			t.Errorf("%s: the SSA form disagrees (instruction in block %v)", fd.Name.Name, in)
		}
	}
}
