package testutil

import (
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// stubs type-checks the library stubs of testdata once per process.
var stubs struct {
	once sync.Once
	std  types.Importer // export data lookups are slow: one importer, reused
	pkgs map[string]*types.Package
	err  error
}

// stubImporter imports the library stubs by path and everything else from the
// standard library's export data.
type stubImporter struct{ std types.Importer }

func (i stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := stubs.pkgs[path]; ok {
		return p, nil
	}
	if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
		// Not the standard library: a mutated import path would make the export
		// data lookup (go list) search the module proxy.
		return nil, fmt.Errorf("no package %q in the partial-code runner", path)
	}
	return i.std.Import(path)
}

// StubImporter returns an importer of the library stubs of testdata (by their
// import paths) and of the standard library, for tests that type-check code
// themselves; it reads no build context and no environment.
func StubImporter(t testing.TB) types.Importer {
	t.Helper()
	stubs.once.Do(func() { loadStubs(Fixtures(t)) })
	if stubs.err != nil {
		t.Fatalf("loading the library stubs: %v", stubs.err)
	}
	return stubImporter{stubs.std}
}

func loadStubs(root string) {
	stubs.pkgs = make(map[string]*types.Package)
	stubs.std = importer.Default()
	std := stubs.std
	for _, stub := range []struct{ path, file string }{
		{"github.com/confluentinc/confluent-kafka-go/kafka", "kafka.go"},
		{"github.com/confluentinc/confluent-kafka-go/v2/kafka", "kafka.go"},
		{"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka", "kafka.go"},
		{"github.com/IBM/sarama", "sarama.go"},
		{"github.com/Shopify/sarama", "sarama.go"},
		{"example.com/sarama", "sarama.go"},              // a look-alike
		{"github.com/twmb/franz-go/pkg/kmsg", "kmsg.go"}, // before kgo, which imports it
		{"github.com/twmb/franz-go/pkg/kgo", "kgo.go"},
		{"github.com/segmentio/kafka-go", "kafka.go"},
	} {
		path := stub.path
		fset := token.NewFileSet()
		file := filepath.Join(root, "src", filepath.FromSlash(path), stub.file)
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			stubs.err = err
			return
		}
		pkg, err := (&types.Config{Importer: stubImporter{std}}).Check(path, fset, []*ast.File{f}, nil) // stubs may import earlier stubs
		if err != nil {
			stubs.err = err
			return
		}
		stubs.pkgs[path] = pkg
	}
}

// RunPartial runs analyzers (and what they require) on one source file the way an
// editor runs them on code being typed: parse errors and type errors are kept
// with the package, as go/packages keeps them, and the analyzers see whatever
// partial syntax and type information results. The passes are built by the
// go/analysis checker, as every driver builds them, from a package assembled
// here without go list (the fuzzer runs thousands of inputs). The library
// stubs are imported from their type information only, so they carry no facts.
// It returns the diagnostics of the analyzers, in the order given; a panic is
// the failure it exists to find.
func RunPartial(root string, analyzers []*analysis.Analyzer, src []byte) ([]analysis.Diagnostic, error) {
	stubs.once.Do(func() { loadStubs(root) })
	if stubs.err != nil {
		return nil, stubs.err
	}
	fset := token.NewFileSet()
	f, parseErr := parser.ParseFile(fset, "input.go", src, parser.ParseComments|parser.AllErrors)
	if f == nil || f.Name == nil {
		return nil, nil // nothing a driver would analyse
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		Instances:    make(map[*ast.Ident]types.Instance),
		FileVersions: make(map[*ast.File]string),
	}
	pkg := &packages.Package{
		ID:         "input",
		Name:       f.Name.Name,
		PkgPath:    "input",
		GoFiles:    []string{"input.go"},
		Fset:       fset,
		Syntax:     []*ast.File{f},
		TypesInfo:  info,
		TypesSizes: types.SizesFor("gc", "amd64"),
		Imports:    map[string]*packages.Package{},
	}
	if parseErr != nil {
		pkg.IllTyped = true
		pkg.Errors = append(pkg.Errors, packages.Error{Msg: parseErr.Error(), Kind: packages.ParseError})
	}
	conf := &types.Config{Importer: stubImporter{stubs.std}, Error: func(err error) {
		var te types.Error
		if errors.As(err, &te) {
			pkg.TypeErrors = append(pkg.TypeErrors, te)
			pkg.IllTyped = true
			pkg.Errors = append(pkg.Errors, packages.Error{Msg: te.Msg, Kind: packages.TypeError})
		}
	}}
	pkg.Types, _ = conf.Check("input", fset, []*ast.File{f}, info)
	graph, err := checker.Analyze(analyzers, []*packages.Package{pkg}, nil)
	if err != nil {
		return nil, err
	}
	var diags []analysis.Diagnostic
	for _, act := range graph.Roots {
		if act.Err != nil {
			return diags, act.Err
		}
		diags = append(diags, act.Diagnostics...)
	}
	return diags, nil
}

// CheckSource parses src, comments included, as the file p.go of package p,
// type-checks it with imp (StubImporter for the library stubs) recording every
// kind of type information, and returns the pass a driver would start an
// analyzer with: no ResultOf, no fact functions.
func CheckSource(t testing.TB, imp types.Importer, src string) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Instances:  map[*ast.Ident]types.Instance{},
		Scopes:     map[ast.Node]*types.Scope{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	pkg, err := (&types.Config{Importer: imp}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info}
}
