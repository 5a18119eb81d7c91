package configkey

import (
	_ "embed"
	"go/ast"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
)

//go:embed doc.go
var doc string

// Analyzer reports ConfigMap keys and values that librdkafka or the Go client
// reject or ignore. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new configkey analyzer.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "configkey",
		Doc:      analysisutil.MustExtractDoc(doc, "configkey"),
		Requires: []*analysis.Analyzer{kafkaconfig.Analyzer, analysisutil.Inspect},
	}
	analysisutil.Setup(a, run)
	return a
}

// Categories of the diagnostics.
const (
	categoryUnknown    = "unknown"    // no such property
	categoryGoType     = "gotype"     // a go.* property of the wrong Go type
	categoryValueType  = "valuetype"  // a Go type the client cannot convert
	categoryDuration   = "duration"   // a time.Duration, converted to "30s"
	categoryValue      = "value"      // invalid boolean, out of range, not in the enum
	categoryMisread    = "misread"    // a number librdkafka reads differently: "30s" is 30
	categoryRole       = "role"       // producer property on a consumer or the reverse
	categoryDeprecated = "deprecated" // deprecated property
)

// A write is where the package sets a ConfigMap entry: a literal element, a
// SetKey or Set call, or an index assignment (kafkaconfig's Setting.Syntax).
type write struct {
	key   ast.Expr      // the key expression; for Set, the "key=value" literal
	value ast.Expr      // the value expression; nil for Set
	set   *ast.CallExpr // the Set call, for Set
}

// An entry is one setting seen by one or more client constructors.
type entry struct {
	s       kafkaconfig.Setting
	w       *write
	topic   bool                // inside default.topic.config
	cfg     *kafkaconfig.Config // the map that holds it
	clients []*kafkaconfig.Client
	// sure are the clients whose configuration has the entry on every path;
	// the others get it only on some (an option, a branch). Checks that depend
	// on the kind of client (role, the Go client's go.* properties) use these
	// only: a branch that configures a consumer may never reach the producer
	// built from the same map on another branch.
	sure []*kafkaconfig.Client
}

func run(pass *analysis.Pass) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // does not use the library
	}
	clients := kc.Clients()
	if len(clients) == 0 {
		return // builds no client
	}
	entries := make(map[token.Pos]*entry)
	var visit func(cfg *kafkaconfig.Config, topic bool, c *kafkaconfig.Client)
	visit = func(cfg *kafkaconfig.Config, topic bool, c *kafkaconfig.Client) {
		if cfg == nil {
			return
		}
		// Writes on some paths only (options, branches) are checked too: a
		// wrong key is wrong whether or not the option is used.
		for i, s := range append(append([]kafkaconfig.Setting(nil), cfg.Entries...), cfg.Maybe...) {
			syn := s.Syntax()
			if !s.Pos.IsValid() || syn == nil {
				continue // set in another package (facts carry no syntax), or not written as an entry here
			}
			e := entries[s.Pos]
			if e == nil {
				e = &entry{s: s, w: &write{key: syn.Key, value: syn.Value, set: syn.Set}, topic: topic, cfg: cfg}
				entries[s.Pos] = e
			}
			e.clients = append(e.clients, c)
			if i < len(cfg.Entries) {
				e.sure = append(e.sure, c)
			}
			if s.Key == "default.topic.config" && !topic {
				visit(s.Sub, true, c)
			}
		}
	}
	for _, c := range clients {
		visit(c.Config, false, c)
	}
	list := make([]*entry, 0, len(entries))
	for _, e := range entries {
		list = append(list, e)
	}
	sort.Slice(list, func(i, j int) bool { return analysisutil.Before(pass.Fset, list[i].s.Pos, list[j].s.Pos) })
	ck := &checker{pass: pass, renamed: make(map[*kafkaconfig.Config]map[string]bool)}
	for _, e := range list {
		ck.check(e)
	}
}

// consequence names the constructors that fail: "NewConsumer fails".
func consequence(clients []*kafkaconfig.Client) string {
	var names []string
	for _, c := range clients {
		if !contains(names, c.Func) {
			names = append(names, c.Func)
		}
	}
	sort.Strings(names)
	if len(names) == 1 {
		return names[0] + " fails"
	}
	return strings.Join(names, " and ") + " fail"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// role returns "consumer" or "producer" when every client of e is of that kind
// of librdkafka instance (an admin client is a producer instance), else "".
func role(clients []*kafkaconfig.Client) string {
	r := ""
	for _, c := range clients {
		k := "producer"
		if c.Func == "NewConsumer" {
			k = "consumer"
		}
		if r != "" && r != k {
			return ""
		}
		r = k
	}
	return r
}

// allV1 reports whether every client links the v1 library.
func allV1(clients []*kafkaconfig.Client) bool {
	for _, c := range clients {
		if kafkaapi.IsV2(c.Kafka) {
			return false
		}
	}
	return true
}
