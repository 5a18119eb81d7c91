package saramaapi

import (
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestIdentity checks identity on both import paths and the rejection of a
// look-alike package with the same names.
func TestIdentity(t *testing.T) {
	imp := testutil.StubImporter(t)
	for _, tc := range []struct {
		path string
		want bool
	}{{PathIBM, true}, {PathShopify, true}, {"example.com/sarama", false}} {
		src := `package p
import "` + tc.path + `"
type h struct{}
func (h) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error { return nil }
func (h) Other(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error { return nil }
var m sarama.ConsumerMessage
var _ = m.Offset
`
		pass := testutil.CheckSource(t, imp, src)
		pkg, info := pass.Pkg, pass.TypesInfo
		if got := len(clients.Imports(pkg)[clients.Sarama]) == 1; got != tc.want {
			t.Errorf("%s: clients.Imports found sarama: %v, want %v", tc.path, got, tc.want)
		}
		named := pkg.Scope().Lookup("h").Type().(*types.Named)
		for i := 0; i < named.NumMethods(); i++ {
			m := named.Method(i)
			if got, want := IsConsumeClaim(m), tc.want && m.Name() == "ConsumeClaim"; got != want {
				t.Errorf("%s: IsConsumeClaim(%s) = %v, want %v", tc.path, m.Name(), got, want)
			}
		}
		for sel, s := range info.Selections {
			if sel.Sel.Name == "Offset" {
				if got := IsConsumerMessageOffset(s.Obj().(*types.Var)); got != tc.want {
					t.Errorf("%s: IsConsumerMessageOffset = %v, want %v", tc.path, got, tc.want)
				}
			}
		}
	}
}
