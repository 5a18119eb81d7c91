package noreturn_test

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/noreturn"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestFacts: the functions of a package that reaches a client and never return
// get a fact (wrappers, methods, endless loops, mutual recursion, functions with
// results); those that may return, and every function of a package that reaches
// no client, get none.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), noreturn.Analyzer, "noreturn/lib", "noreturn/plain")
}

// probe reports every call statement that does not return, by the Result.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report calls that do not return",
	Requires: []*analysis.Analyzer{noreturn.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		nr := pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if st, ok := n.(*ast.ExprStmt); ok {
					if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && !nr.MayReturn(call) {
						pass.Reportf(call.Pos(), "does not return")
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestMayReturn: the agreed list (standard library, logging libraries, chains
// of zerolog, the program's own logger interface) and wrappers in another
// analysed package, read from facts.
func TestMayReturn(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), probe, "noreturn/app")
}

// TestListed checks the list by package path, receiver and name, without stubs.
func TestListed(t *testing.T) {
	fn := func(path, recv, name string) *types.Func {
		pkg := types.NewPackage(path, "p")
		var r *types.Var
		if recv != "" {
			named := types.NewNamed(types.NewTypeName(0, pkg, recv, nil), types.NewStruct(nil, nil), nil)
			r = types.NewVar(0, pkg, "x", types.NewPointer(named))
		}
		return types.NewFunc(0, pkg, name, types.NewSignatureType(r, nil, nil, nil, nil, false))
	}
	for _, tc := range []struct {
		path, recv, name string
		want             bool
	}{
		{"os", "", "Exit", true},
		{"os", "", "Getenv", false},
		{"syscall", "", "Exit", true},
		{"runtime", "", "Goexit", true},
		{"runtime", "", "Gosched", false},
		{"log", "", "Fatalf", true},
		{"log", "Logger", "Panicln", true},
		{"log", "", "Printf", false},
		{"testing", "common", "FailNow", true},
		{"testing", "common", "Skipf", true},
		{"testing", "common", "Log", false},
		{"testing", "", "Skip", false}, // not a method: no such function
		{"go.uber.org/zap", "Logger", "Fatal", true},
		{"go.uber.org/zap", "SugaredLogger", "Panicw", true},
		{"go.uber.org/zap", "Logger", "DPanic", false}, // panics in development only
		{"github.com/sirupsen/logrus", "", "Fatalln", true},
		{"github.com/sirupsen/logrus", "Logger", "Exit", true},
		{"github.com/sirupsen/logrus", "Entry", "Warn", false},
		{"github.com/rs/zerolog/log", "", "Fatal", true},
		{"github.com/rs/zerolog", "Logger", "Panic", true},
		{"k8s.io/klog", "", "ExitDepth", true},
		{"k8s.io/klog/v2", "", "Exitf", true},
		{"k8s.io/klog/v2", "", "Errorf", false},
		{"github.com/golang/glog", "", "Fatalf", true},
		{"github.com/charmbracelet/log", "Logger", "Fatalf", true},
		{"app/vendor/github.com/sirupsen/logrus", "", "Panicf", true},
		{"example.com/log", "", "Fatal", false}, // not listed: its body decides, when analysed
		{"example.com/log", "Logger", "Fatalf", false},
	} {
		if got := noreturn.Listed(fn(tc.path, tc.recv, tc.name)); got != tc.want {
			t.Errorf("Listed(%s.%s.%s) = %v, want %v", tc.path, tc.recv, tc.name, got, tc.want)
		}
	}
}
