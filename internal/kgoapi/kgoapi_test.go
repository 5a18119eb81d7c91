package kgoapi

import (
	"go/types"
	"testing"
)

// pkgWith returns a package at path with a type Client, a method Close on
// *Client and a function NewClient.
func pkgWith(path string) (*types.Package, *types.Func, *types.Func) {
	pkg := types.NewPackage(path, "kgo")
	tn := types.NewTypeName(0, pkg, "Client", nil)
	named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	pkg.Scope().Insert(tn)
	recv := types.NewVar(0, pkg, "cl", types.NewPointer(named))
	closeFn := types.NewFunc(0, pkg, "Close", types.NewSignatureType(recv, nil, nil, nil, nil, false))
	named.AddMethod(closeFn)
	newClient := types.NewFunc(0, pkg, "NewClient", types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, pkg, "", types.NewPointer(named))), false))
	pkg.Scope().Insert(newClient)
	return pkg, closeFn, newClient
}

func TestIdentity(t *testing.T) {
	for path, want := range map[string]bool{
		Path:                                true,
		"example.com/app/vendor/" + Path:    true,
		"example.com/kgo":                   false,
		"github.com/twmb/franz-go/pkg/kadm": false,
		"github.com/twmb/franz-go/pkg/kgo/example": false,
	} {
		pkg, closeFn, newClient := pkgWith(path)
		if got := IsPackage(pkg); got != want {
			t.Errorf("IsPackage(%s) = %v", path, got)
		}
		if got := IsClientMethod(closeFn, Leaves...); got != want {
			t.Errorf("IsClientMethod(%s Close) = %v", path, got)
		}
		if got := IsFunc(newClient, NewClient); got != want {
			t.Errorf("IsFunc(%s NewClient) = %v", path, got)
		}
		if IsFunc(closeFn, "Close") || IsClientMethod(newClient, NewClient) {
			t.Errorf("%s: a method taken for a function or the converse", path)
		}
	}
}

func TestHasClientMethod(t *testing.T) {
	pkg, _, _ := pkgWith(Path)
	if !HasClientMethod(pkg, "Close") || HasClientMethod(pkg, "CommitMarkedOffsets") {
		t.Error("HasClientMethod does not follow the package's *Client method set")
	}
	other, _, _ := pkgWith("example.com/kgo")
	if HasClientMethod(other, "Close") {
		t.Error("HasClientMethod true for a look-alike package")
	}
}
