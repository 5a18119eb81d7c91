// Package kafkaconfig defines an Analyzer that finds every confluent-kafka-go consumer
// a package constructs, resolves its configuration and the library version it links,
// and hands them to the rule passes as its Result. It never reports.
//
// The Result is data: run resolves every client construction and imports the
// facts it may need later, and keeps no reference to the pass. What the rule
// passes ask about an expression is answered on the package's value-flow graph
// (internal/valueflow), which is built on the first such question only, so that
// packages that import the library without constructing a client do not pay for
// go/ssa.
//
// # What it owns, and what it does not
//
// Its Result answers questions about consumers and their configurations only:
// which packages of the library the package imports (Kafka, UsesClient, the
// early return of every confluent-kafka-go pass) and their Version; the
// consumers (Consumers, ConsumerAt), what consumers an expression may hold
// (ConsumersOf, ConsumersInContext), the configuration of a ConfigMap
// (ConfigOf, Clients, ConfigBoundaries) and what the package stores into a
// field (FieldWrites). The layer below and beside it is split as x/tools
// splits its helper analyzers, each with a narrow Result:
//
//   - internal/pkgindex (its Analyzer, which this one requires): the
//     package's index, shared with the other clients' passes. The client
//     packages it imports, its declared functions, its value-flow graph,
//     built on first use, with the one index of calls by position
//     (Graph.Calls, Graph.CallExpr), and what a call may invoke through an
//     interface or a function value (Callees). kafkaconfig resolves on that
//     same graph.
//   - internal/kafkaapi: what the library's objects mean, and which consumer
//     method a call may reach (ConsumerMethod, asking pkgindex's Result).
//   - internal/valueflow: where a value may come from, for any library; where
//     other packages hand a value in (Graph.Boundaries).
//   - internal/rebalance: the rebalance handlers and the calls that register a
//     rebalance callback (Subscribes); internal/liveness: whether the handlers'
//     events arrive; internal/noreturn: whether a call returns.
//
// None of them imports a pass.
package kafkaconfig

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Analyzer resolves consumer construction sites, configurations and the library version.
var Analyzer = &analysis.Analyzer{
	Name:       "kafkaconfig",
	Doc:        "resolve confluent-kafka-go consumers, their configuration and the library version (reports nothing)",
	URL:        "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/kafkaconfig",
	Run:        run,
	Requires:   []*analysis.Analyzer{analysisutil.Inspect, pkgindex.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(VersionFact), new(ConfigFact), new(ConsumerFact), new(ParamWritesFact), new(SettingsFact)},

	RunDespiteErrors: true, // it reads ill-typed code defensively (fuzzed)
}

// VersionFact is the module version of the library package it is attached to.
type VersionFact struct{ Version string }

func (*VersionFact) AFact()           {}
func (f *VersionFact) String() string { return "version " + f.Version }

// ConfigFact summarises an exported function that returns a ConfigMap it builds.
type ConfigFact struct{ Config Config }

func (*ConfigFact) AFact()           {}
func (f *ConfigFact) String() string { return "config " + describe(&f.Config) }

// ConsumerFact summarises an exported function that returns a consumer it
// constructs (or an adapter that embeds one, as tracing wrappers do). When
// Param is not 0, the consumer is made from the ConfigMap of parameter
// Param-1, and Config holds what the function writes into it: callers
// resolve their own argument (a wrapper's NewConsumer(conf, opts...)).
// Otherwise Config is the configuration the function makes the consumer
// with, as it makes it (a constructor it shares with others resolved for
// it, Maybe: what it writes on some paths only); an entry whose Field is
// set reads that field of a settings struct the caller passes as
// parameter Param (Setting), resolved at each call (a provider of
// dependency-injection wiring).
type ConsumerFact struct {
	Config Config
	Param  int `json:",omitempty"`
}

func (*ConsumerFact) AFact() {}
func (f *ConsumerFact) String() string {
	if f.Param > 0 {
		return fmt.Sprintf("consumer from param %d %s", f.Param-1, describe(&f.Config))
	}
	return "consumer " + describe(&f.Config)
}

// ParamWritesFact summarises an exported function that writes settings into
// a ConfigMap its caller passes (a configuration helper): the writes apply
// to the caller's map where the caller calls it, as if made there.
type ParamWritesFact struct{ Writes []ParamWrite }

// A ParamWrite is one setting written to parameter Param (-1: the receiver),
// on every path through the function or, when Maybe, on some.
type ParamWrite struct {
	Param   int
	Setting Setting
	Maybe   bool `json:",omitempty"`
}

func (*ParamWritesFact) AFact() {}
func (f *ParamWritesFact) String() string {
	var parts []string
	for _, w := range f.Writes {
		p := fmt.Sprintf("writes param %d: %s", w.Param, w.Setting)
		if w.Maybe {
			p += " (some paths)"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "; ")
}

func describe(c *Config) string {
	var parts []string
	for _, s := range c.Entries {
		parts = append(parts, s.String())
	}
	out := "{" + strings.Join(parts, " ") + "}"
	if len(c.Maybe) > 0 {
		var maybe []string
		for _, s := range c.Maybe {
			maybe = append(maybe, s.String())
		}
		out += " maybe {" + strings.Join(maybe, " ") + "}"
	}
	return out
}

// A Consumer is a place where the package obtains a consumer: a NewConsumer call,
// or a call of a function (of this or another package) that returns one.
type Consumer struct {
	Call    *ast.CallExpr
	Via     string         // "" for kafka.NewConsumer, else the function called, "lib.New"
	Kafka   *types.Package // the library package
	Version kafkaapi.Version
	Config  *Config
	// Made is, for a consumer made by a constructor several callers share,
	// the outermost call of the chain this variant's configuration was
	// resolved at, and MadeIn the function that makes that call
	// ("pkg.NewBatchConsumer"); NoPos and "" otherwise.
	Made   token.Pos
	MadeIn string
	origin *Consumer // the construction site this is a variant of; nil for a site
}

// Result is what the rule passes read. It is data computed in run: it keeps
// nothing of the pass. Consumers and Clients are resolved in run; the methods
// that take an expression (ConsumersOf, ConfigOf, FieldWrites, ...) are queries
// on the value-flow graph, which is built on the first one (only packages that
// ask pay for go/ssa) and is safe for concurrent use, like the Result.
type Result struct {
	// Kafka lists the library packages the package imports, directly or not. When
	// empty, the package cannot use the library and the rule passes return at once.
	Kafka     []*types.Package
	Consumers []*Consumer
	versions  map[*types.Package]kafkaapi.Version
	clients   []*Client
	resolver  *resolver                   // for ConfigOf and FieldWrites: holds the facts imported in run
	graph     *valueflow.Graph            // pkgindex's graph of the package, built on first use
	byCall    map[*ast.CallExpr]*Consumer // Consumers by their call
	// variants memoises consumers resolved per caller of a shared
	// constructor (inContexts); passes query the Result concurrently.
	variantsMu sync.Mutex
	variants   map[variantKey]*Consumer
}

// Version returns what is known of the version of the library package kafkaPkg.
func (r *Result) Version(kafkaPkg *types.Package) kafkaapi.Version {
	if v, ok := r.versions[kafkaPkg]; ok {
		return v
	}
	return kafkaapi.ShapeVersion(kafkaPkg)
}

// ConsumerAt returns the consumer obtained by call, or nil.
func (r *Result) ConsumerAt(call *ast.CallExpr) *Consumer {
	if call == nil {
		return nil
	}
	return r.byCall[call]
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{versions: make(map[*types.Package]kafkaapi.Version)}
	if kafkaapi.IsKafkaPackage(pass.Pkg) {
		exportVersion(pass)
		return res, nil
	}
	index := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
	res.Kafka = index.Imports(clients.ConfluentKafkaGo)
	if len(res.Kafka) == 0 {
		return res, nil // does not use the library: nothing to do
	}
	for _, k := range res.Kafka {
		var f VersionFact
		if pass.ImportPackageFact(k, &f) && f.Version != "" {
			res.versions[k] = kafkaapi.Version{Exact: f.Version}
		} else {
			res.versions[k] = kafkaapi.ShapeVersion(k)
		}
	}
	res.graph = index.Graph()
	in := analysisutil.InspectorOf(pass) // built here: the package uses the library
	r := newResolver(pass, in, res.graph, index.FuncDecls())
	res.resolver = r
	res.byCall = make(map[*ast.CallExpr]*Consumer)
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		c := r.consumerAt(call)
		if c != nil {
			c.Version = res.Version(c.Kafka)
			res.Consumers = append(res.Consumers, c)
			res.byCall[call] = c
		}
		if cl := r.clientAt(call, c); cl != nil {
			res.clients = append(res.clients, cl)
		}
	}
	r.exportFacts(pass, res)
	return res, nil
}

// exportVersion records the module version of the library package being analysed,
// which every driver analyses before the packages that import it.
func exportVersion(pass *analysis.Pass) {
	m := pass.Module
	if m == nil {
		return // GOPATH, Bazel: no module information
	}
	v := m.Version
	if m.Replace != nil && m.Replace.Version != "" && m.Replace.Path == m.Path {
		v = m.Replace.Version
	}
	if v = kafkaapi.ModuleVersion(v); v != "" {
		pass.ExportPackageFact(&VersionFact{Version: v})
	}
}
