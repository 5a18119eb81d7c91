package incrementalassign

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/liveness"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/rebalance"
)

//go:embed doc.go
var doc string

// Analyzer reports assignment calls in rebalance handlers that do not match the
// consumer's rebalance protocol. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new incrementalassign analyzer.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "incrementalassign",
		Doc:      analysisutil.MustExtractDoc(doc, "incrementalassign"),
		Requires: []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, pkgindex.Analyzer, rebalance.Analyzer, liveness.Analyzer},
	}
	analysisutil.Setup(a, run)
	return a
}

// Categories of the diagnostics.
const (
	categoryEager       = "eagercall"       // Assign/Unassign under a cooperative protocol
	categoryIncremental = "incrementalcall" // IncrementalAssign/IncrementalUnassign under an eager one
)

// protocol is what is known of a consumer's rebalance protocol.
type protocol int8

const (
	unknownProtocol protocol = iota
	eager
	cooperative
)

// A verdict is a consumer's proved protocol, how to name it in messages, and the
// position that proves it.
type verdict struct {
	protocol protocol
	name     string // "cooperative-sticky", "group.protocol=consumer", "the eager range,roundrobin strategy"
	pos      token.Pos
	consumer *kafkaconfig.Consumer
}

func run(pass *analysis.Pass) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	cs := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
	seen := make(map[*ast.CallExpr]bool)
	lv := pass.ResultOf[liveness.Analyzer].(*liveness.Result)
	fv := newFieldVals(pass.TypesInfo, analysisutil.InspectorOf(pass))
	handlers := pass.ResultOf[rebalance.Analyzer].(*rebalance.Result).Handlers
	defer checkManual(pass, kc, cs, handlers)
	for _, h := range handlers {
		if h.Body == nil || (h.Clause != nil && len(h.Clause.List) != 1) {
			continue // no handler code, or a case for several event types
		}
		if branchesOnProtocol(pass.TypesInfo, cs, h.FuncBody()) {
			continue // the handler picks the call by GetRebalanceProtocol()
		}
		dead, decided := false, false
		for _, call := range h.Calls() {
			fn := kafkaapi.ConsumerMethod(pass.TypesInfo, cs, call, "Assign", "Unassign", "IncrementalAssign", "IncrementalUnassign")
			if fn == nil || seen[call] {
				continue
			}
			if !decided { // only handlers with a call to check are traced
				dead, decided = lv.Of(h).Dead(), true
			}
			if dead {
				break // the event is never delivered there: pollrebalance reports it
			}
			seen[call] = true
			check(pass, kc, fv, h, call, fn.Name())
		}
	}
}

// branchesOnProtocol reports whether body calls Consumer.GetRebalanceProtocol
// (directly or through an interface): such handlers choose between eager and
// incremental calls themselves.
func branchesOnProtocol(info *types.Info, cs *pkgindex.Result, body *ast.BlockStmt) bool {
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			found = found || kafkaapi.ConsumerMethod(info, cs, call, "GetRebalanceProtocol") != nil
		}
		return !found
	})
	return found
}

func check(pass *analysis.Pass, kc *kafkaconfig.Result, fv fieldVals, h *rebalance.Handler, call *ast.CallExpr, method string) {
	incremental := strings.HasPrefix(method, "Incremental")
	wrong := cooperative
	if incremental {
		wrong = eager
	}
	recv := analysisutil.Receiver(call)
	// The consumers traced behind the receiver (internal/valueflow's policy: an
	// untraced part neither makes nor excuses a report): the handler is wrong
	// for any of them that is proved to be on the other protocol.
	consumers, _ := kc.ConsumersOf(recv)
	var bad *verdict
	var guards []guard
	in := analysisutil.InspectorOf(pass)
	if in != nil {
		if cur, ok := in.Root().FindNode(call); ok {
			guards = guardsOf(pass.TypesInfo, cur)
		}
	}
	for _, k := range consumers {
		if fv.guardedAway(guards, k) {
			continue // the handler takes this branch only for consumers of the other protocol
		}
		if v := protocolOf(k); v.protocol == wrong {
			bad = &v
			break
		}
	}
	if bad == nil {
		return // no consumer proved to be on the other protocol
	}
	var use, consequence string
	switch {
	case h.Kind == rebalance.Assigned && incremental:
		use = "Assign"
	case h.Kind == rebalance.Assigned:
		use = "IncrementalAssign"
	case incremental:
		use = "Unassign"
	default:
		use = "IncrementalUnassign"
	}
	if h.Kind == rebalance.Assigned {
		consequence = "the consumer is left without partitions"
	} else {
		consequence = "the revoked partitions are not released"
	}
	style := "eager " + method
	if incremental {
		style = method + " under an eager protocol"
	}
	d := analysis.Diagnostic{
		Pos:      call.Fun.Pos(),
		End:      call.Fun.End(),
		Category: categoryEager,
		Message: fmt.Sprintf("%s.%s in %s handler of a consumer using %s, use %s (librdkafka rejects %s with ErrState and %s)",
			analysisutil.ConsumerName(recv), method, h.Kind, bad.name, use, style, consequence),
	}
	if incremental {
		d.Category = categoryIncremental
	}
	if bad.pos.IsValid() {
		d.Related = []analysis.RelatedInformation{{Pos: bad.pos, Message: "the consumer's rebalance protocol is set here"}}
	}
	if fix, ok := suggest(pass, h, call, method, use); ok && direct(pass, call) {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	pass.Report(d)
}

// protocolOf proves the rebalance protocol of a consumer from its configuration:
// cooperative with group.protocol=consumer (KIP-848) or a
// partition.assignment.strategy that holds cooperative-sticky; eager with
// group.protocol=classic and only range and roundrobin (explicitly or by default).
func protocolOf(k *kafkaconfig.Consumer) verdict {
	cfg := k.Config
	v := verdict{consumer: k}
	at := func(key string, fromDefault bool) token.Pos {
		if s, ok := cfg.Lookup(key); ok && !fromDefault && s.Pos.IsValid() {
			return s.Pos
		}
		if cfg != nil && cfg.Pos.IsValid() {
			return cfg.Pos
		}
		return k.Call.Pos()
	}
	gp, gpDefault, gpOK := cfg.String("group.protocol")
	gp = strings.ToLower(strings.TrimSpace(gp))
	if gpOK && gp == "consumer" {
		v.protocol, v.name, v.pos = cooperative, "group.protocol=consumer", at("group.protocol", gpDefault)
		return v
	}
	st, stDefault, stOK := cfg.String("partition.assignment.strategy")
	if !stOK {
		return v
	}
	allEager := true
	for _, s := range strings.Split(st, ",") {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "cooperative-sticky":
			v.protocol, v.name, v.pos = cooperative, "cooperative-sticky", at("partition.assignment.strategy", stDefault)
			return v
		case "range", "roundrobin":
		default:
			allEager = false
		}
	}
	if allEager && gpOK && gp == "classic" {
		name := "the eager " + st + " strategy"
		if stDefault {
			name = "the default eager " + st + " strategy"
		}
		v.protocol, v.name, v.pos = eager, name, at("partition.assignment.strategy", stDefault)
	}
	return v
}

// direct reports whether call calls the library's method itself (on a
// *kafka.Consumer or an adapter that embeds one), not an interface method of the
// program's own: renaming the latter could name a method the interface lacks.
func direct(pass *analysis.Pass, call *ast.CallExpr) bool {
	fn := analysisutil.CalledFunc(pass.TypesInfo, call)
	return fn != nil && kafkaapi.IsMethod(fn, "Consumer", fn.Name())
}
