// Package kgoapi identifies franz-go's client package,
// github.com/twmb/franz-go/pkg/kgo (also vendored): its types, option
// functions and Client methods by name, and the method families the rules
// look for (docs/library-facts.md, F21 to F26 and F29).
//
// Everything is matched by types.Object identity on (package path, name), never
// by printed type strings, so look-alike packages with the same names are
// ignored. Import paths come from internal/clients.
package kgoapi

import (
	"go/types"
	"slices"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
)

// Path is the import path of the kgo package.
const Path = "github.com/twmb/franz-go/pkg/kgo"

// IsPackage reports whether pkg is the kgo package (vendored or not).
func IsPackage(pkg *types.Package) bool {
	return pkg != nil && clients.Package(pkg.Path()) == clients.FranzGo
}

// IsObject reports whether obj is the package-level object name of kgo.
func IsObject(obj types.Object, name string) bool {
	return obj != nil && obj.Name() == name && IsPackage(obj.Pkg()) && obj.Pkg().Scope().Lookup(name) == obj
}

// IsType reports whether t is kgo's named type name (or a pointer to it).
func IsType(t types.Type, name string) bool {
	n := analysisutil.NamedType(t)
	return n != nil && IsObject(n.Obj(), name)
}

// IsClient reports whether t is *kgo.Client or kgo.Client.
func IsClient(t types.Type) bool { return IsType(t, "Client") }

// IsFunc reports whether fn is one of kgo's package-level functions names.
func IsFunc(fn *types.Func, names ...string) bool {
	if fn == nil || fn.Signature().Recv() != nil {
		return false
	}
	return slices.Contains(names, fn.Name()) && IsObject(fn, fn.Name())
}

// IsClientMethod reports whether fn is one of the methods names of *kgo.Client.
func IsClientMethod(fn *types.Func, names ...string) bool {
	if fn == nil {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && IsClient(recv.Type()) && slices.Contains(names, fn.Name())
}

// HasClientMethod reports whether *Client of the kgo package pkg has the
// method name: a fix calls a method only where the linked version has it
// (CommitMarkedOffsets is missing from v1.7.0, for one).
func HasClientMethod(pkg *types.Package, name string) bool {
	if !IsPackage(pkg) {
		return false
	}
	tn, ok := pkg.Scope().Lookup("Client").(*types.TypeName)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, name)
	_, isFunc := obj.(*types.Func)
	return isFunc
}

// The constructor and the option functions the rules read.
const (
	NewClient            = "NewClient"
	OnPartitionsAssigned = "OnPartitionsAssigned"
	OnPartitionsRevoked  = "OnPartitionsRevoked"
	OnPartitionsLost     = "OnPartitionsLost"
	DisableAutoCommit    = "DisableAutoCommit"
	AutoCommitMarks      = "AutoCommitMarks"
	BlockRebalanceOnPoll = "BlockRebalanceOnPoll"
	ConsumerGroup        = "ConsumerGroup"
)

// Method families of *kgo.Client.
var (
	// Callbacks are the options that register a partition callback, run by
	// the group management loop.
	Callbacks = []string{OnPartitionsAssigned, OnPartitionsRevoked, OnPartitionsLost}
	// Leaves are the methods that leave the group and wait for the group
	// loop to finish (LeaveGroupContext only with a non-nil context).
	Leaves = []string{"Close", "CloseAllowingRebalance", "LeaveGroup", "LeaveGroupContext"}
	// Commits are the methods that commit offsets (CommitOffsets
	// asynchronously, the others before they return).
	Commits = []string{"CommitRecords", "CommitUncommittedOffsets", "CommitMarkedOffsets", "CommitOffsetsSync", "CommitOffsets"}
	// Marks are the methods that mark offsets for AutoCommitMarks.
	Marks = []string{"MarkCommitRecords", "MarkCommitOffsets"}
	// RawOffsets are the methods that commit or mark a map of EpochOffsets
	// as given: the offset to resume from, one past the last processed
	// record.
	RawOffsets = []string{"CommitOffsets", "CommitOffsetsSync", "MarkCommitOffsets"}
)

// ValueFlow is what internal/valueflow must know of franz-go (its Library):
// kgo registers no function through a method that it later calls with the
// method's receiver (its partition callbacks are options, followed by
// internal/kgoflow), and its functions store nothing through their pointer
// arguments (read at v1.22.3: the pointers they take are receivers and
// configurations they read).
type ValueFlow struct{}

// Callback reports no callback registration.
func (ValueFlow) Callback(*types.Func) (int, bool) { return 0, false }

// Owns reports whether pkg is the kgo package.
func (ValueFlow) Owns(pkg *types.Package) bool { return IsPackage(pkg) }
