package kafkaconfig

import (
	"bytes"
	"encoding/gob"
	"go/ast"
	"go/token"
	"testing"
)

// TestFactConfigHasNoSyntax: what a fact carries has no positions and no
// syntax at any depth, and survives gob (the unitchecker's encoding).
func TestFactConfigHasNoSyntax(t *testing.T) {
	key := &ast.BasicLit{Kind: token.STRING, Value: `"group.id"`}
	val := &ast.BasicLit{Kind: token.STRING, Value: `"g"`}
	syn := &Syntax{Key: key, Value: val}
	sub := &Config{Known: true, Complete: true, Entries: []Setting{{Key: "auto.offset.reset", Pos: 3, syntax: syn}}}
	cfg := &Config{Known: true, Complete: true, Pos: 1,
		Entries: []Setting{{Key: "default.topic.config", Pos: 2, Sub: sub, syntax: syn}, {Key: "group.id", Known: true, Value: "g", Pos: 4, syntax: syn}},
		Maybe:   []Setting{{Key: "enable.auto.commit", Known: true, Value: "false", Pos: 5, syntax: syn}},
	}
	f := &ConfigFact{Config: factConfig(cfg)}
	var check func(c *Config)
	check = func(c *Config) {
		for _, s := range append(append([]Setting(nil), c.Entries...), c.Maybe...) {
			if s.Pos.IsValid() || s.Syntax() != nil {
				t.Errorf("%s: fact keeps Pos %d, syntax %v", s.Key, s.Pos, s.Syntax())
			}
			if s.Sub != nil {
				check(s.Sub)
			}
		}
	}
	check(&f.Config)
	if cfg.Entries[1].Syntax() == nil || sub.Entries[0].Syntax() == nil {
		t.Error("factConfig changed the package's own configuration")
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(f); err != nil {
		t.Fatal(err)
	}
	var back ConfigFact
	if err := gob.NewDecoder(&buf).Decode(&back); err != nil {
		t.Fatal(err)
	}
	if got, want := describe(&back.Config), describe(&f.Config); got != want {
		t.Errorf("gob round trip: %s, want %s", got, want)
	}
}
