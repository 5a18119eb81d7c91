package pollrebalance

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/escape"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/liveness"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
)

// categoryUnhandled is the category of a consumer whose rebalance events
// nobody handles.
const categoryUnhandled = "unhandledrebalance"

// The path a consumer's events take to the application.
const (
	pathEvents = iota + 1 // go.events.channel.enable=true: the Events() channel
	pathPoll              // go.events.channel.enable=false: Poll, before v1.6.1
)

// pathOf says where consumer k hands its rebalance events to the
// application when the configuration proves
// go.application.rebalance.enable=true and the events reach the application
// on every path (docs/library-facts.md, F6 and F15), and returns that entry;
// 0 otherwise. On the Poll path that needs a version known to be before
// v1.6.1: from v1.6.1 the client assigns by itself, and an unknown version
// proves nothing.
func pathOf(k *kafkaconfig.Consumer) (int, *kafkaconfig.Setting) {
	if k.Via != "" || k.Call == nil || k.Config == nil || !k.Config.Known {
		return 0, nil // only NewConsumer calls: a function of another package may handle the events
	}
	on, known, set := liveness.Flag(k.Config, liveness.KeyRebalance)
	if !on || !known || set == nil {
		return 0, nil
	}
	channel, known, _ := liveness.Flag(k.Config, liveness.KeyChannel)
	switch {
	case !known:
		return 0, nil
	case channel:
		return pathEvents, set
	case k.Version.Known() && k.Version.Before(kafkaapi.V1_6_1):
		return pathPoll, set
	}
	return 0, nil
}

// A candidate is a consumer whose rebalance events reach the application, and
// what the package does with it.
type candidate struct {
	k       *kafkaconfig.Consumer
	path    int
	flag    *kafkaconfig.Setting // go.application.rebalance.enable=true
	subs    []*ast.CallExpr      // Subscribe/SubscribeTopics calls on it
	polls   []*ast.CallExpr      // Poll and ReadMessage calls on it
	events  []*ast.CallExpr      // Events() calls on it
	handled bool                 // a callback is passed, or it is assigned by hand
}

// The consumer methods whose calls decide the rule.
var (
	pollMethods   = []string{"Poll", "ReadMessage"}
	assignMethods = []string{"Assign", "IncrementalAssign"}
	ruleMethods   = slices.Concat(kafkaapi.Subscribe, pollMethods, []string{"Events"}, assignMethods)
)

// unhandled reports the consumers that get rebalance events nobody handles:
// go.application.rebalance.enable=true, every traced Subscribe call passes no
// callback, nothing in the package calls Assign or IncrementalAssign on it (an
// AssignedPartitions case that handles the event is such a call), and it does
// not leave the package. An Assign, or a Subscribe that may pass a callback,
// whose consumer is not traced silences the rule for the package.
func unhandled(pass *analysis.Pass, kc *kafkaconfig.Result, cs *pkgindex.Result) {
	var cands []*candidate
	by := make(map[*kafkaconfig.Consumer]*candidate)
	for _, k := range kc.Consumers {
		if path, set := pathOf(k); path != 0 {
			c := &candidate{k: k, path: path, flag: set}
			cands = append(cands, c)
			by[k] = c
		}
	}
	if len(cands) == 0 {
		return // the common case: nothing is traced
	}
	g := cs.Graph()
	if g.Broken() {
		return
	}
	in := analysisutil.InspectorOf(pass)
	if assignValues(pass, in) {
		return // Assign taken as a value: the calls are not followed
	}
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := analysisutil.CalledFunc(pass.TypesInfo, call)
		if fn == nil || !slices.Contains(ruleMethods, fn.Name()) {
			continue
		}
		recv := analysisutil.Receiver(call)
		if kafkaapi.ConsumerMethod(pass.TypesInfo, cs, call, fn.Name()) == nil {
			if !analysisutil.IsInterfaceMethod(fn) {
				continue // a method of another type that happens to have the name
			}
			if _, ok := cs.Callees(call); ok {
				continue // an interface whose implementations are all known and none is the consumer's
			}
			if mayHandle(pass.TypesInfo, call, fn.Name()) {
				return // it may be any consumer of the package
			}
			continue // a read of events: it assigns nothing
		}
		var ks []*kafkaconfig.Consumer
		complete := false
		if recv != nil {
			ks, complete = kc.ConsumersOf(recv)
		}
		if !complete {
			if mayHandle(pass.TypesInfo, call, fn.Name()) {
				return // an untraced receiver may be any consumer of the package
			}
		}
		for _, k := range ks {
			c := by[k]
			if c == nil {
				continue
			}
			switch name := fn.Name(); {
			case slices.Contains(kafkaapi.Subscribe, name):
				c.subs = append(c.subs, call)
				if len(call.Args) != 2 || !isNil(pass.TypesInfo, call.Args[1]) {
					c.handled = true // a callback, or a value that may be one
				}
			case slices.Contains(pollMethods, name):
				c.polls = append(c.polls, call)
			case name == "Events":
				c.events = append(c.events, call)
			default:
				c.handled = true // assigned by hand
			}
		}
	}
	var esc *escape.Checker
	for _, c := range cands {
		if c.handled || len(c.subs) == 0 {
			continue
		}
		switch c.path {
		case pathEvents:
			if len(c.polls) > 0 {
				continue // Poll on a channel consumer: not what the proof shows
			}
		case pathPoll:
			if len(c.polls) == 0 || len(c.events) > 0 {
				continue
			}
		}
		if esc == nil {
			esc = escape.New(g, kc, consumersOf(cands))
		}
		if esc.Escapes(c.k) {
			continue // another package may handle its events
		}
		reportUnhandled(pass, c)
	}
}

// assignValues reports whether the package takes a consumer's Assign or
// IncrementalAssign (or an interface method of that name) as a value rather
// than calling it.
func assignValues(pass *analysis.Pass, in *inspector.Inspector) bool {
	for cur := range in.Root().Preorder((*ast.SelectorExpr)(nil)) {
		sel := cur.Node().(*ast.SelectorExpr)
		fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
		if !ok || !slices.Contains(assignMethods, fn.Name()) || !analysisutil.IsInterfaceMethod(fn) && !kafkaapi.IsMethod(fn, "Consumer", assignMethods...) {
			continue
		}
		if call, ok := cur.Parent().Node().(*ast.CallExpr); ok && ast.Unparen(call.Fun) == sel {
			continue
		}
		if p, ok := cur.Parent().Node().(*ast.ParenExpr); ok {
			if call, ok := cur.Parent().Parent().Node().(*ast.CallExpr); ok && call.Fun == p {
				continue
			}
		}
		return true
	}
	return false
}

// consumersOf returns the candidates' consumers.
func consumersOf(cands []*candidate) []*kafkaconfig.Consumer {
	ks := make([]*kafkaconfig.Consumer, len(cands))
	for i, c := range cands {
		ks[i] = c.k
	}
	return ks
}

// mayHandle reports whether a call of the rule's method name, on a consumer
// the trace does not name, may handle another consumer's rebalance events:
// an Assign, or a Subscribe that may pass a callback. Reads of events
// (Poll, Events) do not assign.
func mayHandle(info *types.Info, call *ast.CallExpr, name string) bool {
	switch {
	case slices.Contains(assignMethods, name):
		return true
	case slices.Contains(kafkaapi.Subscribe, name):
		return len(call.Args) != 2 || !isNil(info, call.Args[1])
	}
	return false
}

// isNil reports whether e is the untyped nil.
func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

func reportUnhandled(pass *analysis.Pass, c *candidate) {
	sub := c.subs[0]
	d := analysis.Diagnostic{Pos: sub.Pos(), End: sub.End(), Category: categoryUnhandled, Message: unhandledMessage(c)}
	d.Related = []analysis.RelatedInformation{{Pos: c.flag.Pos, Message: liveness.KeyRebalance + "=true"}}
	if c.path == pathEvents {
		if s, ok := c.k.Config.Lookup(liveness.KeyChannel); ok && s.Pos.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: s.Pos, Message: liveness.KeyChannel + "=true"})
		}
	}
	if fix := removeEntry(pass, c.flag); fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	pass.Report(d)
}

// unhandledMessage says what happens to consumer c, with the consequence the
// proof shows for its version (docs/library-facts.md, F15).
func unhandledMessage(c *candidate) string {
	sub := c.subs[0]
	name := analysisutil.ConsumerName(analysisutil.Receiver(sub))
	subName := "Subscribe"
	if sel, ok := ast.Unparen(sub.Fun).(*ast.SelectorExpr); ok {
		subName = sel.Sel.Name
	}
	v := c.k.Version
	var where, hang string
	switch c.path {
	case pathEvents:
		if len(c.events) > 0 {
			name = analysisutil.ConsumerName(analysisutil.Receiver(c.events[0]))
		}
		where = "nothing handles AssignedPartitions from " + name + ".Events()"
		switch {
		case v.Known() && v.Before(kafkaapi.V1_6_1):
			hang = "; on " + v.Exact + " Close also hangs"
		case !v.AtLeastV(kafkaapi.V1_6_1):
			hang = "; before v1.6.1 Close also hangs"
		}
	case pathPoll:
		name = analysisutil.ConsumerName(analysisutil.Receiver(c.polls[0]))
		where = fmt.Sprintf("nothing handles AssignedPartitions from %s.%s", name, pollName(c.polls[0]))
		hang = "; on " + v.Exact + " Close also hangs"
	}
	return fmt.Sprintf("consumer %s never assigns the partitions it is given: %s passes no rebalance callback and %s (go.application.rebalance.enable is true: the client leaves the assignment to the application and the consumer reads nothing%s)",
		name, subName, where, hang)
}

// pollName names the Poll or ReadMessage call.
func pollName(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return "Poll"
}

// removeEntry returns a fix that deletes the ConfigMap literal element of s,
// or nil when s is not written as one.
func removeEntry(pass *analysis.Pass, s *kafkaconfig.Setting) *analysis.SuggestedFix {
	syn := s.Syntax()
	if syn == nil || syn.Key == nil {
		return nil
	}
	var lit *ast.CompositeLit
	idx := -1
	for _, f := range pass.Files {
		if f.Pos() > syn.Key.Pos() || syn.Key.Pos() > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit != nil {
				return false
			}
			if cl, ok := n.(*ast.CompositeLit); ok {
				for i, e := range cl.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok && kv.Key == syn.Key {
						lit, idx = cl, i
						return false
					}
				}
			}
			return true
		})
	}
	if lit == nil {
		return nil
	}
	var pos, end token.Pos
	switch {
	case idx+1 < len(lit.Elts):
		pos, end = lit.Elts[idx].Pos(), lit.Elts[idx+1].Pos()
	case idx > 0:
		pos, end = lit.Elts[idx-1].End(), lit.Elts[idx].End()
	default:
		pos, end = lit.Elts[idx].Pos(), lit.Elts[idx].End()
	}
	return &analysis.SuggestedFix{
		Message:   "Remove " + liveness.KeyRebalance + ": the client assigns the partitions itself",
		TextEdits: []analysis.TextEdit{{Pos: pos, End: end}},
	}
}
