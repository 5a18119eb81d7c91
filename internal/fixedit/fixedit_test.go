package fixedit_test

import (
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/fixedit"
)

// apply applies edits to src and formats the result as drivers do.
func apply(t *testing.T, fset *token.FileSet, file *ast.File, src string, edits []analysis.TextEdit) string {
	t.Helper()
	tf := fset.File(file.Pos())
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
	out := src
	for _, e := range edits {
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		out = out[:start] + string(e.NewText) + out[end:]
	}
	b, err := format.Source([]byte(out))
	if err != nil {
		t.Fatalf("fixed source does not parse: %v\n%s", err, out)
	}
	return string(b)
}

// check type-checks src and returns its file and info.
func check(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Scopes: make(map[ast.Node]*types.Scope), Uses: make(map[*ast.Ident]types.Object), Defs: make(map[*ast.Ident]types.Object)}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(error) {}}
	_, _ = conf.Check("p", fset, []*ast.File{f}, info) // errors reported to conf.Error: the fixtures may be ill-typed
	return fset, f, info
}

// TestImport: the one import algorithm of the suite's fixes, for every shape
// of import declaration, and the name the inserted code uses.
func TestImport(t *testing.T) {
	for _, tc := range []struct{ name, src, want, as string }{
		{"none", "package p\n\nfunc f() { _ = 1 }\n",
			"package p\n\nimport \"errors\"\n\nfunc f() { _ = 1 }\n", "errors"},
		{"single std", "package p\n\nimport \"fmt\"\n\nfunc f() { fmt.Println() }\n",
			"package p\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nfunc f() { fmt.Println() }\n", "errors"},
		{"single other", "package p\n\nimport \"example.com/x\"\n\nfunc f() { x.F() }\n",
			"package p\n\nimport (\n\t\"errors\"\n\n\t\"example.com/x\"\n)\n\nfunc f() { x.F() }\n", "errors"},
		{"group std first", "package p\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/x\"\n)\n\nfunc f() { fmt.Println(x.F) }\n",
			"package p\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\n\t\"example.com/x\"\n)\n\nfunc f() { fmt.Println(x.F) }\n", "errors"},
		{"group other first", "package p\n\nimport (\n\t\"example.com/x\"\n)\n\nfunc f() { x.F() }\n",
			"package p\n\nimport (\n\t\"errors\"\n\n\t\"example.com/x\"\n)\n\nfunc f() { x.F() }\n", "errors"},
		{"shadowed", "package p\n\nimport \"fmt\"\n\nfunc f() {\n\terrors := 1\n\tfmt.Println(errors)\n}\n",
			"package p\n\nimport (\n\tstderrors \"errors\"\n\t\"fmt\"\n)\n\nfunc f() {\n\terrors := 1\n\tfmt.Println(errors)\n}\n", "stderrors"},
		{"imported", "package p\n\nimport \"errors\"\n\nfunc f() { _ = errors.New }\n",
			"package p\n\nimport \"errors\"\n\nfunc f() { _ = errors.New }\n", "errors"},
		{"renamed", "package p\n\nimport stderr \"errors\"\n\nfunc f() { _ = stderr.New }\n",
			"package p\n\nimport stderr \"errors\"\n\nfunc f() { _ = stderr.New }\n", "stderr"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset, file, info := check(t, tc.src)
			body := file.Decls[len(file.Decls)-1].(*ast.FuncDecl).Body
			pos := body.Rbrace
			name, edits, ok := fixedit.Import(file, fixedit.ScopeAt(info, file, pos), pos, "errors", "errors")
			if !ok {
				t.Fatal("Import: not ok")
			}
			if name != tc.as {
				t.Errorf("name = %q, want %q", name, tc.as)
			}
			if got := apply(t, fset, file, tc.src, edits); got != tc.want {
				t.Errorf("fixed:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestFreshName: a name that neither resolves at the position nor is taken
// after it; the first candidate numbered when all are taken.
func TestFreshName(t *testing.T) {
	src := "package p\n\nvar kerr int\n\nfunc f(kafkaErr error) {\n\t_ = 0\n\tkerr1 := 1\n\t_ = kerr1\n}\n"
	_, file, info := check(t, src)
	body := file.Decls[1].(*ast.FuncDecl).Body
	pos := body.List[0].Pos()
	scope := fixedit.ScopeAt(info, file, pos)
	taken := fixedit.Identifiers(body.List...)
	if got := fixedit.FreshName(scope, pos, taken, "kerr", "kafkaErr"); got != "kerr2" {
		t.Errorf("FreshName = %q, want kerr2 (kerr is a global, kafkaErr a parameter, kerr1 declared after pos)", got)
	}
	if got := fixedit.FreshName(scope, pos, nil, "kerr"); got != "kerr1" {
		t.Errorf("FreshName without taken = %q, want kerr1", got)
	}
	if got := fixedit.FreshName(nil, pos, nil, "kerr"); got != "" {
		t.Errorf("FreshName without scope = %q, want \"\"", got)
	}
}

// TestQualifier: the name a file gives a package, for each way of importing it.
func TestQualifier(t *testing.T) {
	kafka := types.NewPackage("github.com/confluentinc/confluent-kafka-go/v2/kafka", "kafka")
	for imp, want := range map[string]string{
		`"github.com/confluentinc/confluent-kafka-go/v2/kafka"`:        "kafka.",
		`ckafka "github.com/confluentinc/confluent-kafka-go/v2/kafka"`: "ckafka.",
		`. "github.com/confluentinc/confluent-kafka-go/v2/kafka"`:      "",
		`_ "github.com/confluentinc/confluent-kafka-go/v2/kafka"`:      "none",
		`"github.com/confluentinc/confluent-kafka-go/kafka"`:           "none",
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\nimport "+imp+"\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := fixedit.Qualifier(f, kafka)
		if !ok {
			got = "none"
		}
		if got != want {
			t.Errorf("Qualifier(import %s) = %q, want %q", imp, got, want)
		}
	}
}

// TestFileOf: the file that holds a position, nil outside every file.
func TestFileOf(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range []string{"a.go", "b.go"} {
		f, err := parser.ParseFile(fset, name, "package p\nvar x"+strings.TrimSuffix(name, ".go")+" int\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if got := fixedit.FileOf(files, files[1].Decls[0].Pos()); got != files[1] {
		t.Errorf("FileOf(b's declaration) = %v, want b.go", got)
	}
	if got := fixedit.FileOf(files, token.NoPos); got != nil {
		t.Errorf("FileOf(NoPos) = %v, want nil", got)
	}
}
