package main

// -fix on the pruned analysis. The go/analysis drivers keep the application of
// suggested fixes (merging the edits of several fixes, skipping conflicting
// ones and those in generated files, formatting, -diff's unified diff) in an
// internal package that only multichecker's Main reaches; and multichecker,
// given analyzers with facts, loads every dependency of the packages from
// source, which on a large module takes minutes. So the command analyses as a
// plain run does, then hands multichecker the packages that have fixes with
// stand-ins for the analyzers: same names, flags and order, no facts and no
// requirements (so multichecker reads the dependencies from export data), each
// reporting what its analyzer reported with a fix in that package. multichecker
// then applies them as it applies any analyzer's fixes.

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// runFix applies the fixes that the analysis of l's packages suggests: nothing
// to do when there is none; otherwise it hands multichecker (which exits) the
// packages with fixes and stand-ins for the analyzers. The analyzers themselves,
// which load every dependency from source, get the packages with fixes when a
// fix edits a file outside its package (a stand-in could not name it), and all
// the packages when the analysis cannot tell (a package that does not
// type-check, an analyzer that failed, packages named by their files):
// multichecker reports those its own way.
func runFix(env *goEnv, l *listing, cl *commandLine) int {
	res, err := loadReaching(env, l, cl.analyzers, cl.tests, false)
	if err != nil || len(res.broken) > 0 {
		handOver(cl, l.patterns, cl.all)
	}
	patterns, ok := withFixes(res.graph, l.patterns)
	if !ok {
		handOver(cl, l.patterns, cl.all)
	}
	if len(patterns) == 0 {
		return exitClean
	}
	replay, ok := newFixReplay(res.graph)
	if !ok {
		handOver(cl, patterns, cl.all)
	}
	handOver(cl, patterns, replay.standIns(cl.all))
	return exitFailed // not reached: multichecker exits
}

// withFixes returns the patterns among all (import paths, in order) of the
// packages whose root actions in graph report a suggested fix, and false if it
// cannot tell: an action failed, or the packages are named by their files.
func withFixes(graph *checker.Graph, all []string) ([]string, bool) {
	fixed := make(map[string]bool)
	for act := range graph.All() {
		if act.Err != nil {
			return nil, false
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			if act.Package.PkgPath == "command-line-arguments" {
				return nil, false
			}
			fixed[basePath(act.Package)] = true
		}
	}
	var patterns []string
	for _, p := range all {
		if fixed[p] {
			patterns = append(patterns, p)
		}
	}
	return patterns, true
}

// A fileOffset is a position as a file name and an offset in it: it names the
// same place in another FileSet that has the file.
type fileOffset struct {
	file   string
	offset int
}

// A fixReplay holds the diagnostics with fixes of the root actions of an
// analysis, by analyzer and package, as file offsets.
type fixReplay struct {
	diags map[replayKey][]replayDiag
}

// A replayKey names an analyzer and a package, by its files: a package and its
// test variant have the same path.
type replayKey struct {
	analyzer string
	files    string // the compiled files, sorted, one per line
}

type replayDiag struct {
	pos, end fileOffset
	category string
	message  string
	fixes    []replayFix
}

type replayFix struct {
	message string
	edits   []replayEdit
}

type replayEdit struct {
	pos, end fileOffset
	text     []byte
}

// filesKey is the replayKey.files of a package with these compiled files.
func filesKey(files []string) string {
	return strings.Join(slices.Sorted(slices.Values(files)), "\n")
}

// newFixReplay records the diagnostics with fixes of graph's root actions. It
// returns false if a position is not in a file of the action's package, which
// the stand-in could not name (none of the suite's fixes does that).
func newFixReplay(graph *checker.Graph) (*fixReplay, bool) {
	r := &fixReplay{diags: make(map[replayKey][]replayDiag)}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		key := replayKey{act.Analyzer.Name, filesKey(act.Package.CompiledGoFiles)}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			rd := replayDiag{category: d.Category, message: d.Message}
			ok := offsetIn(act.Package, d.Pos, &rd.pos) && offsetIn(act.Package, max(d.End, d.Pos), &rd.end)
			for _, f := range d.SuggestedFixes {
				rf := replayFix{message: f.Message}
				for _, e := range f.TextEdits {
					re := replayEdit{text: e.NewText}
					ok = ok && offsetIn(act.Package, e.Pos, &re.pos) && offsetIn(act.Package, max(e.End, e.Pos), &re.end)
					rf.edits = append(rf.edits, re)
				}
				rd.fixes = append(rd.fixes, rf)
			}
			if !ok {
				return nil, false
			}
			r.diags[key] = append(r.diags[key], rd)
		}
	}
	return r, true
}

// offsetIn sets *at to pos as a file offset, and reports whether pos is in one
// of p's files.
func offsetIn(p *packages.Package, pos token.Pos, at *fileOffset) bool {
	tf := p.Fset.File(pos)
	if tf == nil || !slices.Contains(p.CompiledGoFiles, tf.Name()) {
		return false
	}
	*at = fileOffset{tf.Name(), tf.Offset(pos)}
	return true
}

// standIns returns, for each analyzer, one with the same name, documentation
// and flags that reports the recorded diagnostics of the package it runs on.
func (r *fixReplay) standIns(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		out[i] = &analysis.Analyzer{
			Name:             a.Name,
			Doc:              a.Doc,
			URL:              a.URL,
			Flags:            a.Flags, // the same flags, so that the command line parses the same
			RunDespiteErrors: true,
			Run:              func(pass *analysis.Pass) (any, error) { return nil, r.report(pass, a.Name) },
		}
	}
	return out
}

// report reports on pass what analyzer reported with a fix on the package.
func (r *fixReplay) report(pass *analysis.Pass, analyzer string) error {
	files := make(map[string]*token.File)
	var names []string
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil {
			files[tf.Name()] = tf
			names = append(names, tf.Name())
		}
	}
	pos := func(at fileOffset) (token.Pos, error) {
		tf := files[at.file]
		if tf == nil || at.offset > tf.Size() {
			return token.NoPos, fmt.Errorf("internal error: the fix's file %s (offset %d) is not one of the package's as loaded again", at.file, at.offset)
		}
		return tf.Pos(at.offset), nil
	}
	for _, rd := range r.diags[replayKey{analyzer, filesKey(names)}] {
		d := analysis.Diagnostic{Category: rd.category, Message: rd.message}
		var err error
		if d.Pos, err = pos(rd.pos); err != nil {
			return err
		}
		if d.End, err = pos(rd.end); err != nil {
			return err
		}
		for _, rf := range rd.fixes {
			f := analysis.SuggestedFix{Message: rf.message}
			for _, re := range rf.edits {
				e := analysis.TextEdit{NewText: re.text}
				if e.Pos, err = pos(re.pos); err != nil {
					return err
				}
				if e.End, err = pos(re.end); err != nil {
					return err
				}
				f.TextEdits = append(f.TextEdits, e)
			}
			d.SuggestedFixes = append(d.SuggestedFixes, f)
		}
		pass.Report(d)
	}
	return nil
}
