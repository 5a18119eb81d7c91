package kgorebalance

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clientgraph"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/kgoapi"
	"github.com/kafkalint/kafkalint/internal/kgoflow"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports franz-go partition callbacks that lose the commit on
// revoke or deadlock. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new kgorebalance analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "kgorebalance",
		Doc:      analysisutil.MustExtractDoc(doc, "kgorebalance"),
		Requires: []*analysis.Analyzer{analysisutil.Inspect, clientgraph.Analyzer, kgoflow.Analyzer},
	}
	analysisutil.Setup(a, run)
	return a
}

// Categories of the diagnostics.
const (
	categoryNoCommit = "revokenocommit"    // a custom revoke callback that commits nothing
	categoryManual   = "manualnorevoke"    // DisableAutoCommit and no revoke callback
	categoryAsync    = "asyncrevokecommit" // CommitOffsets (async) in the revoke callback
	categoryLeave    = "leaveincallback"   // Close or LeaveGroup inside a partition callback
	categoryBlocked  = "neverallowed"      // BlockRebalanceOnPoll and no AllowRebalance
	categoryClose    = "closeblocked"      // Close of a polled client with BlockRebalanceOnPoll
)

func run(pass *analysis.Pass) {
	cg := pass.ResultOf[clientgraph.Analyzer].(*clientgraph.Result)
	if len(cg.Imports(clients.FranzGo)) == 0 {
		return // the package does not use franz-go
	}
	h := pass.ResultOf[kgoflow.Analyzer].(*kgoflow.Handle)
	if !usesOptions(pass) && !usesWrappers(pass) && !h.CallsAdding(pass.TypesInfo, watched...) {
		return // registers no callback, disables no autocommit, calls no wrapper or helper that does: no SSA form needed
	}
	in := analysisutil.InspectorOf(pass)
	r := kgoflow.Of(pass)
	if r == nil {
		return // no SSA form (see internal/valueflow)
	}
	c := &checker{pass: pass, r: r, stmts: make(map[*ast.CallExpr]ast.Stmt)}
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if st, ok := cur.Parent().Node().(*ast.ExprStmt); ok {
			c.stmts[call] = st
		}
	}
	for _, o := range r.Options {
		switch {
		case slices.Contains(kgoapi.Callbacks, o.Name):
			fns, _ := r.Callbacks(o)
			for _, fn := range fns {
				w := r.Walk(fn)
				c.leaves(o, w)
				if o.Name == kgoapi.OnPartitionsRevoked {
					c.async(o, w)
					c.noCommit(o, w)
				}
			}
		case o.Name == kgoapi.DisableAutoCommit:
			c.manual(o)
		case o.Name == kgoapi.BlockRebalanceOnPoll:
			c.block(o, r.ClientsWith(o))
		}
	}
	// Options added by a wrapper or an option helper of another package:
	// the client the package makes with them is judged here.
	for _, cl := range r.Clients {
		for _, o := range cl.Options {
			switch {
			case o.From == nil:
			case o.Name == kgoapi.BlockRebalanceOnPoll && cl.Always(o):
				c.block(o, []*kgoflow.Client{cl})
			case o.Name == kgoapi.DisableAutoCommit:
				c.manualFrom(o, cl)
			}
		}
	}
	c.flush()
}

// usesWrappers reports whether the package calls a function of another
// package that returns a *kgo.Client: a wrapper whose options kgoflow's facts
// may give.
func usesWrappers(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg() == pass.Pkg || kgoapi.IsPackage(fn.Pkg()) {
			continue
		}
		if res := fn.Signature().Results(); res.Len() > 0 && kgoapi.IsClient(res.At(0).Type()) {
			return true
		}
	}
	return false
}

// watched are the options the analyzer looks at.
var watched = []string{kgoapi.OnPartitionsAssigned, kgoapi.OnPartitionsRevoked, kgoapi.OnPartitionsLost, kgoapi.DisableAutoCommit, kgoapi.BlockRebalanceOnPoll}

// usesOptions reports whether the package refers to one of the options the
// analyzer looks at.
func usesOptions(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if obj == nil || !kgoapi.IsPackage(obj.Pkg()) {
			continue
		}
		if slices.Contains(watched, obj.Name()) && kgoapi.IsObject(obj, obj.Name()) {
			return true
		}
	}
	return false
}

type checker struct {
	pass  *analysis.Pass
	r     *kgoflow.Result
	stmts map[*ast.CallExpr]ast.Stmt // calls that are expression statements
	queue []analysis.Diagnostic
}

// report queues d; flush reports the queue in source order (the walk's order
// follows the SSA package's, which follows a map).
func (c *checker) report(d analysis.Diagnostic) { c.queue = append(c.queue, d) }

// flush reports the queue in source order, one report per position (a Close
// inside a callback of a BlockRebalanceOnPoll client is leaveincallback and
// closeblocked: the first category by name is kept).
func (c *checker) flush() {
	sort.SliceStable(c.queue, func(i, j int) bool {
		a, b := c.queue[i], c.queue[j]
		if a.Pos != b.Pos {
			return analysisutil.Before(c.pass.Fset, a.Pos, b.Pos)
		}
		return a.Category < b.Category
	})
	for i, d := range c.queue {
		if i > 0 && c.queue[i-1].Pos == d.Pos {
			continue
		}
		c.pass.Report(d)
	}
}

// related returns a related position at call, when it is in the package's syntax.
func (c *checker) related(call ssa.CallInstruction, msg string) []analysis.RelatedInformation {
	if e := c.r.G.CallExpr(call); e != nil {
		return []analysis.RelatedInformation{{Pos: e.Pos(), End: e.End(), Message: msg}}
	}
	return nil
}

func (c *checker) clientRelated(cls []*kgoflow.Client) []analysis.RelatedInformation {
	if len(cls) == 0 {
		return nil
	}
	return c.related(cls[0].Call, "the client is built here")
}

// leaves reports Close and LeaveGroup calls made, before a partition callback
// returns, on the client that runs it.
func (c *checker) leaves(o *kgoflow.Option, w *kgoflow.Walk) {
	for _, rc := range w.Reaches {
		name := rc.Method.Name()
		if !slices.Contains(kgoapi.Leaves, name) {
			continue
		}
		args := rc.Args()
		if name == "LeaveGroupContext" && len(args) == 1 && kgoflow.IsNil(args[0]) {
			continue // triggers the leave and returns
		}
		if !c.sameClient(o, w, rc.Receiver()) {
			continue
		}
		top := c.r.G.CallExpr(rc.Top)
		at := c.r.G.CallExpr(rc.Call)
		if top == nil || at == nil {
			continue
		}
		recv := analysisutil.ConsumerName(analysisutil.Receiver(at))
		if b := rc.BoundName(); b != "" {
			recv = b // a method value: at is f(), not cl.Close()
		}
		what := fmt.Sprintf("%s.%s", recv, name)
		if top != at {
			what = fmt.Sprintf("%s (calls %s.%s)", calleeName(top), recv, name)
		}
		alt := "" // LeaveGroupContext is missing from old versions (v1.7.0)
		if kgoapi.HasClientMethod(rc.Method.Pkg(), "LeaveGroupContext") {
			alt = " or use LeaveGroupContext(nil)"
		}
		d := analysis.Diagnostic{
			Pos: top.Pos(), End: top.End(), Category: categoryLeave,
			Message: fmt.Sprintf("%s inside the %s callback deadlocks, call it on another goroutine%s (leaving waits for the group loop, which waits for the callback to return)", what, o.Name, alt),
			Related: c.related(o.Call, "the callback is registered here"),
		}
		if st := c.stmts[top]; st != nil && top == at && name != "LeaveGroupContext" {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Call " + name + " on another goroutine",
				TextEdits: []analysis.TextEdit{{Pos: st.Pos(), End: st.Pos(), NewText: []byte("go ")}},
			}}
		}
		c.report(d)
	}
}

// sameClient reports whether v, the receiver of a call made by a partition
// callback registered by o, is the client that runs the callback: the
// callback's *kgo.Client parameter, or a client that o reaches.
func (c *checker) sameClient(o *kgoflow.Option, w *kgoflow.Walk, v ssa.Value) bool {
	cls, params, _ := c.r.ClientsOf(v)
	for _, p := range params {
		if slices.Contains(w.Entry, p) {
			return true
		}
	}
	for _, cl := range cls {
		if slices.Contains(cl.Options, o) {
			return true
		}
	}
	return false
}

// async reports CommitOffsets calls made before the revoke callback returns,
// unless the callback waits for something (onDone made synchronous).
func (c *checker) async(o *kgoflow.Option, w *kgoflow.Walk) {
	if w.Handoff {
		return
	}
	for _, rc := range w.Reaches {
		if rc.Method.Name() != "CommitOffsets" {
			continue
		}
		top := c.r.G.CallExpr(rc.Top)
		at := c.r.G.CallExpr(rc.Call)
		if top == nil || at == nil {
			continue
		}
		what := analysisutil.ConsumerName(analysisutil.Receiver(at)) + ".CommitOffsets"
		if top != at {
			what = fmt.Sprintf("%s (calls %s)", calleeName(top), what)
		}
		d := analysis.Diagnostic{
			Pos: top.Pos(), End: top.End(), Category: categoryAsync,
			Message: fmt.Sprintf("%s inside the OnPartitionsRevoked callback does not wait for the commit, use CommitOffsetsSync (the rebalance can go on before the commit lands, and the next owner re-reads: seen on v1.7.0, while v1.22.3 waits for commits in flight)", what),
			Related: c.related(o.Call, "the callback is registered here"),
		}
		if sel, ok := ast.Unparen(at.Fun).(*ast.SelectorExpr); ok && top == at {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Use CommitOffsetsSync",
				TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("CommitOffsetsSync")}},
			}}
		}
		c.report(d)
	}
}

// noCommit reports a revoke callback that commits nothing, on a client that
// does not both block rebalances on poll and commit by hand.
func (c *checker) noCommit(o *kgoflow.Option, w *kgoflow.Walk) {
	if w.Opaque || w.Handoff {
		return // may commit through code the package cannot see, or on another goroutine
	}
	for _, rc := range w.Reaches {
		if slices.Contains(kgoapi.Commits, rc.Method.Name()) {
			return
		}
	}
	if len(w.Signals) > 0 && c.signalOnly(o, w) {
		return
	}
	var risky []*kgoflow.Client
	manual := true
	for _, cl := range c.r.ClientsWith(o) {
		if !cl.Complete || ownGroup(cl) {
			continue
		}
		if blocksManual(cl, o) {
			continue // commits before AllowRebalance, which revokes wait for
		}
		risky = append(risky, cl)
		manual = manual && cl.HasWith(kgoapi.DisableAutoCommit, o) != nil
	}
	if len(risky) == 0 {
		return
	}
	at := c.r.G.CallExpr(o.Call)
	if at == nil {
		return
	}
	why := "it replaces kgo's default revoke, which commits what earlier polls returned: the next owner re-processes what was consumed since the last autocommit"
	if manual {
		why = "with autocommit disabled the next owner re-processes what was processed since the last commit, and a later commit of this member can rewind the new owner's"
	}
	d := analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: categoryNoCommit,
		Message: fmt.Sprintf("OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns (%s)", why),
		Related: c.clientRelated(risky),
	}
	c.report(d)
}

// signalOnly reports, and says whether it did, a revoke callback that
// signals other goroutines (closes a channel, cancels a context) and returns
// without waiting for them, when a goroutine the package starts, other than
// one that polls, commits on the callback's client: kgo rejoins the group as the callback returns, so the
// next owner starts at the last commit while that goroutine still processes
// what it was handed, and its commit lands after the rebalance (F34). The
// callback neither waits nor commits (noCommit's caller checked), and a
// BlockRebalanceOnPoll client does not help: the poll loop allowed the
// rebalance when it handed the records over.
func (c *checker) signalOnly(o *kgoflow.Option, w *kgoflow.Walk) bool {
	var cls []*kgoflow.Client
	for _, cl := range c.r.ClientsWith(o) {
		if cl.Complete && !ownGroup(cl) {
			cls = append(cls, cl)
		}
	}
	if len(cls) == 0 {
		return false
	}
	for _, g := range c.r.Goroutines() {
		if polls(g.Walk) {
			continue // the poll loop: with BlockRebalanceOnPoll it commits before it allows the rebalance, without it noCommit judges
		}
		for _, rc := range g.Walk.Reaches {
			if !slices.Contains(kgoapi.Commits, rc.Method.Name()) || !c.commitsOn(rc, cls) {
				continue
			}
			at := c.r.G.CallExpr(o.Call)
			if at == nil {
				return false
			}
			d := analysis.Diagnostic{
				Pos: at.Pos(), End: at.End(), Category: categoryNoCommit,
				Message: fmt.Sprintf("OnPartitionsRevoked callback %s and returns without waiting, wait until the goroutines it stops have committed before it returns (kgo goes on with the rebalance when the callback returns: the next owner re-processes what they still hold, and their commits land after it, on partitions another member may own)", signalled(w)),
			}
			d.Related = append(c.related(w.Signals[0], "the callback signals here"), c.related(rc.Call, "a goroutine commits here")...)
			c.report(d)
			return true
		}
	}
	return false
}

// polls reports whether w polls a client (PollFetches, PollRecords).
func polls(w *kgoflow.Walk) bool {
	return slices.ContainsFunc(w.Reaches, func(rc kgoflow.Reach) bool {
		return rc.Method.Name() == "PollFetches" || rc.Method.Name() == "PollRecords"
	})
}

// commitsOn reports whether rc, a commit made on a goroutine of the package,
// is on one of cls: a client traced to them, or the *kgo.Client parameter of
// a partition callback they run (kgo calls it with the client that
// registered it).
func (c *checker) commitsOn(rc kgoflow.Reach, cls []*kgoflow.Client) bool {
	got, params, _ := c.r.ClientsOf(rc.Receiver())
	for _, p := range params {
		got = append(got, c.r.Registering(p)...)
	}
	for _, cl := range got {
		if slices.Contains(cls, cl) {
			return true
		}
	}
	return false
}

// signalled says what the signals of w do, for messages: "closes a
// channel", "closes channels" (several calls, or one in a loop), "cancels a
// context", or both.
func signalled(w *kgoflow.Walk) string {
	closes, cancels := 0, 0
	for _, s := range w.Signals {
		n := 1
		if valueflow.InLoop(s.Block()) {
			n = 2
		}
		if b, ok := s.Common().Value.(*ssa.Builtin); ok && b.Name() == "close" {
			closes += n
		} else {
			cancels += n
		}
	}
	var parts []string
	switch {
	case closes == 1:
		parts = append(parts, "closes a channel")
	case closes > 1:
		parts = append(parts, "closes channels")
	}
	switch {
	case cancels == 1:
		parts = append(parts, "cancels a context")
	case cancels > 1:
		parts = append(parts, "cancels contexts")
	}
	return strings.Join(parts, " and ")
}

// blocksManual reports whether the client that option o reaches may also
// have both BlockRebalanceOnPoll and DisableAutoCommit. Options forwarded
// through different calls of a helper (func newClient(extra ...kgo.Opt)) are
// options of different clients: another client's BlockRebalanceOnPoll does
// not make o's revoke safe (kgoflow's Client.Together).
func blocksManual(cl *kgoflow.Client, o *kgoflow.Option) bool {
	for _, b := range cl.Options {
		if b.Name == kgoapi.BlockRebalanceOnPoll && cl.Together(o, b) && cl.HasWith(kgoapi.DisableAutoCommit, o, b) != nil {
			return true
		}
	}
	return false
}

// manual reports DisableAutoCommit on a client with no revoke callback and no
// BlockRebalanceOnPoll.
func (c *checker) manual(o *kgoflow.Option) {
	var risky []*kgoflow.Client
	for _, cl := range c.r.ClientsWith(o) {
		if cl.Complete && !ownGroup(cl) && cl.HasWith(kgoapi.OnPartitionsRevoked, o) == nil && cl.HasWith(kgoapi.BlockRebalanceOnPoll, o) == nil {
			risky = append(risky, cl)
		}
	}
	at := c.r.G.CallExpr(o.Call)
	if len(risky) == 0 || at == nil {
		return
	}
	c.report(analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: categoryManual,
		Message: "kgo.DisableAutoCommit without an OnPartitionsRevoked callback, register one that commits the processed offsets (the next owner re-processes what was processed since the last commit, and a later commit of this member can rewind the new owner's)",
		Related: c.clientRelated(risky),
	})
}

// manualFrom reports DisableAutoCommit added by o.From, a wrapper or an
// option helper of another package, on a client of the package with no
// revoke callback and no BlockRebalanceOnPoll: at the call that brings it in.
func (c *checker) manualFrom(o *kgoflow.Option, cl *kgoflow.Client) {
	if !cl.Complete || ownGroup(cl) || cl.HasWith(kgoapi.OnPartitionsRevoked, o) != nil || cl.HasWith(kgoapi.BlockRebalanceOnPoll, o) != nil {
		return
	}
	at := c.r.G.CallExpr(o.Call)
	if at == nil {
		return
	}
	d := analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: categoryManual,
		Message: fmt.Sprintf("kgo.DisableAutoCommit (set by %s) without an OnPartitionsRevoked callback, register one that commits the processed offsets (the next owner re-processes what was processed since the last commit, and a later commit of this member can rewind the new owner's)", analysisutil.FuncName(o.From)),
	}
	if o.Call != cl.Call {
		d.Related = c.clientRelated([]*kgoflow.Client{cl})
	}
	c.report(d)
}

// ownGroup reports whether every ConsumerGroup option of cl (and there is
// one) names a group made new at each start: its id is built with a call of
// github.com/google/uuid ("probe-" + uuid.New().String()). No other member
// ever joins such a group, so no other member takes its partitions and
// re-processes what it consumed: a revoke loses nothing (a probe or
// cache-warming consumer).
func ownGroup(cl *kgoflow.Client) bool {
	found := false
	for _, o := range cl.Options {
		if o.Name != kgoapi.ConsumerGroup {
			continue
		}
		args := o.Call.Common().Args
		if o.From != nil || len(args) != 1 || !fromUUID(args[0], 8) {
			return false
		}
		found = true
	}
	return found
}

// fromUUID reports whether v is computed, through concatenations,
// conversions and the arguments and receivers of calls, from the result of
// a function of github.com/google/uuid, looking depth levels deep.
func fromUUID(v ssa.Value, depth int) bool {
	if depth == 0 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Call:
		if fn := v.Common().StaticCallee(); fn != nil && fn.Pkg != nil && isUUID(fn.Pkg.Pkg.Path()) {
			return true
		}
		for _, a := range v.Common().Args {
			if fromUUID(a, depth-1) {
				return true
			}
		}
	case *ssa.BinOp:
		return fromUUID(v.X, depth-1) || fromUUID(v.Y, depth-1)
	case *ssa.Extract:
		return fromUUID(v.Tuple, depth-1)
	case *ssa.Convert:
		return fromUUID(v.X, depth-1)
	case *ssa.ChangeType:
		return fromUUID(v.X, depth-1)
	case *ssa.MakeInterface:
		return fromUUID(v.X, depth-1)
	}
	return false
}

// isUUID reports whether path is github.com/google/uuid, also vendored.
func isUUID(path string) bool {
	const uuid = "github.com/google/uuid"
	return path == uuid || strings.HasSuffix(path, "/vendor/"+uuid)
}

// calleeName names the function a call calls, for messages.
func calleeName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return "the call"
}

// block reports, on a client with BlockRebalanceOnPoll that the package
// polls, a package that never allows rebalances on it, and Close calls on it.
func (c *checker) block(o *kgoflow.Option, clients []*kgoflow.Client) {
	calls := c.r.MethodCalls("PollFetches", "PollRecords", "AllowRebalance", "Close")
	for _, cl := range clients {
		var polls, closes []kgoflow.MethodCall
		allowed := false
		for _, mc := range calls {
			mine := slices.Contains(mc.Clients, cl)
			switch mc.Method.Name() {
			case "PollFetches", "PollRecords":
				if mine {
					polls = append(polls, mc)
				}
			case "AllowRebalance": // CloseAllowingRebalance at exit does not unblock the loop
				allowed = allowed || mine || !mc.Complete
			case "Close":
				if mine {
					closes = append(closes, mc)
				}
			}
		}
		if len(polls) == 0 {
			continue
		}
		sort.SliceStable(polls, func(i, j int) bool {
			return analysisutil.Before(c.pass.Fset, polls[i].Call.Pos(), polls[j].Call.Pos())
		})
		if !allowed && !c.r.Escapes(cl) {
			if at := c.r.G.CallExpr(polls[0].Call); at != nil {
				recv := analysisutil.ConsumerName(analysisutil.Receiver(at))
				c.report(analysis.Diagnostic{
					Pos: at.Pos(), End: at.End(), Category: categoryBlocked,
					Message: fmt.Sprintf("%s.%s on a client with kgo.BlockRebalanceOnPoll, and nothing calls AllowRebalance on it, call %s.AllowRebalance() when the polled records are processed (rebalances wait until this member is kicked out of the group at the rebalance timeout)", recv, polls[0].Method.Name(), recv),
					Related: c.related(o.Call, "rebalances are blocked on poll here"),
				})
			}
		}
		if allowed {
			// Whether a Close follows a poll whose rebalance was not
			// allowed depends on the paths in between (a loop that exits
			// only on a closed client is fine): not judged.
			continue
		}
		for _, mc := range closes {
			at := c.r.G.CallExpr(mc.Call)
			if at == nil {
				continue
			}
			recv := analysisutil.ConsumerName(analysisutil.Receiver(at))
			d := analysis.Diagnostic{
				Pos: at.Pos(), End: at.End(), Category: categoryClose,
				Message: fmt.Sprintf("%s.Close on a polled client with kgo.BlockRebalanceOnPoll that never allows rebalances, use CloseAllowingRebalance (Close waits for the last poll's rebalance to be allowed and hangs)", recv),
				Related: c.related(o.Call, "rebalances are blocked on poll here"),
			}
			if sel, ok := ast.Unparen(at.Fun).(*ast.SelectorExpr); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   "Use CloseAllowingRebalance",
					TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("CloseAllowingRebalance")}},
				}}
			}
			c.report(d)
		}
	}
}
