package readtimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// fix inserts, first in the error branch body, the timeout check that continues
// the loop:
//
//	var kerr kafka.Error
//	if errors.As(err, &kerr) && kerr.IsTimeout() { // kerr.Code() == kafka.ErrTimedOut before v2.0.2
//		continue
//	}
//
// errors.As rather than a type assertion, so that errorlint stays quiet and the
// check still holds if the error is ever wrapped. The "errors" import is added
// when the file lacks it. No fix when the file does not import the library
// (the qualifier for kafka.Error), or "errors" names something else there.
func (c *checker) fix(r *read, errVar *types.Var, body []ast.Stmt) (analysis.SuggestedFix, bool) {
	if len(body) == 0 {
		return analysis.SuggestedFix{}, false
	}
	first := body[0]
	file := c.fileOf(first.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	kafka, ok := importName(file, r.lib)
	if !ok {
		return analysis.SuggestedFix{}, false // the file does not name the library
	}
	var scope *types.Scope
	if fs := c.pass.TypesInfo.Scopes[file]; fs != nil {
		scope = fs.Innermost(first.Pos())
	}
	if scope == nil {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	errorsName := "errors"
	if _, obj := scope.LookupParent("errors", first.Pos()); obj != nil {
		pn, ok := obj.(*types.PkgName)
		if !ok || pn.Imported().Path() != "errors" {
			return analysis.SuggestedFix{}, false // "errors" is something else here
		}
	} else if name, imported := importedAs(file, "errors"); imported {
		if name == "_" || name == "." {
			return analysis.SuggestedFix{}, false
		}
		errorsName = name
	} else {
		edits = append(edits, addImport(file, "errors")...)
	}
	kerr := c.freshName(scope, first.Pos(), body, "kerr", "kafkaErr", "kerr2", "kerr3")
	if kerr == "" {
		return analysis.SuggestedFix{}, false
	}
	test := kerr + ".IsTimeout()"
	if !kafkaapi.HasMethod(r.lib, "Error", "IsTimeout") {
		test = kerr + ".Code() == " + kafka + "ErrTimedOut" // v1: IsTimeout is v2.0.2's
	}
	indent := strings.Repeat("\t", max(c.pass.Fset.Position(first.Pos()).Column-1, 0))
	text := fmt.Sprintf("var %[1]s %[2]sError\n%[5]sif %[3]s.As(%[6]s, &%[1]s) && %[4]s {\n%[5]s\tcontinue\n%[5]s}\n%[5]s",
		kerr, kafka, errorsName, test, indent, errVar.Name())
	edits = append(edits, analysis.TextEdit{Pos: first.Pos(), End: first.Pos(), NewText: []byte(text)})
	return analysis.SuggestedFix{
		Message:   "Continue the loop when ReadMessage times out",
		TextEdits: edits,
	}, true
}

// fileOf returns the file of the package that holds pos.
func (c *checker) fileOf(pos token.Pos) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// freshName returns the first of names that is neither visible at pos nor used
// in body (a declaration there would shadow it), or "".
func (c *checker) freshName(scope *types.Scope, pos token.Pos, body []ast.Stmt, names ...string) string {
	used := make(map[string]bool)
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}
	for _, n := range names {
		if _, obj := scope.LookupParent(n, pos); obj == nil && !used[n] {
			return n
		}
	}
	return ""
}

// importName returns the qualifier ("kafka.") that file uses for the library
// package lib, "" for a dot import; ok is false when the file does not import it
// by a usable name.
func importName(file *ast.File, lib *types.Package) (string, bool) {
	name, ok := importedAs(file, lib.Path())
	switch {
	case !ok || name == "_":
		return "", false
	case name == ".":
		return "", true
	case name == "":
		return lib.Name() + ".", true
	}
	return name + ".", true
}

// importedAs reports whether file imports path, and the name it gives it ("" for
// none).
func importedAs(file *ast.File, path string) (string, bool) {
	for _, imp := range file.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err != nil || p != path {
			continue
		}
		if imp.Name != nil {
			return imp.Name.Name, true
		}
		return "", true
	}
	return "", false
}

// addImport returns the edits that add an import of the standard package path
// to file: first in its first import declaration, in a group of its own when that
// declaration starts with a non-standard import (gofmt sorts the rest), with
// parentheses added to a single import; after the package clause when the file
// imports nothing.
func addImport(file *ast.File, path string) []analysis.TextEdit {
	q := strconv.Quote(path)
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT || len(gd.Specs) == 0 {
			continue
		}
		first := gd.Specs[0].(*ast.ImportSpec)
		sep := "\n\t"
		if p, err := strconv.Unquote(first.Path.Value); err == nil && strings.Contains(strings.Split(p, "/")[0], ".") {
			sep = "\n\n\t"
		}
		if gd.Lparen.IsValid() {
			return []analysis.TextEdit{{Pos: first.Pos(), End: first.Pos(), NewText: []byte(q + sep)}}
		}
		return []analysis.TextEdit{
			{Pos: first.Pos(), End: first.Pos(), NewText: []byte("(\n\t" + q + sep)},
			{Pos: first.End(), End: first.End(), NewText: []byte("\n)")},
		}
	}
	at := file.Name.End()
	return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n\nimport " + q)}}
}
