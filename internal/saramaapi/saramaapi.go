// Package saramaapi identifies sarama (github.com/IBM/sarama, and its former
// import path github.com/Shopify/sarama): its import paths, also vendored,
// and its types and methods by name.
//
// It is the one place that decides whether an object belongs to sarama. Like
// internal/kafkaapi for confluent-kafka-go, it matches by types.Object identity
// on (package path, name), never by printed type strings, so look-alike
// packages with the same names are ignored.
package saramaapi

import (
	"go/types"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
)

// The import paths of sarama.
const (
	PathIBM     = "github.com/IBM/sarama"
	PathShopify = "github.com/Shopify/sarama" // until v1.38.1
)

// IsSaramaPackage reports whether pkg is sarama (either import path, vendored or not).
func IsSaramaPackage(pkg *types.Package) bool {
	return pkg != nil && clients.Package(pkg.Path()) == clients.Sarama
}

// IsObject reports whether obj is sarama's package-level object name.
func IsObject(obj types.Object, name string) bool {
	return obj != nil && obj.Name() == name && IsSaramaPackage(obj.Pkg()) && obj.Pkg().Scope().Lookup(name) == obj
}

// IsType reports whether t is sarama's named type name (or a pointer to it).
func IsType(t types.Type, name string) bool {
	n := analysisutil.NamedType(t)
	return n != nil && IsObject(n.Obj(), name)
}

// The types the rules look at.
const (
	ConsumerGroup        = "ConsumerGroup"        // interface: Consume
	ConsumerGroupSession = "ConsumerGroupSession" // interface: MarkOffset, MarkMessage, ResetOffset, Commit, Context
	ConsumerGroupClaim   = "ConsumerGroupClaim"   // interface: Messages
	ConsumerGroupHandler = "ConsumerGroupHandler" // interface: Setup, ConsumeClaim, Cleanup
	PartitionConsumer    = "PartitionConsumer"    // interface: Messages (the group-less Consumer's)
	ConsumerMessage      = "ConsumerMessage"      // struct: Topic, Partition, Offset
	Config               = "Config"
)

// IsMethod reports whether fn is sarama's method recv.name (a method of one of
// its interfaces, or of a named type), for one of the given names.
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

// IsFunc reports whether fn is sarama's package-level function name.
func IsFunc(fn *types.Func, name string) bool {
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil && IsObject(fn, name)
}

// IsConsumeClaim reports whether fn is a ConsumeClaim method with the
// signature of ConsumerGroupHandler's, ConsumeClaim(ConsumerGroupSession,
// ConsumerGroupClaim) error, declared on a type of the program: the method
// sarama runs on a goroutine of its own for each claim.
func IsConsumeClaim(fn *types.Func) bool {
	if fn == nil || fn.Name() != "ConsumeClaim" || IsSaramaPackage(fn.Pkg()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Params().Len() != 2 || sig.Results().Len() != 1 {
		return false
	}
	if _, isIface := sig.Recv().Type().Underlying().(*types.Interface); isIface {
		return false
	}
	return IsType(sig.Params().At(0).Type(), ConsumerGroupSession) &&
		IsType(sig.Params().At(1).Type(), ConsumerGroupClaim) &&
		types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}

// IsConsumerMessageOffset reports whether f is the Offset field of sarama's ConsumerMessage.
func IsConsumerMessageOffset(f *types.Var) bool {
	if f == nil || !f.IsField() || f.Name() != "Offset" || !IsSaramaPackage(f.Pkg()) {
		return false
	}
	tn, ok := f.Pkg().Scope().Lookup(ConsumerMessage).(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

// ValueFlow is what internal/valueflow must know of sarama (its Library):
// sarama registers no callbacks that it later calls with a receiver, and
// makes no promise about its pointer arguments (NewClient sets conf.Version
// on some paths, client.go v1.61.1), so a pointer passed to it leaves the
// trace of what it points to incomplete.
type ValueFlow struct{}

// Callback reports no callback registration.
func (ValueFlow) Callback(*types.Func) (int, bool) { return 0, false }

// Owns reports false: sarama's functions may store through their pointer
// arguments.
func (ValueFlow) Owns(*types.Package) bool { return false }
