package configkey

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/kafkaprops"
)

type checker struct {
	pass    *analysis.Pass
	renamed map[*kafkaconfig.Config]map[string]bool // rename targets already offered, per map
}

func (ck *checker) report(pos, end token.Pos, category, msg string, fix *analysis.SuggestedFix) {
	d := analysis.Diagnostic{Pos: pos, End: end, Category: category, Message: msg}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	ck.pass.Report(d)
}

// check reports the problems of one entry.
func (ck *checker) check(e *entry) {
	key := e.s.Key
	if strings.HasPrefix(key, "go.") && !e.topic {
		ck.checkGo(e)
		return
	}
	if key == "default.topic.config" && !e.topic {
		return // the Go client's own sub-map; its entries are checked on their own
	}
	p, ok := lookup(key, e.topic)
	if !ok {
		ck.unknown(e, candidates(e.topic, false))
		return
	}
	if p.Type == kafkaprops.API {
		return // not reported: see the doc
	}
	if r := role(e.sure); len(e.sure) > 0 && ((r == "consumer" && p.Role == 'P') || (r == "producer" && p.Role == 'C')) {
		other := map[byte]string{'P': "producer", 'C': "consumer"}[p.Role]
		client := "a " + r
		if allAdmin(e.sure) {
			client = "an admin client"
		}
		ck.report(e.w.key.Pos(), e.w.key.End(), categoryRole,
			fmt.Sprintf("%s property %q set on %s (librdkafka ignores it with a warning)", other, key, client), nil)
	}
	if p.Deprecated && (!deprecatedSince2x[key] || !allV1(e.clients)) {
		ck.deprecated(e, p)
	}
	if !ck.checkValueType(e, p) {
		return
	}
	ck.checkValue(e, p)
}

func allAdmin(clients []*kafkaconfig.Client) bool {
	for _, c := range clients {
		if c.Func != "NewAdminClient" {
			return false
		}
	}
	return true
}

// unknown reports a key librdkafka (or the Go client) does not know.
func (ck *checker) unknown(e *entry, names []string) {
	key := e.s.Key
	near := closest(key, names)
	if near == "" && allV1(e.clients) && !strings.HasPrefix(key, "go.") {
		return // the table is v2.11.1's: a v1 library may know properties removed since
	}
	msg := fmt.Sprintf("unknown configuration property %q", key)
	var fix *analysis.SuggestedFix
	if near != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", near)
		fix = ck.renameFix(e, near)
	}
	where := "librdkafka rejects it"
	if e.topic {
		where = "not a topic property, librdkafka rejects it"
	}
	msg += fmt.Sprintf(" (%s: %s)", where, consequence(e.clients))
	ck.report(e.w.key.Pos(), e.w.key.End(), categoryUnknown, msg, fix)
}

// deprecatedSince2x are the properties the table (librdkafka 2.x) marks deprecated
// that librdkafka 1.9.2, the last one a v1 release bundles, took without a warning
// (its property descriptions carry no deprecation; the real-code sweep found them
// in confluent-kafka-go v1.8.2's own examples). v1 code is not told about them.
var deprecatedSince2x = map[string]bool{
	"api.version.request":     true,
	"api.version.fallback.ms": true,
	"broker.version.fallback": true,
	"ssl.engine.location":     true,
}

// deprecated reports a deprecated property, with its replacement when the table
// names one.
func (ck *checker) deprecated(e *entry, p property) {
	key := e.s.Key
	var msg string
	var fix *analysis.SuggestedFix
	switch {
	case p.Replacement == key && e.topic:
		msg = fmt.Sprintf("deprecated topic property %q in default.topic.config, set %q in the top-level map instead (ignored by the high-level consumer)", key, key)
	case p.Replacement != "":
		msg = fmt.Sprintf("deprecated configuration property %q, use %q instead (librdkafka warns that it is deprecated)", key, p.Replacement)
		fix = ck.renameFix(e, p.Replacement)
	case p.NoLongerUsed:
		msg = fmt.Sprintf("deprecated configuration property %q is no longer used (librdkafka ignores it with a warning)", key)
	default:
		msg = fmt.Sprintf("deprecated configuration property %q (librdkafka warns that it is deprecated)", key)
	}
	ck.report(e.w.key.Pos(), e.w.key.End(), categoryDeprecated, msg, fix)
}

// checkGo checks a go.* key: the Go client extracts it with a typed default and
// rejects any other type; keys it does not extract go on to librdkafka, which
// knows none of them.
func (ck *checker) checkGo(e *entry) {
	key := e.s.Key
	g, known := goProperties[key]
	if !known {
		ck.unknown(e, candidates(false, true))
		return
	}
	var rejecting []*kafkaconfig.Client
	for _, c := range e.sure {
		if !g.accepts(c.Func) {
			rejecting = append(rejecting, c)
		}
	}
	if len(rejecting) > 0 {
		ck.report(e.w.key.Pos(), e.w.key.End(), categoryUnknown,
			fmt.Sprintf("configuration property %q is not one %s extracts, librdkafka does not know it (%s)",
				key, rejecting[0].Func, consequence(rejecting)), nil)
		return
	}
	if g.typ == "" {
		return // go.logs.channel: any channel; not checked
	}
	if e.w.set != nil {
		if g.typ == "string" {
			return
		}
		ck.report(e.w.key.Pos(), e.w.key.End(), categoryGoType,
			fmt.Sprintf("%q set through Set is a string, the Go client expects a %s (%s: expects type %s, not string)",
				key, g.typ, consequence(e.clients), g.typ), ck.setToSetKeyFix(e, g.typ))
		return
	}
	t := ck.valueType(e)
	if t == nil || types.IsInterface(t) {
		return // unknown or dynamic type
	}
	if types.Identical(t, types.Typ[kindOf(g.typ)]) {
		return
	}
	ts := typeName(t)
	ck.report(e.w.value.Pos(), e.w.value.End(), categoryGoType,
		fmt.Sprintf("%q is given a %s, the Go client expects a %s (%s: expects type %s, not %s)",
			key, ts, g.typ, consequence(e.clients), g.typ, ts), ck.goValueFix(e, g.typ))
}

func kindOf(typ string) types.BasicKind {
	switch typ {
	case "bool":
		return types.Bool
	case "int":
		return types.Int
	}
	return types.String
}

// valueType returns the type the value has once stored in the map (the default
// type of an untyped constant).
func (ck *checker) valueType(e *entry) types.Type {
	if e.w.value == nil {
		return types.Typ[types.String] // Set stores strings
	}
	t := ck.pass.TypesInfo.TypeOf(e.w.value)
	if t == nil {
		return nil
	}
	return types.Default(t)
}

// checkValueType reports a value of a Go type the client cannot hand to
// librdkafka, and reports whether the value is worth checking further.
func (ck *checker) checkValueType(e *entry, p property) bool {
	t := ck.valueType(e)
	if t == nil || types.IsInterface(t) {
		return false // unknown or dynamic type
	}
	if b, ok := t.(*types.Basic); ok && (b.Kind() == types.Bool || b.Kind() == types.Int || b.Kind() == types.String) {
		return true
	}
	if b, ok := t.(*types.Basic); ok && b.Kind() == types.UntypedNil {
		return false
	}
	if analysisutil.IsDuration(t) {
		ck.duration(e, p)
		return false
	}
	if isStringer(t) {
		return false // converted with String(): kafka.Offset and friends
	}
	ts := typeName(t)
	ck.report(e.w.value.Pos(), e.w.value.End(), categoryValueType,
		fmt.Sprintf("value of type %s for %q is not a string, bool or int (%s: Invalid value type %s)",
			ts, e.s.Key, consequence(e.clients), ts), ck.valueTypeFix(e, p, t))
	return false
}

// isStringer reports whether values of type t are a fmt.Stringer.
func isStringer(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, "String")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// duration reports a time.Duration value: the client converts it with String.
func (ck *checker) duration(e *entry, p property) {
	shown, reads := "a string like \"30s\"", "librdkafka expects a plain number"
	var fix *analysis.SuggestedFix
	if tv := ck.pass.TypesInfo.Types[e.w.value]; tv.Value != nil {
		if ns, exact := constant.Int64Val(tv.Value); exact {
			str := time.Duration(ns).String()
			shown = strconv.Quote(str)
			if read, _, ok := readInt(str); ok && p.Type == kafkaprops.Integer {
				reads = fmt.Sprintf("librdkafka reads it as %d, it expects a plain number", read)
			}
			if strings.HasSuffix(e.s.Key, ".ms") && p.Type == kafkaprops.Integer && ns%int64(time.Millisecond) == 0 {
				ms := strconv.FormatInt(ns/int64(time.Millisecond), 10)
				fix = ck.withImports(replaceFix(e.w.value, ms, "Use the number of milliseconds "+ms), e.w.value)
			}
		}
	}
	ck.report(e.w.value.Pos(), e.w.value.End(), categoryDuration,
		fmt.Sprintf("time.Duration value for %q becomes %s through its String method (%s)", e.s.Key, shown, reads), fix)
}

// checkValue checks a constant value against the property's type, range and enum.
func (ck *checker) checkValue(e *entry, p property) {
	if !e.s.Known {
		return // not a constant: not guessed
	}
	v := e.s.Value // for Set, the part after "="
	if e.s.Key == "partition.assignment.strategy" && !e.topic {
		ck.checkAssignors(e, v)
		return
	}
	bad := ""
	switch p.Type {
	case kafkaprops.Boolean:
		if _, ok := kafkaconfig.ParseBool(v); !ok {
			bad = fmt.Sprintf("invalid boolean %q for %q, want true or false", v, e.s.Key)
		}
	case kafkaprops.Integer:
		ck.checkInteger(e, p, v)
		return
	case kafkaprops.Float:
		if !p.HasRange {
			break
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			break // librdkafka also maps some names to numbers ("all" for acks): not checked
		}
		if f < p.Min || f > p.Max {
			bad = fmt.Sprintf("value %s for %q is outside its range %s..%s", v, e.s.Key, num(p.Min), num(p.Max))
		}
	case kafkaprops.Enum:
		if len(p.Enum) > 0 && !inEnum(strings.TrimSpace(v), p.Enum) {
			bad = fmt.Sprintf("invalid value %q for %q, want one of %s", v, e.s.Key, strings.Join(p.Enum, ", "))
		}
	case kafkaprops.Flags:
		if len(p.Enum) == 0 {
			break
		}
		for _, f := range strings.Split(v, ",") {
			if f = strings.TrimSpace(f); f != "" && !inEnum(f, p.Enum) {
				bad = fmt.Sprintf("invalid value %q in %q for %q, want a list of %s", f, v, e.s.Key, strings.Join(p.Enum, ", "))
				break
			}
		}
	}
	if bad == "" {
		return
	}
	at := e.w.value
	if at == nil {
		at = e.w.key // Set("key=value")
	}
	ck.report(at.Pos(), at.End(), categoryValue, fmt.Sprintf("%s (librdkafka rejects it: %s)", bad, consequence(e.clients)), nil)
}

func inEnum(v string, enum []string) bool {
	for _, x := range enum {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// isLit reports whether e is a string literal.
func isLit(e ast.Expr) (*ast.BasicLit, bool) {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return lit, ok && lit.Kind == token.STRING
}

// typeName prints t as the client's %T does: "int64", "v2.level".
func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}
