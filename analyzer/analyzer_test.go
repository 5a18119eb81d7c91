package analyzer_test

import (
	"flag"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// notListed are the pass packages that are not in the suite: kafkaconfig reports
// nothing, and drivers run it as a requirement of the others.
var notListed = map[string]bool{"kafkaconfig": true}

// TestSuite checks the list the drivers (CLI, go vet, golangci-lint, nogo) use:
// valid, complete, and each analyzer named, documented and configured the way
// nogo and the -NAME.flag command lines need.
func TestSuite(t *testing.T) {
	list := analyzer.Analyzers()
	if err := analysis.Validate(list); err != nil {
		t.Fatalf("analysis.Validate: %v", err)
	}

	count := make(map[string]int)
	for _, a := range list {
		count[a.Name]++
	}
	// Editors and the command run analyzers on broken code; every pass is
	// fuzzed on it (FuzzAnalyzers) and must say so, and so must every analyzer
	// it requires: a driver skips a pass whose requirement did not run.
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		if !a.RunDespiteErrors {
			t.Errorf("%s: RunDespiteErrors is false; every pass of the suite, and what it requires, runs on ill-typed packages", a.Name)
		}
		for _, req := range a.Requires {
			visit(req)
		}
	}
	for _, a := range list {
		visit(a)
	}
	dirs, err := os.ReadDir(filepath.Join("..", "passes"))
	if err != nil {
		t.Fatal(err)
	}
	passes := make(map[string]bool)
	for _, d := range dirs {
		if !d.IsDir() || notListed[d.Name()] {
			continue
		}
		passes[d.Name()] = true
		if n := count[d.Name()]; n != 1 {
			t.Errorf("passes/%s: listed %d times in analyzer.Analyzers, want exactly once (or an analyzer whose Name is not its directory)", d.Name(), n)
		}
	}
	for name := range count {
		if !passes[name] {
			t.Errorf("analyzer %q has no passes/%s directory: Name must equal the package directory", name, name)
		}
	}

	// The documentation pages are checked by TestGeneratedDocs.
	for _, a := range list {
		checkDoc(t, a)
		if want := "https://pkg.go.dev/github.com/kafkalint/kafkalint/passes/" + a.Name; a.URL != want {
			t.Errorf("%s: URL = %q, want %q", a.Name, a.URL, want)
		}
		checkFlags(t, a)
		if a.Flags.Lookup(analysisutil.UnusedFlag) == nil {
			t.Errorf("%s: no -%s.%s flag: every pass is made by analysisutil.Setup", a.Name, a.Name, analysisutil.UnusedFlag)
		}
	}

	// Options live on Analyzer.Flags only: importing the suite registers no
	// global flag (nogo and golangci-lint could not reach one).
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if !strings.HasPrefix(f.Name, "test.") {
			t.Errorf("global flag -%s registered: analyzer options belong on Analyzer.Flags", f.Name)
		}
	})
}

// TestNoPluginRegistration: importing the suite registers no golangci-lint
// plugin (package plugin does), so drivers that link the suite, such as the
// gopls build, carry no golangci-lint registration.
func TestNoPluginRegistration(t *testing.T) {
	if _, err := register.GetPlugin("kafkalint"); err == nil {
		t.Error("importing package analyzer registered the golangci-lint plugin kafkalint")
	}
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/golangci/") || dep == "github.com/kafkalint/kafkalint/plugin" {
			t.Errorf("package analyzer depends on %s", dep)
		}
	}
}

// checkDoc checks the title, the first line of Doc: a lowercase verb phrase of at
// most ~60 characters without a final period, followed by a blank line.
func checkDoc(t *testing.T, a *analysis.Analyzer) {
	title, rest, _ := strings.Cut(a.Doc, "\n")
	if title == "" || unicode.IsUpper([]rune(title)[0]) {
		t.Errorf("%s: Doc title %q must start with a lowercase word", a.Name, title)
	}
	if strings.HasSuffix(title, ".") {
		t.Errorf("%s: Doc title %q ends with a period", a.Name, title)
	}
	if len(title) > 64 {
		t.Errorf("%s: Doc title %q is %d characters, want at most ~60", a.Name, title, len(title))
	}
	if strings.HasPrefix(title, a.Name+":") {
		t.Errorf("%s: Doc title %q repeats the name (the doc extractor strips it)", a.Name, title)
	}
	if rest != "" && !strings.HasPrefix(rest, "\n") {
		t.Errorf("%s: Doc title must be followed by a blank line", a.Name)
	}
	// go vet help and editor hovers show Doc whole: the title and one
	// paragraph; kafkalint help NAME prints the rest.
	if paras := strings.Split(a.Doc, "\n\n"); len(paras) != 2 || strings.Count(a.Doc, "\n") > 8 {
		t.Errorf("%s: Doc has %d paragraphs and %d lines, want the title and one paragraph of a few lines", a.Name, len(paras), strings.Count(a.Doc, "\n")+1)
	}
	// Doc is read off the doc comment's lines at start-up; Help parses it.
	if full, ok := analysisutil.Help(a.Name); !ok || shortDoc(full) != a.Doc || len(full) <= len(a.Doc) {
		t.Errorf("%s: no whole documentation for kafkalint help whose title and first paragraph are Doc", a.Name)
	}
}

// checkFlags checks that each flag works as -NAME.flag on a command line and as a
// nogo analyzer_flags key, and that its default round-trips.
func checkFlags(t *testing.T, a *analysis.Analyzer) {
	a.Flags.VisitAll(func(f *flag.Flag) {
		if !regexp.MustCompile(`^[a-z][a-z0-9]*$`).MatchString(f.Name) {
			t.Errorf("%s: flag %q: want a lowercase word (it is used as -%s.%s)", a.Name, f.Name, a.Name, f.Name)
		}
		if f.Usage == "" || unicode.IsUpper([]rune(f.Usage)[0]) || strings.HasSuffix(f.Usage, ".") {
			t.Errorf("%s: flag %s: usage %q must be a lowercase phrase without a final period", a.Name, f.Name, f.Usage)
		}
		if err := f.Value.Set(f.DefValue); err != nil || f.Value.String() != f.DefValue {
			t.Errorf("%s: flag %s: default %q does not round-trip (%v)", a.Name, f.Name, f.DefValue, err)
		}
	})
}

// TestNogoPass runs every analyzer twice, once as usual and once with a Pass the
// way nogo builds it: no ReadFile, no Module, no OtherFiles. An analyzer that
// needs any of them at run time would panic or report differently.
//
// On the analysistest fixtures (GOPATH mode, no module information in either
// run) the two runs must agree. On a module tree that links the library at
// v1.4.0, the usual run sees the module version and the nogo-like run does not:
// there the nogo-like run must agree with a run on the same files loaded
// without module information (GOPATH mode), which is what the analyzers
// document for Bazel, and must differ from the usual run, which shows that the
// tree exercises the module information at all.
func TestNogoPass(t *testing.T) {
	testdata := testutil.Fixtures(t)
	t.Run("fixtures", func(t *testing.T) {
		for _, a := range analyzer.Analyzers() {
			t.Run(a.Name, func(t *testing.T) {
				pkgs := load(t, testdata, "GOPATH="+testdata, "GO111MODULE=off")(a.Name + "/...")
				want := diagnostics(t, a, pkgs)
				if len(want) == 0 {
					t.Fatalf("%s reports nothing on its fixtures", a.Name)
				}
				if got := diagnostics(t, nogoLike(a), pkgs); !slices.Equal(got, want) {
					t.Errorf("with a nogo-like Pass, %s reports\n%s\nwant\n%s", a.Name, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
		}
	})
	t.Run("module", func(t *testing.T) {
		// A module of every analyzer's v1 fixtures (sarama's: its ibm
		// fixtures; kafka-go's: its v0 fixtures), which import only the
		// libraries and the standard library, the stubs replacing the libraries.
		dir := t.TempDir()
		gomod := "module example.com/nogo\n\ngo 1.21\n"
		for _, m := range []struct{ path, version string }{
			{"github.com/confluentinc/confluent-kafka-go", "v1.4.0"},
			{"github.com/IBM/sarama", "v1.61.1"},
			{"github.com/twmb/franz-go", "v1.22.3"},
			{"github.com/segmentio/kafka-go", "v0.4.51"},
		} {
			stub := filepath.Join(testdata, "src", filepath.FromSlash(m.path))
			gomod += "\nrequire " + m.path + " " + m.version + "\nreplace " + m.path + " => " + stub + "\n"
		}
		writeFile(t, filepath.Join(dir, "go.mod"), gomod)
		for _, a := range analyzer.Analyzers() {
			files, _ := filepath.Glob(filepath.Join(testdata, "src", a.Name, "v1", "*.go"))
			if len(files) == 0 { // a client whose module is at v0 (kafka-go)
				files, _ = filepath.Glob(filepath.Join(testdata, "src", a.Name, "v0", "*.go"))
			}
			if len(files) == 0 {
				files, _ = filepath.Glob(filepath.Join(testdata, "src", a.Name, "ibm", "*.go"))
			}
			if len(files) == 0 {
				t.Fatalf("%s has no v1 (or v0, or ibm) fixtures", a.Name)
			}
			for _, f := range files {
				content, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				writeFile(t, filepath.Join(dir, a.Name, filepath.Base(f)), string(content))
			}
		}
		modPkgs := load(t, dir, "GO111MODULE=on", "GOFLAGS=-mod=mod", "GOWORK=off")("./...")
		gopathPkgs := load(t, dir, "GOPATH="+testdata, "GO111MODULE=off")("./...")
		if got := modules(t, moduleProbe, modPkgs); got != len(modPkgs) {
			t.Fatalf("usual run: pass.Module set in %d of %d packages", got, len(modPkgs))
		}
		if got := modules(t, nogoLike(moduleProbe), modPkgs); got != 0 {
			t.Fatalf("nogo-like run: pass.Module set in %d packages", got)
		}
		differs := false
		for _, a := range analyzer.Analyzers() {
			usual := diagnostics(t, a, modPkgs)
			want := diagnostics(t, a, gopathPkgs)
			if len(usual) == 0 || len(want) == 0 {
				t.Fatalf("%s reports nothing on the module tree (%d with module information, %d without)", a.Name, len(usual), len(want))
			}
			if got := diagnostics(t, nogoLike(a), modPkgs); !slices.Equal(got, want) {
				t.Errorf("with a nogo-like Pass on a module, %s reports\n%s\nwant what it reports without module information\n%s", a.Name, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			differs = differs || !slices.Equal(usual, want)
		}
		if !differs {
			t.Error("no analyzer reports differently with and without module information on a v1.4.0 module: the test exercises nothing")
		}
	})
}

// checkAnchors checks that a report has a category with a "# Category NAME"
// heading in its analyzer's package doc, and the URL of that heading on the
// analyzer's pkg.go.dev page (the anchor pkg.go.dev gives it, resolved by the
// driver against Analyzer.URL); reports about directives link README's
// section on suppression.
func checkAnchors(t *testing.T, name string, d analysis.Diagnostic) {
	t.Helper()
	if name == moduleProbe.Name {
		return
	}
	if d.Category == analysisutil.DirectiveCategory {
		if d.URL != analysisutil.DirectiveURL {
			t.Errorf("%s: directive report %q has URL %q, want %q", name, d.Message, d.URL, analysisutil.DirectiveURL)
		}
		return
	}
	ids := headingIDs(t, name)
	if !ids["hdr-Category_"+d.Category] {
		t.Errorf("%s: category %q of %q has no \"# Category %s\" heading in passes/%s/doc.go", name, d.Category, d.Message, d.Category, name)
	}
	if want := analysisutil.URLPrefix + name + analysisutil.CategoryURL(d.Category); d.URL != want {
		t.Errorf("%s: report %q has URL %q, want %q", name, d.Message, d.URL, want)
	}
}

var anchors sync.Map // analyzer name -> map[string]bool

// headingIDs returns the ids of the headings of the analyzer's package doc, as
// pkg.go.dev forms them (go/doc/comment's Heading.DefaultID).
func headingIDs(t *testing.T, name string) map[string]bool {
	if ids, ok := anchors.Load(name); ok {
		return ids.(map[string]bool)
	}
	file := filepath.Join(testutil.TestData(t), "..", "passes", name, "doc.go")
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		t.Fatalf("%s: no package doc: %v", file, err)
	}
	ids := make(map[string]bool)
	for _, b := range new(comment.Parser).Parse(f.Doc.Text()).Content {
		if h, ok := b.(*comment.Heading); ok {
			ids[h.DefaultID()] = true
		}
	}
	anchors.Store(name, ids)
	return ids
}

// load returns a loader of packages (with syntax, types and module information)
// in dir, with env added to the environment; no network.
func load(t *testing.T, dir string, env ...string) func(patterns ...string) []*packages.Package {
	return func(patterns ...string) []*packages.Package {
		t.Helper()
		cfg := &packages.Config{
			Mode: packages.LoadAllSyntax | packages.NeedModule,
			Dir:  dir,
			Env:  append(append(os.Environ(), "GOPROXY=off"), env...),
		}
		pkgs, err := packages.Load(cfg, patterns...)
		if err != nil || len(pkgs) == 0 {
			t.Fatalf("loading %v in %s: %v", patterns, dir, err)
		}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				t.Errorf("loading %s: %v", p.PkgPath, e)
			}
		})
		return pkgs
	}
}

// moduleProbe reports, in each package, whether its Pass has module information.
var moduleProbe = &analysis.Analyzer{
	Name: "moduleprobe",
	Doc:  "report whether pass.Module is set",
	Run: func(pass *analysis.Pass) (any, error) {
		if pass.Module != nil && len(pass.Files) > 0 {
			pass.Reportf(pass.Files[0].Package, "module %s", pass.Module.Path)
		}
		return nil, nil
	},
}

// modules returns the number of root packages in which probe saw module information.
func modules(t *testing.T, probe *analysis.Analyzer, pkgs []*packages.Package) int {
	return len(diagnostics(t, probe, pkgs))
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// diagnostics runs a on pkgs and returns its reports, sorted.
func diagnostics(t *testing.T, a *analysis.Analyzer, pkgs []*packages.Package) []string {
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var list []string
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				checkAnchors(t, act.Analyzer.Name, d)
				list = append(list, act.Package.Fset.Position(d.Pos).String()+": "+d.Message)
			}
		}
	}
	slices.Sort(list)
	return list
}

// nogoLike returns a copy of a, and of the analyzers it requires, whose Run sees a
// Pass without the fields nogo leaves unset.
func nogoLike(a *analysis.Analyzer) *analysis.Analyzer {
	return nogoCopy(a, make(map[*analysis.Analyzer]*analysis.Analyzer))
}

func nogoCopy(a *analysis.Analyzer, copies map[*analysis.Analyzer]*analysis.Analyzer) *analysis.Analyzer {
	if b, ok := copies[a]; ok {
		return b
	}
	b := *a
	copies[a] = &b
	b.Requires = nil
	originals := make(map[*analysis.Analyzer]*analysis.Analyzer)
	for _, req := range a.Requires {
		c := nogoCopy(req, copies)
		b.Requires = append(b.Requires, c)
		originals[c] = req
	}
	b.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Analyzer = a
		p.ReadFile = nil
		p.Module = nil
		p.OtherFiles = nil
		p.IgnoredFiles = nil
		// the original Run looks results up by the original analyzers
		p.ResultOf = make(map[*analysis.Analyzer]any)
		for c, r := range pass.ResultOf {
			p.ResultOf[originals[c]] = r
		}
		return a.Run(&p)
	}
	return &b
}

// TestNewAnalyzers: NewAnalyzers builds the same suite as Analyzers, in the same
// order, as distinct instances, so setting a flag on one leaves the other alone.
func TestNewAnalyzers(t *testing.T) {
	shared, fresh := analyzer.Analyzers(), analyzer.NewAnalyzers()
	if len(shared) != len(fresh) {
		t.Fatalf("NewAnalyzers has %d analyzers, Analyzers %d", len(fresh), len(shared))
	}
	for i := range shared {
		if shared[i].Name != fresh[i].Name || shared[i] == fresh[i] {
			t.Errorf("analyzer %d: NewAnalyzers gives %q (same instance: %v), Analyzers %q", i, fresh[i].Name, shared[i] == fresh[i], shared[i].Name)
		}
	}
	if err := fresh[0].Flags.Set("allversions", "true"); err != nil {
		t.Fatal(err)
	}
	if v := shared[0].Flags.Lookup("allversions").Value.String(); v != "false" {
		t.Errorf("setting a flag on a new %s changed the shared one: %s", fresh[0].Name, v)
	}
}

// shortDoc returns the title and first paragraph of an analyzer's
// documentation.
func shortDoc(doc string) string {
	paras := strings.SplitN(doc, "\n\n", 3)
	return strings.Join(paras[:min(len(paras), 2)], "\n\n")
}
