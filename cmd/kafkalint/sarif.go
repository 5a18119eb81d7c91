package main

// SARIF output. multichecker has no hook for another output format, so with -sarif
// the command runs the analyzers itself, through go/analysis/checker, the same
// engine multichecker uses, and converts the results. The types below are the
// subset of SARIF 2.1.0 that we write; the test validates the output against the
// published schema.

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

// sarifArgs removes -sarif or -sarif=FILE from args. ok reports whether it was
// there; out is the file to write, "" for standard output.
func sarifArgs(args []string) (out string, rest []string, ok bool) {
	for i, arg := range args {
		if arg == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(arg, "-"), "=")
		if !strings.HasPrefix(arg, "-") || strings.TrimPrefix(name, "-") != "sarif" {
			continue
		}
		if hasValue {
			out = value
		}
		rest = append(append(rest, args[:i]...), args[i+1:]...)
		return out, rest, true
	}
	return "", args, false
}

// runSARIF analyzes the packages that args name and writes a SARIF log to out (a
// file name, or "" for standard output). Its exit codes are the text mode's: 1 if
// the packages could not be analyzed, 3 if there are results, 0 otherwise.
func runSARIF(out string, args []string, analyzers []*analysis.Analyzer) int {
	fs := flag.NewFlagSet("kafkalint -sarif", flag.ContinueOnError)
	enable := make(map[*analysis.Analyzer]*bool)
	for _, a := range analyzers {
		enable[a] = fs.Bool(a.Name, false, fmt.Sprintf("enable %q analysis", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	tests := fs.Bool("test", true, "indicates whether test files should be analyzed, too")
	var conflicting [3]bool
	for i, name := range []string{"json", "fix", "diff"} {
		fs.BoolVar(&conflicting[i], name, false, "not with -sarif")
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if conflicting != [3]bool{} {
		fmt.Fprintln(os.Stderr, "kafkalint: -sarif cannot be combined with -json, -fix or -diff; run them separately")
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "kafkalint: -sarif needs packages to analyze, for example: kafkalint -sarif=kafkalint.sarif ./...")
		return 2
	}
	analyzers = selected(analyzers, fs, enable)

	var pkgs []*packages.Package
	var notes []notification
	if fullLoad() {
		mode := packages.LoadSyntax | packages.NeedModule
		if needFacts(analyzers) {
			mode = packages.LoadAllSyntax | packages.NeedModule
		}
		var err error
		pkgs, err = packages.Load(&packages.Config{Mode: mode, Tests: *tests}, fs.Args()...)
		if err == nil && len(pkgs) == 0 {
			err = fmt.Errorf("%s matched no packages", strings.Join(fs.Args(), " "))
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
			return 1
		}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				fmt.Fprintln(os.Stderr, e)
				notes = append(notes, notification{Level: "error", Message: message{Text: e.Error()}})
			}
		})
	} else {
		var broken []string
		var err error
		pkgs, broken, err = loadPruned(fs.Args(), *tests)
		if err != nil {
			fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
			return 1
		}
		for _, line := range broken {
			fmt.Fprintln(os.Stderr, line)
			notes = append(notes, notification{Level: "warning", Message: message{Text: strings.TrimPrefix(line, "kafkalint: ")}})
		}
	}
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
		return 1
	}
	for act := range graph.All() {
		if act.Err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", act.Analyzer.Name, act.Err)
			notes = append(notes, notification{Level: "error", Message: message{Text: act.Analyzer.Name + ": " + act.Err.Error()}})
		}
	}

	log := newSARIF(analyzers, graph, notes)
	w := io.Writer(os.Stdout)
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
			return 1
		}
		w = f
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	err = enc.Encode(log)
	if f, ok := w.(*os.File); ok && f != os.Stdout {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "kafkalint: writing SARIF: %v\n", err)
		return 1
	}
	switch {
	case failed(notes):
		return 1
	case len(log.Runs[0].Results) > 0:
		return 3
	}
	return 0
}

// failed reports whether a notification is an error: a package the go command or
// the type checker could not load in full (KAFKALINT_LOAD=full), or an analyzer
// that failed. A broken package of the pruned loading is a warning: the analyzers
// ran on it anyway.
func failed(notes []notification) bool {
	for _, n := range notes {
		if n.Level == "error" {
			return true
		}
	}
	return false
}

// selected applies the -NAME flags as multichecker does: if any is true, only
// those analyzers run; otherwise those set to false are left out.
func selected(analyzers []*analysis.Analyzer, fs *flag.FlagSet, enable map[*analysis.Analyzer]*bool) []*analysis.Analyzer {
	set := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var anyTrue bool
	for _, a := range analyzers {
		anyTrue = anyTrue || set[a.Name] && *enable[a]
	}
	var keep []*analysis.Analyzer
	for _, a := range analyzers {
		if anyTrue && *enable[a] || !anyTrue && (!set[a.Name] || *enable[a]) {
			keep = append(keep, a)
		}
	}
	return keep
}

// needFacts reports whether any analyzer, or one it requires, uses facts: then
// every dependency must be loaded from source, as multichecker does.
func needFacts(analyzers []*analysis.Analyzer) bool {
	for _, a := range analyzers {
		if len(a.FactTypes) > 0 || needFacts(a.Requires) {
			return true
		}
	}
	return false
}

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), the part we write.
type (
	sarifLog struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}
	run struct {
		Tool               tool                   `json:"tool"`
		Invocations        []invocation           `json:"invocations"`
		OriginalURIBaseIDs map[string]artifactLoc `json:"originalUriBaseIds,omitempty"`
		ColumnKind         string                 `json:"columnKind"`
		Results            []result               `json:"results"`
	}
	tool struct {
		Driver driver `json:"driver"`
	}
	driver struct {
		Name           string `json:"name"`
		Version        string `json:"version,omitempty"`
		InformationURI string `json:"informationUri"`
		Rules          []rule `json:"rules"`
	}
	rule struct {
		ID                   string        `json:"id"`
		ShortDescription     message       `json:"shortDescription"`
		FullDescription      message       `json:"fullDescription"`
		Help                 message       `json:"help"`
		HelpURI              string        `json:"helpUri,omitempty"`
		DefaultConfiguration configuration `json:"defaultConfiguration"`
	}
	configuration struct {
		Level string `json:"level"`
	}
	invocation struct {
		ExecutionSuccessful        bool           `json:"executionSuccessful"`
		ToolExecutionNotifications []notification `json:"toolExecutionNotifications,omitempty"`
	}
	notification struct {
		Level   string  `json:"level"`
		Message message `json:"message"`
	}
	message struct {
		Text string `json:"text"`
	}
	result struct {
		RuleID           string          `json:"ruleId"`
		RuleIndex        int             `json:"ruleIndex"`
		Level            string          `json:"level"`
		Message          message         `json:"message"`
		Locations        []location      `json:"locations"`
		RelatedLocations []location      `json:"relatedLocations,omitempty"`
		Fixes            []fix           `json:"fixes,omitempty"`
		Properties       *resultCategory `json:"properties,omitempty"`
	}
	resultCategory struct {
		Category string `json:"category"`
	}
	location struct {
		ID               *int             `json:"id,omitempty"`
		PhysicalLocation physicalLocation `json:"physicalLocation"`
		Message          *message         `json:"message,omitempty"`
	}
	physicalLocation struct {
		ArtifactLocation artifactLoc `json:"artifactLocation"`
		Region           region      `json:"region"`
	}
	artifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
	fix struct {
		Description     message          `json:"description"`
		ArtifactChanges []artifactChange `json:"artifactChanges"`
	}
	artifactChange struct {
		ArtifactLocation artifactLoc   `json:"artifactLocation"`
		Replacements     []replacement `json:"replacements"`
	}
	replacement struct {
		DeletedRegion   region   `json:"deletedRegion"`
		InsertedContent *message `json:"insertedContent,omitempty"`
	}
)

// srcRoot is the base of relative artifact URIs: the working directory, which for
// code scanning is the repository's checkout.
const srcRoot = "%SRCROOT%"

// newSARIF converts the results of the root actions of graph: one rule per
// analyzer, one result per diagnostic (duplicates from test variants of a package
// dropped), related information as related locations, suggested fixes as fixes.
func newSARIF(analyzers []*analysis.Analyzer, graph *checker.Graph, notes []notification) *sarifLog {
	cwd, _ := os.Getwd()
	conv := &converter{cwd: cwd, lines: make(map[string][]byte)}
	r := run{
		Tool: tool{Driver: driver{
			Name:           "kafkalint",
			Version:        version(),
			InformationURI: "https://pkg.go.dev/github.com/kafkalint/kafkalint",
			Rules:          []rule{}, // the schema wants an array, also when all are disabled
		}},
		Invocations: []invocation{{ExecutionSuccessful: !failed(notes), ToolExecutionNotifications: notes}},
		ColumnKind:  "utf16CodeUnits",
		Results:     []result{},
	}
	if cwd != "" {
		r.OriginalURIBaseIDs = map[string]artifactLoc{srcRoot: {URI: fileURI(cwd) + "/"}}
	}
	index := make(map[*analysis.Analyzer]int)
	for i, a := range analyzers {
		index[a] = i
		title, _, _ := strings.Cut(a.Doc, "\n")
		r.Tool.Driver.Rules = append(r.Tool.Driver.Rules, rule{
			ID:                   a.Name,
			ShortDescription:     message{title},
			FullDescription:      message{description(a.Doc)},
			Help:                 message{helpText(a) + "\n\nRun \"kafkalint help " + a.Name + "\" or see " + a.URL},
			HelpURI:              a.URL,
			DefaultConfiguration: configuration{Level: "warning"},
		})
	}

	type key struct {
		start, end token.Position
		name, msg  string
	}
	seen := make(map[key]bool)
	for _, act := range graph.Roots {
		if act.Err != nil {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			k := key{fset.Position(d.Pos), fset.Position(d.End), act.Analyzer.Name, d.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			res := result{
				RuleID:    act.Analyzer.Name,
				RuleIndex: index[act.Analyzer],
				Level:     "warning",
				Message:   message{d.Message},
				Locations: []location{{PhysicalLocation: conv.physical(fset, d.Pos, d.End)}},
			}
			if d.Category != "" {
				res.Properties = &resultCategory{d.Category}
			}
			for i, rel := range d.Related {
				id := i + 1
				res.RelatedLocations = append(res.RelatedLocations, location{
					ID:               &id,
					PhysicalLocation: conv.physical(fset, rel.Pos, rel.End),
					Message:          &message{rel.Message},
				})
			}
			for _, sf := range d.SuggestedFixes {
				res.Fixes = append(res.Fixes, conv.fix(fset, sf))
			}
			r.Results = append(r.Results, res)
		}
	}
	sort.SliceStable(r.Results, func(i, j int) bool {
		a, b := r.Results[i].Locations[0].PhysicalLocation, r.Results[j].Locations[0].PhysicalLocation
		if a.ArtifactLocation.URI != b.ArtifactLocation.URI {
			return a.ArtifactLocation.URI < b.ArtifactLocation.URI
		}
		if a.Region.StartLine != b.Region.StartLine {
			return a.Region.StartLine < b.Region.StartLine
		}
		return a.Region.StartColumn < b.Region.StartColumn
	})
	return &sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []run{r},
	}
}

// description returns the paragraph of doc after its title.
// helpText returns the analyzer's whole documentation, or its Doc.
func helpText(a *analysis.Analyzer) string {
	if full, ok := analysisutil.Help(a.Name); ok {
		return full
	}
	return a.Doc
}

func description(doc string) string {
	_, rest, _ := strings.Cut(doc, "\n")
	rest = strings.TrimSpace(rest)
	if i := strings.Index(rest, "\n\n"); i >= 0 {
		rest = rest[:i]
	}
	if rest == "" {
		title, _, _ := strings.Cut(doc, "\n")
		return title
	}
	return rest
}

// version returns the module version of the binary, if it was built from one.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return ""
}

// A converter turns token positions into SARIF locations.
type converter struct {
	cwd   string
	lines map[string][]byte // file contents, for UTF-16 columns
}

func (c *converter) fix(fset *token.FileSet, sf analysis.SuggestedFix) fix {
	f := fix{Description: message{sf.Message}}
	byFile := make(map[string]int)
	for _, e := range sf.TextEdits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		loc := c.physical(fset, e.Pos, end)
		i, ok := byFile[loc.ArtifactLocation.URI]
		if !ok {
			i = len(f.ArtifactChanges)
			byFile[loc.ArtifactLocation.URI] = i
			f.ArtifactChanges = append(f.ArtifactChanges, artifactChange{ArtifactLocation: loc.ArtifactLocation})
		}
		rep := replacement{DeletedRegion: loc.Region}
		if len(e.NewText) > 0 {
			rep.InsertedContent = &message{string(e.NewText)}
		}
		f.ArtifactChanges[i].Replacements = append(f.ArtifactChanges[i].Replacements, rep)
	}
	return f
}

// physical returns the location of [pos, end); an invalid end makes it a point.
func (c *converter) physical(fset *token.FileSet, pos, end token.Pos) physicalLocation {
	start := fset.PositionFor(pos, false)
	stop := start
	if end.IsValid() {
		stop = fset.PositionFor(end, false)
	}
	return physicalLocation{
		ArtifactLocation: c.artifact(start.Filename),
		Region: region{
			StartLine:   start.Line,
			StartColumn: c.column(start),
			EndLine:     stop.Line,
			EndColumn:   c.column(stop),
		},
	}
}

// artifact returns the file's URI, relative to the working directory when it is
// inside it.
func (c *converter) artifact(filename string) artifactLoc {
	if c.cwd != "" {
		if rel, err := filepath.Rel(c.cwd, filename); err == nil && filepath.IsLocal(rel) {
			return artifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), URIBaseID: srcRoot}
		}
	}
	return artifactLoc{URI: fileURI(filename)}
}

// column converts the byte column of p to UTF-16 code units, counted from 1.
func (c *converter) column(p token.Position) int {
	data, ok := c.lines[p.Filename]
	if !ok {
		data, _ = os.ReadFile(p.Filename) // on error, columns stay byte columns
		c.lines[p.Filename] = data
	}
	start := p.Offset - (p.Column - 1)
	if start < 0 || p.Offset > len(data) {
		return p.Column
	}
	col := 1
	for _, r := range string(data[start:p.Offset]) {
		if r == utf8.RuneError {
			col++
		} else {
			col += len(utf16.Encode([]rune{r}))
		}
	}
	return col
}

func fileURI(path string) string {
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: path}).String()
}
