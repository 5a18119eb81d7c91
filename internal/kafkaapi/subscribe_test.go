package kafkaapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

const kafkaSrc = `package kafka
type Event interface{}
type RebalanceCb func(*Consumer, Event) error
type Consumer struct{}
func (c *Consumer) Subscribe(topic string, cb RebalanceCb) error { return nil }
func (c *Consumer) SubscribeTopics(topics []string, cb RebalanceCb) error { return nil }
func (c *Consumer) Unassign() error { return nil }
`

const appSrc = `package app
import "github.com/confluentinc/confluent-kafka-go/v2/kafka"
type adapter struct{ *kafka.Consumer }
type own interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Subscribe(topic string) error
}
type other interface {
	Subscribe(topic string, cb func(string)) error
}
type wrapper struct{ c *kafka.Consumer }
func (w wrapper) SubscribeTopics(topics []string, cb kafka.RebalanceCb) error { return w.c.SubscribeTopics(topics, cb) }
`

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func check(t *testing.T, fset *token.FileSet, path, src string, imp types.Importer) *types.Package {
	t.Helper()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// TestSubscribeCallback: the one definition of "a Subscribe call with a
// rebalance callback": the consumer's methods (also promoted through an
// adapter), and the methods of the program's own consumer interface with the
// consumer's parameters; not a method of that name with other parameters, nor
// a concrete wrapper (its body's call of the consumer's method is the one).
func TestSubscribeCallback(t *testing.T) {
	fset := token.NewFileSet()
	kafka := check(t, fset, kafkaapi.PathV2, kafkaSrc, nil)
	app := check(t, fset, "app", appSrc, importerFunc(func(string) (*types.Package, error) { return kafka, nil }))
	method := func(pkg *types.Package, typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), false, pkg, name)
		fn, _ := obj.(*types.Func)
		if fn == nil {
			obj, _, _ = types.LookupFieldOrMethod(pkg.Scope().Lookup(typ).Type(), false, pkg, name)
			fn, _ = obj.(*types.Func)
		}
		if fn == nil {
			t.Fatalf("no method %s.%s", typ, name)
		}
		return fn
	}
	for _, tc := range []struct {
		fn   *types.Func
		want bool
	}{
		{method(kafka, "Consumer", "Subscribe"), true},
		{method(kafka, "Consumer", "SubscribeTopics"), true},
		{method(app, "adapter", "SubscribeTopics"), true}, // promoted: the consumer's own
		{method(app, "own", "SubscribeTopics"), true},
		{method(kafka, "Consumer", "Unassign"), false},
		{method(app, "own", "Subscribe"), false},   // no callback parameter
		{method(app, "other", "Subscribe"), false}, // not a rebalance callback
		{method(app, "wrapper", "SubscribeTopics"), false},
		{nil, false},
	} {
		arg, ok := kafkaapi.SubscribeCallback(tc.fn)
		if ok != tc.want || ok && arg != 1 {
			t.Errorf("SubscribeCallback(%v) = %d, %v; want %v", tc.fn, arg, ok, tc.want)
		}
	}
}
