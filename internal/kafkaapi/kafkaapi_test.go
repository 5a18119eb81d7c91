package kafkaapi_test

import (
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

func TestCanonicalPath(t *testing.T) {
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{kafkaapi.PathV1, kafkaapi.PathV1, true},
		{kafkaapi.PathV2, kafkaapi.PathV2, true},
		{kafkaapi.PathGopkgV1, kafkaapi.PathGopkgV1, true},
		{"app/vendor/" + kafkaapi.PathV2, kafkaapi.PathV2, true},
		{"vendor/" + kafkaapi.PathV1, kafkaapi.PathV1, true},
		{"example.com/vendorlib/kafka", "example.com/vendorlib/kafka", false}, // not a vendor directory
		{"github.com/confluentinc/confluent-kafka-go/v3/kafka", "github.com/confluentinc/confluent-kafka-go/v3/kafka", false},
		{"example.com/kafka", "example.com/kafka", false},
	} {
		got, ok := kafkaapi.CanonicalPath(tc.path)
		if got != tc.want || ok != tc.ok {
			t.Errorf("CanonicalPath(%q) = %q, %v; want %q, %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
}

// newKafka builds a package at path with a Consumer type that has the given
// methods, like the library's API shape at some version.
func newKafka(path string, methods ...string) *types.Package {
	pkg := types.NewPackage(path, "kafka")
	tn := types.NewTypeName(0, pkg, "Consumer", nil)
	named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	pkg.Scope().Insert(tn)
	recv := types.NewVar(0, pkg, "c", types.NewPointer(named))
	for _, m := range methods {
		sig := types.NewSignatureType(recv, nil, nil, nil, nil, false)
		named.AddMethod(types.NewFunc(0, pkg, m, sig))
	}
	pkg.MarkComplete()
	return pkg
}

func TestIdentityAndShape(t *testing.T) {
	v1 := newKafka(kafkaapi.PathV1, "Unassign", "StoreMessage", "IncrementalAssign")
	old := newKafka("app/vendor/"+kafkaapi.PathV1, "Unassign")
	v2 := newKafka(kafkaapi.PathV2, "Unassign")
	look := newKafka("example.com/kafka", "Unassign", "StoreMessage")

	consumer := func(p *types.Package) types.Type {
		return types.NewPointer(p.Scope().Lookup("Consumer").Type())
	}
	if !kafkaapi.IsConsumer(consumer(v1)) || !kafkaapi.IsConsumer(consumer(old)) || !kafkaapi.IsConsumer(consumer(v2)) {
		t.Error("the library's *Consumer not recognised")
	}
	if kafkaapi.IsConsumer(consumer(look)) {
		t.Error("a look-alike Consumer recognised as the library's")
	}
	alias := types.NewAlias(types.NewTypeName(0, look, "C", nil), consumer(v2))
	if !kafkaapi.IsConsumer(alias) {
		t.Error("an alias of *kafka.Consumer not recognised")
	}
	unassign, _, _ := types.LookupFieldOrMethod(consumer(v1), false, v1, "Unassign")
	if fn, _ := unassign.(*types.Func); !kafkaapi.IsMethod(fn, "Consumer", kafkaapi.Unassigns...) {
		t.Error("Consumer.Unassign not recognised")
	}
	lookUnassign, _, _ := types.LookupFieldOrMethod(consumer(look), false, look, "Unassign")
	if fn, _ := lookUnassign.(*types.Func); kafkaapi.IsMethod(fn, "Consumer", kafkaapi.Unassigns...) {
		t.Error("look-alike Unassign recognised")
	}

	for _, tc := range []struct {
		pkg  *types.Package
		want kafkaapi.Version
	}{
		{v1, kafkaapi.Version{AtLeast: kafkaapi.V1_8_2}},
		{newKafka(kafkaapi.PathV1, "IncrementalAssign"), kafkaapi.Version{AtLeast: kafkaapi.V1_6_1}},
		{old, kafkaapi.Version{}},
		{v2, kafkaapi.Version{AtLeast: "v2.0.2"}},
	} {
		if got := kafkaapi.ShapeVersion(tc.pkg); got != tc.want {
			t.Errorf("ShapeVersion(%s) = %+v, want %+v", tc.pkg.Path(), got, tc.want)
		}
	}
}

func TestVersion(t *testing.T) {
	v140 := kafkaapi.Version{Exact: "v1.4.0"}
	if !v140.Before(kafkaapi.V1_4_2) || v140.AtLeastV(kafkaapi.V1_9_0) || v140.String() != "v1.4.0" {
		t.Errorf("v1.4.0: %+v", v140)
	}
	bound := kafkaapi.Version{AtLeast: kafkaapi.V1_8_2}
	if bound.Before(kafkaapi.V1_9_0) || bound.AtLeastV(kafkaapi.V1_9_0) || !bound.AtLeastV(kafkaapi.V1_6_1) {
		t.Errorf("lower bound v1.8.2 must be neither before nor after v1.9.0: %+v", bound)
	}
	var unknown kafkaapi.Version
	if unknown.Before(kafkaapi.V1_9_0) || unknown.AtLeastV(kafkaapi.V1_4_2) || unknown.String() != "version unknown" {
		t.Errorf("unknown version: %+v %q", unknown, unknown.String())
	}
	for in, want := range map[string]string{"v1.9.2": "v1.9.2", "(devel)": "", "": "", "v1.9.3-0.20230101000000-abcdef123456": "v1.9.3-0.20230101000000-abcdef123456"} {
		if got := kafkaapi.ModuleVersion(in); got != want {
			t.Errorf("ModuleVersion(%q) = %q, want %q", in, got, want)
		}
	}
}
