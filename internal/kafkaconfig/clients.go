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
// in this package carry positions and syntax). They are resolved in run, with
// the consumers.
func (r *Result) Clients() []*Client { return r.clients }

// clientAt returns the client constructor call is, or nil; k is the consumer
// it obtains, if any, whose configuration is already resolved.
func (r *resolver) clientAt(call *ast.CallExpr, k *Consumer) *Client {
	if len(call.Args) != 1 {
		return nil
	}
	fn := analysisutil.CalledFunc(r.info, call)
	if fn == nil {
		return nil
	}
	for _, name := range clientFuncs {
		if !kafkaapi.IsFunc(fn, name) {
			continue
		}
		cl := &Client{Call: call, Func: name, Kafka: fn.Pkg()}
		if k != nil {
			cl.Config = k.Config
		} else {
			cl.Config = r.configOf(call.Args[0], call)
		}
		return cl
	}
	return nil
}
