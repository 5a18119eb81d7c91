package testutil

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// CheckGoldens checks the fix goldens of the analysistest packages pkgs (under
// TestData): each .go.golden file is gofmt-clean, the package made of them
// type-checks against the library stubs, and a reports nothing with a fix there,
// so applying the fixes a second time changes nothing.
func CheckGoldens(t *testing.T, a *analysis.Analyzer, pkgs ...string) {
	t.Helper()
	src := filepath.Join(TestData(t), "src")
	gopath := t.TempDir()
	for _, stub := range []string{"github.com/confluentinc", "gopkg.in/confluentinc"} {
		copyTree(t, filepath.Join(src, stub), filepath.Join(gopath, "src", stub))
	}
	for _, pkg := range pkgs {
		goldens, _ := filepath.Glob(filepath.Join(src, pkg, "*.go.golden"))
		if len(goldens) == 0 {
			t.Fatalf("%s: no .go.golden files", pkg)
		}
		for _, g := range goldens {
			content, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			if formatted, err := format.Source(content); err != nil || !bytes.Equal(formatted, content) {
				t.Errorf("%s is not gofmt-clean (%v)", g, err)
			}
			dst := filepath.Join(gopath, "src", pkg, strings.TrimSuffix(filepath.Base(g), ".golden"))
			write(t, dst, content)
		}
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  gopath,
		Env:  append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	loaded, err := packages.Load(cfg, pkgs...)
	if err != nil {
		t.Fatal(err)
	}
	packages.Visit(loaded, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("golden does not compile: %v", e)
		}
	})
	if t.Failed() {
		return
	}
	res, err := checker.Analyze([]*analysis.Analyzer{a}, loaded, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: after the fixes, still reported with a fix: %s", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
}

func copyTree(t *testing.T, from, to string) {
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		write(t, filepath.Join(to, rel), content)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path string, content []byte) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
}

// RunIllTyped type-checks src, which may have syntax and type errors, against the
// v1 library stub, runs a and its requirements on whatever was typed, as editors do
// with code being written, and fails the test if any of them panics or errors.
func RunIllTyped(t *testing.T, a *analysis.Analyzer, src string) []analysis.Diagnostic {
	t.Helper()
	fset := token.NewFileSet()
	const kafkaPath = "github.com/confluentinc/confluent-kafka-go/kafka"
	stubFile := filepath.Join(TestData(t), "src", kafkaPath, "kafka.go")
	stubAST, err := parser.ParseFile(fset, stubFile, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	std := importer.Default()
	stub, err := (&types.Config{Importer: std}).Check(kafkaPath, fset, []*ast.File{stubAST}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := parser.ParseFile(fset, "illtyped.go", src, parser.AllErrors|parser.ParseComments)
	if f == nil {
		t.Fatal("no syntax tree")
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
	var typeErrors []types.Error
	conf := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == kafkaPath {
				return stub, nil
			}
			return std.Import(path)
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				typeErrors = append(typeErrors, te)
			}
		},
	}
	pkg, _ := conf.Check("illtyped", fset, []*ast.File{f}, info)
	var diags []analysis.Diagnostic
	results := make(map[*analysis.Analyzer]any)
	var exec func(a *analysis.Analyzer)
	exec = func(a *analysis.Analyzer) {
		if _, done := results[a]; done {
			return
		}
		for _, req := range a.Requires {
			exec(req)
		}
		pass := &analysis.Pass{
			Analyzer:          a,
			Fset:              fset,
			Files:             []*ast.File{f},
			Pkg:               pkg,
			TypesInfo:         info,
			TypesSizes:        types.SizesFor("gc", "amd64"),
			TypeErrors:        typeErrors,
			ResultOf:          results,
			Report:            func(d analysis.Diagnostic) { diags = append(diags, d) },
			ReadFile:          os.ReadFile,
			ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
			ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
			ExportObjectFact:  func(types.Object, analysis.Fact) {},
			ExportPackageFact: func(analysis.Fact) {},
			AllObjectFacts:    func() []analysis.ObjectFact { return nil },
			AllPackageFacts:   func() []analysis.PackageFact { return nil },
		}
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s panicked on ill-typed code: %v", a.Name, r)
			}
		}()
		res, err := a.Run(pass)
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		results[a] = res
	}
	exec(a)
	return diags
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
