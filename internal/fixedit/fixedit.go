// Package fixedit builds the pieces of kafkalint's suggested fixes that do not
// depend on the rule: the file that holds a position, the scope there, the name
// under which a file refers to a package, a fresh name for an inserted
// declaration, and the import of a standard package the inserted code calls.
// Every pass that inserts code builds its fix with these, so that one import
// algorithm and one naming rule hold for the whole suite.
package fixedit

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// FileOf returns the file of files that holds pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// ScopeAt returns the innermost scope of file at pos, or nil when the type
// checker recorded none (then nothing proves a name free, and no fix is built).
func ScopeAt(info *types.Info, file *ast.File, pos token.Pos) *types.Scope {
	if info == nil || file == nil {
		return nil
	}
	fs := info.Scopes[file]
	if fs == nil {
		return nil
	}
	return fs.Innermost(pos)
}

// Qualifier returns the qualifier ("kafka.", "ckafka.") with which file refers to
// pkg, "" for a dot import; ok is false when file does not import pkg by a usable
// name (not at all, or blank).
func Qualifier(file *ast.File, pkg *types.Package) (string, bool) {
	name, ok := importedAs(file, pkg.Path())
	switch {
	case !ok || name == "_":
		return "", false
	case name == ".":
		return "", true
	case name == "":
		return pkg.Name() + ".", true
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

// FreshName returns the first of names, or else names[0] followed by 1, 2, ...,
// that nothing in scope at pos resolves to and that taken does not hold (the
// names declared after pos in the code the declaration goes into: a declaration
// there would clash with it or shadow it), so that the inserted declaration
// neither clashes nor shadows. It returns "" without names or scope.
func FreshName(scope *types.Scope, pos token.Pos, taken map[string]bool, names ...string) string {
	if scope == nil || len(names) == 0 {
		return ""
	}
	free := func(name string) bool {
		_, obj := scope.LookupParent(name, pos)
		return obj == nil && !taken[name]
	}
	for _, n := range names {
		if free(n) {
			return n
		}
	}
	for i := 1; ; i++ {
		if n := names[0] + strconv.Itoa(i); free(n) {
			return n
		}
	}
}

// Identifiers returns the names of the identifiers in nodes: what FreshName's
// taken holds for code inserted before them.
func Identifiers[N ast.Node](nodes ...N) map[string]bool {
	names := make(map[string]bool)
	for _, n := range nodes {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				names[id.Name] = true
			}
			return true
		})
	}
	return names
}

// Import returns the name under which code inserted at pos in file calls the
// standard package path (named name, as "errors"), and the edits that import it
// when no import of file makes that name denote it at pos. The new import is
// named name, or a fresh "std"+name when name means something else at pos; it
// goes where AddImport puts it. ok is false when scope is nil.
func Import(file *ast.File, scope *types.Scope, pos token.Pos, path, name string) (string, []analysis.TextEdit, bool) {
	if scope == nil {
		return "", nil, false // no scopes: nothing proves a name free
	}
	for _, imp := range file.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err != nil || p != path {
			continue
		}
		n := name
		if imp.Name != nil {
			n = imp.Name.Name
		}
		if _, obj := scope.LookupParent(n, pos); obj != nil {
			if pkg, ok := obj.(*types.PkgName); ok && pkg.Imported().Path() == path {
				return n, nil, true
			}
		}
	}
	spec := strconv.Quote(path)
	if _, obj := scope.LookupParent(name, pos); obj != nil {
		name = FreshName(scope, pos, nil, "std"+name)
		spec = name + " " + spec
	}
	return name, AddImport(file, spec), true
}

// AddImport returns the edits that add the import spec (`"errors"`, or
// `stderrors "errors"`) of a standard package to file: first in its first import
// declaration, in a group of its own when that declaration starts with a
// non-standard import (gofmt sorts the rest), with parentheses added to a
// single import; after the package clause when the file imports nothing.
func AddImport(file *ast.File, spec string) []analysis.TextEdit {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT || len(gd.Specs) == 0 {
			continue
		}
		first := gd.Specs[0].(*ast.ImportSpec)
		at := first.Pos()
		if first.Doc != nil {
			at = first.Doc.Pos()
		}
		sep := "\n\t"
		if p, err := strconv.Unquote(first.Path.Value); err == nil && strings.Contains(strings.Split(p, "/")[0], ".") {
			sep = "\n\n\t"
		}
		if gd.Lparen.IsValid() {
			return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(spec + sep)}}
		}
		return []analysis.TextEdit{
			{Pos: at, End: at, NewText: []byte("(\n\t" + spec + sep)},
			{Pos: first.End(), End: first.End(), NewText: []byte("\n)")},
		}
	}
	at := file.Name.End()
	return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n\nimport " + spec)}}
}
