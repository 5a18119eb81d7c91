package valueflow_test

import (
	"go/ast"
	"go/importer"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// callbacks registers callbacks on a library-like Bus, directly and through
// the program's own interface: valueflow knows neither, only what Library says.
const callbacks = `package p

type Bus struct{ name string }

func (b *Bus) On(topic string, cb func(*Bus, int)) {}

type Source interface {
	On(topic string, cb func(*Bus, int))
}

func use(*Bus) {}

func setup() {
	b := &Bus{name: "direct"}
	b.On("t", func(got *Bus, n int) { use(got) })
	var s Source = &Bus{name: "interface"}
	s.On("t", func(got *Bus, n int) { use(got) })
}
`

// bus is the Library of the Bus: On registers its second argument.
type bus struct{}

func (bus) Callback(fn *types.Func) (int, bool) { return 1, fn.Name() == "On" }
func (bus) Owns(*types.Package) bool            { return false }

// TestCallback: the first parameter of a registered callback is traced to the
// receiver of the call that registers it, statically and through an interface
// method, when Library.Callback names the method; without it, it is a
// parameter the package cannot see the callers of.
func TestCallback(t *testing.T) {
	for _, tc := range []struct {
		name     string
		lib      valueflow.Library
		complete bool
	}{
		{"registered", bus{}, true},
		{"unknown", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pass := testutil.CheckSource(t, importer.Default(), callbacks)
			fset, pkg, f, info := pass.Fset, pass.Pkg, pass.Files[0], pass.TypesInfo
			g := valueflow.New(fset, pkg, []*ast.File{f}, info, false, tc.lib)
			var uses []*ast.CallExpr
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "use" {
						uses = append(uses, c)
					}
				}
				return true
			})
			if len(uses) != 2 {
				t.Fatalf("found %d uses, want 2", len(uses))
			}
			for i, u := range uses {
				// Calls and CallExpr are the one index of calls, both ways.
				instrs := g.Calls(u)
				if len(instrs) != 1 || g.CallExpr(instrs[0]) != u {
					t.Errorf("use %d: Calls = %v, and CallExpr of it is not the call", i, instrs)
				}
				tr := g.Roots(g.ValueOf(u.Args[0]))
				if tr.Complete != tc.complete {
					t.Errorf("use %d: complete = %v, want %v (roots %v)", i, tr.Complete, tc.complete, tr.Roots)
				}
				if !tc.complete {
					continue
				}
				if len(tr.Roots) != 1 {
					t.Fatalf("use %d: roots %v, want the Bus registered on", i, tr.Roots)
				}
				if _, ok := tr.Roots[0].(*ssa.Alloc); !ok {
					t.Errorf("use %d: root %v, want the allocation of the Bus", i, tr.Roots[0])
				}
			}
		})
	}
}
