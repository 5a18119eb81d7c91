package main

// SARIF output. multichecker has no hook for another output format, so with -sarif
// the command runs the analyzers itself, through go/analysis/checker, the same
// engine multichecker uses, and converts the results to the SARIF types of
// internal/sarif; the test validates the output against the published schema.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/sarif"
)

// runSARIF analyzes the packages of the command line and writes a SARIF log to
// standard output or the file -sarif names. Its exit codes are the text mode's.
func runSARIF(cl *commandLine) int {
	o := analyse(cl, false) // SARIF, like -json, analyses both variants
	var notes []sarif.Notification
	for _, line := range o.broken {
		fmt.Fprintln(os.Stderr, line)
		notes = append(notes, sarif.Notification{Level: "warning", Message: sarif.Message{Text: strings.TrimPrefix(line, "kafkalint: ")}})
	}
	for act := range o.graph.All() {
		if act.Err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", act.Analyzer.Name, act.Err)
			notes = append(notes, sarif.Notification{Level: "error", Message: sarif.Message{Text: act.Analyzer.Name + ": " + act.Err.Error()}})
		}
	}
	for _, line := range o.causes {
		notes = append(notes, sarif.Notification{Level: "error", Message: sarif.Message{Text: strings.TrimPrefix(line, "kafkalint: ")}})
	}

	log := newSARIF(cl.analyzers, o.graph, notes)
	w := io.Writer(os.Stdout)
	if cl.sarif != "" {
		f, err := os.Create(cl.sarif)
		if err != nil {
			fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
			return exitFailed
		}
		w = f
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	err := enc.Encode(log)
	if f, ok := w.(*os.File); ok && f != os.Stdout {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	printLines(o.causes)
	if err != nil {
		fmt.Fprintf(os.Stderr, "kafkalint: writing SARIF: %v\n", err)
		return exitFailed
	}
	return exitCode(failed(notes), len(log.Runs[0].Results))
}

// failed reports whether a notification is an error: a cause of the gate
// (gate.go) or an analyzer that failed. The line of a broken package is a
// warning: the analyzers ran on it, and the gate's line about it is the error.
func failed(notes []sarif.Notification) bool {
	for _, n := range notes {
		if n.Level == "error" {
			return true
		}
	}
	return false
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

// srcRoot is the base of relative artifact URIs: the top directory of the git
// repository the command runs in, or the working directory outside one. GitHub
// code scanning ignores originalUriBaseIds and maps a URI onto the repository
// as it is, so it must be relative to the repository's root, also for a run in
// a module in a subdirectory.
const srcRoot = "%SRCROOT%"

// sourceRoot returns the directory relative URIs are relative to (srcRoot):
// git's top level for the working directory, or the working directory itself
// when it is in no repository (or git is not installed).
func sourceRoot() string {
	cwd, err := os.Getwd()
	if err != nil {
		return ""
	}
	cmd := exec.Command("git", "rev-parse", "--show-toplevel")
	cmd.Dir = cwd
	out, err := cmd.Output()
	top := strings.TrimSpace(string(out))
	if err != nil || top == "" || !filepath.IsAbs(top) {
		return cwd
	}
	// git resolves symbolic links, the go command names files from the
	// working directory as the environment spells it: go up from there as
	// many directories as the working directory lies below the top.
	rel, err := filepath.Rel(evalSymlinks(top), evalSymlinks(cwd))
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return top
	}
	root := cwd
	for dir := rel; dir != "." && dir != string(filepath.Separator); dir = filepath.Dir(dir) {
		root = filepath.Dir(root)
	}
	return root
}

func evalSymlinks(path string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return p
	}
	return path
}

// newSARIF converts the results of the root actions of graph: one rule per
// analyzer, one result per diagnostic (duplicates from test variants of a package
// dropped), related information as related locations, suggested fixes as fixes.
func newSARIF(analyzers []*analysis.Analyzer, graph *checker.Graph, notes []sarif.Notification) *sarif.Log {
	root := sourceRoot()
	conv := &converter{root: root, lines: make(map[string][]byte)}
	r := sarif.Run{
		Tool: sarif.Tool{Driver: sarif.Driver{
			Name:            "kafkalint",
			Version:         toolVersion(),
			SemanticVersion: strings.TrimPrefix(version(), "v"),
			InformationURI:  "https://pkg.go.dev/github.com/kafkalint/kafkalint",
			Rules:           []sarif.Rule{}, // the schema wants an array, also when all are disabled
		}},
		Invocations: []sarif.Invocation{{ExecutionSuccessful: !failed(notes), ToolExecutionNotifications: notes}},
		ColumnKind:  "utf16CodeUnits",
		Results:     []sarif.Result{},
	}
	if root != "" {
		r.OriginalURIBaseIDs = map[string]sarif.ArtifactLocation{srcRoot: {URI: fileURI(root) + "/"}}
	}
	index := make(map[*analysis.Analyzer]int)
	for i, a := range analyzers {
		index[a] = i
		title, _, _ := strings.Cut(a.Doc, "\n")
		r.Tool.Driver.Rules = append(r.Tool.Driver.Rules, sarif.Rule{
			ID:                   a.Name,
			ShortDescription:     sarif.Message{Text: title},
			FullDescription:      sarif.Message{Text: description(a.Doc)},
			Help:                 sarif.Message{Text: helpText(a) + "\n\nRun \"kafkalint help " + a.Name + "\" or see " + a.URL},
			HelpURI:              a.URL,
			DefaultConfiguration: sarif.Configuration{Level: "warning"},
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
			res := sarif.Result{
				RuleID:    act.Analyzer.Name,
				RuleIndex: index[act.Analyzer],
				Level:     "warning",
				Message:   sarif.Message{Text: d.Message},
				Locations: []sarif.Location{{PhysicalLocation: conv.physical(fset, d.Pos, d.End)}},
			}
			if d.Category != "" {
				res.Properties = &sarif.ResultProperties{Category: d.Category}
			}
			for i, rel := range d.Related {
				id := i + 1
				res.RelatedLocations = append(res.RelatedLocations, sarif.Location{
					ID:               &id,
					PhysicalLocation: conv.physical(fset, rel.Pos, rel.End),
					Message:          &sarif.Message{Text: rel.Message},
				})
			}
			for _, sf := range d.SuggestedFixes {
				res.Fixes = append(res.Fixes, conv.fix(fset, sf))
			}
			r.Results = append(r.Results, res)
		}
	}
	// The fingerprints, once the results are known: identical results in one
	// file are told apart by their order, as GitHub numbers its own
	// primaryLocationLineHash.
	count := make(map[string]int)
	for i := range r.Results {
		res := &r.Results[i]
		fp := conv.fingerprint(res)
		n := count[fp] + 1
		count[fp] = n
		res.PartialFingerprints = map[string]string{fingerprintKey: fmt.Sprintf("%s:%d", fp, n)}
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
	return &sarif.Log{
		Schema:  sarif.Schema,
		Version: sarif.Version,
		Runs:    []sarif.Run{r},
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

// A converter turns token positions into SARIF locations.
type converter struct {
	root  string            // srcRoot's directory
	lines map[string][]byte // file contents, for UTF-16 columns and fingerprints
	files map[string]string // artifact URI -> file name
}

// fingerprintKey names kafkalint's partial fingerprint of a result.
const fingerprintKey = "kafkalint/v1"

// fingerprint identifies a result across runs while the code around it moves:
// a hash of the analyzer, the file, the message and the text of the report's
// line without its white space. A line inserted above a report moves it without
// changing its fingerprint (GitHub code scanning then keeps the alert rather
// than closing it and opening another); an edit of the line itself, or of the
// message, makes it another result. The caller numbers identical fingerprints.
func (c *converter) fingerprint(res *sarif.Result) string {
	loc := res.Locations[0].PhysicalLocation
	h := sha256.New()
	for _, s := range []string{res.RuleID, loc.ArtifactLocation.URI, res.Message.Text} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	if file, ok := c.files[loc.ArtifactLocation.URI]; ok {
		data := c.lines[file]
		lines := bytes.Split(data, []byte("\n"))
		if l := loc.Region.StartLine; 1 <= l && l <= len(lines) {
			h.Write(bytes.Join(bytes.Fields(lines[l-1]), nil))
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func (c *converter) fix(fset *token.FileSet, sf analysis.SuggestedFix) sarif.Fix {
	f := sarif.Fix{Description: sarif.Message{Text: sf.Message}}
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
			f.ArtifactChanges = append(f.ArtifactChanges, sarif.ArtifactChange{ArtifactLocation: loc.ArtifactLocation})
		}
		rep := sarif.Replacement{DeletedRegion: loc.Region}
		if len(e.NewText) > 0 {
			rep.InsertedContent = &sarif.Message{Text: string(e.NewText)}
		}
		f.ArtifactChanges[i].Replacements = append(f.ArtifactChanges[i].Replacements, rep)
	}
	return f
}

// physical returns the location of [pos, end); an invalid end makes it a point.
func (c *converter) physical(fset *token.FileSet, pos, end token.Pos) sarif.PhysicalLocation {
	start := fset.PositionFor(pos, false)
	stop := start
	if end.IsValid() {
		stop = fset.PositionFor(end, false)
	}
	return sarif.PhysicalLocation{
		ArtifactLocation: c.artifact(start.Filename),
		Region: sarif.Region{
			StartLine:   start.Line,
			StartColumn: c.column(start),
			EndLine:     stop.Line,
			EndColumn:   c.column(stop),
		},
	}
}

// artifact returns the file's URI, relative to srcRoot's directory when it is
// inside it.
func (c *converter) artifact(filename string) sarif.ArtifactLocation {
	loc := sarif.ArtifactLocation{URI: fileURI(filename)}
	if c.root != "" {
		if rel, err := filepath.Rel(c.root, filename); err == nil && filepath.IsLocal(rel) {
			loc = sarif.ArtifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), URIBaseID: srcRoot}
		}
	}
	if c.files == nil {
		c.files = make(map[string]string)
	}
	c.files[loc.URI] = filename
	return loc
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
