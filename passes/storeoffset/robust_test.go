package storeoffset_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/storeoffset"
)

// illTyped is code a user may have open in an editor: type errors, missing
// objects, odd shapes. The analyzer must not panic on it. It reports nothing
// there: values are traced on the package's SSA form, which is not built for a
// package with type errors (internal/valueflow: every trace is then
// incomplete, and an untraced value never makes a report). (The syntax tracer
// this replaced reported line 23, append(nil, m.TopicPartition), which it took
// for well-typed; go/types rejects it: append needs a typed slice.)
const illTyped = `package p

import "github.com/confluentinc/confluent-kafka-go/kafka"

type s struct{ tp kafka.TopicPartition }

func f(c *kafka.Consumer, m *kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{undefined.TopicPartition})
	c.StoreOffsets(nope)
	c.StoreOffsets()
	c.StoreOffsets(m, m)
	c.CommitOffsets([]kafka.TopicPartition{{Offset: missing.Offset}})
	a, b := m.TopicPartition
	c.StoreOffsets([]kafka.TopicPartition{a, b})
	var x = y
	c.StoreOffsets(x)
	for _, tp := range 3 {
		c.StoreOffsets([]kafka.TopicPartition{tp})
	}
	v := s{m.TopicPartition, 1, 2}
	c.StoreOffsets([]kafka.TopicPartition{v.tp})
	c.StoreOffsets(append())
	c.StoreOffsets(append(nil, m.TopicPartition))
	c.StoreOffsets([]kafka.TopicPartition{kafka.TopicPartition(m)})
	c.StoreOffsets([]kafka.TopicPartition{(*m).TopicPartition}[1:])
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}...)
	t := m.TopicPartition
	t.Offset++ =
}
`

func TestIllTyped(t *testing.T) {
	fset := token.NewFileSet()
	file, _ := parser.ParseFile(fset, "p.go", illTyped, parser.AllErrors) // partial AST on syntax errors
	if file == nil {
		t.Fatal("no AST")
	}
	info := &types.Info{
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Defs:       make(map[*ast.Ident]types.Object),
		Uses:       make(map[*ast.Ident]types.Object),
		Implicits:  make(map[ast.Node]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:     make(map[ast.Node]*types.Scope),
	}
	conf := types.Config{Importer: testutil.StubImporter(t), Error: func(error) {}}
	pkg, _ := conf.Check("p", fset, []*ast.File{file}, info)
	kafka := kafkaapi.KafkaImports(pkg)
	if len(kafka) == 0 {
		t.Fatal("the stub was not imported")
	}
	missing := &types.Info{ // every entry missing
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Uses:       make(map[*ast.Ident]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
	}
	run := func(typesInfo *types.Info, kafka []*types.Package, typeErrors []types.Error) map[int]bool {
		lines := make(map[int]bool)
		var kc any = &kafkaconfig.Result{Kafka: kafka}
		if kafka != nil && typesInfo.Defs != nil {
			// The real kafkaconfig result, with its SSA form: built (and
			// recovered from) when the driver does not say the package has
			// type errors, not built when it does.
			kpass := &analysis.Pass{
				Analyzer: kafkaconfig.Analyzer, Fset: fset, Files: []*ast.File{file}, Pkg: pkg,
				TypesInfo: typesInfo, TypeErrors: typeErrors,
				ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
				ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
				ExportPackageFact: func(analysis.Fact) {},
				ExportObjectFact:  func(types.Object, analysis.Fact) {},
				Report:            func(analysis.Diagnostic) {},
			}
			var err error
			if kc, err = kafkaconfig.Analyzer.Run(kpass); err != nil {
				t.Fatal(err)
			}
		}
		syntax, err := analysisutil.Inspect.Run(&analysis.Pass{Files: []*ast.File{file}})
		if err != nil {
			t.Fatal(err)
		}
		pass := &analysis.Pass{
			Analyzer:  storeoffset.Analyzer,
			Fset:      fset,
			Files:     []*ast.File{file},
			Pkg:       pkg,
			TypesInfo: typesInfo,
			ResultOf:  map[*analysis.Analyzer]any{kafkaconfig.Analyzer: kc, analysisutil.Inspect: syntax},
			Report: func(d analysis.Diagnostic) {
				t.Logf("%s: %s", fset.Position(d.Pos), d.Message)
				lines[fset.Position(d.Pos).Line] = true
			},
		}
		if _, err := storeoffset.Analyzer.Run(pass); err != nil {
			t.Fatal(err)
		}
		return lines
	}
	if got := run(info, kafka, []types.Error{{Msg: "ill-typed"}}); len(got) > 0 {
		t.Errorf("reports in a package with type errors: %v", got)
	}
	run(info, kafka, nil)                                  // SSA built on ill-typed code: must not panic
	for _, typesInfo := range []*types.Info{missing, {}} { // empty maps, nil maps
		if got := run(typesInfo, kafka, nil); len(got) > 0 {
			t.Errorf("reports without type information: %v", got)
		}
	}
	// The fast path: kafkaconfig found no library import, so nothing is looked at.
	if got := run(info, nil, nil); len(got) > 0 {
		t.Errorf("reports in a package that does not use the library: %v", got)
	}
}
