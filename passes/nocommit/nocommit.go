package nocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/saramaconfig"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports sarama consumer groups with auto commit off in programs
// that never commit. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new nocommit analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "nocommit",
		Doc:       analysisutil.MustExtractDoc(doc, "nocommit"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, saramaconfig.Analyzer},
		FactTypes: []analysis.Fact{new(CommitsFact), new(MarksFact), new(AutoCommitOffFact)},
	}
	analysisutil.Setup(a, run)
	return a
}

// CommitsFact marks a package that commits sarama offsets:
// ConsumerGroupSession.Commit or OffsetManager.Commit is called in it.
type CommitsFact struct{}

func (*CommitsFact) AFact()         {}
func (*CommitsFact) String() string { return "commits" }

// MarksFact marks a package that marks sarama offsets: MarkMessage,
// MarkOffset or ResetOffset is called on a session in it.
type MarksFact struct{}

func (*MarksFact) AFact()         {}
func (*MarksFact) String() string { return "marks" }

// AutoCommitOffFact marks an exported function that returns a *sarama.Config
// with Consumer.Offsets.AutoCommit.Enable set to false.
type AutoCommitOffFact struct{}

func (*AutoCommitOffFact) AFact()         {}
func (*AutoCommitOffFact) String() string { return "auto commit off" }

// Categories of the diagnostics.
const (
	category        = "nocommit"      // auto commit off, and nothing commits
	categoryNoMarks = "nothingmarked" // Commit, and nothing marks
)

func run(pass *analysis.Pass) {
	sc := pass.ResultOf[saramaconfig.Analyzer].(*saramaconfig.Result)
	if len(sc.Sarama) == 0 {
		return // the package does not use sarama
	}
	in := analysisutil.InspectorOf(pass)
	info := pass.TypesInfo
	commits, marks := false, false
	var sessionCommits []*ast.CallExpr
	var groups []*ast.CallExpr // NewConsumerGroup and NewClient calls
	var offFuncs bool          // the package calls functions with an AutoCommitOffFact
	for fc := range in.Root().Children() {
		for cur := range fc.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			fn := analysisutil.CalledFunc(info, call)
			switch {
			case fn == nil:
			case saramaapi.IsMethod(fn, saramaapi.ConsumerGroupSession, "Commit"):
				commits = true
				sessionCommits = append(sessionCommits, call)
			case saramaapi.IsMethod(fn, "OffsetManager", "Commit"):
				commits = true
			case saramaapi.IsMethod(fn, saramaapi.ConsumerGroupSession, "MarkMessage", "MarkOffset", "ResetOffset"):
				marks = true
			case saramaapi.IsFunc(fn, "NewConsumerGroup") && len(call.Args) == 3, saramaapi.IsFunc(fn, "NewClient") && len(call.Args) == 2:
				groups = append(groups, call)
			case fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, new(AutoCommitOffFact)):
				offFuncs = true
			}
		}
	}
	if commits {
		pass.ExportPackageFact(new(CommitsFact))
	}
	if marks {
		pass.ExportPackageFact(new(MarksFact))
	}
	if !marks && len(sessionCommits) > 0 && !depsHave(pass, new(MarksFact)) {
		for _, call := range sessionCommits {
			pass.Report(analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(), Category: categoryNoMarks,
				Message: fmt.Sprintf("%s commits marked offsets but nothing in the program marks one, call MarkMessage after processing each message (Commit sends only marked offsets: nothing is committed)", types.ExprString(call.Fun)),
			})
		}
	}
	if !offFuncs && !namesAutoCommit(info, sc.Sarama) {
		// No store of false into AutoCommit.Enable can be in this package (the
		// code names neither field) and nothing it calls returns such a
		// configuration: no report and no fact, and no SSA form to build.
		return
	}
	g := sc.Graph()
	if g == nil || g.Broken() {
		return
	}
	offs := offStores(g, sc.Sarama)
	exportFacts(pass, g, offs)
	if commits || len(groups) == 0 || (len(offs) == 0 && !offFuncs) || depsHave(pass, new(CommitsFact)) {
		return
	}
	for _, call := range groups {
		cfg := call.Args[len(call.Args)-1]
		v := g.ValueOf(cfg)
		if v == nil {
			continue
		}
		roots := g.Roots(v).Roots
		if st := offFor(offs, roots); st != nil {
			report(pass, call, st.Pos())
			continue
		}
		for _, r := range roots {
			if c := valueflow.CallOf(r); c != nil {
				if callee := c.Common().StaticCallee(); callee != nil {
					if obj, ok := callee.Object().(*types.Func); ok && obj.Pkg() != pass.Pkg && pass.ImportObjectFact(obj, new(AutoCommitOffFact)) {
						report(pass, call, c.Pos())
						break
					}
				}
			}
		}
	}
}

func report(pass *analysis.Pass, call *ast.CallExpr, off token.Pos) {
	name := types.ExprString(call.Fun)
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: category,
		Message: fmt.Sprintf("%s gets a configuration with Consumer.Offsets.AutoCommit.Enable false and nothing in the program calls session.Commit(), commit after marking, in ConsumeClaim or Cleanup (with auto commit off only Commit sends marked offsets: nothing is committed, and every restart resumes from the last committed offset)", name),
	}
	if off.IsValid() {
		d.Related = []analysis.RelatedInformation{{Pos: off, Message: "auto commit turned off here"}}
	}
	pass.Report(d)
}

// depsHave reports whether a package this one imports, directly or not, has
// a fact of the type of fact: it commits, or marks.
func depsHave(pass *analysis.Pass, fact analysis.Fact) bool {
	want := reflect.TypeOf(fact)
	for _, f := range pass.AllPackageFacts() {
		if reflect.TypeOf(f.Fact) == want && f.Package != pass.Pkg {
			return true
		}
	}
	return false
}

// namesAutoCommit reports whether the code names the field
// Consumer.Offsets.AutoCommit of a sarama Config or the Enable field in it: a
// selector or a composite literal's key, which a store into Enable needs.
func namesAutoCommit(info *types.Info, sarama []*types.Package) bool {
	fields := make(map[types.Object]bool)
	for _, p := range sarama {
		if f := enableField(p); f != nil {
			fields[f] = true
			if ac := autoCommitField(p); ac != nil {
				fields[ac] = true
			}
		}
	}
	for _, obj := range info.Uses {
		if fields[obj] {
			return true
		}
	}
	return false
}

// enableField returns the field Config.Consumer.Offsets.AutoCommit.Enable of
// the sarama package pkg, or nil.
func enableField(pkg *types.Package) *types.Var {
	return configField(pkg, "Consumer", "Offsets", "AutoCommit", "Enable")
}

// autoCommitField returns the field Config.Consumer.Offsets.AutoCommit of the
// sarama package pkg, or nil.
func autoCommitField(pkg *types.Package) *types.Var {
	return configField(pkg, "Consumer", "Offsets", "AutoCommit")
}

// configField returns the field of sarama's Config at the path of field names,
// or nil.
func configField(pkg *types.Package, path ...string) *types.Var {
	if pkg == nil {
		return nil
	}
	tn, ok := pkg.Scope().Lookup(saramaapi.Config).(*types.TypeName)
	if !ok {
		return nil
	}
	t := tn.Type()
	var f *types.Var
	for _, name := range path {
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		f = nil
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == name {
				f = st.Field(i)
			}
		}
		if f == nil {
			return nil
		}
		t = f.Type()
	}
	return f
}

// An off is a store of false into a config's AutoCommit.Enable, with what
// the config may come from.
type off struct {
	store *ssa.Store
	roots []ssa.Value
}

// offStores returns the stores of false into the AutoCommit.Enable field of
// a sarama config in the package, each with the roots of the config.
func offStores(g *valueflow.Graph, sarama []*types.Package) []off {
	var offs []off
	for _, p := range sarama {
		f := enableField(p)
		if f == nil {
			continue
		}
		for _, st := range g.FieldStoreInstrs(f) {
			if !alwaysFalse(g, st.Val) {
				continue
			}
			base := configOf(st.Addr)
			if base == nil {
				continue
			}
			offs = append(offs, off{store: st, roots: g.Roots(base).Roots})
		}
	}
	return offs
}

// alwaysFalse reports whether every traced source of v is the constant false.
func alwaysFalse(g *valueflow.Graph, v ssa.Value) bool {
	tr := g.Roots(v)
	if !tr.Complete || len(tr.Roots) == 0 {
		return false
	}
	for _, r := range tr.Roots {
		c, ok := r.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Bool || constant.BoolVal(c.Value) {
			return false
		}
	}
	return true
}

// configOf returns the *Config whose Consumer.Offsets.AutoCommit.Enable the
// address addr is: the base of the chain of field addresses.
func configOf(addr ssa.Value) ssa.Value {
	for range 4 {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return nil
		}
		addr = fa.X
	}
	if !saramaapi.IsType(addr.Type(), saramaapi.Config) {
		return nil
	}
	return addr
}

// offFor returns the store of an off whose config shares a root with roots.
func offFor(offs []off, roots []ssa.Value) *ssa.Store {
	for _, o := range offs {
		for _, a := range o.roots {
			for _, b := range roots {
				if a == b {
					return o.store
				}
			}
		}
	}
	return nil
}

// exportFacts gives an AutoCommitOffFact to the exported functions of the
// package that return a config with auto commit off.
func exportFacts(pass *analysis.Pass, g *valueflow.Graph, offs []off) {
	if len(offs) == 0 {
		return
	}
	for _, fn := range g.Functions() {
		if !valueflow.Exported(fn) || fn.Pkg == nil || fn.Pkg.Pkg != pass.Pkg {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			continue
		}
		res := obj.Signature().Results()
		if res.Len() == 0 || !saramaapi.IsType(res.At(0).Type(), saramaapi.Config) {
			continue
		}
		for _, b := range fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) == 0 {
				continue
			}
			if offFor(offs, g.Roots(ret.Results[0]).Roots) != nil {
				pass.ExportObjectFact(obj, new(AutoCommitOffFact))
				break
			}
		}
	}
}
