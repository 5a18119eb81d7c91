package kafkaprops

import "testing"

// TestReadInt checks the strtol model against what the real librdkafka took in
// testdata/probe-values (RESULTS.md); the cases from "-1" on were not probed and
// follow C's strtol (glibc saturates at LONG_MIN/LONG_MAX).
func TestReadInt(t *testing.T) {
	for _, c := range []struct {
		in   string
		read int64
		ok   bool
	}{
		{"30000", 30000, true},
		{"30s", 30, true},
		{"30000ms", 30000, true},
		{"45 s", 45, true},
		{"1m", 1, true},
		{"30000.9", 30000, true},
		{"3e4", 3, true},
		{" 30000", 30000, true},
		{"30000 ", 30000, true},
		{"0x7530", 30000, true},
		{"030000", 12288, true},
		{"s30", 0, false},
		{"", 0, false},
		{"10MB", 10, true},
		{"0s", 0, true},
		{"99999999999", 1215752191, true},
		{"4294997296", 30000, true},
		{"-1", -1, true},
		{"+5", 5, true},
		{"08", 0, true},
		{"0x", 0, true},
		{"99999999999999999999999", -1, true}, // LONG_MAX, then (int): -1
		{"-99999999999999999999999", 0, true}, // LONG_MIN, then (int): 0
	} {
		read, _, ok := ReadInt(c.in)
		if read != c.read || ok != c.ok {
			t.Errorf("ReadInt(%q) = %d, %v; want %d, %v", c.in, read, ok, c.read, c.ok)
		}
	}
}
