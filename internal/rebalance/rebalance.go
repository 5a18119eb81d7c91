// Package rebalance finds the code of a package that handles confluent-kafka-go
// rebalance events: type-switch cases and type assertions on AssignedPartitions and
// RevokedPartitions, wherever the event comes from (Poll, Events, a rebalance
// callback), and the calls that register a rebalance callback (Subscribe and
// SubscribeTopics with one, kafkaapi.SubscribeCallback). Passes decide for
// themselves what the event's source means; internal/liveness decides whether
// it can deliver the events.
package rebalance

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
)

// The rebalance event types.
const (
	Assigned = "AssignedPartitions"
	Revoked  = "RevokedPartitions"
)

// A Handler is one place that tests an event for a rebalance event type.
type Handler struct {
	Kind    string              // Assigned or Revoked
	Type    ast.Expr            // the type expression in the case list or the assertion
	Subject ast.Expr            // the expression whose dynamic type is tested
	Clause  *ast.CaseClause     // the type-switch case, or nil
	Assert  *ast.TypeAssertExpr // the type assertion, or nil
	// Body is the code that runs for the event: the case clause, or the body of
	// "if e, ok := ev.(T); ok { ... }". Nil for other assertions.
	Body  ast.Node
	Event types.Object // the variable bound to the event (of the event's type), or nil
	Func  ast.Node     // the innermost *ast.FuncDecl or *ast.FuncLit around it, nil at package level
}

// EventKind returns Assigned or Revoked when t is that library type (a value type:
// a pointer case never matches), and "" otherwise.
func EventKind(t types.Type) string {
	if t == nil {
		return ""
	}
	if _, ptr := types.Unalias(t).(*types.Pointer); ptr {
		return ""
	}
	for _, k := range []string{Assigned, Revoked} {
		if kafkaapi.IsType(t, k) {
			return k
		}
	}
	return ""
}

// Analyzer finds the rebalance handlers of a package once, for every pass that
// needs them (revokecommit, incrementalassign, pollrebalance). Its result is a
// *Result; it reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "rebalancehandlers",
	Doc:              "find confluent-kafka-go rebalance event handlers (a result for other analyzers; reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/rebalance",
	Requires:         []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer},
	RunDespiteErrors: true, // handlers are found on whatever syntax and types there are
	ResultType:       reflect.TypeFor[*Result](),
	Run:              run,
}

// A Result holds the handlers of one package.
type Result struct {
	Handlers []*Handler // in source order
	// Subscribes holds every call of the package that registers a rebalance
	// callback (kafkaapi.SubscribeCallback: Subscribe/SubscribeTopics of the
	// consumer, or of the program's own consumer interface), in source
	// order; the callback is the second argument.
	Subscribes []*ast.CallExpr
}

func run(pass *analysis.Pass) (any, error) {
	res := new(Result)
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return res, nil // the package does not use the library: no type can be its event type
	}
	res.Handlers, res.Subscribes = find(pass.TypesInfo, analysisutil.InspectorOf(pass).Root(), true)
	return res, nil
}

// find returns the handlers in the tree of root and, withSubscribes, the calls
// that register a rebalance callback (Result.Subscribes), each in source order,
// in one walk.
func find(info *types.Info, root inspector.Cursor, withSubscribes bool) (hs []*Handler, subs []*ast.CallExpr) {
	kinds := []ast.Node{(*ast.TypeSwitchStmt)(nil), (*ast.TypeAssertExpr)(nil)}
	if withSubscribes {
		kinds = append(kinds, (*ast.CallExpr)(nil))
	}
	for cur := range root.Preorder(kinds...) {
		if call, ok := cur.Node().(*ast.CallExpr); ok {
			if arg, ok := kafkaapi.SubscribeCallback(analysisutil.CalledFunc(info, call)); ok && arg < len(call.Args) {
				subs = append(subs, call)
			}
			continue
		}
		var fn ast.Node
		for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			fn = f.Node()
			break
		}
		switch n := cur.Node().(type) {
		case *ast.TypeSwitchStmt:
			hs = append(hs, typeSwitch(info, n, fn)...)
		case *ast.TypeAssertExpr:
			if h := assertion(info, cur, n, fn); h != nil {
				hs = append(hs, h)
			}
		}
	}
	return hs, subs
}

func typeSwitch(info *types.Info, n *ast.TypeSwitchStmt, fn ast.Node) []*Handler {
	var subject ast.Expr
	var bound bool
	switch a := n.Assign.(type) {
	case *ast.AssignStmt: // switch e := x.(type)
		if len(a.Rhs) == 1 {
			if ta, ok := ast.Unparen(a.Rhs[0]).(*ast.TypeAssertExpr); ok {
				subject, bound = ta.X, true
			}
		}
	case *ast.ExprStmt: // switch x.(type)
		if ta, ok := ast.Unparen(a.X).(*ast.TypeAssertExpr); ok {
			subject = ta.X
		}
	}
	if subject == nil || n.Body == nil {
		return nil
	}
	var hs []*Handler
	for _, s := range n.Body.List {
		cc, ok := s.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, t := range cc.List {
			tv, ok := info.Types[t]
			if !ok || !tv.IsType() {
				continue
			}
			kind := EventKind(tv.Type)
			if kind == "" {
				continue
			}
			h := &Handler{Kind: kind, Type: t, Subject: subject, Clause: cc, Body: cc, Func: fn}
			if bound && len(cc.List) == 1 {
				h.Event = info.Implicits[cc]
			}
			hs = append(hs, h)
		}
	}
	return hs
}

// assertion returns the handler of a type assertion to a rebalance event type
// (not the x.(type) of a type switch, whose Type is nil).
func assertion(info *types.Info, cur inspector.Cursor, ta *ast.TypeAssertExpr, fn ast.Node) *Handler {
	if ta.Type == nil {
		return nil
	}
	kind := EventKind(info.TypeOf(ta.Type))
	if kind == "" {
		return nil
	}
	h := &Handler{Kind: kind, Type: ta.Type, Subject: ta.X, Assert: ta, Func: fn}
	// if e, ok := ev.(T); ok { ... }
	parent := cur.Parent()
	as, ok := parent.Node().(*ast.AssignStmt)
	if !ok {
		return h
	}
	ifs, ok := parent.Parent().Node().(*ast.IfStmt) // an AssignStmt is never a file: it has a parent node
	if !ok || ifs.Init != as || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ta {
		return h
	}
	okID, _ := as.Lhs[1].(*ast.Ident)
	cond, _ := ast.Unparen(ifs.Cond).(*ast.Ident)
	if okID == nil || cond == nil || info.ObjectOf(cond) == nil || info.ObjectOf(cond) != info.ObjectOf(okID) {
		return h
	}
	h.Body = ifs.Body
	if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
		h.Event = info.ObjectOf(id)
	}
	return h
}

// Calls returns the calls inside h.Body that run as part of the handler: not those
// inside function literals declared within it.
func (h *Handler) Calls() []*ast.CallExpr {
	if h.Body == nil {
		return nil
	}
	var calls []*ast.CallExpr
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			calls = append(calls, n)
		}
		return true
	})
	return calls
}

// FuncBody returns the body of the function around h, or nil.
func (h *Handler) FuncBody() *ast.BlockStmt {
	switch f := h.Func.(type) {
	case *ast.FuncDecl:
		return f.Body
	case *ast.FuncLit:
		return f.Body
	}
	return nil
}
