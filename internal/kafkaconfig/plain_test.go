package kafkaconfig_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestResultOutlivesPass runs pkgindex and kafkaconfig on a copy of the pass, then makes
// every function of that copy panic and clears its data, and only then asks
// the Result everything the rule passes ask: clients, configurations handed to
// other packages' functions (resolved from their ConfigFacts), field writes,
// consumers, callees, boundaries. A Result that kept the pass (or anything
// that reads it, such as pass.ImportObjectFact) fails here; the answers are
// compared with the fixture's expectations, so one that silently lost the
// facts fails too.
func TestResultOutlivesPass(t *testing.T) {
	probe := &analysis.Analyzer{
		Name:             "probe",
		Doc:              "kafkaconfig's Result, used after its pass is gone",
		Requires:         kafkaconfig.Analyzer.Requires,
		FactTypes:        kafkaconfig.Analyzer.FactTypes,
		RunDespiteErrors: true,
		Run: func(pass *analysis.Pass) (any, error) {
			p := *pass
			// pkgindex's Result, which kafkaconfig's shares, is made on
			// the copy too, so that it must outlive the pass as well.
			cs, err := pkgindex.Analyzer.Run(&p)
			if err != nil {
				return nil, err
			}
			p.ResultOf = maps.Clone(pass.ResultOf)
			p.ResultOf[pkgindex.Analyzer] = cs
			res, err := kafkaconfig.Analyzer.Run(&p)
			if err != nil {
				return nil, err
			}
			poison(&p)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s: %v", pass.Pkg.Path(), r)
					}
				}()
				ask(pass, res.(*kafkaconfig.Result), cs.(*pkgindex.Result))
			}()
			return nil, nil
		},
	}
	analysistest.Run(t, testutil.Fixtures(t), probe, "kafkaconfig/plain/lib", "kafkaconfig/plain/app")
}

// poison makes every use of p panic or find nothing.
func poison(p *analysis.Pass) {
	gone := func(what string) { panic("the Result used the pass after run: " + what) }
	p.Report = func(analysis.Diagnostic) { gone("Report") }
	p.ReadFile = func(string) ([]byte, error) { gone("ReadFile"); return nil, nil }
	p.ImportObjectFact = func(types.Object, analysis.Fact) bool { gone("ImportObjectFact"); return false }
	p.ImportPackageFact = func(*types.Package, analysis.Fact) bool { gone("ImportPackageFact"); return false }
	p.ExportObjectFact = func(types.Object, analysis.Fact) { gone("ExportObjectFact") }
	p.ExportPackageFact = func(analysis.Fact) { gone("ExportPackageFact") }
	p.AllObjectFacts = func() []analysis.ObjectFact { gone("AllObjectFacts"); return nil }
	p.AllPackageFacts = func() []analysis.PackageFact { gone("AllPackageFacts"); return nil }
	p.Fset, p.Files, p.OtherFiles, p.IgnoredFiles = nil, nil, nil, nil
	p.Pkg, p.TypesInfo, p.TypesSizes, p.TypeErrors = nil, nil, nil, nil
	p.ResultOf, p.Module = nil, nil
}

// ask asks res and cs what the rule passes ask and reports the answers that
// the fixture checks.
func ask(pass *analysis.Pass, res *kafkaconfig.Result, cs *pkgindex.Result) {
	if len(res.Kafka) == 0 {
		return
	}
	for _, c := range res.Clients() {
		pass.Reportf(c.Call.Pos(), "client %s: %s", c.Func, describe(c.Config))
	}
	_ = cs.FuncDecls()
	for _, k := range res.Consumers {
		_ = res.Version(k.Kafka)
		_ = res.ConfigBoundaries(k)
	}
	fields := make(map[*types.Var]bool)
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				_, _ = cs.Callees(n)
				_ = kafkaapi.ConsumerMethod(pass.TypesInfo, cs, n, "Unassign")
				fn := analysisutil.CalledFunc(pass.TypesInfo, n)
				if fn == nil || fn.Pkg() == pass.Pkg || kafkaapi.IsKafkaPackage(fn.Pkg()) {
					return true
				}
				for _, arg := range n.Args {
					_ = cs.Graph().Boundaries(cs.Graph().ValueOf(arg))
					if t := pass.TypesInfo.TypeOf(arg); t != nil && kafkaapi.IsConfigMap(deref(t)) {
						pass.Reportf(arg.Pos(), "ConfigOf %s: %s", analysisutil.FuncName(fn), describe(res.ConfigOf(arg, n)))
					}
				}
			case *ast.Ident:
				v, ok := pass.TypesInfo.Uses[n].(*types.Var)
				if ok && v.IsField() && v.Pkg() != pass.Pkg && (kafkaapi.IsConfigMap(deref(v.Type())) || kafkaapi.IsConsumer(v.Type())) {
					fields[v] = true
				}
			}
			return true
		})
	}
	for f := range fields {
		for _, w := range res.FieldWrites(f) {
			if w.Config != nil {
				pass.Reportf(w.Pos, "FieldWrites %s: %s", f.Name(), describe(w.Config))
				continue
			}
			var at []string
			for _, k := range w.Consumers {
				at = append(at, fmt.Sprintf("%s@%d", via(k), pass.Fset.Position(k.Call.Pos()).Line))
			}
			pass.Reportf(w.Pos, "FieldWrites %s: consumers %s", f.Name(), strings.Join(at, " "))
		}
	}
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func via(k *kafkaconfig.Consumer) string {
	if k.Via == "" {
		return "NewConsumer"
	}
	return k.Via
}

// TestResultHoldsNoPass walks the types reachable from Result (and from
// pkgindex's Result, which it shares) through this
// module's own types: none may be an *analysis.Pass or a func value (a
// closure could capture the pass, or be one of its methods).
func TestResultHoldsNoPass(t *testing.T) {
	passType := reflect.TypeFor[*analysis.Pass]()
	module := "github.com/kafkalint/kafkalint/"
	seen := make(map[reflect.Type]bool)
	var walk func(typ reflect.Type, path string)
	walk = func(typ reflect.Type, path string) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		if typ == passType || typ == passType.Elem() {
			t.Errorf("%s is an analysis.Pass", path)
			return
		}
		switch typ.Kind() {
		case reflect.Func:
			t.Errorf("%s is a func (%s): the Result must be plain data", path, typ)
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(typ.Elem(), path)
		case reflect.Map:
			walk(typ.Key(), path+"[key]")
			walk(typ.Elem(), path+"[value]")
		case reflect.Struct:
			if !strings.HasPrefix(typ.PkgPath(), module) {
				return // go/ast, go/types, go/ssa, sync, the inspector: no pass in there
			}
			for i := 0; i < typ.NumField(); i++ {
				f := typ.Field(i)
				walk(f.Type, path+"."+f.Name)
			}
		}
	}
	walk(reflect.TypeFor[kafkaconfig.Result](), "Result")
	walk(reflect.TypeFor[pkgindex.Result](), "pkgindex.Result")
	if !seen[reflect.TypeFor[token.Pos]()] {
		t.Error("the walk did not reach Setting.Pos: it does not look into the Result")
	}
}
