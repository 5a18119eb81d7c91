package markoffset

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/saramaconfig"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports sarama MarkOffset calls given a consumed message's own
// offset. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new markoffset analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "markoffset",
		Doc:       analysisutil.MustExtractDoc(doc, "markoffset"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, saramaconfig.Analyzer},
		FactTypes: []analysis.Fact{new(MarksParamFact)},
	}
	analysisutil.Setup(a, run)
	return a
}

const category = "markoffbyone" // MarkOffset of a message's own offset

// MarksParamFact marks an exported function that passes one of its
// parameters, as is, as the offset of a session's MarkOffset: a caller in
// another package that gives it a consumed message's Offset marks that
// message's own offset.
type MarksParamFact struct {
	Param int // the index among the signature's parameters, receiver excluded
}

func (*MarksParamFact) AFact()           {}
func (f *MarksParamFact) String() string { return fmt.Sprintf("marks param %d", f.Param) }

// A site is a call that marks an offset: MarkOffset (arg 2), or a function
// of another package with a MarksParamFact (arg Param).
type site struct {
	call *ast.CallExpr
	arg  int
	name string // the other package's function, or ""
	// computed is set when the offset is a constant or computed
	// (msg.Offset+1, the canonical mark): valueflow does not trace
	// arithmetic, so its one root is neither a field nor a parameter, the
	// site can give no report and no fact, and it needs no SSA form.
	computed bool
}

// checkComputed, set by TestComputedWithoutSSA only (a testutil.Settled
// cross-check on every fixture, which needs the sites a real run settles), is
// called for each site settled as computed without the SSA form with the
// roots that form gives its offset. It only looks: the run after it is the
// same whether it is set or not (only the SSA form may then be built where
// the run needs none).
var checkComputed func(offset token.Position, roots []ssa.Value)

// crossCheckComputed traces the computed offsets on the SSA form for
// checkComputed.
func crossCheckComputed(pass *analysis.Pass, g *valueflow.Graph, sites []site) {
	if g == nil || g.Broken() {
		return
	}
	for _, s := range sites {
		if !s.computed {
			continue
		}
		arg := s.call.Args[s.arg]
		if v := g.ValueOf(arg); v != nil {
			checkComputed(pass.Fset.Position(arg.Pos()), g.Roots(v).Roots)
		}
	}
}

func run(pass *analysis.Pass) {
	sc := pass.ResultOf[saramaconfig.Analyzer].(*saramaconfig.Result)
	if len(sc.Sarama) == 0 {
		return // the package does not use sarama
	}
	in := analysisutil.InspectorOf(pass)
	// Find the calls first: most packages mark with MarkMessage and need no
	// SSA form.
	var sites []site
	for fc := range in.Root().Children() {
		if f, ok := fc.Node().(*ast.File); !ok || ast.IsGenerated(f) {
			continue
		}
		for cur := range fc.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if call.Ellipsis.IsValid() {
				continue
			}
			fn := analysisutil.CalledFunc(pass.TypesInfo, call)
			if len(call.Args) == 4 && saramaapi.IsMethod(fn, saramaapi.ConsumerGroupSession, "MarkOffset") {
				sites = append(sites, site{call: call, arg: 2, computed: computed(pass.TypesInfo, call.Args[2])})
				continue
			}
			var f MarksParamFact
			if fn != nil && fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) && f.Param < len(call.Args) {
				sites = append(sites, site{call: call, arg: f.Param, name: types.ExprString(call.Fun), computed: computed(pass.TypesInfo, call.Args[f.Param])})
			}
		}
	}
	if checkComputed != nil {
		crossCheckComputed(pass, sc.Graph(), sites)
	}
	sites = slices.DeleteFunc(sites, func(s site) bool { return s.computed })
	g := sc.Graph()
	if len(sites) == 0 || g == nil || g.Broken() {
		return
	}
	for _, s := range sites {
		check(pass, g, s)
	}
}

// computed reports whether e is a constant or computed by an arithmetic
// operator, which go/ssa makes a constant, a *ssa.BinOp or a *ssa.UnOp
// (unary plus is the operand itself: not computed).
func computed(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return true
	case *ast.UnaryExpr:
		return e.Op == token.SUB || e.Op == token.XOR
	}
	return false
}

// check reports call when its offset may be a consumed message's Offset field
// as is.
func check(pass *analysis.Pass, g *valueflow.Graph, s site) {
	call := s.call
	v := g.ValueOf(call.Args[s.arg])
	if v == nil {
		return
	}
	roots := g.Roots(v).Roots
	if s.name == "" {
		exportFact(pass, roots)
	}
	for _, r := range roots {
		f := valueflow.FieldOf(r)
		if !saramaapi.IsConsumerMessageOffset(f) || changed(g, f) {
			continue
		}
		if !consumed(g, r) {
			continue
		}
		report(pass, s, r)
		return
	}
}

// exportFact gives a MarksParamFact to the exported function whose parameter
// is one of roots, the sources of a MarkOffset's offset.
func exportFact(pass *analysis.Pass, roots []ssa.Value) {
	for _, r := range roots {
		p, ok := r.(*ssa.Parameter)
		if !ok || !valueflow.Exported(p.Parent()) {
			continue
		}
		if fn, i, ok := valueflow.ParamIndex(p); ok && i >= 0 && fn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(fn, &MarksParamFact{Param: i})
			return
		}
	}
}

// changed reports whether the package writes the Offset of a
// ConsumerMessage it did not just build (msg.Offset++): its offsets are then
// the program's own.
func changed(g *valueflow.Graph, f *types.Var) bool {
	for _, st := range g.FieldStoreInstrs(f) {
		if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
			if _, built := fa.X.(*ssa.Alloc); built {
				continue // a composite literal's field
			}
		}
		return true
	}
	return false
}

// consumed reports whether the message whose Offset r loads may be one sarama
// delivered: one traced source other than a message the program built
// (&sarama.ConsumerMessage{...}, new, a zero variable).
func consumed(g *valueflow.Graph, r ssa.Value) bool {
	var x ssa.Value
	switch r := r.(type) {
	case *ssa.FieldAddr:
		x = r.X
	case *ssa.Field:
		x = r.X
	default:
		return false
	}
	for _, src := range g.Roots(x).Roots {
		switch src.(type) {
		case *ssa.Alloc, *ssa.Const:
			continue
		}
		return true
	}
	return false
}

func report(pass *analysis.Pass, s site, root ssa.Value) {
	call := s.call
	arg := call.Args[s.arg]
	if s.name != "" {
		msg := "a consumed message"
		if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok && sel.Sel.Name == "Offset" {
			msg = "message " + types.ExprString(sel.X)
		}
		d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: category,
			Message: fmt.Sprintf("%s marks the offset of %s itself with MarkOffset, not the next one, pass the offset plus 1 (the mark is where the group resumes: the message is delivered again after a restart or rebalance)", s.name, msg)}
		pass.Report(d)
		return
	}
	sess := types.ExprString(analysisutil.Receiver(call))
	var text string
	if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok && sel.Sel.Name == "Offset" {
		msg := types.ExprString(sel.X)
		if isConsumerMessage(pass.TypesInfo.TypeOf(sel.X)) {
			text = fmt.Sprintf("%s.MarkOffset marks the offset of message %s itself, not the next one, use %s.MarkMessage(%s, metadata) or %s.Offset+1 (the mark is where the group resumes: %s is delivered again after a restart or rebalance)", sess, msg, sess, msg, msg, msg)
		} else {
			// The program's own type (an ack, a job): MarkMessage takes a
			// *ConsumerMessage, so only the +1 is advice that compiles.
			text = fmt.Sprintf("%s.MarkOffset marks the offset %s.Offset of a consumed message itself, not the next one, pass %s.Offset+1 (the mark is where the group resumes: the message is delivered again after a restart or rebalance)", sess, msg, msg)
		}
	} else {
		text = fmt.Sprintf("%s.MarkOffset marks a consumed message's own offset, not the next one, use %s.MarkMessage or add 1 to the offset (the mark is where the group resumes: the message is delivered again after a restart or rebalance)", sess, sess)
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: category, Message: text}
	if pos := root.Pos(); pos.IsValid() && (pos < arg.Pos() || pos >= arg.End()) {
		d.Related = []analysis.RelatedInformation{{Pos: pos, Message: "the message's own offset"}}
	}
	if fix := suggest(pass, call, sess); fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	pass.Report(d)
}

// isConsumerMessage reports whether t is *sarama.ConsumerMessage, what
// MarkMessage takes.
func isConsumerMessage(t types.Type) bool {
	_, isPtr := t.(*types.Pointer)
	return isPtr && saramaapi.IsType(t, saramaapi.ConsumerMessage)
}

// suggest returns MarkMessage(m, md) when the call is MarkOffset(m.Topic,
// m.Partition, m.Offset, md) with m a *ConsumerMessage, "+1" after the
// argument when it is m.Offset, and nil otherwise.
func suggest(pass *analysis.Pass, call *ast.CallExpr, sess string) *analysis.SuggestedFix {
	sel, ok := ast.Unparen(call.Args[2]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Offset" {
		return nil
	}
	m := types.ExprString(sel.X)
	same := func(e ast.Expr, field string) bool {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && s.Sel.Name == field && types.ExprString(s.X) == m
	}
	if isConsumerMessage(pass.TypesInfo.TypeOf(sel.X)) && same(call.Args[0], "Topic") && same(call.Args[1], "Partition") {
		if fun, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel {
			return &analysis.SuggestedFix{
				Message: "Use " + sess + ".MarkMessage",
				TextEdits: []analysis.TextEdit{
					{Pos: fun.Sel.Pos(), End: fun.Sel.End(), NewText: []byte("MarkMessage")},
					{Pos: call.Args[0].Pos(), End: call.Args[2].End(), NewText: []byte(m)},
				},
			}
		}
	}
	return &analysis.SuggestedFix{
		Message:   "Mark the next offset",
		TextEdits: []analysis.TextEdit{{Pos: sel.End(), End: sel.End(), NewText: []byte("+1")}},
	}
}
