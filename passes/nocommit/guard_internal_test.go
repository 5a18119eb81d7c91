package nocommit

import (
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestNamesAutoCommit: the guard that spares a package the SSA form answers yes
// for every way the code can reach the Enable field (a selector through the
// config, through a pointer to the AutoCommit struct, a composite literal's key)
// and no for a package that configures sarama without it.
func TestNamesAutoCommit(t *testing.T) {
	imp := testutil.StubImporter(t)
	for _, c := range []struct {
		src  string
		want bool
	}{
		{`c := sarama.NewConfig(); c.Consumer.Offsets.AutoCommit.Enable = false; _ = c`, true},
		{`c := sarama.NewConfig(); ac := &c.Consumer.Offsets.AutoCommit; ac.Enable = false`, true},
		{`c := sarama.NewConfig(); c.Consumer.Offsets.AutoCommit = struct{ Enable bool; Interval time.Duration }{Enable: false}`, true},
		{`c := sarama.NewConfig(); c.Consumer.Offsets.Initial = sarama.OffsetOldest; _, _ = sarama.NewConsumerGroup(nil, "g", c)`, false},
	} {
		src := "package p\nimport (\n\t\"time\"\n\t\"github.com/IBM/sarama\"\n)\nvar _ time.Duration\nfunc f() {\n" + c.src + "\n}\n"
		pass := testutil.CheckSource(t, imp, src)
		pkg, info := pass.Pkg, pass.TypesInfo
		var sarama []*types.Package
		for _, p := range pkg.Imports() {
			if p.Path() == "github.com/IBM/sarama" {
				sarama = append(sarama, p)
			}
		}
		if got := namesAutoCommit(info, sarama); got != c.want {
			t.Errorf("%s: namesAutoCommit = %v, want %v", c.src, got, c.want)
		}
	}
}
