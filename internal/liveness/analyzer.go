package liveness

import (
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/rebalance"
)

// Analyzer decides whether the rebalance handlers of a package can see their
// events, once for every pass that asks. Its result is a *Result; it reports
// nothing. A package that does not use the library, or has no handler, costs
// nothing; in the others a handler's verdict is computed on the first question
// for it (the package's calls are indexed once, on the first question).
var Analyzer = &analysis.Analyzer{
	Name:             "rebalanceliveness",
	Doc:              "decide whether confluent-kafka-go rebalance handlers can see their events (a result for other analyzers; reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/liveness",
	Requires:         []*analysis.Analyzer{kafkaconfig.Analyzer, pkgindex.Analyzer, rebalance.Analyzer},
	RunDespiteErrors: true, // verdicts are traced on whatever the value-flow graph holds
	ResultType:       reflect.TypeFor[*Result](),
	Run:              run,
}

// A Result holds the verdicts of one package's handlers. The passes of the
// package share it, concurrently in some drivers: Of is safe for concurrent
// use, and each verdict is computed once.
type Result struct {
	mu       sync.Mutex
	c        *checker // nil when the package has no handler to ask about
	verdicts map[*rebalance.Handler]Verdict
}

// Of returns the verdict for h, a handler of the package's rebalance.Result.
func (r *Result) Of(h *rebalance.Handler) Verdict {
	if r == nil || r.c == nil || h == nil {
		return Verdict{}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if v, ok := r.verdicts[h]; ok {
		return v
	}
	v := r.c.Of(h)
	r.verdicts[h] = v
	return v
}

func run(pass *analysis.Pass) (any, error) {
	res := new(Result)
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	rb := pass.ResultOf[rebalance.Analyzer].(*rebalance.Result)
	if len(kc.Kafka) == 0 || len(rb.Handlers) == 0 {
		return res, nil // nothing to decide
	}
	cs := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
	res.c = newChecker(kc, cs, rb.Subscribes, pass.TypesInfo)
	res.verdicts = make(map[*rebalance.Handler]Verdict)
	return res, nil
}
