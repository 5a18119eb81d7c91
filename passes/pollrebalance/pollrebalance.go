package pollrebalance

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/rebalance"
	"github.com/kafkalint/kafkalint/passes/kafkaconfig"
)

//go:embed doc.go
var doc string

// Analyzer reports rebalance cases on Poll and Events() events that the library
// never delivers there. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new pollrebalance analyzer.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "pollrebalance",
		Doc:      analysisutil.MustExtractDoc(doc, "pollrebalance"),
		URL:      "https://pkg.go.dev/github.com/kafkalint/kafkalint/passes/pollrebalance",
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
	categoryPoll   = "pollevent"    // a case on events from Poll
	categoryEvents = "channelevent" // a case on events from the Events() channel
)

const (
	keyRebalance = "go.application.rebalance.enable"
	keyChannel   = "go.events.channel.enable"
)

// An origin is where the events a handler tests come from: a Poll call or an
// Events() call of the library.
type origin struct {
	call   *ast.CallExpr
	fn     *types.Func
	events bool // Events(), not Poll
}

// A subscription is a Subscribe/SubscribeTopics call and what it passes as the
// rebalance callback.
type subscription struct {
	call     *ast.CallExpr
	callback tri // yes: a function; no: nil; unknown: a func-typed value
}

type checker struct {
	pass *analysis.Pass
	kc   *kafkaconfig.Result
	vars map[types.Object][]assigned // what each local variable is assigned
	subs map[*kafkaconfig.Consumer][]subscription
	// untraced holds Subscribe calls whose receiver was not fully traced: they may
	// subscribe any consumer.
	untraced []subscription
}

// assigned is one value a variable receives; elem marks "an element received from
// or ranged over expr"; a nil expr cannot be followed.
type assigned struct {
	expr ast.Expr
	elem bool
}

func run(pass *analysis.Pass) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	handlers := rebalance.Find(pass.TypesInfo, pass.Files)
	if len(handlers) == 0 {
		return
	}
	c := &checker{pass: pass, kc: kc, vars: make(map[types.Object][]assigned), subs: make(map[*kafkaconfig.Consumer][]subscription)}
	c.scan()
	for _, h := range handlers {
		o := c.origin(h.Subject, 0)
		if o == nil {
			continue // events of unknown origin (a parameter, a helper's result, mixed sources)
		}
		c.check(h, o)
	}
}

// scan records the assignments to variables and the Subscribe calls of the package.
func (c *checker) scan() {
	info := c.pass.TypesInfo
	record := func(lhs ast.Expr, a assigned) {
		if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
			if obj := info.ObjectOf(id); obj != nil {
				c.vars[obj] = append(c.vars[obj], a)
			}
		}
	}
	var calls []*ast.CallExpr
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					switch {
					case len(n.Rhs) == len(n.Lhs):
						record(l, assigned{expr: n.Rhs[i]})
					case i == 0 && len(n.Rhs) == 1 && isRecv(n.Rhs[0]):
						record(l, assigned{expr: n.Rhs[0]}) // ev, ok := <-ch
					default:
						record(l, assigned{})
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i < len(n.Values) && len(n.Values) == len(n.Names) {
						record(name, assigned{expr: n.Values[i]})
					} else if len(n.Values) > 0 {
						record(name, assigned{})
					}
				}
			case *ast.RangeStmt:
				if n.Key != nil {
					if _, isChan := typeUnder(info.TypeOf(n.X)).(*types.Chan); isChan {
						record(n.Key, assigned{expr: n.X, elem: true})
					} else {
						record(n.Key, assigned{})
					}
				}
				if n.Value != nil {
					record(n.Value, assigned{})
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					record(n.X, assigned{}) // address taken: anything may be stored
				}
			case *ast.CallExpr:
				calls = append(calls, n)
			}
			return true
		})
	}
	for _, call := range calls {
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		if !kafkaapi.IsMethod(fn, "Consumer", kafkaapi.Subscribe...) || len(call.Args) != 2 {
			continue
		}
		s := subscription{call: call, callback: callbackOf(info, call.Args[1])}
		consumers, traced := c.kc.ConsumersOf(kafkaconfig.Receiver(call))
		if !traced {
			c.untraced = append(c.untraced, s)
		}
		for _, k := range consumers {
			c.subs[k] = append(c.subs[k], s)
		}
	}
}

// callbackOf says whether a Subscribe callback argument is a function (yes), nil
// (no) or a value the analysis does not follow.
func callbackOf(info *types.Info, e ast.Expr) tri {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return no
	}
	switch x := e.(type) {
	case *ast.FuncLit:
		return yes
	case *ast.Ident:
		if _, ok := info.Uses[x].(*types.Func); ok {
			return yes
		}
	case *ast.SelectorExpr:
		if _, ok := info.Uses[x.Sel].(*types.Func); ok {
			return yes // a function of another package or a method value
		}
	}
	return unknown
}

func isRecv(e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// origin returns the Poll or Events call every value of e comes from, or nil.
func (c *checker) origin(e ast.Expr, depth int) *origin {
	if depth > 8 {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if fn := c.method(x, "Poll"); fn != nil {
			return &origin{call: x, fn: fn}
		}
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			return c.channel(x.X, depth+1)
		}
	case *ast.Ident:
		return c.variable(x, depth, false)
	}
	return nil
}

// channel returns the Events call the channel e comes from, or nil.
func (c *checker) channel(e ast.Expr, depth int) *origin {
	if depth > 8 {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if fn := c.method(x, "Events"); fn != nil {
			return &origin{call: x, fn: fn, events: true}
		}
	case *ast.Ident:
		return c.variable(x, depth, true)
	}
	return nil
}

// variable follows a local variable to the one origin all its values share.
func (c *checker) variable(id *ast.Ident, depth int, isChannel bool) *origin {
	obj, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || obj.Pkg() == nil || obj.Parent() == obj.Pkg().Scope() || obj.Parent() == nil {
		return nil // not a local variable (a package variable, a field)
	}
	vals := c.vars[obj]
	if len(vals) == 0 {
		return nil // a parameter, or never assigned
	}
	var found *origin
	for _, v := range vals {
		if v.expr == nil {
			return nil
		}
		var o *origin
		switch {
		case v.elem && !isChannel:
			o = c.channel(v.expr, depth+1)
		case v.elem:
			o = nil // a channel of channels
		case isChannel:
			o = c.channel(v.expr, depth+1)
		default:
			o = c.origin(v.expr, depth+1)
		}
		if o == nil {
			return nil
		}
		if found != nil && (found.events != o.events || !sameReceiver(found.call, o.call)) {
			return nil // mixed origins
		}
		if found == nil {
			found = o
		}
	}
	return found
}

func sameReceiver(a, b *ast.CallExpr) bool {
	return types.ExprString(kafkaconfig.Receiver(a)) == types.ExprString(kafkaconfig.Receiver(b))
}

// method returns the library method Consumer.name that call calls, or nil.
func (c *checker) method(call *ast.CallExpr, name string) *types.Func {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !kafkaapi.IsMethod(fn, "Consumer", name) {
		return nil
	}
	return fn
}

// A cause is a reason together with the consumer and positions that prove it.
type cause struct {
	reason   reason
	consumer *kafkaconfig.Consumer
	setting  *kafkaconfig.Setting // the setting behind flagOff/channelOff, nil for a default
	sub      *ast.CallExpr        // the Subscribe call behind a callback reason
}

// check reports h if no consumer its events may come from can deliver them.
func (c *checker) check(h *rebalance.Handler, o *origin) {
	v := c.kc.Version(o.fn.Pkg())
	if !o.events && v.AtLeastV(kafkaapi.V1_6_1) {
		c.report(h, o, v, cause{reason: pollSince161})
		return
	}
	consumers, traced := c.kc.ConsumersOf(kafkaconfig.Receiver(o.call))
	if !traced {
		consumers = c.kc.Consumers // fall back to the package's consumers: all must be dead
	}
	if len(consumers) == 0 {
		return
	}
	var first cause
	for i, k := range consumers {
		cs := c.cause(k, v, o.events)
		if cs.reason == none {
			return // this consumer may deliver the event
		}
		if i == 0 {
			first = cs
		}
	}
	c.report(h, o, v, first)
}

// cause says why consumer k delivers no rebalance events to the origin's kind.
func (c *checker) cause(k *kafkaconfig.Consumer, v kafkaapi.Version, events bool) cause {
	flag, flagSet := boolSetting(k.Config, keyRebalance)
	cb, sub := c.callback(k)
	if !events {
		r := pollVerdict(v, flag, cb)
		return cause{reason: r, consumer: k, setting: flagSet, sub: sub}
	}
	ch, chSet := boolSetting(k.Config, keyChannel)
	r := eventsVerdict(v, ch, flag, cb)
	cs := cause{reason: r, consumer: k, setting: flagSet, sub: sub}
	if r == channelOff {
		cs.setting = chSet
	}
	return cs
}

// boolSetting returns a go.* boolean of the configuration, and its entry when set.
// The Go client accepts only a Go bool for these keys (anything else makes
// NewConsumer fail), so other values count as unknown.
func boolSetting(cfg *kafkaconfig.Config, key string) (tri, *kafkaconfig.Setting) {
	v, fromDefault, ok := cfg.Bool(key)
	if !ok {
		return unknown, nil
	}
	var set *kafkaconfig.Setting
	if !fromDefault {
		s, _ := cfg.Lookup(key)
		if s.GoType != "bool" {
			return unknown, nil
		}
		set = &s
	}
	if v {
		return yes, set
	}
	return no, set
}

// callback says whether every Subscribe call that may subscribe k passes a
// rebalance callback (yes) or nil (no), and returns one such call.
func (c *checker) callback(k *kafkaconfig.Consumer) (tri, *ast.CallExpr) {
	subs := c.subs[k]
	if len(subs) == 0 {
		return unknown, nil
	}
	want := subs[0].callback
	for _, s := range append(subs, c.untraced...) {
		if s.callback != want {
			return unknown, nil
		}
	}
	return want, subs[0].call
}

func (c *checker) report(h *rebalance.Handler, o *origin, v kafkaapi.Version, cs cause) {
	what := "case"
	pos, end := h.Type.Pos(), h.Type.End()
	if h.Clause != nil {
		pos, end = h.Clause.Case, h.Clause.Colon+1
	} else if h.Assert != nil {
		what = "type assertion"
		pos, end = h.Assert.Pos(), h.Assert.End()
	}
	recv := analysisutil.ConsumerName(kafkaconfig.Receiver(o.call))
	src := recv + ".Poll"
	category := categoryPoll
	if o.events {
		src = recv + ".Events()"
		category = categoryEvents
	}
	subName := "Subscribe/SubscribeTopics"
	if cs.sub != nil {
		if sel, ok := ast.Unparen(cs.sub.Fun).(*ast.SelectorExpr); ok {
			subName = sel.Sel.Name
		}
	}
	var msg string
	head := fmt.Sprintf("%s %s on %s events never matches", h.Kind, what, src)
	switch cs.reason {
	case pollSince161:
		msg = fmt.Sprintf("%s on %s, move the handling into a rebalance callback passed to Subscribe/SubscribeTopics (Poll returns no rebalance events since v1.6.1)", head, onVersion(v))
	case pollCallback:
		msg = fmt.Sprintf("%s, move the handling into the rebalance callback passed to %s (rebalance events go to the callback, not to Poll)", head, subName)
	case eventsCallback:
		msg = fmt.Sprintf("%s on %s, move the handling into the rebalance callback passed to %s (since v1.6.1 the callback receives rebalance events, not the Events channel)", head, onVersion(v), subName)
	case flagOff:
		where := "Poll returns"
		if o.events {
			where = "Events() carries"
		}
		msg = fmt.Sprintf("%s, move the handling into a rebalance callback passed to Subscribe/SubscribeTopics (go.application.rebalance.enable is false: the client assigns partitions itself and %s no rebalance events)", head, where)
	case channelOff:
		msg = fmt.Sprintf("%s, use Poll with a rebalance callback passed to Subscribe/SubscribeTopics (go.events.channel.enable is false: nothing is sent on Events())", head)
	default:
		return
	}
	d := analysis.Diagnostic{Pos: pos, End: end, Category: category, Message: msg}
	d.Related = c.related(o, cs)
	c.pass.Report(d)
}

func (c *checker) related(o *origin, cs cause) []analysis.RelatedInformation {
	var rel []analysis.RelatedInformation
	add := func(pos token.Pos, msg string) {
		if pos.IsValid() {
			rel = append(rel, analysis.RelatedInformation{Pos: pos, Message: msg})
		}
	}
	add(o.call.Pos(), "the events come from here")
	switch cs.reason {
	case flagOff, channelOff:
		key := keyRebalance
		if cs.reason == channelOff {
			key = keyChannel
		}
		if cs.setting != nil {
			add(cs.setting.Pos, key+"=false")
		} else if k := cs.consumer; k != nil {
			pos := k.Config.Pos
			if !pos.IsValid() {
				pos = k.Call.Pos()
			}
			add(pos, key+" is not set (default false)")
		}
	case pollCallback, eventsCallback:
		if cs.sub != nil {
			add(cs.sub.Pos(), "rebalance callback registered here")
		}
	}
	return rel
}

// onVersion describes the version for messages: "v1.9.2", "v1.8.2 or later".
func onVersion(v kafkaapi.Version) string {
	if v.Exact != "" {
		return v.Exact
	}
	return v.AtLeast + " or later"
}
