package analysisutil

import (
	"go/ast"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// Inspect gives kafkalint's passes the package's inspector (the one
// inspect.Analyzer would give them), built on the first call of
// [Syntax.Inspector] rather than for every package. The passes ask for it only
// after kafkaconfig has found that the package reaches confluent-kafka-go, so a
// package that does not costs no traversal and no memory. (Requiring
// inspect.Analyzer made go vet -vettool build an inspector for every package and
// every dependency, the standard library included, and keep it: 20 to 25% more
// peak memory on the benchmark's corpora; see CHANGELOG.md.)
var Inspect = &analysis.Analyzer{
	Name:             "kafkainspect",
	Doc:              "the package's syntax inspector, built on first use (for kafkalint's passes; reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/analysisutil",
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Syntax](),
	Run: func(pass *analysis.Pass) (any, error) {
		return &Syntax{files: pass.Files}, nil
	},
}

// Syntax is the result of Inspect: the package's files, and their inspector
// once asked for. Passes of the same package may share it concurrently.
type Syntax struct {
	once  sync.Once
	files []*ast.File
	in    *inspector.Inspector
}

// Inspector returns the inspector of the package's files, building it on the
// first call.
func (s *Syntax) Inspector() *inspector.Inspector {
	s.once.Do(func() { s.in = inspector.New(s.files) })
	return s.in
}

// InspectorOf returns the inspector of pass's package from the result of
// Inspect, which the pass's analyzer requires (Setup adds it).
func InspectorOf(pass *analysis.Pass) *inspector.Inspector {
	return pass.ResultOf[Inspect].(*Syntax).Inspector()
}

// InnermostFunc returns the innermost function declaration or literal around
// cur, and its body (nil for a declaration without one); nil and nil outside
// every function.
func InnermostFunc(cur inspector.Cursor) (ast.Node, *ast.BlockStmt) {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := f.Node().(type) {
		case *ast.FuncDecl:
			return f, f.Body
		case *ast.FuncLit:
			return f, f.Body
		}
	}
	return nil, nil
}
