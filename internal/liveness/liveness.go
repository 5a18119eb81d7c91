// Package liveness decides, once for the whole suite, whether a rebalance
// handler (a case or type assertion found by internal/rebalance) can ever see
// the events it tests for. Its Analyzer computes each handler's verdict once per
// package, on the first question for it, and every pass that asks
// (revokecommit, incrementalassign, pollrebalance) reads it from its Result.
//
// A handler whose events the library never delivers is dead code: reporting it
// is pollrebalance's job, and every other analyzer skips it (what an Unassign or
// an eager Assign would do there cannot happen). The verdict is the same for
// all of them because they all ask this package.
//
// # Where the events come from
//
// The tested value is traced on the package's SSA form (internal/valueflow) to
// its roots. A root is classified:
//
//   - a call of Consumer.Poll, statically or through an interface or adapter
//     (kafkaapi.ConsumerMethod): dead since v1.6.1; before, dead when
//     every consumer traced behind the receiver is (a rebalance callback is
//     registered, or go.application.rebalance.enable is false). When the
//     interface may also hold a Poll of the program's own (a replay source, an
//     adapter that overrides Poll), the root is live: that Poll may return
//     anything;
//   - a receive from a channel (a range, a receive expression, a select case)
//     whose roots are Events() calls: dead when every consumer traced behind
//     the receiver is (go.events.channel.enable false; since v1.6.1 a callback
//     or the flag false; before, the flag false and no callback);
//   - the event parameter of a function registered as the rebalance callback
//     of a Subscribe/SubscribeTopics call of the package (rebalance's
//     Subscribes, also through the program's own consumer interface): live;
//   - anything else (a parameter other packages pass, a channel of unknown
//     origin, a call into another package): untraced.
//
// The policy is internal/valueflow's: a handler is dead when a traced root
// proves it and no traced root may deliver the event. An untraced root neither
// makes nor excuses the verdict; neither does a consumer the trace cannot see
// (there is no fallback to the package's consumers). A Poll or Events() root
// whose receiver has no traced consumer proves nothing before v1.6.1.
package liveness

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/rebalance"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// The configuration keys the verdict reads.
const (
	KeyRebalance = "go.application.rebalance.enable"
	KeyChannel   = "go.events.channel.enable"
)

// A Verdict says whether a handler's events can be delivered and, when they
// cannot, the traced root that proves it.
type Verdict struct {
	Reason  Reason           // None: the events may be delivered, or nothing proves otherwise
	Source  *ast.CallExpr    // the Poll or Events() call the events come from
	Events  bool             // Source is an Events() call
	Version kafkaapi.Version // the library version of Source
	// Consumer is the consumer whose configuration proves the reason (nil for
	// PollSince161), Setting the entry behind FlagOff/ChannelOff (nil for a
	// default) and Subscribe the call behind a callback reason.
	Consumer  *kafkaconfig.Consumer
	Setting   *kafkaconfig.Setting
	Subscribe *ast.CallExpr
}

// Dead reports whether the handler never runs.
func (v Verdict) Dead() bool { return v.Reason != None }

// A subscription is a Subscribe/SubscribeTopics call and what it passes as the
// rebalance callback.
type subscription struct {
	call     *ast.CallExpr
	callback tri // yes: a function; no: nil; unknown: a func-typed value
}

// A checker computes the verdicts for the handlers of one package.
type checker struct {
	kc         *kafkaconfig.Result
	cs         *pkgindex.Result
	subscribes []*ast.CallExpr // rebalance.Result.Subscribes
	info       *types.Info

	indexed   bool
	subs      map[*kafkaconfig.Consumer][]subscription
	callbacks map[*ssa.Function]bool // functions registered as rebalance callbacks
}

// newChecker returns a checker for the package kc and cs describe, whose
// calls subscribes register rebalance callbacks; nothing is computed until the
// first question.
func newChecker(kc *kafkaconfig.Result, cs *pkgindex.Result, subscribes []*ast.CallExpr, info *types.Info) *checker {
	return &checker{kc: kc, cs: cs, subscribes: subscribes, info: info}
}

// Of returns the verdict for h.
func (c *checker) Of(h *rebalance.Handler) Verdict {
	if c == nil || c.kc == nil || c.cs == nil || c.info == nil || h == nil {
		return Verdict{}
	}
	x := c.subject(h)
	if x == nil {
		return Verdict{}
	}
	c.index()
	var first Verdict
	for _, r := range c.cs.Graph().Roots(x).Roots {
		for _, v := range c.classify(r) {
			switch {
			case v.live:
				return Verdict{} // a traced source may deliver the event
			case v.Dead() && !first.Dead():
				first = v.Verdict
			}
		}
	}
	return first
}

// subject returns the SSA value whose dynamic type h tests, or nil.
func (c *checker) subject(h *rebalance.Handler) ssa.Value {
	var pos token.Pos
	switch {
	case h.Clause != nil:
		pos = h.Clause.Case // go/ssa gives each type test of a case the position of "case"
	case h.Assert != nil:
		pos = h.Assert.Lparen
	default:
		return nil
	}
	fn := c.cs.Graph().Func(h.Func)
	if fn == nil {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ta, ok := instr.(*ssa.TypeAssert); ok && ta.Pos() == pos {
				return ta.X
			}
		}
	}
	return nil
}

// index records the Subscribe calls of the package by consumer, and the
// functions they register as callbacks.
func (c *checker) index() {
	if c.indexed {
		return
	}
	c.indexed = true
	c.subs = make(map[*kafkaconfig.Consumer][]subscription)
	c.callbacks = make(map[*ssa.Function]bool)
	g := c.cs.Graph()
	for _, call := range c.subscribes {
		s := subscription{call: call, callback: callbackOf(c.info, call.Args[1])}
		consumers, _ := c.kc.ConsumersOf(analysisutil.Receiver(call))
		for _, k := range consumers { // untraced receivers subscribe nothing we know of
			c.subs[k] = append(c.subs[k], s)
		}
		for _, r := range g.Roots(g.ValueOf(call.Args[1])).Roots {
			if fn := valueflow.FuncOf(r); fn != nil {
				c.callbacks[fn] = true
			}
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

// A rootVerdict is the verdict of one root: live, dead, or neither (untraced).
type rootVerdict struct {
	Verdict
	live bool
}

// classify returns what the root r of a handler's subject proves.
func (c *checker) classify(r ssa.Value) []rootVerdict {
	switch r := r.(type) {
	case *ssa.Call:
		if call := c.cs.Graph().CallExpr(r); call != nil {
			if fn := kafkaapi.ConsumerMethod(c.info, c.cs, call, "Poll"); fn != nil {
				if c.ownMethod(call, "Poll") {
					return []rootVerdict{{live: true}}
				}
				return []rootVerdict{c.origin(call, fn, false)}
			}
		}
	case *ssa.UnOp:
		if r.Op == token.ARROW {
			return c.channel(r.X)
		}
	case *ssa.Extract:
		switch t := r.Tuple.(type) {
		case *ssa.UnOp: // ev, ok := <-ch, and range over a channel
			if t.Op == token.ARROW && r.Index == 0 {
				return c.channel(t.X)
			}
		case *ssa.Select: // (index, recvOk, r_0, ..., r_n-1) for the receive states
			k := r.Index - 2
			for _, st := range t.States {
				if st.Dir != types.RecvOnly {
					continue
				}
				if k == 0 {
					return c.channel(st.Chan)
				}
				k--
			}
		}
	case *ssa.Parameter:
		// The event is the last parameter (a method's receiver is its first).
		if fn := r.Parent(); c.callbacks[fn] && len(fn.Params) >= 2 && fn.Params[len(fn.Params)-1] == r {
			return []rootVerdict{{live: true}} // a rebalance callback receives every rebalance event
		}
	}
	return nil // untraced
}

// channel classifies the roots of a channel the events are received from.
func (c *checker) channel(ch ssa.Value) []rootVerdict {
	var out []rootVerdict
	for _, r := range c.cs.Graph().Roots(ch).Roots {
		call, ok := r.(*ssa.Call)
		if !ok {
			continue // a channel of the program's own, or of unknown origin
		}
		ac := c.cs.Graph().CallExpr(call)
		if ac == nil {
			continue
		}
		if fn := kafkaapi.ConsumerMethod(c.info, c.cs, ac, "Events"); fn != nil {
			if c.ownMethod(ac, "Events") {
				out = append(out, rootVerdict{live: true})
			} else {
				out = append(out, c.origin(ac, fn, true))
			}
		}
	}
	return out
}

// ownMethod reports whether call, which may reach the library's method name
// through an interface, may also reach a method of the program's own (a fake,
// a replay source, an adapter that overrides it): that method may return any
// event, so the source may deliver.
func (c *checker) ownMethod(call *ast.CallExpr, name string) bool {
	fns, _ := c.cs.Callees(call)
	for _, fn := range fns {
		if !kafkaapi.IsMethod(fn, "Consumer", name) {
			return true
		}
	}
	return false
}

// origin decides for the events of one Poll or Events() call.
func (c *checker) origin(call *ast.CallExpr, fn *types.Func, events bool) rootVerdict {
	v := c.kc.Version(fn.Pkg())
	base := Verdict{Source: call, Events: events, Version: v}
	if !events && v.AtLeastV(kafkaapi.V1_6_1) {
		base.Reason = PollSince161
		return rootVerdict{Verdict: base}
	}
	consumers, _ := c.kc.ConsumersOf(analysisutil.Receiver(call))
	if len(consumers) == 0 {
		return rootVerdict{} // nothing traced proves it either way
	}
	var first Verdict
	for i, k := range consumers {
		cs := c.cause(k, v, events, base)
		if !cs.Dead() {
			return rootVerdict{live: true} // this consumer may deliver the event
		}
		if i == 0 {
			first = cs
		}
	}
	return rootVerdict{Verdict: first}
}

// cause says why consumer k delivers no rebalance events to a Poll (or Events()).
func (c *checker) cause(k *kafkaconfig.Consumer, v kafkaapi.Version, events bool, base Verdict) Verdict {
	flag, flagSet := boolSetting(k.Config, KeyRebalance)
	cb, sub := c.callback(k)
	cs := base
	cs.Consumer, cs.Setting, cs.Subscribe = k, flagSet, sub
	if !events {
		cs.Reason = pollVerdict(v, flag, cb)
		return cs
	}
	ch, chSet := boolSetting(k.Config, KeyChannel)
	cs.Reason = eventsVerdict(v, ch, flag, cb)
	if cs.Reason == ChannelOff {
		cs.Setting = chSet
	}
	return cs
}

// boolSetting returns a go.* boolean of the configuration, and its entry when set.
// The Go client accepts only a Go bool for these keys (anything else makes
// NewConsumer fail), so other values count as unknown. A write made on some
// paths only (an option, a branch) that may change the value makes it unknown:
// a handler is dead only when it is dead on every path.
func boolSetting(cfg *kafkaconfig.Config, key string) (tri, *kafkaconfig.Setting) {
	v, fromDefault, ok := cfg.Bool(key)
	if !ok {
		return unknown, nil
	}
	for _, m := range cfg.Maybe {
		if m.Key != key {
			continue
		}
		if mv, mok := kafkaconfig.ParseBool(m.Value); !m.Known || !mok || mv != v || m.GoType != "bool" {
			return unknown, nil
		}
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

// callback says whether every traced Subscribe call of k passes a rebalance
// callback (yes) or nil (no), and returns one such call. Subscribe calls on
// receivers the trace cannot see are not counted (see the package doc).
func (c *checker) callback(k *kafkaconfig.Consumer) (tri, *ast.CallExpr) {
	subs := c.subs[k]
	if len(subs) == 0 {
		return unknown, nil
	}
	want := subs[0].callback
	for _, s := range subs {
		if s.callback != want {
			return unknown, nil
		}
	}
	return want, subs[0].call
}

// Flag returns a go.* boolean of the configuration as the verdicts read it
// (boolSetting): known is false when a write on some path only, a value of
// another type or an incomplete map leaves it open; set is its entry when
// the map writes it (nil for the default).
func Flag(cfg *kafkaconfig.Config, key string) (value, known bool, set *kafkaconfig.Setting) {
	t, s := boolSetting(cfg, key)
	return t == yes, t != unknown, s
}
