package analysisutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
)

// Position returns pos as "file.go:12" (the file's base name and the line), the
// form that facts and messages carry across packages, or "" for an invalid pos.
func Position(fset *token.FileSet, pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	p := fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// Receiver returns the receiver expression of a method call x.M(...), or nil.
// For a call of a package-qualified function (pkg.F(...)) it returns the
// package name: callers that want a receiver ask the types what the call is.
func Receiver(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// A FileLine locates a position in a file of another package for a fact:
// the package's import path, the file's base name, the line and column.
// Nothing in it depends on where the package's files are on the machine
// (no absolute path): facts are cached by go vet and nogo across checkouts,
// and their bytes must not change with the checkout directory.
type FileLine struct {
	Pkg       string // import path of the package that holds the file
	File      string // base name
	Line, Col int
}

// FileLineOf returns the FileLine of pos, a position in a file of pkg.
func FileLineOf(fset *token.FileSet, pkg *types.Package, pos token.Pos) FileLine {
	if !pos.IsValid() || pkg == nil {
		return FileLine{}
	}
	p := fset.Position(pos)
	return FileLine{Pkg: pkg.Path(), File: filepath.Base(p.Filename), Line: p.Line, Col: p.Column}
}

// Pos returns l as a position of fset, or token.NoPos: the package is
// from or one of the packages it imports, transitively; its file is found
// through the positions of the package's declarations (a package loaded
// from source, or from export data with position information); the column
// is kept when the file holds it.
func (l FileLine) Pos(fset *token.FileSet, from *types.Package) token.Pos {
	if l.File == "" || l.Line <= 0 || from == nil {
		return token.NoPos
	}
	pkg := importedPackage(from, l.Pkg)
	if pkg == nil {
		return token.NoPos
	}
	f := packageFile(fset, pkg, l.File)
	if f == nil || l.Line > f.LineCount() {
		return token.NoPos
	}
	p := f.LineStart(l.Line)
	if col := l.Col - 1; col > 0 && f.Offset(p)+col < f.Size() {
		if next := l.Line + 1; next > f.LineCount() || f.Offset(p)+col < f.Offset(f.LineStart(next)) {
			p += token.Pos(col)
		}
	}
	return p
}

// importedPackage returns the package of the given path among from and the
// packages it imports, transitively, or nil.
func importedPackage(from *types.Package, path string) *types.Package {
	seen := map[*types.Package]bool{from: true}
	queue := []*types.Package{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p.Path() == path {
			return p
		}
		for _, q := range p.Imports() {
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return nil
}

// packageFile returns the file of pkg named base in fset, found through the
// positions of pkg's package-level objects and their methods, or nil.
func packageFile(fset *token.FileSet, pkg *types.Package, base string) *token.File {
	check := func(pos token.Pos) *token.File {
		if !pos.IsValid() {
			return nil
		}
		if f := fset.File(pos); f != nil && filepath.Base(f.Name()) == base {
			return f
		}
		return nil
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if f := check(obj.Pos()); f != nil {
			return f
		}
		if tn, ok := obj.(*types.TypeName); ok {
			if n, ok := types.Unalias(tn.Type()).(*types.Named); ok {
				for i := 0; i < n.NumMethods(); i++ {
					if f := check(n.Method(i).Pos()); f != nil {
						return f
					}
				}
			}
		}
	}
	return nil
}
