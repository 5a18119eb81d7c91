package neverstored

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/escape"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports consumers whose progress never reaches the broker. See the
// package doc.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new neverstored analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "neverstored",
		Doc:      analysisutil.MustExtractDoc(doc, "neverstored"),
		Requires: []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, pkgindex.Analyzer},
	}
	analysisutil.Setup(a, run)
	return a
}

// Categories of the two kinds of report.
const (
	catNeverStored    = "neverstored"
	catNeverCommitted = "nevercommitted"
)

// Method groups, by what they do for the consumer's progress.
var (
	storeMethods    = kafkaapi.Stores
	explicitMethods = []string{"CommitOffsets", "CommitMessage"}
	commitMethods   = []string{"Commit"}
	// positionMethods place the consumer at offsets of the program's choosing:
	// a program that never commits may keep its offsets elsewhere.
	positionMethods = []string{"Seek", "SeekPartitions", "Assign", "IncrementalAssign"}

	// methodGroups are the groups in the order of uses.mark's group numbers.
	methodGroups = [][]string{storeMethods, explicitMethods, commitMethods, positionMethods}
)

// groupOf returns the index in methodGroups of the group that has the method
// name, or -1.
func groupOf(name string) int {
	return slices.IndexFunc(methodGroups, func(names []string) bool { return slices.Contains(names, name) })
}

// A candidate is a consumer whose configuration makes one of the rules apply.
type candidate struct {
	k          *kafkaconfig.Consumer
	storeOff   bool // enable.auto.offset.store=false on the default path
	autoCommit bool // enable.auto.commit true (or default) and auto.commit.interval.ms not 0
	commitOff  bool // enable.auto.commit=false on the default path
	storeSet   token.Pos
	commitSet  token.Pos
}

// uses is what the package does on a consumer, or on consumers it cannot name.
type uses struct {
	store, explicit, commit, position bool
}

// mark records a use of a method of methodGroups[group].
func (u *uses) mark(group int) {
	switch group {
	case 0:
		u.store = true
	case 1:
		u.explicit = true
	case 2:
		u.commit = true
	case 3:
		u.position = true
	}
}

func run(pass *analysis.Pass) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	in := analysisutil.InspectorOf(pass)
	var cands []*candidate
	for _, k := range kc.Consumers {
		if c := classify(pass, k); c != nil {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return // the common case: the SSA form is not built for this pass
	}
	cs := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
	g := cs.Graph()
	if g.Broken() {
		return // no SSA form: no consumer can be followed, nothing is proved
	}
	by, unknown := methodUses(pass, in, kc, cs)
	sites := make([]*kafkaconfig.Consumer, 0, len(cands))
	for _, c := range cands {
		sites = append(sites, c.k)
	}
	esc := escape.New(g, kc, sites)
	methodValues(g, esc, by, unknown)
	for _, c := range cands {
		u := by[c.k]
		if u == nil {
			u = new(uses)
		}
		switch {
		case c.storeOff && (c.autoCommit || u.commit):
			if u.store || u.explicit || unknown.store || unknown.explicit || esc.Escapes(c.k) {
				continue
			}
			how := "its auto commit"
			if !c.autoCommit {
				how = "its Commit()"
			}
			pass.Report(analysis.Diagnostic{
				Pos:      c.k.Call.Pos(),
				End:      c.k.Call.End(),
				Category: catNeverStored,
				Message: "consumer with enable.auto.offset.store=false never stores an offset (no StoreOffsets or StoreMessage on it in this package): " +
					how + " commits nothing, lag grows, and every restart or rebalance starts again from auto.offset.reset",
				Related: related(c.storeSet, "enable.auto.offset.store set to false here"),
			})
		case c.commitOff && !u.commit:
			if u.explicit || u.position || unknown.commit || unknown.explicit || unknown.position || esc.Escapes(c.k) {
				continue
			}
			pass.Report(analysis.Diagnostic{
				Pos:      c.k.Call.Pos(),
				End:      c.k.Call.End(),
				Category: catNeverCommitted,
				Message: "consumer with enable.auto.commit=false never commits (no Commit, CommitOffsets or CommitMessage on it in this package): " +
					"nothing is ever committed, lag grows, and every restart or rebalance starts again from auto.offset.reset",
				Related: related(c.commitSet, "enable.auto.commit set to false here"),
			})
		}
	}
}

func related(pos token.Pos, msg string) []analysis.RelatedInformation {
	if !pos.IsValid() {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: pos, Message: msg}}
}

// classify returns the candidate for consumer k, or nil when no rule applies
// to its configuration on the default path.
func classify(pass *analysis.Pass, k *kafkaconfig.Consumer) *candidate {
	if k.Via != "" || k.Config == nil || !k.Config.Known || k.Call == nil {
		return nil // only NewConsumer calls: a function of another package may keep the consumer
	}
	if tf := pass.Fset.File(k.Call.Pos()); tf == nil || strings.HasSuffix(tf.Name(), "_test.go") {
		return nil // a test's consumer reads what it needs and is thrown away
	}
	cfg := k.Config
	c := &candidate{k: k}
	if store, _, ok := cfg.Bool("enable.auto.offset.store"); ok && !store {
		c.storeOff = true
		if s, ok := cfg.Lookup("enable.auto.offset.store"); ok {
			c.storeSet = s.Pos
		}
	}
	if commit, _, ok := cfg.Bool("enable.auto.commit"); ok {
		if !commit {
			c.commitOff = true
			if s, ok := cfg.Lookup("enable.auto.commit"); ok {
				c.commitSet = s.Pos
			}
		} else if iv, _, ok := cfg.Int("auto.commit.interval.ms"); ok {
			c.autoCommit = iv > 0 // 0 disables auto commit; a value librdkafka rejects stays silent
		}
	}
	if !c.storeOff && !c.commitOff {
		return nil
	}
	return c
}

// methodUses finds the calls of the consumer methods that store, commit or
// position, and returns them by the consumer they are called on; calls whose
// receiver is not traced completely (or an interface method of that name whose
// callees are not all known) count for every consumer: unknown.
func methodUses(pass *analysis.Pass, in *inspector.Inspector, kc *kafkaconfig.Result, cs *pkgindex.Result) (map[*kafkaconfig.Consumer]*uses, *uses) {
	by := make(map[*kafkaconfig.Consumer]*uses)
	unknown := new(uses)
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := analysisutil.CalledFunc(pass.TypesInfo, call)
		if fn == nil {
			continue
		}
		group := groupOf(fn.Name())
		if group < 0 {
			continue
		}
		recv := analysisutil.Receiver(call)
		if recv == nil {
			continue
		}
		var ks []*kafkaconfig.Consumer
		complete := false
		if kafkaapi.ConsumerMethod(pass.TypesInfo, cs, call, methodGroups[group]...) != nil {
			ks, complete = kc.ConsumersOf(recv)
		} else if !analysisutil.IsInterfaceMethod(fn) {
			continue // a method of another type that happens to have the name
		} else if _, ok := cs.Callees(call); ok {
			continue // an interface whose implementations are all known and none is the consumer's
		}
		if group == 3 && onlyEventPartitions(pass, call) {
			continue // Assign(e.Partitions) in a rebalance handler: the group's own offsets
		}
		for _, k := range ks {
			if by[k] == nil {
				by[k] = new(uses)
			}
			by[k].mark(group)
		}
		if !complete {
			unknown.mark(group) // it may be any consumer of the package
		}
	}
	return by, unknown
}

// methodValues counts the consumer methods taken as values (ack :=
// c.StoreMessage, a method expression (*kafka.Consumer).Commit, an interface's
// method value) as calls of them: on the consumers the bound receiver is traced
// to, or on any consumer when it is not traced or is unbound.
func methodValues(g *valueflow.Graph, e *escape.Checker, by map[*kafkaconfig.Consumer]*uses, unknown *uses) {
	// wrapperGroup is the group of the consumer method (or interface method)
	// a method value or expression wraps, or -1.
	wrapperGroup := func(fn *ssa.Function) int {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || !kafkaapi.IsMethod(obj, "Consumer", obj.Name()) && !analysisutil.IsInterfaceMethod(obj) {
			return -1
		}
		return groupOf(obj.Name())
	}
	for _, fn := range g.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(*ssa.MakeClosure); ok {
					f, _ := v.Fn.(*ssa.Function)
					if f == nil || f.Synthetic == "" || len(v.Bindings) != 1 {
						continue
					}
					group := wrapperGroup(f)
					if group < 0 {
						continue
					}
					tr := g.Roots(v.Bindings[0])
					traced := tr.Complete
					for _, r := range tr.Roots {
						if k := e.SiteOf(r); k != nil {
							if by[k] == nil {
								by[k] = new(uses)
							}
							by[k].mark(group)
						} else {
							traced = false // an adapter, or another consumer: not told apart here
						}
					}
					if !traced {
						unknown.mark(group)
					}
					continue
				}
				var ops [8]*ssa.Value
				for i, op := range instr.Operands(ops[:0]) {
					if call, ok := instr.(ssa.CallInstruction); ok && i == 0 && call.Common().Value == *op {
						continue // the callee of a call: seen as a call
					}
					switch v := (*op).(type) {
					case *ssa.Function:
						if v.Synthetic != "" && len(v.FreeVars) == 0 {
							if group := wrapperGroup(v); group >= 0 {
								unknown.mark(group) // a method expression: any receiver
							}
						}
					}
				}
			}
		}
	}
}

// onlyEventPartitions reports whether call is Assign or IncrementalAssign of the
// partitions of an AssignedPartitions event as delivered (e.Partitions), which
// starts from the committed offsets rather than positions of the program's own.
func onlyEventPartitions(pass *analysis.Pass, call *ast.CallExpr) bool {
	if len(call.Args) != 1 {
		return false
	}
	sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Partitions" {
		return false
	}
	t := pass.TypesInfo.TypeOf(sel.X)
	return t != nil && kafkaapi.IsType(t, "AssignedPartitions")
}
