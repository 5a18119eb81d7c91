package kafkagoapi

import (
	"go/types"
	"testing"
)

func TestIdentity(t *testing.T) {
	for path, want := range map[string]bool{
		Path:                                 true,
		"example.com/x/vendor/" + Path:       true,
		"github.com/segmentio/kafka-go/sasl": false,
		"example.com/kafka-go":               false,
	} {
		pkg := types.NewPackage(path, "kafka")
		fields := []*types.Var{
			types.NewField(0, pkg, "GroupID", types.Typ[types.String], false),
			types.NewField(0, pkg, "Partition", types.Typ[types.Int], false),
		}
		tn := types.NewTypeName(0, pkg, "ReaderConfig", nil)
		cfg := types.NewNamed(tn, types.NewStruct(fields, nil), nil)
		pkg.Scope().Insert(tn)
		if got := IsReaderConfig(types.NewPointer(cfg)); got != want {
			t.Errorf("IsReaderConfig(*%s.ReaderConfig) = %v", path, got)
		}
		if got := IsConfigField(fields[0], GroupID); got != want {
			t.Errorf("IsConfigField(%s GroupID) = %v", path, got)
		}
		other := types.NewField(0, pkg, "GroupID", types.Typ[types.String], false) // another struct's field
		if IsConfigField(other, GroupID) {
			t.Errorf("%s: a look-alike field taken for ReaderConfig.GroupID", path)
		}
	}
}
