package main

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestBasePath(t *testing.T) {
	for _, tc := range []struct {
		id, name, want string
	}{
		{"example.com/app", "app", "example.com/app"},
		{"example.com/app [example.com/app.test]", "app", "example.com/app"},
		{"example.com/app_test [example.com/app.test]", "app_test", "example.com/app"},
		{"example.com/app.test", "main", "example.com/app"},
		{"example.com/dep [example.com/app.test]", "dep", "example.com/app"}, // listed with app's tests
		{"example.com/cmd/x.test", "x", "example.com/cmd/x.test"},            // a package named x.test, not a test main
	} {
		pkgPath, _, _ := strings.Cut(tc.id, " ")
		p := &packages.Package{ID: tc.id, Name: tc.name, PkgPath: pkgPath}
		if got := basePath(p); got != tc.want {
			t.Errorf("basePath(%q) = %q, want %q", tc.id, got, tc.want)
		}
	}
}

// TestReachMap: reaching is transitive, through test variants and vendored
// copies, and look-alike paths do not reach.
func TestReachMap(t *testing.T) {
	pkg := func(path string, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{ID: path, PkgPath: path, Imports: make(map[string]*packages.Package)}
		for _, imp := range imports {
			p.Imports[imp.PkgPath] = imp
		}
		return p
	}
	fmtPkg := pkg("fmt")
	v1 := pkg("github.com/confluentinc/confluent-kafka-go/kafka", fmtPkg)
	v2 := pkg("github.com/confluentinc/confluent-kafka-go/v2/kafka")
	gopkgin := pkg("gopkg.in/confluentinc/confluent-kafka-go.v1/kafka")
	vendored := pkg("example.com/app/vendor/github.com/confluentinc/confluent-kafka-go/kafka")
	lookalike := pkg("example.com/confluentinc/confluent-kafka-go/kafka")
	helper := pkg("example.com/helper", v2)
	app := pkg("example.com/app", helper, fmtPkg)
	old := pkg("example.com/old", vendored)
	other := pkg("example.com/other", lookalike, fmtPkg)
	reaches := reachMap()
	for p, want := range map[*packages.Package]bool{
		fmtPkg: false, v1: true, v2: true, gopkgin: true, vendored: true, lookalike: false,
		helper: true, app: true, old: true, other: false,
	} {
		if got := reaches(p); got != want {
			t.Errorf("reaches(%s) = %v, want %v", p.ID, got, want)
		}
	}
}
