package storeoffset

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/passes/kafkaconfig"
)

//go:embed doc.go
var doc string

// Analyzer reports StoreOffsets and CommitOffsets calls that store or commit a
// consumed message's own offset instead of the next one. See the package doc.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new storeoffset analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "storeoffset",
		Doc:      analysisutil.MustExtractDoc(doc, "storeoffset"),
		URL:      "https://pkg.go.dev/github.com/kafkalint/kafkalint/passes/storeoffset",
		Requires: []*analysis.Analyzer{kafkaconfig.Analyzer},
	}
	a.RunDespiteErrors = true // its checks hold on ill-typed code (fuzzed)
	a.Run = func(pass *analysis.Pass) (any, error) {
		analysisutil.Suppress(pass, a.Name)
		run(pass)
		return nil, nil
	}
	return a
}

// Categories of the diagnostics.
const (
	categoryStore  = "storeoffbyone"  // StoreOffsets of a message's own offset
	categoryCommit = "commitoffbyone" // CommitOffsets of a message's own offset
)

func run(pass *analysis.Pass) {
	kc, _ := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if kc == nil || len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	if pass.TypesInfo == nil || pass.TypesInfo.Types == nil || pass.TypesInfo.Uses == nil {
		return // typeutil.Callee needs both; every driver fills them
	}
	// Find the calls first: most packages that use the library store nothing,
	// and need no index.
	var calls []*ast.CallExpr
	for _, file := range pass.Files {
		if ast.IsGenerated(file) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 1 {
				fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
				if kafkaapi.IsMethod(fn, "Consumer", "StoreOffsets", "CommitOffsets") {
					calls = append(calls, call)
				}
			}
			return true
		})
	}
	if len(calls) == 0 {
		return
	}
	t := newTracer(pass)
	for _, call := range calls {
		if o := t.rawSlice(call.Args[0]); o != nil {
			pass.Report(diagnostic(pass, call, o))
		}
	}
}

// diagnostic builds the report for call, whose argument holds the offset that o
// takes from a consumed message.
func diagnostic(pass *analysis.Pass, call *ast.CallExpr, o *origin) analysis.Diagnostic {
	fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	method, verb, category := "StoreOffsets", "stores", categoryStore
	if fn.Name() == "CommitOffsets" {
		method, verb, category = "CommitOffsets", "commits", categoryCommit
	}
	recv := "consumer"
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if sel != nil {
		if s := source(pass, sel.X); s != "" && len(s) <= 30 {
			recv = s
		}
	}
	msg := "the message"
	if s := source(pass, o.msg); s != "" && len(s) <= 30 {
		msg = "message " + s
	}
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: category,
		URL:      "#" + category,
		Message: fmt.Sprintf("%s.%s %s the offset of %s itself, not the next one (the last processed message is redelivered after a restart or rebalance)",
			recv, method, verb, msg),
	}
	if sel != nil {
		d.Pos, d.End = sel.Pos(), sel.End()
	}
	if o.at.Pos() < call.Pos() || o.at.Pos() >= call.End() {
		d.Related = []analysis.RelatedInformation{{Pos: o.at.Pos(), End: o.at.End(), Message: "the offset is taken from " + msg + " here"}}
	}
	if fix, ok := suggestFix(pass, call, sel, fn, o); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	return d
}

// suggestFix returns the fix for a call whose argument is a literal with the one
// offending TopicPartition: StoreMessage(m) or CommitMessage(m) for an element
// m.TopicPartition when the linked library has the method, "+ 1" for the Offset
// field of an element literal. Anything else has no mechanical fix that is
// obviously intended (the value may also be used elsewhere).
func suggestFix(pass *analysis.Pass, call *ast.CallExpr, sel *ast.SelectorExpr, fn *types.Func, o *origin) (analysis.SuggestedFix, bool) {
	lit, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
	if !ok || len(lit.Elts) != 1 || sel == nil || call.Ellipsis.IsValid() {
		return analysis.SuggestedFix{}, false
	}
	elt := lit.Elts[0]
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		elt = kv.Value
	}
	elt = ast.Unparen(elt)
	if elt == o.at {
		// c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
		method := "StoreMessage"
		if fn.Name() == "CommitOffsets" {
			method = "CommitMessage"
		}
		ptr, ok := types.Unalias(pass.TypesInfo.TypeOf(o.msg)).(*types.Pointer)
		if !ok || !kafkaapi.IsType(ptr, "Message") || !kafkaapi.HasMethod(fn.Pkg(), "Consumer", method) {
			return analysis.SuggestedFix{}, false // a Message value, or a library before v1.8.2 (StoreMessage)
		}
		m := source(pass, o.msg)
		if m == "" {
			return analysis.SuggestedFix{}, false
		}
		return analysis.SuggestedFix{
			Message: fmt.Sprintf("Use %s, which %s the next offset", method, map[bool]string{true: "stores", false: "commits"}[method == "StoreMessage"]),
			TextEdits: []analysis.TextEdit{{
				Pos: sel.Sel.Pos(), End: call.End(),
				NewText: []byte(method + "(" + m + ")"),
			}},
		}, true
	}
	// c.StoreOffsets([]kafka.TopicPartition{{..., Offset: m.TopicPartition.Offset}})
	if el, ok := elt.(*ast.CompositeLit); ok && o.at.Pos() >= el.Pos() && o.at.End() <= el.End() {
		for _, e := range el.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok && kv.Value == o.at {
				return analysis.SuggestedFix{
					Message:   "Add 1 to the offset",
					TextEdits: []analysis.TextEdit{{Pos: o.at.End(), End: o.at.End(), NewText: []byte(" + 1")}},
				}, true
			}
		}
	}
	return analysis.SuggestedFix{}, false
}

// source returns e as gofmt prints it, or "" if it cannot be printed.
func source(pass *analysis.Pass, e ast.Expr) string {
	var b bytes.Buffer
	if err := format.Node(&b, pass.Fset, e); err != nil {
		return ""
	}
	return b.String()
}
