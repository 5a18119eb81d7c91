// Package kafkagoapi identifies segmentio/kafka-go's package,
// github.com/segmentio/kafka-go (also vendored): its Reader, ReaderConfig and
// their fields and methods by name, and Generation.CommitOffsets
// (docs/library-facts.md, F27, F28, F30 to F32).
//
// Everything is matched by types.Object identity on (package path, name), never
// by printed type strings, so look-alike packages with the same names are
// ignored. Import paths come from internal/clients.
package kafkagoapi

import (
	"go/types"
	"slices"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
)

// Path is the import path of the kafka-go package.
const Path = "github.com/segmentio/kafka-go"

// IsPackage reports whether pkg is the kafka-go package (vendored or not).
func IsPackage(pkg *types.Package) bool {
	return pkg != nil && clients.Package(pkg.Path()) == clients.KafkaGo
}

// IsObject reports whether obj is the package-level object name of kafka-go.
func IsObject(obj types.Object, name string) bool {
	return obj != nil && obj.Name() == name && IsPackage(obj.Pkg()) && obj.Pkg().Scope().Lookup(name) == obj
}

// IsType reports whether t is kafka-go's named type name (or a pointer to it).
func IsType(t types.Type, name string) bool {
	n := analysisutil.NamedType(t)
	return n != nil && IsObject(n.Obj(), name)
}

// IsReaderConfig reports whether t is kafka.ReaderConfig or a pointer to it.
func IsReaderConfig(t types.Type) bool { return IsType(t, "ReaderConfig") }

// IsReader reports whether t is *kafka.Reader or kafka.Reader.
func IsReader(t types.Type) bool { return IsType(t, "Reader") }

// IsFunc reports whether fn is one of kafka-go's package-level functions names.
func IsFunc(fn *types.Func, names ...string) bool {
	if fn == nil || fn.Signature().Recv() != nil {
		return false
	}
	return slices.Contains(names, fn.Name()) && IsObject(fn, fn.Name())
}

// IsReaderMethod reports whether fn is one of the methods names of *kafka.Reader.
func IsReaderMethod(fn *types.Func, names ...string) bool {
	if fn == nil {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && IsReader(recv.Type()) && slices.Contains(names, fn.Name())
}

// IsGenerationMethod reports whether fn is one of the methods names of
// *kafka.Generation, a consumer group generation (Generation.CommitOffsets:
// docs/library-facts.md, F32).
func IsGenerationMethod(fn *types.Func, names ...string) bool {
	if fn == nil {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && IsType(recv.Type(), "Generation") && slices.Contains(names, fn.Name())
}

// IsMessageOffset reports whether f is the Offset field of kafka.Message.
func IsMessageOffset(f *types.Var) bool { return isField(f, "Message", "Offset") }

// IsConfigField reports whether f is the field name of kafka.ReaderConfig.
func IsConfigField(f *types.Var, name string) bool { return isField(f, "ReaderConfig", name) }

// isField reports whether f is the field name of kafka-go's struct type typeName.
func isField(f *types.Var, typeName, name string) bool {
	if f == nil || !f.IsField() || f.Name() != name || !IsPackage(f.Pkg()) {
		return false
	}
	tn, ok := f.Pkg().Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

// Names of the constructor, the configuration fields and the methods the rules read.
const (
	NewReader   = "NewReader"
	GroupID     = "GroupID"
	Partition   = "Partition"
	StartOffset = "StartOffset"
	Topic       = "Topic"
	GroupTopics = "GroupTopics"
)

// Reader method families.
var (
	// GroupOnly are the methods that return an error on a reader without a
	// GroupID (errOnlyAvailableWithGroup).
	GroupOnly = []string{"CommitMessages"}
	// NotWithGroup are the methods that return an error on a reader with a
	// GroupID (errNotAvailableWithGroup).
	NotWithGroup = []string{"SetOffset", "ReadLag"}
	// Reads are the methods that return the next message (ReadMessage
	// commits it first on a group reader, FetchMessage never does).
	Reads = []string{"ReadMessage", "FetchMessage"}
)

// ValueFlow is what internal/valueflow must know of kafka-go (its Library):
// it registers no function that it later calls with a receiver, and its
// functions store nothing through their pointer arguments (read at v0.4.51:
// the pointers they take are receivers and configurations they read).
type ValueFlow struct{}

// Callback reports no callback registration.
func (ValueFlow) Callback(*types.Func) (int, bool) { return 0, false }

// Owns reports whether pkg is the kafka-go package.
func (ValueFlow) Owns(pkg *types.Package) bool { return IsPackage(pkg) }
