package revokecommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Handover is the fact exported for an exported function or field through
// which callers hand this package a consumer, or the ConfigMap a consumer is
// made from, that gets a RevokedPartitions handler here which unassigns
// before committing and invalidating. This package cannot tell whether that
// is a problem (the configuration is the caller's); the caller can, and
// reports where it hands over a risky configuration or consumer.
type Handover struct {
	Sites []HandoverSite
}

// A HandoverSite is one handler reached through the parameter or field.
type HandoverSite struct {
	Param   int                   // the parameter (-1: the receiver); 0 for a field
	Config  bool                  // the ConfigMap is handed over, not the consumer
	Missing uint8                 // what the handler does not do before Unassign
	Where   string                // the Unassign: "pkg.Func (file.go:12)"
	Method  string                // Unassign or IncrementalUnassign
	At      analysisutil.FileLine // the Unassign, for the report's related information
}

func (*Handover) AFact() {}

func (f *Handover) String() string {
	var parts []string
	for _, s := range f.Sites {
		what := "consumer"
		if s.Config {
			what = "config"
		}
		parts = append(parts, fmt.Sprintf("handover(%s param %d, missing %s)", what, s.Param, effects(s.Missing)))
	}
	return strings.Join(parts, " ")
}

// noteHandovers records, for a finding in this package, the parameters and
// fields through which callers supply its consumer or the consumer's
// configuration.
func (c *checker) noteHandovers(f *finding, consumers []*kafkaconfig.Consumer) {
	where, method, at := f.where, f.method, f.at
	if f.unassign != nil {
		where, method, at = c.whereCall(f.unassign), calleeName(f.unassign), analysisutil.FileLineOf(c.pass.Fset, c.pass.Pkg, f.unassign.Pos())
	}
	add := func(b valueflow.Boundary, config bool) {
		s := HandoverSite{Param: b.Index, Config: config, Missing: uint8(f.missing), Where: where, Method: method, At: at}
		var obj types.Object = b.Func
		if b.Field != nil {
			obj, s.Param = b.Field, 0
		}
		for _, old := range c.handovers[obj] {
			if old == s {
				return
			}
		}
		if c.handovers[obj] == nil {
			c.handoverOrder = append(c.handoverOrder, obj)
		}
		c.handovers[obj] = append(c.handovers[obj], s)
	}
	var own *types.Func // the declared function the handler is in: Summary covers its parameters
	if f.region != nil && f.region.decl != nil {
		own, _ = c.pass.TypesInfo.Defs[f.region.decl.Name].(*types.Func)
	}
	for _, b := range c.boundariesOf(f.recv) {
		if b.Func == nil || b.Func != own {
			add(b, false)
		}
	}
	for _, k := range consumers {
		if !k.Config.Known {
			for _, b := range c.kc.ConfigBoundaries(k) {
				add(b, true)
			}
		}
	}
}

// boundariesOf returns where other packages may hand the package the value of
// e, the receiver or an argument of a call (valueflow's Graph.Boundaries).
func (c *checker) boundariesOf(e ast.Expr) []valueflow.Boundary {
	g := c.cs.Graph()
	return g.Boundaries(g.ValueOf(e))
}

// whereCall describes the Unassign call for other packages.
func (c *checker) whereCall(call *ast.CallExpr) string {
	for fn, decl := range c.cs.FuncDecls() {
		if decl.Pos() <= call.Pos() && call.End() <= decl.End() {
			return c.where(fn, call)
		}
	}
	p := c.pass.Fset.Position(call.Pos())
	return fmt.Sprintf("%s (%s:%d)", c.pass.Pkg.Name(), filepath.Base(p.Filename), p.Line)
}

// exportHandovers exports the Handover facts collected by noteHandovers.
func (c *checker) exportHandovers() {
	for _, obj := range c.handoverOrder {
		c.pass.ExportObjectFact(obj, &Handover{Sites: c.handovers[obj]})
	}
}

// checkHandovers reports where this package hands another package's
// handler a consumer, or a configuration, that makes it rewind: calls of
// functions and stores into fields that carry a Handover fact. Where the
// value is itself handed in by this package's callers, the fact is passed on.
func (c *checker) checkHandovers() {
	var fields []types.Object
	for _, of := range c.pass.AllObjectFacts() {
		if _, ok := of.Fact.(*Handover); ok {
			if v, ok := of.Object.(*types.Var); ok && v.IsField() && v.Pkg() != c.pass.Pkg {
				fields = append(fields, v)
			}
		}
	}
	sort.Slice(fields, func(i, j int) bool { return fields[i].Pos() < fields[j].Pos() })
	for _, obj := range fields {
		var h Handover
		c.pass.ImportObjectFact(obj, &h)
		for _, w := range c.kc.FieldWrites(obj.(*types.Var)) {
			for _, s := range h.Sites {
				c.reportHandover(w.Pos, token.NoPos, obj.Name(), s, w.Config, w.Consumers)
			}
		}
	}
	for cur := range c.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := typeutil.StaticCallee(c.pass.TypesInfo, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
			continue
		}
		var h Handover
		if !c.pass.ImportObjectFact(fn, &h) {
			continue
		}
		for _, s := range h.Sites {
			arg := argument(call, s.Param)
			if arg == nil {
				continue
			}
			var cfg *kafkaconfig.Config
			var consumers []*kafkaconfig.Consumer
			if s.Config {
				cfg = c.kc.ConfigOf(arg, call)
			} else {
				consumers, _ = c.kc.ConsumersInContext(arg)
			}
			if !c.reportHandover(arg.Pos(), arg.End(), analysisutil.FuncName(fn), s, cfg, consumers) {
				c.passOn(arg, s)
			}
		}
	}
}

// passOn re-exports a handover site for this package's own exported
// parameters or fields that arg comes from.
func (c *checker) passOn(arg ast.Expr, s HandoverSite) {
	for _, b := range c.boundariesOf(arg) {
		site := s
		var obj types.Object = b.Func
		site.Param = b.Index
		if b.Field != nil {
			obj, site.Param = b.Field, 0
		}
		if c.handovers[obj] == nil {
			c.handoverOrder = append(c.handoverOrder, obj)
		}
		c.handovers[obj] = append(c.handovers[obj], site)
	}
}

// reportHandover reports at pos when the configuration or one of the
// consumers handed over is risky on a version where the rewind happens.
func (c *checker) reportHandover(pos, end token.Pos, to string, s HandoverSite, cfg *kafkaconfig.Config, consumers []*kafkaconfig.Consumer) bool {
	if cfg != nil {
		consumers = []*kafkaconfig.Consumer{{Config: cfg, Version: c.libraryVersion()}}
	}
	s.Missing &= uint8(done) // late stores in the library's workers are not known here
	if s.Missing == 0 {
		return false
	}
	for _, k := range consumers {
		e := exposureOf(k, nil)
		if e == safe || (!c.allVersions && k.Version.AtLeastV(kafkaapi.V1_9_0)) {
			continue
		}
		what := "a consumer"
		if cfg != nil {
			what = "a configuration"
		}
		category := categoryNoCommit
		if effects(s.Missing) == invalidate {
			category = categoryNoInvalidate
		}
		d := analysis.Diagnostic{
			Pos: pos, End: end, Category: category,
			Message: fmt.Sprintf("%s is given %s with enable.auto.offset.store=false and auto commit on, and its RevokedPartitions handler at %s calls %s without %s first (%s): turn auto commit off here, or commit and invalidate in that handler",
				to, what, s.Where, unassignName(s.Method), missingText(effects(s.Missing)), consequence(k.Version, e)),
		}
		if st, ok := k.Config.Lookup("enable.auto.offset.store"); ok && st.Pos.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: st.Pos, Message: "enable.auto.offset.store=false: the application stores offsets itself"})
		} else if ok {
			d.Related = append(d.Related, c.providerRelated(k, st)...)
		}
		// What the provider or helper writes on some paths only that
		// would avoid the problem (its option, its branch).
		for _, m := range k.Config.Maybe {
			p := m.Pos
			if !p.IsValid() {
				p = c.providerPos(k, m.Where)
			}
			if avoids(m) && p.IsValid() {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: fmt.Sprintf("%s is set only when %s runs: the default configuration does not have it", m, m.Where)})
			}
		}
		if p := s.At.Pos(c.pass.Fset, c.pass.Pkg); p.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: "the RevokedPartitions handler calls " + unassignName(s.Method) + " here without " + missingText(effects(s.Missing)) + " first"})
		}
		// Kept in generated files: dependency-injection wiring (wire's
		// wire_gen.go) is where the provider's consumer meets the
		// handler, and no other place sees both; the Related positions
		// are the code to change.
		analysisutil.ReportInGenerated(c.pass, d)
		return true
	}
	return false
}

// libraryVersion is what is known of the version of the library the package
// links (the first, when it imports several paths).
func (c *checker) libraryVersion() kafkaapi.Version {
	if len(c.kc.Kafka) == 0 {
		return kafkaapi.Version{}
	}
	return c.kc.Version(c.kc.Kafka[0])
}

func missingText(m effects) string {
	switch m {
	case done:
		return "committing and invalidating stored offsets"
	case commit:
		return "committing"
	}
	return "invalidating stored offsets"
}

// providerRelated returns, for a consumer that another package's function
// returns (its ConsumerFact: a provider), where that function sets st.
func (c *checker) providerRelated(k *kafkaconfig.Consumer, st kafkaconfig.Setting) []analysis.RelatedInformation {
	p := c.providerPos(k, st.Where)
	if !p.IsValid() {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: p, Message: fmt.Sprintf("%s=%s in the consumer %s returns", st.Key, st.Value, k.Via)}}
}

// providerPos returns where, a "file.go:12" of a setting that the
// ConsumerFact of the provider k is obtained from carries, as a position
// in that provider's package, when its file is in the file set; else the
// call that obtains the consumer; NoPos when k is not a provider's.
func (c *checker) providerPos(k *kafkaconfig.Consumer, where string) token.Pos {
	if k.Via == "" || k.Call == nil {
		return token.NoPos
	}
	if fn := analysisutil.CalledFunc(c.pass.TypesInfo, k.Call); fn != nil && fn.Pkg() != nil {
		if file, line, ok := strings.Cut(where, ":"); ok {
			if n, err := strconv.Atoi(line); err == nil {
				l := analysisutil.FileLine{Pkg: fn.Pkg().Path(), File: file, Line: n}
				if p := l.Pos(c.pass.Fset, c.pass.Pkg); p.IsValid() {
					return p
				}
			}
		}
	}
	return k.Call.Pos()
}
