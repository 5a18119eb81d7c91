// Package kafkaapi identifies confluent-kafka-go: its import paths (v1, v2,
// gopkg.in, also vendored), its types, functions and methods by name, and the
// library versions at which behaviour the rules depend on changed
// (docs/library-facts.md).
//
// It is the one place that decides whether an object belongs to the library, not
// the only code that knows the library: the passes name the methods they look
// for, kafkaconfig keeps librdkafka's configuration defaults, configkey the
// property table and the Go client's own go.* properties, and the passes'
// messages say what each version does.
//
// Everything is matched by types.Object identity on (package path, name), never by
// printed type strings, so look-alike packages with the same names are ignored.
package kafkaapi

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
)

// The import paths of the kafka package, by module.
const (
	PathV1      = "github.com/confluentinc/confluent-kafka-go/kafka"
	PathV2      = "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	PathGopkgV1 = "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// CanonicalPath returns the library import path that path denotes, with any GOPATH
// vendor prefix removed ("app/vendor/github.com/..." becomes "github.com/..."), and
// reports whether it is one of the library's kafka packages.
func CanonicalPath(path string) (string, bool) {
	path = clients.Unvendor(path)
	switch path {
	case PathV1, PathV2, PathGopkgV1:
		return path, true
	}
	return path, false
}

// IsKafkaPackage reports whether pkg is the library's kafka package (any major,
// vendored or not).
func IsKafkaPackage(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	_, ok := CanonicalPath(pkg.Path())
	return ok
}

// IsV2 reports whether pkg is the v2 module's kafka package.
func IsV2(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p, _ := CanonicalPath(pkg.Path())
	return p == PathV2
}

// KafkaImports returns the library's kafka packages that pkg imports, directly or
// transitively, in the order first met (clients.Imports). It is the fast path of
// every pass: a package for which it returns nothing cannot use the library.
func KafkaImports(pkg *types.Package) []*types.Package {
	return clients.Imports(pkg)[clients.ConfluentKafkaGo]
}

// IsObject reports whether obj is the package-level object name of the library.
func IsObject(obj types.Object, name string) bool {
	return obj != nil && obj.Name() == name && IsKafkaPackage(obj.Pkg()) && obj.Pkg().Scope().Lookup(name) == obj
}

// IsType reports whether t is the library's named type name (or a pointer to it).
func IsType(t types.Type, name string) bool {
	n := analysisutil.NamedType(t)
	return n != nil && IsObject(n.Obj(), name)
}

// IsConsumer reports whether t is *kafka.Consumer or kafka.Consumer.
func IsConsumer(t types.Type) bool { return IsType(t, "Consumer") }

// IsConfigMap reports whether t is kafka.ConfigMap or *kafka.ConfigMap.
func IsConfigMap(t types.Type) bool { return IsType(t, "ConfigMap") }

// IsMethod reports whether fn is the method recv.name of the library, for one of
// the given method names.
func IsMethod(fn *types.Func, recv string, names ...string) bool {
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !IsType(sig.Recv().Type(), recv) {
		return false
	}
	for _, n := range names {
		if fn.Name() == n {
			return true
		}
	}
	return false
}

// IsFunc reports whether fn is the package-level function name of the library.
func IsFunc(fn *types.Func, name string) bool {
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil && IsObject(fn, name)
}

// Consumer method families.
var (
	Unassigns = []string{"Unassign", "IncrementalUnassign"}
	Assigns   = []string{"Assign", "IncrementalAssign"}
	Commits   = []string{"Commit", "CommitOffsets"}
	Stores    = []string{"StoreOffsets", "StoreMessage"}
	Subscribe = []string{"Subscribe", "SubscribeTopics"}
)

// SubscribeCallback reports whether a call of fn registers a rebalance
// callback, and which of the call's arguments (the receiver not counted) the
// callback is: the consumer's Subscribe and SubscribeTopics (also promoted
// through an adapter that embeds the consumer), and a method of an interface,
// the program's own consumer interface, with one of those names and the
// consumer's parameters (what is subscribed to, then a kafka.RebalanceCb). It
// is the one definition of "a Subscribe call with a rebalance callback":
// rebalance's Subscribes, liveness and valueflow's traces of a callback's
// consumer parameter all ask it.
func SubscribeCallback(fn *types.Func) (arg int, ok bool) {
	if fn == nil || !slices.Contains(Subscribe, fn.Name()) {
		return 0, false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Params().Len() != 2 {
		return 0, false
	}
	if IsMethod(fn, "Consumer", Subscribe...) || types.IsInterface(sig.Recv().Type()) && IsType(sig.Params().At(1).Type(), "RebalanceCb") {
		return 1, true
	}
	return 0, false
}

// ValueFlow is what internal/valueflow must know of the library (its Library):
// Subscribe registers a rebalance callback (SubscribeCallback), and the
// library's functions never store through the pointers they are passed.
type ValueFlow struct{}

// Callback is SubscribeCallback.
func (ValueFlow) Callback(fn *types.Func) (int, bool) { return SubscribeCallback(fn) }

// Owns reports whether pkg is the library's kafka package.
func (ValueFlow) Owns(pkg *types.Package) bool { return IsKafkaPackage(pkg) }

// HasMethod reports whether the method set of *T, for the type T named typeName
// in pkg, has a method name (declared on T or promoted from an embedded field).
// It is false when pkg is nil or declares no type typeName. Callers pass the
// library's package: which methods it has shows the API's shape, a lower bound
// of its version (ShapeVersion), and whether a suggested fix may call the method.
func HasMethod(pkg *types.Package, typeName, name string) bool {
	if pkg == nil {
		return false
	}
	tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, name)
	_, isFunc := obj.(*types.Func)
	return isFunc
}

// MirroredConsumerMethod returns the *Consumer method that fn, a method of an
// interface of the program's own (a small Committer a helper takes instead of
// *kafka.Consumer), has the name and the signature of, or nil. Such an
// interface is there to be satisfied by the consumer (and by test fakes): a
// helper that calls its Commit is taken to commit. The library's package is the
// one the signature mentions (kafka.TopicPartition, kafka.Message...).
func MirroredConsumerMethod(fn *types.Func) *types.Func {
	if fn == nil {
		return nil
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	for _, pkg := range KafkaImports(fn.Pkg()) {
		tn, ok := pkg.Scope().Lookup("Consumer").(*types.TypeName)
		if !ok {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, fn.Name())
		if m, ok := obj.(*types.Func); ok && types.Identical(m.Type(), sig) {
			return m
		}
	}
	return nil
}

// A Callees lists the functions a call may invoke, and whether the list is
// complete: internal/pkgindex's Result, which follows interface methods and
// function values on the package's value-flow graph.
type Callees interface {
	Callees(call *ast.CallExpr) ([]*types.Func, bool)
}

// ConsumerMethod returns the *Consumer method among names (any, when names is
// empty) that call may call, statically or through an interface or an adapter
// that holds a consumer (what cs says the call may invoke), or nil. Only an
// interface method of one of those names can reach one through cs.
func ConsumerMethod(info *types.Info, cs Callees, call *ast.CallExpr, names ...string) *types.Func {
	fn := analysisutil.CalledFunc(info, call)
	if IsMethod(fn, "Consumer", names...) {
		return fn
	}
	if fn == nil || !analysisutil.IsInterfaceMethod(fn) || (len(names) > 0 && !slices.Contains(names, fn.Name())) {
		return nil
	}
	callees, _ := cs.Callees(call)
	for _, c := range callees {
		if IsMethod(c, "Consumer", names...) {
			return c
		}
	}
	return nil
}
