package storeoffset

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
)

// categoryAutoStore: StoreOffsets or StoreMessage on a consumer that stores
// offsets automatically.
const categoryAutoStore = "autostore"

// checkAutoStore reports StoreOffsets and StoreMessage calls on a consumer
// whose default configuration has enable.auto.offset.store true (set, or
// librdkafka's default): librdkafka rejects them with ErrInvalidArg
// (docs/library-facts.md F8; proof/RESULTS.md, storeautoarg: on every version
// measured, v1.4.0 to v2.15.0), so the offset is not stored, silently where the
// error is ignored. A write that may set it to false (an option, a branch)
// keeps the call silent.
func checkAutoStore(pass *analysis.Pass, in *inspector.Inspector, kc *kafkaconfig.Result, cs *pkgindex.Result) {
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := kafkaapi.ConsumerMethod(pass.TypesInfo, cs, call, kafkaapi.Stores...)
		if fn == nil {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		consumers, _ := kc.ConsumersOf(sel.X)
		for _, k := range consumers {
			if d, ok := autoStoreDiagnostic(pass, in, sel, k); ok {
				pass.Report(d)
				break
			}
		}
	}
}

func autoStoreDiagnostic(pass *analysis.Pass, in *inspector.Inspector, sel *ast.SelectorExpr, k *kafkaconfig.Consumer) (analysis.Diagnostic, bool) {
	auto, fromDefault, ok := k.Config.Bool("enable.auto.offset.store")
	if !ok || !auto {
		return analysis.Diagnostic{}, false
	}
	for _, s := range k.Config.Maybe {
		if s.Key == "enable.auto.offset.store" {
			return analysis.Diagnostic{}, false // an option or a branch may turn it off
		}
	}
	how := "enable.auto.offset.store=true"
	if fromDefault {
		how += " (the default)"
	}
	d := analysis.Diagnostic{
		Pos:      sel.Pos(),
		End:      sel.End(),
		Category: categoryAutoStore,
		Message: "" + source(pass, sel) + " on a consumer with " + how + " fails with ErrInvalidArg and stores nothing " +
			"(librdkafka stores offsets itself in that mode): set enable.auto.offset.store to false where the consumer is configured",
	}
	if s, explicit := k.Config.Lookup("enable.auto.offset.store"); explicit && s.Pos.IsValid() {
		d.Related = []analysis.RelatedInformation{{Pos: s.Pos, Message: "enable.auto.offset.store is set to true here"}}
		if id := identAt(in, s.Pos); id != nil && id.Name == "true" {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Set enable.auto.offset.store to false",
				TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("false")}},
			}}
		}
	} else if k.Call != nil {
		d.Related = []analysis.RelatedInformation{{Pos: k.Call.Pos(), Message: "consumer created here without enable.auto.offset.store (default true)"}}
	}
	return d, true
}

// identAt returns the identifier that starts at pos, or nil.
func identAt(in *inspector.Inspector, pos token.Pos) *ast.Ident {
	// The innermost node around the identifier's first character: the
	// identifier itself, when one starts at pos.
	cur, ok := in.Root().FindByPos(pos, pos+1)
	if !ok {
		return nil
	}
	if id, ok := cur.Node().(*ast.Ident); ok && id.Pos() == pos {
		return id
	}
	return nil
}
