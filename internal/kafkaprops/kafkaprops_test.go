package kafkaprops_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kafkalint/kafkalint/internal/kafkaprops"
	"github.com/kafkalint/kafkalint/internal/kafkaprops/propgen"
)

// TestGenerated fails when properties_gen.go is not what the generator makes of
// the committed CONFIGURATION.md: run go generate ./internal/kafkaprops.
func TestGenerated(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("propgen", "CONFIGURATION.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := propgen.Generate(md)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("properties_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("properties_gen.go is stale: run go generate ./internal/kafkaprops")
	}
}

// TestTable spot-checks rows against CONFIGURATION.md at v2.11.1
// (docs/library-facts.md, F5 and F11): the global rows of the properties the
// rules read, a topic row, and the legacy topic duplicates.
func TestTable(t *testing.T) {
	for _, tc := range []struct {
		table map[string]kafkaprops.Property
		key   string
		want  kafkaprops.Property
	}{
		{kafkaprops.Global, "enable.auto.commit", kafkaprops.Property{Role: 'C', Type: kafkaprops.Boolean, Enum: []string{"true", "false"}, Default: "true"}},
		{kafkaprops.Global, "enable.auto.offset.store", kafkaprops.Property{Role: 'C', Type: kafkaprops.Boolean, Enum: []string{"true", "false"}, Default: "true"}},
		{kafkaprops.Global, "auto.commit.interval.ms", kafkaprops.Property{Role: 'C', Type: kafkaprops.Integer, HasRange: true, Min: 0, Max: 86400000, Default: "5000"}},
		{kafkaprops.Global, "partition.assignment.strategy", kafkaprops.Property{Role: 'C', Type: kafkaprops.String, Default: "range,roundrobin"}},
		{kafkaprops.Topic, "auto.offset.reset", kafkaprops.Property{Role: 'C', Type: kafkaprops.Enum, Enum: []string{"smallest", "earliest", "beginning", "largest", "latest", "end", "error"}, Default: "largest"}},
	} {
		got, ok := tc.table[tc.key]
		if !ok {
			t.Errorf("%s: not in the table", tc.key)
			continue
		}
		if got.Role != tc.want.Role || got.Type != tc.want.Type || got.HasRange != tc.want.HasRange ||
			got.Min != tc.want.Min || got.Max != tc.want.Max || got.Default != tc.want.Default ||
			len(got.Enum) != len(tc.want.Enum) || got.Deprecated != tc.want.Deprecated {
			t.Errorf("%s = %+v, want %+v", tc.key, got, tc.want)
		}
	}
	// The topic table repeats two consumer properties as legacy ones with other
	// defaults: only the global rows apply to the high-level consumer.
	if d := kafkaprops.Topic["auto.commit.interval.ms"].Default; d != "60000" {
		t.Errorf("topic auto.commit.interval.ms default %q, want the legacy 60000", d)
	}
}
