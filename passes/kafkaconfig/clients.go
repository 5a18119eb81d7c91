package kafkaconfig

import (
	"go/ast"
	"go/types"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// A Client is a NewConsumer, NewProducer or NewAdminClient call of the package and
// the configuration it is given.
type Client struct {
	Call   *ast.CallExpr
	Func   string         // "NewConsumer", "NewProducer" or "NewAdminClient"
	Kafka  *types.Package // the library package
	Config *Config
}

// clientFuncs are the library's constructors that take a *ConfigMap.
var clientFuncs = []string{"NewConsumer", "NewProducer", "NewAdminClient"}

// Clients returns every direct call of a client constructor in the package, in
// source order, with its configuration resolved as for Consumers (so entries set
// in this package carry positions). Consumers come from Consumers; producers and
// admin clients are resolved on demand, so only passes that check them pay for it.
func (r *Result) Clients() []*Client {
	if r.resolver == nil {
		return nil // does not use the library
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var clients []*Client
	for _, file := range r.resolver.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			fn := analysisutil.CalledFunc(r.resolver.pass.TypesInfo, call)
			if fn == nil {
				return true
			}
			for _, name := range clientFuncs {
				if !kafkaapi.IsFunc(fn, name) {
					continue
				}
				cl := &Client{Call: call, Func: name, Kafka: fn.Pkg()}
				if c := r.ConsumerAt(call); c != nil {
					cl.Config = c.Config // resolved already by run
				} else {
					cl.Config = r.resolver.configOf(call.Args[0], call)
				}
				clients = append(clients, cl)
			}
			return true
		})
	}
	return clients
}
