package main

// The text output: one line per report, "file:line:col: message (analyzer)", as
// staticcheck prints "(SA1000)" and golangci-lint "(linter)": the name is what a
// //kafkalint:ignore NAME directive and the -NAME flags need. checker's
// Graph.PrintText, which the command printed with before, leaves the name out
// and offers no hook to add it, so the command prints the same lines itself: the
// reports of the root actions in checker's order, duplicates (a file of a package
// and of its test variant) printed once, related information on the lines after
// a report as "file:line:col: \tmessage" (without the name: it is not a report),
// the -c context lines, and an action's error as "analyzer: error" before the
// reports.

import (
	"bytes"
	"fmt"
	"go/token"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// printText writes the reports of graph's root actions and the errors of all its
// actions to w, as described above; contextLines < 0 prints no source lines.
func printText(w io.Writer, graph *checker.Graph, contextLines int) error {
	type key struct {
		pos, end token.Position
		a        *analysis.Analyzer
		message  string
	}
	seen := make(map[key]bool)
	var errs, reports bytes.Buffer
	files := make(map[string][]string) // the lines of the files -c quotes
	quote := func(posn, end token.Position) {
		if contextLines < 0 {
			return
		}
		if !end.IsValid() {
			end = posn
		}
		lines, ok := files[posn.Filename]
		if !ok {
			data, _ := os.ReadFile(posn.Filename) // unreadable: no context, as checker
			lines = strings.Split(string(data), "\n")
			files[posn.Filename] = lines
		}
		for i := posn.Line - contextLines; i <= end.Line+contextLines; i++ {
			if 1 <= i && i <= len(lines) {
				fmt.Fprintf(&reports, "%d\t%s\n", i, lines[i-1])
			}
		}
	}
	for act := range graph.All() { // checker's order: dependencies first
		if act.Err != nil {
			fmt.Fprintf(&errs, "%s: %v\n", act.Analyzer.Name, act.Err)
			continue
		}
		if !act.IsRoot {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			posn, end := fset.Position(d.Pos), fset.Position(d.End)
			k := key{posn, end, act.Analyzer, d.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			fmt.Fprintf(&reports, "%s: %s (%s)\n", posn, d.Message, act.Analyzer.Name)
			quote(posn, end)
			for _, rel := range d.Related {
				rpos := fset.Position(rel.Pos)
				fmt.Fprintf(&reports, "%s: \t%s\n", rpos, rel.Message)
				quote(rpos, fset.Position(rel.End))
			}
		}
	}
	if _, err := w.Write(errs.Bytes()); err != nil {
		return err
	}
	_, err := w.Write(reports.Bytes())
	return err
}
