package kafkaconfig_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestProviderFacts: the ConsumerFact of a provider (issue 16, shape 3) is
// the configuration it returns the consumer with, as it makes it: settings
// of another package's struct changed after the call that returns them, and
// a constructor shared with other providers through a function-typed field
// and a provider closure, resolved for each provider, with the settings
// written on some paths only.
func TestProviderFacts(t *testing.T) {
	dir := testutil.Fixtures(t)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(dir, "src"),
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, "revokecommit/wiring/provider", "revokecommit/combined/kit")
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Analyze([]*analysis.Analyzer{kafkaconfig.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[string]string)
	for _, act := range res.Roots {
		for _, f := range act.AllObjectFacts() {
			if cf, ok := f.Fact.(*kafkaconfig.ConsumerFact); ok && f.Object.Pkg() == act.Package.Types {
				got[f.Object.Pkg().Name()+"."+f.Object.Name()] = cf.String()
			}
		}
	}
	for fn, want := range map[string]string{
		"provider.ProvideConsumer":          "consumer {bootstrap.servers=? enable.auto.commit=true enable.auto.offset.store=false group.id=?}", // Brokers: the receiver's field, not a constant of Framework.Consumer
		"provider.ProvideAutoStoreConsumer": "consumer {bootstrap.servers=localhost:9092 enable.auto.commit=true enable.auto.offset.store=true group.id=?}",
		"kit.ProvideStreaming":              "consumer {bootstrap.servers=localhost:9092 enable.auto.offset.store=false group.id=?} maybe {enable.auto.commit=false}",
		"kit.ProvideBatch":                  "consumer {bootstrap.servers=localhost:9092 enable.auto.commit=false enable.auto.offset.store=false group.id=?} maybe {enable.auto.commit=false}",
	} {
		if got[fn] != want {
			t.Errorf("%s: fact %q, want %q", fn, got[fn], want)
		}
	}
}
