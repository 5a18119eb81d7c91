package configkey

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaprops"
)

// replaceFix replaces e with text.
func replaceFix(e ast.Expr, text, msg string) *analysis.SuggestedFix {
	return &analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(text)}}}
}

// quoteLike quotes s the way lit is quoted (raw or interpreted).
func quoteLike(lit *ast.BasicLit, s string) string {
	if strings.HasPrefix(lit.Value, "`") && !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// renameFix renames the key of e to name when the key is a string literal and
// the map does not already hold name (a literal would then have a duplicate key).
func (ck *checker) renameFix(e *entry, name string) *analysis.SuggestedFix {
	if _, dup := e.cfg.Lookup(name); dup || ck.renamed[e.cfg][name] {
		return nil // two keys of the same name would not compile in a literal
	}
	lit, ok := isLit(e.w.key)
	if !ok {
		return nil // a named constant: renaming it may change other uses
	}
	text := name
	if e.w.set != nil {
		if !e.s.Known {
			return nil
		}
		text = name + "=" + e.s.Value
	}
	if ck.renamed[e.cfg] == nil {
		ck.renamed[e.cfg] = make(map[string]bool)
	}
	ck.renamed[e.cfg][name] = true
	return replaceFix(lit, quoteLike(lit, text), fmt.Sprintf("Replace %q with %q", e.s.Key, name))
}

// parseGo parses the string form of a go.* value as the Go type typ demands and
// returns its Go source, or "" when it does not parse.
func parseGo(v, typ string) string {
	switch typ {
	case "bool":
		if b, err := strconv.ParseBool(v); err == nil {
			return strconv.FormatBool(b)
		}
	case "int":
		if n, err := strconv.Atoi(v); err == nil {
			return strconv.Itoa(n)
		}
	}
	return ""
}

// setToSetKeyFix turns m.Set("go.x=true") into m.SetKey("go.x", true).
func (ck *checker) setToSetKeyFix(e *entry, typ string) *analysis.SuggestedFix {
	sel, ok := e.w.set.Fun.(*ast.SelectorExpr)
	lit, isL := isLit(e.w.key)
	if !ok || !isL || !e.s.Known {
		return nil
	}
	val := parseGo(e.s.Value, typ)
	if val == "" {
		return nil
	}
	return &analysis.SuggestedFix{
		Message: fmt.Sprintf("Use SetKey with a %s value", typ),
		TextEdits: []analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("SetKey")},
			{Pos: lit.Pos(), End: lit.End(), NewText: []byte(quoteLike(lit, e.s.Key) + ", " + val)},
		},
	}
}

// goValueFix converts the value of a go.* key to the Go type typ.
func (ck *checker) goValueFix(e *entry, typ string) *analysis.SuggestedFix {
	tv := ck.pass.TypesInfo.Types[e.w.value]
	if tv.Value != nil && tv.Value.Kind() == constant.String {
		if val := parseGo(constant.StringVal(tv.Value), typ); val != "" {
			return ck.withImports(replaceFix(e.w.value, val, fmt.Sprintf("Use the %s %s", typ, val)), e.w.value)
		}
		return nil
	}
	if typ == "int" {
		return ck.intFix(e.w.value)
	}
	return nil
}

// valueTypeFix converts a value the client cannot convert to one it can, where
// the intent is plain: integers to int, constant floats to the number librdkafka
// reads, constant string slices to a comma-separated list.
func (ck *checker) valueTypeFix(e *entry, p property, t types.Type) *analysis.SuggestedFix {
	v := e.w.value
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsInteger != 0:
			return ck.intFix(v)
		case b.Info()&types.IsFloat != 0:
			tv := ck.pass.TypesInfo.Types[v]
			if tv.Value == nil {
				return nil
			}
			f, _ := constant.Float64Val(tv.Value)
			if p.Type == kafkaprops.Float {
				s := strconv.Quote(strconv.FormatFloat(f, 'f', -1, 64))
				return ck.withImports(replaceFix(v, s, "Use the string "+s), v)
			}
			if i, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact && p.Type == kafkaprops.Integer {
				s := strconv.FormatInt(i, 10)
				return ck.withImports(replaceFix(v, s, "Use the int "+s), v)
			}
		}
		return nil
	}
	if _, ok := t.Underlying().(*types.Slice); ok {
		lit, ok := v.(*ast.CompositeLit)
		if !ok {
			return nil
		}
		var parts []string
		for _, elt := range lit.Elts {
			tv := ck.pass.TypesInfo.Types[elt]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return nil
			}
			parts = append(parts, constant.StringVal(tv.Value))
		}
		s := strconv.Quote(strings.Join(parts, ","))
		return ck.withImports(replaceFix(v, s, "Use the comma-separated string "+s), v)
	}
	return nil
}

// intFix makes an integer expression of another type an int: int64(30000)
// becomes 30000, anything else x becomes int(x).
func (ck *checker) intFix(v ast.Expr) *analysis.SuggestedFix {
	info := ck.pass.TypesInfo
	if call, ok := v.(*ast.CallExpr); ok && len(call.Args) == 1 && info.Types[call.Fun].IsType() {
		arg := call.Args[0]
		if tv := info.Types[arg]; tv.Value != nil {
			if isLiteral(arg) {
				return &analysis.SuggestedFix{
					Message: "Use the untyped constant",
					TextEdits: []analysis.TextEdit{
						{Pos: call.Pos(), End: arg.Pos()},
						{Pos: arg.End(), End: call.End()},
					},
				}
			}
		}
	}
	if tv := info.Types[v]; tv.Value != nil {
		if _, exact := constant.Int64Val(tv.Value); !exact {
			return nil // does not fit an int
		}
	}
	return &analysis.SuggestedFix{
		Message: "Convert to int",
		TextEdits: []analysis.TextEdit{
			{Pos: v.Pos(), End: v.Pos(), NewText: []byte("int(")},
			{Pos: v.End(), End: v.End(), NewText: []byte(")")},
		},
	}
}

// isLiteral reports whether e is built of literals only (30000, -1, 30*1000).
func isLiteral(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return isLiteral(e.X)
	case *ast.UnaryExpr:
		return isLiteral(e.X)
	case *ast.BinaryExpr:
		return isLiteral(e.X) && isLiteral(e.Y)
	}
	return false
}

// fileOf returns the cursor of the file that holds n, from the package's
// inspector.
func fileOf(pass *analysis.Pass, n ast.Node) (inspector.Cursor, bool) {
	cur, ok := analysisutil.InspectorOf(pass).Root().FindNode(n)
	if !ok {
		return inspector.Cursor{}, false
	}
	for f := range cur.Enclosing((*ast.File)(nil)) {
		return f, true
	}
	return inspector.Cursor{}, false
}

// withImports adds to fix, which replaces the expression v, the deletion of the
// imports that only v uses in its file (3*time.Second becoming 3000 must not
// leave "time" unused: the fixed file would not compile).
func (ck *checker) withImports(fix *analysis.SuggestedFix, v ast.Expr) *analysis.SuggestedFix {
	if fix == nil {
		return nil
	}
	info := ck.pass.TypesInfo
	fc, ok := fileOf(ck.pass, v)
	if !ok {
		return fix
	}
	file := fc.Node().(*ast.File)
	inside := make(map[*types.PkgName]int)
	ast.Inspect(v, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := info.Uses[id].(*types.PkgName); ok {
				inside[pn]++
			}
		}
		return true
	})
	if len(inside) == 0 {
		return fix
	}
	total := make(map[*types.PkgName]int)
	for cur := range fc.Preorder((*ast.Ident)(nil)) {
		if pn, ok := info.Uses[cur.Node().(*ast.Ident)].(*types.PkgName); ok && inside[pn] > 0 {
			total[pn]++
		}
	}
	tf := ck.pass.Fset.File(file.Pos())
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, spec := range gd.Specs {
			is := spec.(*ast.ImportSpec)
			pn := info.PkgNameOf(is)
			if pn == nil || inside[pn] == 0 || total[pn] != inside[pn] {
				continue
			}
			start, end := is.Pos(), is.End()
			if len(gd.Specs) == 1 {
				start, end = gd.Pos(), gd.End()
			}
			if line := tf.Line(end); line < tf.LineCount() {
				end = tf.LineStart(line + 1) // with its line
			}
			if is.Doc != nil {
				start = is.Doc.Pos()
			}
			fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{Pos: start, End: end})
		}
	}
	return fix
}
