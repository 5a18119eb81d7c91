package kafkagoreader

import (
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/kafkagoapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// ReaderFact is exported for a function other packages can call that returns
// a kafka.ReaderConfig it builds (a configuration helper) or a *kafka.Reader
// it builds with kafka.NewReader (a constructor): which fields of the
// configuration may be set, so that its callers judge the reader they get
// (partition 0, StartOffset without a group, group-only calls, FetchMessage
// with no commit) as if the configuration were theirs.
type ReaderFact struct {
	Reader   bool     `json:",omitempty"` // a reader, not a configuration
	Set      []string // fields that may be set (GroupID: to a value other than "")
	Start    bool     `json:",omitempty"` // StartOffset may be set to something other than FirstOffset
	Complete bool     // every source of the configuration was traced
}

func (*ReaderFact) AFact() {}
func (f *ReaderFact) String() string {
	what := "config"
	if f.Reader {
		what = "reader"
	}
	out := what + " {" + strings.Join(f.Set, " ") + "}"
	if f.Start {
		out += " start"
	}
	if !f.Complete {
		out += " incomplete"
	}
	return out
}

// result says what an exported function's first result is: a configuration,
// a reader, or neither.
func result(fn *types.Func) (config, reader bool) {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return false, false
	}
	t := res.At(0).Type()
	_, ptr := t.Underlying().(*types.Pointer)
	return kafkagoapi.IsReaderConfig(t), ptr && kafkagoapi.IsReader(t)
}

// exportsReaders reports whether pkg declares an exported function whose
// first result is a reader or a configuration: the only ones with facts.
func exportsReaders(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		if cfg, rd := result(fn); cfg || rd {
			return true
		}
	}
	return false
}

// importsFacts reports whether the package calls a function of another
// package with a ReaderFact, and records them.
func importsFacts(pass *analysis.Pass) map[*types.Func]*ReaderFact {
	var out map[*types.Func]*ReaderFact
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
			continue
		}
		if cfg, rd := result(fn); !cfg && !rd {
			continue
		}
		f := new(ReaderFact)
		if pass.ImportObjectFact(fn, f) {
			if out == nil {
				out = make(map[*types.Func]*ReaderFact)
			}
			out[fn] = f
		}
	}
	return out
}

// factOf returns the fact of the function of another package that call
// statically calls, or nil.
func (c *checker) factOf(call *ssa.Call) *ReaderFact {
	if call == nil || len(c.facts) == 0 {
		return nil
	}
	callee := call.Common().StaticCallee()
	if callee == nil || valueflow.Local(callee) {
		return nil
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil {
		return nil
	}
	return c.facts[fn]
}

// fromFact records in cfg the configuration a fact describes.
func fromFact(cfg *config, f *ReaderFact) {
	for _, s := range f.Set {
		cfg.set[s] = true
	}
	cfg.start = cfg.start || f.Start
	cfg.complete = cfg.complete && f.Complete
}

func toFact(cfg *config, reader bool) *ReaderFact {
	f := &ReaderFact{Reader: reader, Start: cfg.start, Complete: cfg.complete}
	for s := range cfg.set {
		f.Set = append(f.Set, s)
	}
	sort.Strings(f.Set)
	return f
}

// exportFacts exports a ReaderFact for each exported function of the package
// that returns a configuration or a reader it builds.
func (c *checker) exportFacts() {
	for _, fn := range c.g.Functions() {
		if !valueflow.Exported(fn) {
			continue
		}
		obj, _ := fn.Object().(*types.Func)
		if obj == nil {
			continue
		}
		isCfg, isReader := result(obj)
		switch {
		case isCfg:
			if _, ptr := obj.Signature().Results().At(0).Type().Underlying().(*types.Pointer); ptr {
				continue // the caller may change it through the pointer: not followed
			}
			cfg := &config{set: make(map[string]bool), complete: true}
			for _, ret := range valueflow.Returns(fn) {
				c.fields(cfg, ret.Results[0], make(map[ssa.Value]bool))
			}
			if cfg.complete {
				c.pass.ExportObjectFact(obj, toFact(cfg, false))
			}
		case isReader:
			var cfg *config
			ok := true
			for _, ret := range valueflow.Returns(fn) {
				tr := c.g.Roots(ret.Results[0])
				ok = ok && tr.Complete
				for _, root := range tr.Roots {
					if k, isConst := root.(*ssa.Const); isConst && k.Value == nil {
						continue
					}
					rc := c.readers[valueflow.CallOf(root)]
					if rc == nil || (cfg != nil && rc != cfg) {
						ok = false
						continue
					}
					cfg = rc
				}
			}
			if ok && cfg != nil {
				c.pass.ExportObjectFact(obj, toFact(cfg, true))
			}
		}
	}
}
