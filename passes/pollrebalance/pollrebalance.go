package pollrebalance

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"

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

// Analyzer reports rebalance cases on Poll and Events() events that the library
// never delivers there. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new pollrebalance analyzer.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "pollrebalance",
		Doc:      analysisutil.MustExtractDoc(doc, "pollrebalance"),
		Requires: []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, pkgindex.Analyzer, rebalance.Analyzer, liveness.Analyzer},
	}
	analysisutil.Setup(a, run)
	return a
}

// Categories of the diagnostics.
const (
	categoryPoll   = "pollevent"    // a case on events from Poll
	categoryEvents = "channelevent" // a case on events from the Events() channel
)

func run(pass *analysis.Pass) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	handlers := pass.ResultOf[rebalance.Analyzer].(*rebalance.Result).Handlers
	lv := pass.ResultOf[liveness.Analyzer].(*liveness.Result)
	for _, h := range handlers {
		if v := lv.Of(h); v.Dead() {
			report(pass, h, v)
		}
	}
	unhandled(pass, kc, pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result))
}

func report(pass *analysis.Pass, h *rebalance.Handler, cs liveness.Verdict) {
	what := "case"
	pos, end := h.Type.Pos(), h.Type.End()
	if h.Clause != nil {
		pos, end = h.Clause.Case, h.Clause.Colon+1
	} else if h.Assert != nil {
		what = "type assertion"
		pos, end = h.Assert.Pos(), h.Assert.End()
	}
	recv := analysisutil.ConsumerName(analysisutil.Receiver(cs.Source))
	src := recv + ".Poll"
	category := categoryPoll
	if cs.Events {
		src = recv + ".Events()"
		category = categoryEvents
	}
	subName := "Subscribe/SubscribeTopics"
	if cs.Subscribe != nil {
		if sel, ok := ast.Unparen(cs.Subscribe.Fun).(*ast.SelectorExpr); ok {
			subName = sel.Sel.Name
		}
	}
	var msg string
	head := fmt.Sprintf("%s %s on %s events never matches", h.Kind, what, src)
	switch cs.Reason {
	case liveness.PollSince161:
		msg = fmt.Sprintf("%s on %s, move the handling into a rebalance callback passed to Subscribe/SubscribeTopics (Poll returns no rebalance events since v1.6.1)", head, onVersion(cs.Version))
	case liveness.PollCallback:
		msg = fmt.Sprintf("%s, move the handling into the rebalance callback passed to %s (rebalance events go to the callback, not to Poll)", head, subName)
	case liveness.EventsCallback:
		msg = fmt.Sprintf("%s on %s, move the handling into the rebalance callback passed to %s (since v1.6.1 the callback receives rebalance events, not the Events channel)", head, onVersion(cs.Version), subName)
	case liveness.FlagOff:
		where := "Poll returns"
		if cs.Events {
			where = "Events() carries"
		}
		msg = fmt.Sprintf("%s, move the handling into a rebalance callback passed to Subscribe/SubscribeTopics (go.application.rebalance.enable is false: the client assigns partitions itself and %s no rebalance events)", head, where)
	case liveness.ChannelOff:
		msg = fmt.Sprintf("%s, use Poll with a rebalance callback passed to Subscribe/SubscribeTopics (go.events.channel.enable is false: nothing is sent on Events())", head)
	default:
		return
	}
	d := analysis.Diagnostic{Pos: pos, End: end, Category: category, Message: msg}
	d.Related = related(cs)
	pass.Report(d)
}

func related(cs liveness.Verdict) []analysis.RelatedInformation {
	var rel []analysis.RelatedInformation
	add := func(pos token.Pos, msg string) {
		if pos.IsValid() {
			rel = append(rel, analysis.RelatedInformation{Pos: pos, Message: msg})
		}
	}
	add(cs.Source.Pos(), "the events come from here")
	switch cs.Reason {
	case liveness.FlagOff, liveness.ChannelOff:
		key := liveness.KeyRebalance
		if cs.Reason == liveness.ChannelOff {
			key = liveness.KeyChannel
		}
		if cs.Setting != nil {
			add(cs.Setting.Pos, key+"=false")
		} else if k := cs.Consumer; k != nil {
			pos := k.Config.Pos
			if !pos.IsValid() {
				pos = k.Call.Pos()
			}
			add(pos, key+" is not set (default false)")
		}
	case liveness.PollCallback, liveness.EventsCallback:
		if cs.Subscribe != nil {
			add(cs.Subscribe.Pos(), "rebalance callback registered here")
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
