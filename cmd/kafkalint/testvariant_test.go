package main

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestCoveredTree: on testdata/tree, in text mode, worker (whose test names
// nothing connected to the client) is left out for its test variant and not
// type-checked; poller (whose test runs the consumer) and app (whose test variant
// is ill-typed) are analysed with their variants. With -json nothing is left out.
// TestPrunedTree checks that the reports are those of the full loading.
func TestCoveredTree(t *testing.T) {
	chdirModule(t, filepath.Join("testdata", "tree"), "github.com/confluentinc/confluent-kafka-go", "")
	res := loadTree(t, true)
	// Every package is dropped once done (analyze.go): its types stay, for the
	// packages importing it, its syntax and type information do not.
	for _, p := range res.order {
		if p.Syntax != nil || p.TypesInfo != nil {
			t.Errorf("%s still holds its syntax or type information after the load", p.ID)
		}
		if res.covered[p] == nil && !p.Types.Complete() {
			t.Errorf("%s has no types after the load", p.ID)
		}
	}
	var covered []string
	for p, variant := range res.covered {
		covered = append(covered, p.ID)
		if variant.ID != p.ID+" ["+p.ID+".test]" || !slices.Contains(res.roots, variant) {
			t.Errorf("%s covered by %s, which is not its analysed test variant", p.ID, variant.ID)
		}
		if p.TypesInfo != nil || p.Types.Complete() {
			t.Errorf("covered %s was type-checked", p.ID)
		}
	}
	if want := []string{"example.com/tree/worker"}; !slices.Equal(covered, want) {
		t.Errorf("covered = %v, want %v", covered, want)
	}
	roots := ids(res.roots)
	for _, id := range []string{"example.com/tree/app", "example.com/tree/poller", "example.com/tree/poller [example.com/tree/poller.test]", "example.com/tree/worker [example.com/tree/worker.test]"} {
		if !slices.Contains(roots, id) {
			t.Errorf("%s not analysed; roots: %v", id, roots)
		}
	}
	if slices.Contains(roots, "example.com/tree/worker") || !slices.Contains(ids(res.order), "example.com/tree/worker") {
		t.Errorf("worker analysed, or missing from the print order: roots %v, order %v", roots, ids(res.order))
	}

	if res := loadTree(t, false); len(res.covered) > 0 || !slices.Contains(ids(res.roots), "example.com/tree/worker") {
		t.Errorf("-json: covered %v, roots %v; want nothing covered", res.covered, ids(res.roots))
	}
}

// TestCoveredEachClient: the same covering on a module tree of each other
// client (testdata/clients, sarama on both of its paths): worker, whose test
// names nothing connected to the client, is left out for its test variant;
// poller, whose test is connected, is analysed with its variant; with -json
// nothing is left out. TestPrunedEachClient checks that the command prints
// what the full loading, which covers nothing, prints.
func TestCoveredEachClient(t *testing.T) {
	for _, tree := range []struct{ name, module, rewrite string }{
		{"sarama", "github.com/IBM/sarama", ""},
		{"sarama", "github.com/IBM/sarama", "github.com/Shopify/sarama"},
		{"franzgo", "github.com/twmb/franz-go", ""},
		{"kafkago", "github.com/segmentio/kafka-go", ""},
	} {
		t.Run(tree.module+tree.rewrite, func(t *testing.T) {
			chdirModule(t, filepath.Join("testdata", "clients", tree.name), tree.module, tree.rewrite)
			prefix := "example.com/" + tree.name + "/"
			res := loadTree(t, true)
			var covered []string
			for p := range res.covered {
				covered = append(covered, p.ID)
			}
			if want := []string{prefix + "worker"}; !slices.Equal(covered, want) {
				t.Errorf("covered = %v, want %v", covered, want)
			}
			roots := ids(res.roots)
			for _, id := range []string{prefix + "poller", prefix + "poller [" + prefix + "poller.test]", prefix + "worker [" + prefix + "worker.test]"} {
				if !slices.Contains(roots, id) {
					t.Errorf("%s not analysed; roots: %v", id, roots)
				}
			}
			if res := loadTree(t, false); len(res.covered) > 0 {
				t.Errorf("-json: covered %v; want nothing covered", res.covered)
			}
		})
	}
}

// chdirModule makes a copy of the module at src (testutil.CopyModule) the
// working directory, offline and outside any workspace.
func chdirModule(t *testing.T, src, module, rewrite string) {
	t.Helper()
	t.Chdir(testutil.CopyModule(t, src, module, rewrite))
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOPROXY", "off")
}

// loadTree loads ./... of the working directory with tests, as the command
// does, covering test variants when cover is set (text mode).
func loadTree(t *testing.T, cover bool) *loaded {
	t.Helper()
	env, err := readGoEnv()
	if err != nil {
		t.Fatal(err)
	}
	l, err := listReaching(env, []string{"./..."}, true, false)
	if err != nil {
		t.Fatal(err)
	}
	res, err := loadReaching(env, l, nil, true, cover)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// ids returns the packages' IDs.
func ids(pkgs []*packages.Package) []string {
	var out []string
	for _, p := range pkgs {
		out = append(out, p.ID)
	}
	return out
}

// kafkaStub is enough of the client for TestTestsInert.
const kafkaStub = `package kafka

type Consumer struct{}

func NewConsumer() (*Consumer, error) { return nil, nil }

func (c *Consumer) Close() error { return nil }
`

// workerSrc is the package under test in TestTestsInert: run uses the client,
// and names start and pending; orderID and Counter are not connected to it.
const workerSrc = `package worker

import (
	"strings"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

var pending []any

type Counter struct{ n int }

func (c *Counter) Inc() { c.n++ }

type Loop struct{ c *kafka.Consumer }

func (l *Loop) Stop() { l.c.Close() }

func start() *kafka.Consumer {
	c, _ := kafka.NewConsumer()
	return c
}

func run() {
	c := start()
	pending = append(pending, c)
	c.Close()
}

func orderID(key string) (string, bool) { return strings.CutPrefix(key, "order/") }
`

// TestTestsInert: which test files can change what the analyzers find in the
// package's own files.
func TestTestsInert(t *testing.T) {
	const kafkaPath = "github.com/confluentinc/confluent-kafka-go/kafka"
	for _, tc := range []struct {
		name, test string
		own        string // replaces workerSrc when set
		want       bool
	}{
		{"a helper nothing connects to the client", `func TestOrderID(t *testing.T) { orderID("order/1") }`, "", true},
		{"a type of its own", `func TestCounter(t *testing.T) { var c Counter; c.Inc() }`, "", true},
		{"a function that uses the client", `func TestStart(t *testing.T) { start() }`, "", false},
		{"a function connected to one that uses the client", `func TestRun(t *testing.T) { run() }`, "", false},
		{"a variable the client code writes", `func TestPending(t *testing.T) { _ = len(pending) }`, "", false},
		{"a method on a type that holds a consumer", `func (l *Loop) restart() {}`, "", false},
		{"the client itself", `func TestClient(t *testing.T) { kafka.NewConsumer() }`, "", false},
		{"a directive", "//kafkalint:file-ignore revokecommit tests\n\nfunc TestX(t *testing.T) {}", "", false},
		{"the package naming a test declaration", `func helper() {}`, workerSrc + "\nfunc usesHelper() { helper() }\n", false},
		{"a helper the client code calls", `func TestOrderID(t *testing.T) { orderID("order/1") }`, workerSrc + "\nfunc key() { c := start(); orderID(\"\"); c.Close() }\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			own := tc.own
			if own == "" {
				own = workerSrc
			}
			imports := "import \"testing\"\n"
			if strings.Contains(tc.test, "kafka.") {
				imports = "import (\n\t\"testing\"\n\n\t\"" + kafkaPath + "\"\n)\n"
			}
			test := "package worker\n\n" + imports + "\nvar _ = testing.Short\n\n" + tc.test + "\n"
			p, variant, kafka := typeCheckVariant(t, own, test)
			if got := testsInert(p, variant, map[string]bool{kafka.PkgPath: true}); got != tc.want {
				t.Errorf("testsInert = %v, want %v", got, tc.want)
			}
		})
	}
}

// typeCheckVariant type-checks the test variant of a package of one file, own,
// with one test file, and returns the package (not type-checked, as the loader
// leaves a covered package), its variant and the client's package.
func typeCheckVariant(t *testing.T, own, test string) (p, variant, kafka *packages.Package) {
	t.Helper()
	fset := token.NewFileSet()
	parse := func(name, src string) *ast.File {
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	kafkaTypes, err := new(types.Config).Check("github.com/confluentinc/confluent-kafka-go/kafka", fset, []*ast.File{parse("kafka.go", kafkaStub)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	std := importer.Default()
	imp := importerFunc(func(path string) (*types.Package, error) {
		if path == kafkaTypes.Path() {
			return kafkaTypes, nil
		}
		return std.Import(path)
	})
	files := []*ast.File{parse("/w/worker.go", own), parse("/w/worker_test.go", test)}
	info := newTypesInfo(0)
	conf := &types.Config{Importer: imp}
	tpkg, err := conf.Check("example.com/worker", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	kafka = &packages.Package{ID: kafkaTypes.Path(), PkgPath: kafkaTypes.Path(), Types: kafkaTypes}
	p = &packages.Package{ID: "example.com/worker", PkgPath: "example.com/worker", CompiledGoFiles: []string{"/w/worker.go"}, Fset: fset}
	variant = &packages.Package{
		ID: p.ID + " [" + p.ID + ".test]", PkgPath: p.PkgPath, Fset: fset,
		CompiledGoFiles: []string{"/w/worker.go", "/w/worker_test.go"},
		Syntax:          files, Types: tpkg, TypesInfo: info,
	}
	return p, variant, kafka
}
