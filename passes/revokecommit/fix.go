package revokecommit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/fixedit"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// fix builds the one SuggestedFix for a direct Unassign: insert, before the
// statement that holds it, what is missing of "commit, then store
// kafka.OffsetInvalid for the revoked partitions". Errors of the inserted calls
// are handled like the function handles errors; ErrNoOffset from Commit is not one.
func (c *checker) fix(f *finding) (analysis.SuggestedFix, bool) {
	stmt, file := c.enclosingStmt(f.unassign)
	if stmt == nil {
		return analysis.SuggestedFix{}, false // not directly in a statement list
	}
	kafka, ok := libraryQualifier(file, f.unassign, c.pass.TypesInfo)
	if !ok {
		return analysis.SuggestedFix{}, false // the file does not name the library
	}
	recv := analysisutil.Receiver(f.unassign)
	if recv == nil || !simple(recv) || !canCommit(c.pass.TypesInfo.TypeOf(recv)) {
		return analysis.SuggestedFix{}, false
	}
	onErr, ok := c.errorHandling(f, stmt)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	consumer := types.ExprString(recv)
	indent := c.indentOf(stmt)
	var b strings.Builder
	line := func(depth int, format string, args ...any) {
		b.WriteString(strings.Repeat("\t", depth))
		fmt.Fprintf(&b, format, args...)
		b.WriteString("\n")
		b.WriteString(indent)
	}
	handle := func(depth int) {
		for _, l := range onErr {
			line(depth, "%s", l)
		}
	}
	scope := fixedit.ScopeAt(c.pass.TypesInfo, file, stmt.Pos())
	if scope == nil {
		return analysis.SuggestedFix{}, false // nothing proves a name free
	}
	var edits []analysis.TextEdit
	if f.missing&commit != 0 {
		if onErr == nil {
			line(0, "_, _ = %s.Commit() // ErrNoOffset only means there was nothing to commit", consumer)
		} else {
			// errors.As, not a type assertion: errorlint flags err.(kafka.Error).
			errs, imp, ok := fixedit.Import(file, scope, stmt.Pos(), "errors", "errors")
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			edits = append(edits, imp...)
			kerr := fixedit.FreshName(scope, stmt.Pos(), nil, "kerr")
			line(0, "if _, err := %s.Commit(); err != nil {", consumer)
			line(1, "var %s %sError", kerr, kafka)
			line(1, "if !%s.As(err, &%s) || %s.Code() != %sErrNoOffset {", errs, kerr, kerr, kafka)
			handle(2)
			line(1, "}")
			line(0, "}")
		}
	}
	if f.missing&invalidate != 0 {
		parts := c.revokedPartitions(f)
		name := fixedit.FreshName(scope, stmt.Pos(), nil, "revoked")
		if parts == "" {
			if onErr == nil {
				line(0, "%s, _ := %s.Assignment()", name, consumer)
			} else {
				line(0, "%s, err := %s.Assignment()", name, consumer)
				line(0, "if err != nil {")
				handle(1)
				line(0, "}")
			}
			parts = name
		} else {
			line(0, "%s := make([]%sTopicPartition, len(%s))", name, kafka, parts)
		}
		line(0, "for i, tp := range %s {", parts)
		line(1, "tp.Offset = %sOffsetInvalid", kafka)
		line(1, "%s[i] = tp", name)
		line(0, "}")
		if onErr == nil {
			line(0, "_, _ = %s.StoreOffsets(%s)", consumer, name)
		} else {
			line(0, "if _, err := %s.StoreOffsets(%s); err != nil {", consumer, name)
			handle(1)
			line(0, "}")
		}
	}
	var msg string
	switch f.missing {
	case commit:
		msg = "Commit offsets before " + calleeName(f.unassign)
	case invalidate:
		msg = "Invalidate stored offsets before " + calleeName(f.unassign)
	default:
		msg = "Commit and invalidate stored offsets before " + calleeName(f.unassign)
	}
	edits = append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(b.String())})
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, true
}

// revokedPartitions returns an expression for the revoked partitions: the event's,
// or the argument of IncrementalUnassign; "" when neither is at hand.
func (c *checker) revokedPartitions(f *finding) string {
	if calleeName(f.unassign) == "IncrementalUnassign" && len(f.unassign.Args) == 1 && simple(f.unassign.Args[0]) {
		return types.ExprString(f.unassign.Args[0])
	}
	if f.region != nil && f.region.event != "" && within(f.unassign.Pos(), f.region.node) {
		return f.region.event + ".Partitions"
	}
	return ""
}

// errorHandling returns the statements that handle a non-nil err in the inserted
// code: "return err" when the function's only result is an error, the body of
// "if err := c.Unassign(); err != nil { ... }" when the Unassign is checked so,
// and nil (errors ignored, as the Unassign's own) otherwise.
func (c *checker) errorHandling(f *finding, stmt ast.Stmt) ([]string, bool) {
	if ifs, ok := stmt.(*ast.IfStmt); ok && ifs.Else == nil {
		if as, ok := ifs.Init.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == f.unassign {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name == "err" {
				var lines []string
				for _, s := range ifs.Body.List {
					txt := c.print(s)
					if txt == "" {
						return nil, false
					}
					lines = append(lines, strings.Split(txt, "\n")...)
				}
				if len(lines) > 0 {
					return lines, true
				}
			}
		}
	}
	sig := c.enclosingSignature(f.unassign)
	if sig != nil && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type()) {
		return []string{"return err"}, true
	}
	return nil, true
}

// enclosingSignature returns the signature of the innermost function around n.
func (c *checker) enclosingSignature(n ast.Node) *types.Signature {
	cur, ok := c.in.Root().FindNode(n)
	if !ok {
		return nil
	}
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := f.Node().(type) {
		case *ast.FuncDecl:
			if fn, ok := c.pass.TypesInfo.Defs[f.Name].(*types.Func); ok {
				sig, _ := fn.Type().(*types.Signature)
				return sig
			}
		case *ast.FuncLit:
			sig, _ := c.pass.TypesInfo.TypeOf(f).(*types.Signature)
			return sig
		}
		break // the innermost function only
	}
	return nil
}

// enclosingStmt returns the statement of a statement list (block or case) that
// holds n, and n's file.
func (c *checker) enclosingStmt(n ast.Node) (ast.Stmt, *ast.File) {
	cur, ok := c.in.Root().FindNode(n)
	if !ok {
		return nil, nil
	}
	var file *ast.File
	for f := range cur.Enclosing((*ast.File)(nil)) {
		file = f.Node().(*ast.File)
	}
	// The innermost statement around n that is an element of a statement list.
	for s := range cur.Enclosing() {
		switch s.ParentEdgeKind() {
		case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
		default:
			continue
		}
		// Only statements whose first action is the call's evaluation.
		switch st := s.Node().(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.ReturnStmt:
			return st.(ast.Stmt), file
		case *ast.IfStmt:
			if st.Init != nil && within(n.Pos(), st.Init) {
				return st, file
			}
		}
		return nil, file
	}
	return nil, file
}

// libraryQualifier returns the qualifier ("kafka.") that file uses for the
// library package of call's method, "" for a dot import.
func libraryQualifier(file *ast.File, call *ast.CallExpr, info *types.Info) (string, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || !kafkaapi.IsKafkaPackage(fn.Pkg()) {
		return "", false
	}
	return fixedit.Qualifier(file, fn.Pkg())
}

// simple reports whether e can be repeated without side effects: identifiers and
// field selections.
func simple(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return simple(x.X)
	}
	return false
}

// indentOf returns the leading white space of the line of stmt.
func (c *checker) indentOf(stmt ast.Stmt) string {
	pos := c.pass.Fset.Position(stmt.Pos())
	return strings.Repeat("\t", max(pos.Column-1, 0)) // gofmt indents with tabs; fixes are formatted by drivers anyway
}

// print formats a statement.
func (c *checker) print(n ast.Node) string {
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, c.pass.Fset, n); err != nil {
		return ""
	}
	return buf.String()
}

// canCommit reports whether the inserted code compiles on a receiver of type t:
// a *kafka.Consumer, or an interface or adapter with the consumer's Commit,
// StoreOffsets and Assignment methods.
func canCommit(t types.Type) bool {
	if t == nil {
		return false
	}
	if kafkaapi.IsConsumer(t) {
		return true
	}
	for _, name := range []string{"Commit", "StoreOffsets", "Assignment"} {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		if _, ok := obj.(*types.Func); !ok {
			return false
		}
	}
	return true
}
