package kafkaconfig

import (
	"go/constant"
	"go/types"
	"testing"
)

// TestInt: auto.commit.interval.ms is read the one way librdkafka reads it
// (kafkaprops.ReadInt), for every rule that asks whether auto commit is off:
// "0ms", "0", 0 and " 0" are 0, "abc" is rejected, and an absent key of a
// complete map is librdkafka's default.
func TestInt(t *testing.T) {
	const key = "auto.commit.interval.ms"
	str := func(v string) Setting { return settingOf(key, constant.MakeString(v), types.Typ[types.String], nil) }
	for _, tc := range []struct {
		name       string
		cfg        *Config
		want       int64
		def, known bool
	}{
		{`"0ms"`, &Config{Known: true, Complete: true, Entries: []Setting{str("0ms")}}, 0, false, true},
		{`"0"`, &Config{Known: true, Complete: true, Entries: []Setting{str("0")}}, 0, false, true},
		{`0`, &Config{Known: true, Complete: true, Entries: []Setting{settingOf(key, constant.MakeInt64(0), types.Typ[types.UntypedInt], nil)}}, 0, false, true},
		{`" 0"`, &Config{Known: true, Complete: true, Entries: []Setting{str(" 0")}}, 0, false, true},
		{`"abc"`, &Config{Known: true, Complete: true, Entries: []Setting{str("abc")}}, 0, false, false},
		{`"100ms"`, &Config{Known: true, Complete: true, Entries: []Setting{str("100ms")}}, 100, false, true},
		{`"-1"`, &Config{Known: true, Complete: true, Entries: []Setting{str("-1")}}, 0, false, false}, // out of range
		{"not a constant", &Config{Known: true, Complete: true, Entries: []Setting{{Key: key}}}, 0, false, false},
		{"default", &Config{Known: true, Complete: true}, 5000, true, true},
		{"incomplete", &Config{Known: true}, 0, false, false},
		{"unknown", &Config{}, 0, false, false},
	} {
		got, def, known := tc.cfg.Int(key)
		if got != tc.want || def != tc.def || known != tc.known {
			t.Errorf("%s: Int = %d, %v, %v; want %d, %v, %v", tc.name, got, def, known, tc.want, tc.def, tc.known)
		}
	}
	if _, _, ok := (&Config{Known: true, Complete: true}).Int("group.id"); ok {
		t.Error("Int(group.id) is known: not an integer property")
	}
}
