package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"golang.org/x/tools/go/packages"
)

func TestBasePath(t *testing.T) {
	for _, tc := range []struct {
		id, name, want string
	}{
		{"example.com/app", "app", "example.com/app"},
		{"example.com/app [example.com/app.test]", "app", "example.com/app"},
		{"example.com/app_test [example.com/app.test]", "app_test", "example.com/app"},
		{"example.com/app.test", "main", "example.com/app"},
		{"example.com/dep [example.com/app.test]", "dep", "example.com/app"}, // listed with app's tests
		{"example.com/cmd/x.test", "x", "example.com/cmd/x.test"},            // a package named x.test, not a test main
	} {
		pkgPath, _, _ := strings.Cut(tc.id, " ")
		p := &packages.Package{ID: tc.id, Name: tc.name, PkgPath: pkgPath}
		if got := basePath(p); got != tc.want {
			t.Errorf("basePath(%q) = %q, want %q", tc.id, got, tc.want)
		}
	}
}

// TestReachMap: reaching is transitive, through test variants and vendored
// copies, and look-alike paths do not reach.
func TestReachMap(t *testing.T) {
	pkg := func(path string, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{ID: path, PkgPath: path, Imports: make(map[string]*packages.Package)}
		for _, imp := range imports {
			p.Imports[imp.PkgPath] = imp
		}
		return p
	}
	fmtPkg := pkg("fmt")
	v1 := pkg("github.com/confluentinc/confluent-kafka-go/kafka", fmtPkg)
	v2 := pkg("github.com/confluentinc/confluent-kafka-go/v2/kafka")
	gopkgin := pkg("gopkg.in/confluentinc/confluent-kafka-go.v1/kafka")
	vendored := pkg("example.com/app/vendor/github.com/confluentinc/confluent-kafka-go/kafka")
	lookalike := pkg("example.com/confluentinc/confluent-kafka-go/kafka")
	helper := pkg("example.com/helper", v2)
	app := pkg("example.com/app", helper, fmtPkg)
	old := pkg("example.com/old", vendored)
	other := pkg("example.com/other", lookalike, fmtPkg)
	reaches := reachMap()
	for p, want := range map[*packages.Package]bool{
		fmtPkg: false, v1: true, v2: true, gopkgin: true, vendored: true, lookalike: false,
		helper: true, app: true, old: true, other: false,
	} {
		if got := reaches(p); got != want {
			t.Errorf("reaches(%s) = %v, want %v", p.ID, got, want)
		}
	}
}

// TestChoosePlan: go.mod decides, before any listing, only where it can tell.
func TestChoosePlan(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"a/b", "c"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const kafka = "require github.com/confluentinc/confluent-kafka-go/v2 v2.11.1 // indirect\n"
	const sarama = "require github.com/IBM/sarama v1.45.0\n"
	const other = "require golang.org/x/tools v0.52.0\n"
	t.Chdir(dir)
	for _, tc := range []struct {
		name, gomod, gowork, goflags string
		patterns                     []string
		want                         plan
	}{
		{"no client", "go 1.21\n" + other, "", "", []string{"./..."}, planNothing},
		{"no client, import path pattern", "go 1.21\n" + other, "", "", []string{"example.com/m/a/..."}, planNothing},
		{"no client, absolute path", "go 1.17\n", "", "", []string{filepath.Join(dir, "c")}, planNothing},
		{"client (indirect)", "go 1.21\n" + kafka, "", "", []string{"./..."}, planOnce},
		{"other client", "go 1.21\n" + sarama, "", "", []string{"./a/b", "."}, planOnce},
		{"client, other module's packages, -mod=mod", "go 1.21\n" + kafka, "", "-mod=mod", []string{"example.org/x/...", "all"}, planOnce},
		{"client, go 1.16", "go 1.16\n" + kafka, "", "", []string{"./..."}, planOnce},
		{"client in a workspace", "go 1.21\n" + kafka, filepath.Join(dir, "go.work"), "", []string{"./..."}, planTwice},
		{"go 1.16: indirect requirements may be missing", "go 1.16\n" + other, "", "", []string{"./..."}, planTwice},
		{"no go directive", other, "", "", []string{"./..."}, planTwice},
		{"workspace", "go 1.21\n" + other, filepath.Join(dir, "go.work"), "", []string{"./..."}, planTwice},
		{"GOWORK=off", "go 1.21\n" + other, "off", "", []string{"./..."}, planNothing},
		{"-modfile", "go 1.21\n" + other, "", "-modfile=other.mod", []string{"./..."}, planTwice},
		{"-mod=mod: go list adds what is missing", "go 1.21\n" + other, "", "-tags=x -mod=mod", []string{"./..."}, planTwice},
		{"-mod=vendor", "go 1.21\n" + other, "", "-mod=vendor", []string{"./..."}, planNothing},
		{"another module's packages", "go 1.21\n" + other, "", "", []string{"golang.org/x/tools/go/..."}, planTwice},
		{"outside the module", "go 1.21\n" + other, "", "", []string{"../..."}, planTwice},
		{"files", "go 1.21\n" + other, "", "", []string{"c/x.go"}, planTwice},
		{"meta pattern", "go 1.21\n" + other, "", "", []string{"all"}, planTwice},
		{"missing directory: the go command says so", "go 1.21\n" + other, "", "", []string{"./nosuch/..."}, planTwice},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gomod := filepath.Join(dir, "go.mod")
			mod, err := modfile.Parse(gomod, []byte("module example.com/m\n\n"+tc.gomod), nil)
			if err != nil {
				t.Fatal(err)
			}
			env := &goEnv{GOARCH: "amd64", GOMOD: gomod, GOWORK: tc.gowork, GOFLAGS: tc.goflags, GOVERSION: "go1.26.8", mod: mod, modDir: dir}
			if got := choosePlan(env, tc.patterns); got != tc.want {
				t.Errorf("choosePlan(%q) = %v, want %v", tc.patterns, got, tc.want)
			}
		})
	}
	if got := choosePlan(&goEnv{GOMOD: os.DevNull, GOVERSION: "go1.26.8"}, []string{"./..."}); got != planTwice {
		t.Errorf("choosePlan outside a module = %v, want planTwice", got)
	}
}

// TestNoObjectResolution: the loader parses without go/parser's object
// resolution (parser.SkipObjectResolution), which go/types and go/ssa do not
// read; so must no code the command runs on the syntax. It looks for uses of
// ast.Object and ast.Scope (the types, Ident.Obj, File.Scope and
// File.Unresolved) in the module's packages, tests aside.
func TestNoObjectResolution(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo, Dir: "../.."}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	resolved := map[string]bool{"Object": true, "Scope": true, "ObjKind": true, "NewObj": true, "NewScope": true, "Obj": true, "Unresolved": true}
	checked := 0
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			t.Fatalf("%s: not type-checked: %v", p.PkgPath, p.Errors)
		}
		checked++
		for id, obj := range p.TypesInfo.Uses {
			if obj.Pkg() == nil || obj.Pkg().Path() != "go/ast" || !resolved[obj.Name()] {
				continue
			}
			if strings.HasSuffix(p.Fset.File(id.Pos()).Name(), "_test.go") {
				continue
			}
			t.Errorf("%s: uses go/ast's %s, which the loader does not fill in (parser.SkipObjectResolution)", p.Fset.Position(id.Pos()), obj.Name())
		}
	}
	if checked < 20 {
		t.Errorf("%d packages checked, want the module's", checked)
	}
}
