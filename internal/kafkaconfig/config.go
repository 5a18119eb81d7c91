package kafkaconfig

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalint/kafkalint/internal/kafkaprops"
)

// A Setting is one ConfigMap entry as the Go client would hand it to librdkafka.
type Setting struct {
	Key    string
	Known  bool   // the value is a constant
	Value  string // the value in the form librdkafka receives it ("true", "5000", "cooperative-sticky"); "" when not Known
	GoType string // Go type of the value as written: "bool", "int", "string", "int64", "kafka.ConfigMap", ...
	Pos    token.Pos
	Where  string  // "file.go:12" where the value was set; kept in facts, for other packages
	Sub    *Config `json:",omitempty"` // the nested map of default.topic.config
	// Field and Param describe a value read from a field of a parameter (Param
	// -1: the receiver) of the function that builds the map, in facts: a
	// settings struct rendered into a ConfigMap. Callers resolve it from what
	// they store into that field.
	Field string `json:",omitempty"`
	Param int    `json:",omitempty"`
	// Op is what the map holds of the field, when it is not the field
	// itself: "!" for its negation (!s.ManualStore), or a comparison with a
	// constant, as the operator and the constant in Go syntax ("> 0",
	// "== \"manual\""). Callers apply it to the constant they store.
	Op string `json:",omitempty"`

	syntax *Syntax // unexported: facts (gob) and JSON carry no syntax
}

// Syntax is how an entry is written in the package's own code: the
// expressions a pass reports on and rewrites.
type Syntax struct {
	// Key is the key expression: a literal element's key, SetKey's first
	// argument, the index of m[k] = v; for Set, its "key=value" argument.
	Key ast.Expr
	// Value is the value expression without parentheses; nil for Set.
	Value ast.Expr
	// Set is the m.Set("key=value") call, when that is the write.
	Set *ast.CallExpr
}

// Syntax returns how the entry is written, when it is written in this
// package's syntax as a literal element, a SetKey or Set call or an index
// assignment, else nil: for entries that come from facts (other packages)
// or from what a caller stores into a settings struct.
func (s Setting) Syntax() *Syntax { return s.syntax }

// A Config is what is known of a ConfigMap: its entries in key order.
type Config struct {
	// Known reports whether the map's construction was resolved. When false,
	// nothing is known (Entries may still hold what was seen) and rules stay silent.
	Known bool
	// Complete reports whether every entry of the map is in Entries; only then does
	// an absent key mean librdkafka's default.
	Complete bool
	Entries  []Setting
	// Maybe holds writes made on some paths only: on a branch, or in an option
	// function the caller may or may not apply. Entries describe the default
	// path, without them; each Maybe's Where names the function or position.
	Maybe []Setting `json:",omitempty"`
	Pos   token.Pos // where the map was built, for Related positions
	Where string    // "pkg.Func" or "file.go:12", for messages
}

// Lookup returns the entry for key.
func (c *Config) Lookup(key string) (Setting, bool) {
	if c == nil {
		return Setting{}, false
	}
	for _, s := range c.Entries {
		if s.Key == key {
			return s, true
		}
	}
	return Setting{}, false
}

// set adds or replaces an entry, keeping key order.
func (c *Config) set(s Setting) {
	i := sort.Search(len(c.Entries), func(i int) bool { return c.Entries[i].Key >= s.Key })
	if i < len(c.Entries) && c.Entries[i].Key == s.Key {
		c.Entries[i] = s
		return
	}
	c.Entries = append(c.Entries, Setting{})
	copy(c.Entries[i+1:], c.Entries[i:])
	c.Entries[i] = s
}

// clone returns a deep copy of c, so that what a helper returns can be extended by
// its callers without changing the helper's own summary.
func (c *Config) clone() *Config {
	if c == nil {
		return nil
	}
	d := *c
	d.Entries = append([]Setting(nil), c.Entries...)
	d.Maybe = append([]Setting(nil), c.Maybe...)
	return &d
}

// Bool returns the boolean value of key: the entry's value when it is a constant the
// client accepts as a boolean, librdkafka's default when the key is absent from a
// complete map, and ok=false when it cannot be known.
func (c *Config) Bool(key string) (value, fromDefault, ok bool) {
	if c == nil || !c.Known {
		return false, false, false
	}
	if s, present := c.Lookup(key); present {
		if !s.Known {
			return false, false, false
		}
		v, ok := ParseBool(s.Value)
		return v, false, ok
	}
	if !c.Complete {
		return false, false, false
	}
	d, ok := Defaults[key]
	if !ok {
		return false, false, false
	}
	v, ok := ParseBool(d)
	return v, true, ok
}

// String returns the string value of key, or its default when absent from a
// complete map.
func (c *Config) String(key string) (value string, fromDefault, ok bool) {
	if c == nil || !c.Known {
		return "", false, false
	}
	if s, present := c.Lookup(key); present {
		return s.Value, false, s.Known
	}
	if !c.Complete {
		return "", false, false
	}
	d, ok := Defaults[key]
	return d, true, ok
}

// ParseBool parses a boolean the way librdkafka does (src/rdkafka_conf.c):
// case-insensitive "true", "t", "1" and "false", "f", "0".
func ParseBool(s string) (value, ok bool) {
	switch strings.ToLower(s) {
	case "true", "t", "1":
		return true, true
	case "false", "f", "0":
		return false, true
	}
	return false, false
}

// Defaults holds the default of every property that has one: librdkafka's, from
// the "Global configuration properties" table of its CONFIGURATION.md at v2.11.1
// (internal/kafkaprops), and the Go client's own go.* properties the rules read
// (docs/library-facts.md, F5).
var Defaults = defaults()

func defaults() map[string]string {
	d := map[string]string{
		"go.application.rebalance.enable": "false",
		"go.events.channel.enable":        "false",
	}
	for key, p := range kafkaprops.Global {
		if p.Default != "" {
			d[key] = p.Default
		}
	}
	return d
}

// settingOf converts a constant of type t, as the Go client's value2string would.
func settingOf(key string, v constant.Value, t types.Type, qual types.Qualifier) Setting {
	s := Setting{Key: key, GoType: types.TypeString(t, qual)}
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.UntypedBool {
		s.GoType = "bool"
	} else if ok && b.Kind() == types.UntypedInt {
		s.GoType = "int"
	} else if ok && b.Kind() == types.UntypedString {
		s.GoType = "string"
	} else if ok && b.Kind() == types.UntypedFloat {
		s.GoType = "float64"
	}
	if v == nil {
		return s
	}
	switch v.Kind() {
	case constant.Bool:
		s.Known, s.Value = true, strconv.FormatBool(constant.BoolVal(v))
	case constant.String:
		s.Known, s.Value = true, constant.StringVal(v)
	case constant.Int:
		s.Known, s.Value = true, v.ExactString()
	case constant.Float:
		s.Known, s.Value = true, v.String()
	}
	return s
}

func (s Setting) String() string {
	if !s.Known {
		return s.Key + "=?"
	}
	return fmt.Sprintf("%s=%s", s.Key, s.Value)
}
