// Package noreturn answers one question for every kafkalint pass: does this call
// return? Its Analyzer finds the functions of a package that never return normally
// (a wrapper of log.Fatal, a method that always panics, a loop that never ends) and
// exports a [NoReturn] fact for each, as x/tools' ctrlflow does, so that a wrapper
// in another analysed package counts too; [Listed] is the one list of the standard
// library's and the logging libraries' functions that do not return, whose bodies
// kafkalint does not analyse.
//
// Cost: a package whose import closure holds no supported client gets an empty
// Result and no work (the drivers still run the analyzer on it to carry facts).
// In the other packages, a control-flow graph is built only for the functions
// whose body could end without a return: those that call a function known not
// to return (or another such function of the package), loop without a condition,
// select on nothing or jump with goto.
package noreturn

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
)

// Analyzer finds the functions of a package that never return. Its result is a
// *Result; it reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "kafkanoreturn",
	Doc:              "find the functions that never return normally (a fact and a result for kafkalint's passes; reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/noreturn",
	Run:              run,
	Requires:         []*analysis.Analyzer{pkgindex.Analyzer}, // the client imports and FuncDecls, once per package
	RunDespiteErrors: true,                                    // the control-flow graph is built on whatever syntax there is
	ResultType:       reflect.TypeFor[*Result](),
	FactTypes:        []analysis.Fact{new(NoReturn)},
}

// NoReturn is the fact of a function of an analysed package that has no path to a
// normal return.
type NoReturn struct{}

func (*NoReturn) AFact()         {}
func (*NoReturn) String() string { return "noReturn" }

// A Result answers for the calls of one package. It is data: it keeps nothing
// of the pass, and passes of the package may share it concurrently.
type Result struct {
	info  *types.Info
	funcs map[*types.Func]bool // never return: this package's, and imported facts'
}

// MayReturn reports whether call may return normally (cfg.New's mayReturn). A
// call does not return when it calls the builtin panic, a function of [Listed],
// a function with a [NoReturn] fact (of this package or another analysed one), or
// a method of an interface named as the listed loggers name the methods that
// do not return (Fatal, Fatalf, Fatalln, Fatalw, Panic, Panicf, Panicln, Panicw:
// the program's own logger interface, whose implementation is not known); nor
// when a call in its chain of receivers does not (zerolog's
// log.Fatal().Err(err).Msg("...") exits in Msg).
func (r *Result) MayReturn(call *ast.CallExpr) bool {
	for {
		if !r.returns(call) {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return true
		}
		call = inner
	}
}

// returns reports whether call itself may return, its receiver aside.
func (r *Result) returns(call *ast.CallExpr) bool {
	if r == nil || r.info == nil {
		return true
	}
	switch fn := typeutil.Callee(r.info, call).(type) {
	case *types.Builtin:
		return fn.Name() != "panic"
	case *types.Func:
		return !r.Func(fn)
	}
	return true
}

// Func reports whether fn never returns normally.
func (r *Result) Func(fn *types.Func) bool {
	fn = fn.Origin()
	if Listed(fn) || r != nil && r.funcs[fn] {
		return true
	}
	return analysisutil.IsInterfaceMethod(fn) && loggerNames[fn.Name()]
}

// loggerNames are the names the listed loggers give their methods that do not
// return. A method of an interface with one of these names is taken not to return.
var loggerNames = map[string]bool{
	"Fatal": true, "Fatalf": true, "Fatalln": true, "Fatalw": true,
	"Panic": true, "Panicf": true, "Panicln": true, "Panicw": true,
}

// Listed reports whether fn is one of the functions known not to return whose
// bodies are not analysed: the standard library's (os.Exit, runtime.Goexit,
// syscall.Exit, log's Fatal and Panic functions and methods, testing's FailNow,
// Fatal, Fatalf, SkipNow, Skip and Skipf) and the logging libraries' (zap's,
// logrus's, zerolog's, klog's, glog's and charmbracelet/log's Fatal and Panic
// functions and methods, klog's and glog's Exit functions). The list follows x/tools'
// ctrlflow (knownIntrinsic, v0.52.0) and staticcheck's go/ir/exits.go, widened to
// the functions those leave to body analysis (which kafkalint does not run on
// packages that do not reach a client). zerolog's Fatal and Panic return an event
// whose Msg exits: [Result.MayReturn] follows the chain.
func Listed(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	name, method := fn.Name(), fn.Signature().Recv() != nil
	switch clients.Unvendor(fn.Pkg().Path()) {
	case "os", "syscall":
		return name == "Exit" && !method
	case "runtime":
		return name == "Goexit"
	case "log":
		return stdLog[name]
	case "testing":
		return method && testingNames[name]
	case "go.uber.org/zap", "github.com/rs/zerolog", "github.com/rs/zerolog/log":
		return loggerNames[name]
	case "github.com/sirupsen/logrus":
		return loggerNames[name] || name == "FatalFn" || name == "PanicFn" || name == "Exit"
	case "k8s.io/klog", "k8s.io/klog/v2", "github.com/golang/glog":
		return strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Exit")
	case "github.com/charmbracelet/log":
		return name == "Fatal" || name == "Fatalf"
	}
	return false
}

// stdLog are package log's functions and (*log.Logger) methods that do not return.
var stdLog = map[string]bool{
	"Fatal": true, "Fatalf": true, "Fatalln": true,
	"Panic": true, "Panicf": true, "Panicln": true,
}

// testingNames are the methods of testing's T, B, F and TB that end the test's goroutine.
var testingNames = map[string]bool{
	"FailNow": true, "Fatal": true, "Fatalf": true,
	"SkipNow": true, "Skip": true, "Skipf": true,
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{info: pass.TypesInfo, funcs: make(map[*types.Func]bool)}
	index := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
	if !index.Reaches() {
		return res, nil // nothing of the package is asked about
	}
	for _, f := range pass.AllObjectFacts() {
		if fn, ok := f.Object.(*types.Func); ok {
			res.funcs[fn] = true
		}
	}
	decls := index.FuncDecls()
	for _, fn := range res.local(decls) {
		res.funcs[fn] = true
		pass.ExportObjectFact(fn, new(NoReturn))
	}
	return res, nil
}

// local returns the functions of decls that never return, in source order. It
// is the least fixed point (a recursion that never ends counts as returning, as
// in ctrlflow), computed in rounds over the candidates so that the answer does
// not depend on the order in which functions are visited.
func (r *Result) local(decls map[*types.Func]*ast.FuncDecl) []*types.Func {
	fns := make([]*types.Func, 0, len(decls))
	for fn := range decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(decls[a].Pos() - decls[b].Pos()) })

	// Candidates: a body that may end without a return, directly or through a
	// call of another candidate.
	candidate := make(map[*types.Func]bool)
	calls := make(map[*types.Func][]*types.Func)
	for _, fn := range fns {
		direct, callees := r.mayNotReturn(decls[fn].Body, decls)
		candidate[fn] = direct
		calls[fn] = callees
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			if candidate[fn] {
				continue
			}
			for _, c := range calls[fn] {
				if candidate[c] {
					candidate[fn], changed = true, true
					break
				}
			}
		}
	}

	var found []*types.Func
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			if candidate[fn] && !r.funcs[fn] && cfg.New(decls[fn].Body, r.MayReturn).NoReturn() {
				r.funcs[fn], changed = true, true
				found = append(found, fn)
			}
		}
	}
	slices.SortFunc(found, func(a, b *types.Func) int { return int(decls[a].Pos() - decls[b].Pos()) })
	return found
}

// mayNotReturn reports whether body, outside function literals, holds a call
// that does not return, a loop without a condition, an empty select or a goto,
// and returns the functions of decls it calls.
func (r *Result) mayNotReturn(body *ast.BlockStmt, decls map[*types.Func]*ast.FuncDecl) (bool, []*types.Func) {
	direct := false
	var callees []*types.Func
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			direct = direct || n.Cond == nil
		case *ast.SelectStmt:
			direct = direct || len(n.Body.List) == 0
		case *ast.BranchStmt:
			direct = direct || n.Tok == token.GOTO
		case *ast.CallExpr:
			if !r.returns(n) {
				direct = true
			} else if fn := analysisutil.CalledFunc(r.info, n); fn != nil && decls[fn.Origin()] != nil {
				callees = append(callees, fn.Origin())
			}
		}
		return true
	})
	return direct, callees
}
