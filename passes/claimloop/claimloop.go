package claimloop

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/noreturn"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/saramaconfig"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports sarama claim loops that do not end when the claim's
// channel is closed or the session ends. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new claimloop analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "claimloop",
		Doc:       analysisutil.MustExtractDoc(doc, "claimloop"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, saramaconfig.Analyzer, pkgindex.Analyzer, noreturn.Analyzer},
		FactTypes: []analysis.Fact{new(BlockingLoopFact)},
	}
	analysisutil.Setup(a, run)
	return a
}

// BlockingLoopFact is exported for a function other packages can call that
// loops over the claim it is given (the argument at index Claim: the claim or
// its Messages() channel) in a loop that may block, and never watches the
// session it is given (the argument at index Session; -1 when it takes
// none): a ConsumeClaim that runs it (a shared handler library's
// Consume(sess, claim, process)) cannot return when the rebalance asks it to.
type BlockingLoopFact struct {
	Claim   int
	Session int
}

func (*BlockingLoopFact) AFact() {}
func (f *BlockingLoopFact) String() string {
	return fmt.Sprintf("blocking claim loop (claim %d, session %d)", f.Claim, f.Session)
}

// Categories of the diagnostics.
const (
	categoryUnchecked = "closedclaim"     // a receive that never checks for a closed channel
	categorySpin      = "closedclaimspin" // a closed channel detected, then received from again
	categoryBlocked   = "sessionblocked"  // a ConsumeClaim loop that blocks and never watches the session's context
	categoryPartition = "closedpartition" // a receive from a PartitionConsumer's channel that does not leave when it is closed
	categoryStop      = "closedclaimstop" // a closed claim's channel taken for the end of consumption
	categoryDispatch  = "dispatchleak"    // a dispatcher goroutine's plain send that outlives the handler reading it
)

// source is where a channel of *ConsumerMessage comes from.
type source int

const (
	otherSource     source = iota // not sarama's: a channel of the program's own
	claimSource                   // ConsumerGroupClaim.Messages()
	partitionSource               // PartitionConsumer.Messages() (the group-less Consumer's)
)

func run(pass *analysis.Pass) {
	sc := pass.ResultOf[saramaconfig.Analyzer].(*saramaconfig.Result)
	if len(sc.Sarama) == 0 {
		return // the package does not use sarama
	}
	in := analysisutil.InspectorOf(pass)
	nr := pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
	c := &checker{pass: pass, graph: sc.Graph(), funcs: pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result).FuncDecls(), watches: make(map[*ast.FuncDecl]watch), reported: make(map[ast.Node]bool), noreturn: nr, flows: make(map[*ast.BlockStmt]*valueflow.Flow), fields: make(map[*types.Var]bool)}
	for fc := range in.Root().Children() {
		if f, ok := fc.Node().(*ast.File); !ok || ast.IsGenerated(f) {
			continue
		}
		for cur := range fc.Preorder((*ast.UnaryExpr)(nil), (*ast.FuncDecl)(nil)) {
			switch n := cur.Node().(type) {
			case *ast.UnaryExpr:
				if n.Op != token.ARROW {
					break
				}
				if src := c.channelSource(cur, n.X, n.OpPos); src != otherSource {
					c.checkReceive(cur, n, src)
				}
			case *ast.FuncDecl:
				c.checkSession(cur, n)
				c.checkDispatch(n)
				c.exportFact(cur, n)
			}
		}
	}
}

type checker struct {
	pass    *analysis.Pass
	graph   *valueflow.Graph
	funcs   map[*types.Func]*ast.FuncDecl
	watches map[*ast.FuncDecl]watch
	// reported holds the loops of helpers reported already (a helper
	// several handlers run is reported once).
	reported map[ast.Node]bool
	noreturn *noreturn.Result                   // whether a call returns (a branch that ends in one that does not leaves the loop)
	flows    map[*ast.BlockStmt]*valueflow.Flow // by function body, for claimChanShortcut (nil: no Flow)
	fields   map[*types.Var]bool                // fieldOnlyCalled, by field
}

// isClaimChannel reports whether ch, received from at arrow, is the Messages()
// channel of a sarama ConsumerGroupClaim: the call itself, or a value that may
// come from one (a variable, a field, a parameter: traced on the package's SSA
// form, unless claimChanShortcut settles it).
func (c *checker) isClaimChannel(cur inspector.Cursor, ch ast.Expr, arrow token.Pos) bool {
	return c.channelSource(cur, ch, arrow) == claimSource
}

// channelSource says whether ch, received from at arrow, is the Messages()
// channel of a sarama ConsumerGroupClaim or of a PartitionConsumer, as
// isClaimChannel does: a channel that may come from both is a claim's.
func (c *checker) channelSource(cur inspector.Cursor, ch ast.Expr, arrow token.Pos) source {
	info := c.pass.TypesInfo
	if !isMessageChan(info.TypeOf(ch)) {
		return otherSource
	}
	if call, ok := ast.Unparen(ch).(*ast.CallExpr); ok {
		return messagesCallSource(info, call)
	}
	if src, ok := c.claimChanShortcut(cur, ch); ok {
		if checkClaimChan != nil {
			checkClaimChan(c.pass.Fset.Position(arrow), src, c.claimChanSSA(cur, arrow))
		}
		return src
	}
	return c.claimChanSSA(cur, arrow)
}

// checkClaimChan, set by TestShortcutWithoutSSA and TestShortcutIllTyped only
// (a testutil.Settled cross-check on every fixture, which needs the receives
// a real run settles), is called for each receive that claimChanShortcut
// settles with its answer and the SSA form's. It only looks: the run is the
// same whether it is set or not (only the SSA form may then be built where
// the run needs none).
var checkClaimChan func(arrow token.Position, short, full source)

// claimChanSSA is channelSource on the SSA form: claimSource when a root of
// the channel received from at arrow is a call of a claim's Messages,
// partitionSource when none is but one is a PartitionConsumer's.
func (c *checker) claimChanSSA(cur inspector.Cursor, arrow token.Pos) source {
	if c.graph == nil {
		return otherSource
	}
	fn := c.ssaFunc(cur)
	if fn == nil {
		return otherSource
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var v ssa.Value
			switch in := instr.(type) {
			case *ssa.UnOp:
				if in.Op == token.ARROW && in.Pos() == arrow {
					v = in.X
				}
			case *ssa.Select:
				for _, st := range in.States {
					if st.Dir == types.RecvOnly && st.Pos == arrow {
						v = st.Chan
					}
				}
			}
			if v == nil {
				continue
			}
			src := otherSource
			for _, r := range c.graph.Roots(v).Roots {
				if call := valueflow.CallOf(r); call != nil {
					switch messagesCommonSource(call.Common()) {
					case claimSource:
						return claimSource
					case partitionSource:
						src = partitionSource
					}
				}
			}
			return src
		}
	}
	return otherSource
}

// claimChanShortcut settles channelSource without the SSA form for the
// canonical shape, msgs := claim.Messages() and then <-msgs: ch is a local
// variable of the function around cur, of a channel type (no methods, so
// nothing takes its address implicitly), defined with the result of a call
// that valueflow does not trace into (an interface method's, or a function's
// of another package) and never assigned again nor addressed. That call is
// then the one root of every read of it: a Messages call in code that runs
// (go/ssa has no instruction in unreachable code, valueflow.Flow) is the
// claim's (or the PartitionConsumer's) channel, any other call is not. ok is
// false for any other shape, and in a package with type errors, where the SSA
// form is not built and no receive is sarama's.
func (c *checker) claimChanShortcut(cur inspector.Cursor, ch ast.Expr) (src source, ok bool) {
	info := c.pass.TypesInfo
	if len(c.pass.TypeErrors) > 0 {
		return otherSource, false
	}
	id, _ := ast.Unparen(ch).(*ast.Ident)
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.IsField() {
		return otherSource, false
	}
	if _, isChan := types.Unalias(v.Type()).(*types.Chan); !isChan {
		return otherSource, false
	}
	decl, body := analysisutil.InnermostFunc(cur)
	if fd, ok := decl.(*ast.FuncDecl); ok && fd.Name.Name == "_" {
		return otherSource, false // go/ssa keeps one blank function
	}
	if body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return otherSource, false
	}
	call := definingCall(info, body, v)
	if call == nil {
		return otherSource, false
	}
	fn := analysisutil.CalledFunc(info, call)
	if fn == nil || fn.Origin() != fn || fn.Signature().TypeParams().Len() > 0 ||
		fn.Pkg() == c.pass.Pkg && !analysisutil.IsInterfaceMethod(fn) {
		return otherSource, false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if _, tp := info.TypeOf(sel.X).(*types.TypeParam); tp {
			return otherSource, false
		}
	}
	src = messagesCallSource(info, call)
	if src == otherSource {
		return otherSource, true
	}
	flow, ok := c.flows[body]
	if !ok {
		flow = valueflow.NewFlow(info, body)
		c.flows[body] = flow
	}
	if flow == nil {
		return otherSource, false
	}
	reachable, ok := flow.Reachable(ch)
	if !ok {
		return otherSource, false
	}
	if !reachable {
		return otherSource, true
	}
	return src, true
}

// definingCall returns the call whose result v, a variable declared in body,
// is defined with (v := f(), var v = f()), when nothing in body assigns v
// again or takes its address; nil otherwise.
func definingCall(info *types.Info, body *ast.BlockStmt, v *types.Var) *ast.CallExpr {
	var def ast.Expr
	written := false
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && (info.Uses[id] == v || info.Defs[id] == v)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if !is(lhs) {
					continue
				}
				if id := ast.Unparen(lhs).(*ast.Ident); info.Defs[id] == v && len(n.Lhs) == len(n.Rhs) {
					def = n.Rhs[i]
				} else {
					written = true
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] == v {
					if len(n.Names) == len(n.Values) {
						def = n.Values[i]
					} else {
						written = true
					}
				}
			}
		case *ast.IncDecStmt:
			written = written || is(n.X)
		case *ast.UnaryExpr:
			written = written || n.Op == token.AND && is(n.X)
		case *ast.RangeStmt:
			written = written || n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value)
		}
		return !written
	})
	if written {
		return nil
	}
	call, _ := ast.Unparen(def).(*ast.CallExpr)
	return call
}

// ssaFunc returns the SSA function of the function declaration or literal
// around cur.
func (c *checker) ssaFunc(cur inspector.Cursor) *ssa.Function {
	if fn, _ := analysisutil.InnermostFunc(cur); fn != nil {
		return c.graph.Func(fn)
	}
	return nil
}

func isMessageChan(t types.Type) bool {
	if t == nil {
		return false
	}
	ch, ok := t.Underlying().(*types.Chan)
	return ok && saramaapi.IsType(ch.Elem(), saramaapi.ConsumerMessage)
}

func isMessagesCall(info *types.Info, call *ast.CallExpr) bool {
	return messagesCallSource(info, call) == claimSource
}

// messagesCallSource says whose Messages() call is: a claim's, a
// PartitionConsumer's, or neither.
func messagesCallSource(info *types.Info, call *ast.CallExpr) source {
	if len(call.Args) != 0 {
		return otherSource
	}
	return messagesSource(analysisutil.CalledFunc(info, call))
}

func messagesCommonSource(c *ssa.CallCommon) source {
	if c.IsInvoke() {
		return messagesSource(c.Method)
	}
	return otherSource
}

func messagesSource(fn *types.Func) source {
	switch {
	case saramaapi.IsMethod(fn, saramaapi.ConsumerGroupClaim, "Messages"):
		return claimSource
	case saramaapi.IsMethod(fn, saramaapi.PartitionConsumer, "Messages"):
		return partitionSource
	}
	return otherSource
}

// funcName names the function around cur for messages: "(*handler).ConsumeClaim",
// "consume", or "a function literal".
func (c *checker) funcName(cur inspector.Cursor) (string, *ast.FuncType) {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := f.Node().(type) {
		case *ast.FuncLit:
			return "a function literal", f.Type
		case *ast.FuncDecl:
			if fn, ok := c.pass.TypesInfo.Defs[f.Name].(*types.Func); ok {
				return analysisutil.LocalFuncName(fn), f.Type
			}
			return f.Name.Name, f.Type
		}
	}
	return "", nil
}

// returnText is the statement that leaves a function of type ft with no
// error: "return" or "return nil"; "" when neither compiles.
func returnText(info *types.Info, ft *ast.FuncType) string {
	if ft == nil || ft.Results == nil || len(ft.Results.List) == 0 {
		return "return"
	}
	if ft.Results.NumFields() == 1 && len(ft.Results.List[0].Names) == 0 {
		if t := info.TypeOf(ft.Results.List[0].Type); t != nil && types.Identical(t, types.Universe.Lookup("error").Type()) {
			return "return nil"
		}
	}
	return ""
}
