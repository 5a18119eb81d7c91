package analyzer_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/analyzer"
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

	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range list {
		checkDoc(t, a)
		if want := "https://pkg.go.dev/github.com/kafkalint/kafkalint/passes/" + a.Name; a.URL != want {
			t.Errorf("%s: URL = %q, want %q", a.Name, a.URL, want)
		}
		heading := regexp.MustCompile(`(?m)^#+ .*\b` + regexp.QuoteMeta(a.Name) + `\b`)
		if !heading.Match(readme) {
			t.Errorf("%s: README.md has no heading that names it", a.Name)
		}
		if title, _, _ := strings.Cut(a.Doc, "\n"); !strings.Contains(string(readme), title) {
			t.Errorf("%s: README.md does not show its title %q", a.Name, title)
		}
		checkFlags(t, a)
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

// TestNogoPass runs every analyzer on its fixtures twice, once as usual and once
// with a Pass the way nogo builds it: no ReadFile, no Module, no OtherFiles. An
// analyzer that needs any of them at run time would panic or report differently.
func TestNogoPass(t *testing.T) {
	testdata := testutil.TestData(t)
	for _, a := range analyzer.Analyzers() {
		t.Run(a.Name, func(t *testing.T) {
			cfg := &packages.Config{
				Mode: packages.LoadAllSyntax,
				Dir:  testdata,
				Env:  append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOPROXY=off"),
			}
			pkgs, err := packages.Load(cfg, a.Name+"/...")
			if err != nil || len(pkgs) == 0 {
				t.Fatalf("loading the fixtures of %s: %v", a.Name, err)
			}
			want := diagnostics(t, a, pkgs)
			if len(want) == 0 {
				t.Fatalf("%s reports nothing on its fixtures", a.Name)
			}
			if got := diagnostics(t, nogoLike(a), pkgs); !slices.Equal(got, want) {
				t.Errorf("with a nogo-like Pass, %s reports\n%s\nwant\n%s", a.Name, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
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
