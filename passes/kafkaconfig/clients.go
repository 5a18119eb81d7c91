package kafkaconfig

import (
	"go/ast"
	"go/types"

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
// in this package carry positions). It does the work on demand: only passes that
// check producers and admin clients too pay for it.
func (r *Result) Clients() []*Client {
	if len(r.Kafka) == 0 || r.pass == nil {
		return nil // does not use the library
	}
	res := &resolver{pass: r.pass, funcs: funcDecls(r.pass), memo: make(map[*types.Func]*Config), busy: make(map[*types.Func]bool)}
	var clients []*Client
	for _, file := range r.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			fn := calleeFunc(r.pass.TypesInfo, call)
			if fn == nil {
				return true
			}
			for _, name := range clientFuncs {
				if kafkaapi.IsFunc(fn, name) {
					clients = append(clients, &Client{Call: call, Func: name, Kafka: fn.Pkg(), Config: res.configOf(call.Args[0], call)})
				}
			}
			return true
		})
	}
	return clients
}
