package rebalance_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/rebalance"
	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/incrementalassign"
	"github.com/kafkalint/kafkalint/passes/pollrebalance"
	"github.com/kafkalint/kafkalint/passes/revokecommit"
)

// src marks each line that holds handlers with "// handlers: ", followed by the
// description of each (see describe), in source order, separated by "; ".
const src = `package p

import (
	"github.com/confluentinc/confluent-kafka-go/kafka"
	kafka2 "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	gopkgin "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

type RevokedPartitions struct{ Partitions []kafka.TopicPartition } // a look-alike of the library type

func (RevokedPartitions) String() string { return "" }

type revokedAlias = kafka.RevokedPartitions

type revokedDefined kafka.RevokedPartitions // a new type: never the library's

func (revokedDefined) String() string { return "" }

func switches(c *kafka.Consumer, ev kafka.Event) {
	switch e := ev.(type) {
	case kafka.AssignedPartitions: // handlers: Assigned clause body=case event=e func=switches
		c.Assign(e.Partitions)
	case kafka.RevokedPartitions: // handlers: Revoked clause body=case event=e func=switches
		c.Unassign()
	case *kafka.RevokedPartitions: // a pointer case never matches
	case RevokedPartitions: // the look-alike
	case revokedDefined:
	case *kafka.Message:
	}
	switch ev.(type) {
	case kafka.RevokedPartitions, *kafka.Message: // handlers: Revoked clause body=case event=none func=switches
	}
	switch e := ev.(type) {
	case kafka.RevokedPartitions, kafka.AssignedPartitions: // handlers: Revoked clause body=case event=none func=switches; Assigned clause body=case event=none func=switches
		_ = e
	}
	switch e := (ev).(type) {
	case revokedAlias: // handlers: Revoked clause body=case event=e func=switches
		_ = e
	}
	switch x := 1; interface{}(x).(type) {
	case int:
	}
}

func assertions(ev kafka.Event, other bool) {
	if e, ok := ev.(kafka.RevokedPartitions); ok { // handlers: Revoked assert body=if event=e func=assertions
		_ = e
	}
	if _, ok := ev.(kafka.AssignedPartitions); ok { // handlers: Assigned assert body=if event=none func=assertions
	}
	if e, ok := ev.(kafka.RevokedPartitions); !ok { // handlers: Revoked assert body=none event=none func=assertions
		_ = e
	}
	if e, ok := ev.(kafka.RevokedPartitions); other { // handlers: Revoked assert body=none event=none func=assertions
		_, _ = e, ok
	}
	e := ev.(kafka.AssignedPartitions) // handlers: Assigned assert body=none event=none func=assertions
	_ = e
	_, _ = ev.(RevokedPartitions)
	_, _ = ev.(*kafka.RevokedPartitions)
}

func paths(ev2 kafka2.Event, evg gopkgin.Event) {
	switch ev2.(type) {
	case kafka2.RevokedPartitions: // handlers: Revoked clause body=case event=none func=paths
	}
	if e, ok := evg.(gopkgin.AssignedPartitions); ok { // handlers: Assigned assert body=if event=e func=paths
		_ = e
	}
}

func literals(c *kafka.Consumer) {
	c.SubscribeTopics(nil, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok { // handlers: Revoked assert body=if event=none func=lit
			go func() { c.Commit() }()
			return c.Unassign()
		}
		return nil
	})
}

var pkgEvent kafka.Event

var _, pkgLevel = pkgEvent.(kafka.RevokedPartitions) // handlers: Revoked assert body=none event=none func=none
`

func check(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Info) {
	t.Helper()
	pass := testutil.CheckSource(t, testutil.StubImporter(t), src)
	return pass.Fset, pass.Files[0], pass.TypesInfo
}

// describe returns "KIND clause|assert body=case|if|none event=NAME|none
// func=NAME|lit|none".
func describe(h *rebalance.Handler) string {
	form := "assert"
	if h.Clause != nil {
		form = "clause"
	}
	body := "none"
	switch {
	case h.Body == nil:
	case h.Clause != nil && h.Body == ast.Node(h.Clause):
		body = "case"
	default:
		if _, ok := h.Body.(*ast.BlockStmt); ok {
			body = "if"
		} else {
			body = fmt.Sprintf("%T", h.Body)
		}
	}
	event := "none"
	if h.Event != nil {
		event = h.Event.Name()
	}
	fn := "none"
	switch f := h.Func.(type) {
	case *ast.FuncDecl:
		fn = f.Name.Name
	case *ast.FuncLit:
		fn = "lit"
	}
	return fmt.Sprintf("%s %s body=%s event=%s func=%s", strings.TrimSuffix(h.Kind, "Partitions"), form, body, event, fn)
}

// TestFind compares the handlers Find returns with the "handlers:" comments.
func TestFind(t *testing.T) {
	fset, f, info := check(t, src)
	want := make(map[int]string)
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if text, ok := strings.CutPrefix(c.Text, "// handlers: "); ok {
				want[fset.Position(c.Pos()).Line] = text
			}
		}
	}
	if len(want) < 10 {
		t.Fatalf("only %d lines with a handlers: comment; the test would compare little", len(want))
	}
	hs := rebalance.Find(info, []*ast.File{f})
	got := make(map[int]string)
	var order []token.Pos
	for _, h := range hs {
		line := fset.Position(h.Type.Pos()).Line
		if got[line] != "" {
			got[line] += "; "
		}
		got[line] += describe(h)
		order = append(order, h.Type.Pos())
		if h.Subject == nil {
			t.Errorf("line %d: no Subject", line)
		}
		if (h.Clause == nil) == (h.Assert == nil) {
			t.Errorf("line %d: want exactly one of Clause and Assert", line)
		}
	}
	if !slices.IsSorted(order) {
		t.Error("handlers are not in source order")
	}
	for line, w := range want {
		if g := got[line]; g != w {
			t.Errorf("line %d: handlers %q, want %q", line, g, w)
		}
	}
	for line, g := range got {
		if _, ok := want[line]; !ok {
			t.Errorf("line %d: unexpected handlers %q", line, g)
		}
	}
}

// TestCalls: the calls of a handler's body, without those inside function
// literals declared in it; no calls without a body.
func TestCalls(t *testing.T) {
	_, f, info := check(t, src)
	var names []string
	for _, h := range rebalance.Find(info, []*ast.File{f}) {
		if fl, ok := h.Func.(*ast.FuncLit); ok {
			if h.FuncBody() != fl.Body {
				t.Error("FuncBody is not the literal's body")
			}
			for _, c := range h.Calls() {
				names = append(names, types.ExprString(c.Fun))
			}
		}
		if h.Body == nil && h.Calls() != nil {
			t.Errorf("a handler without a body has calls: %v", h.Calls())
		}
	}
	// The go statement's call of the literal is a call of the body; the
	// Commit inside the literal is not.
	if got, want := strings.Join(names, " "), "(func() literal) c.Unassign"; got != want {
		t.Errorf("calls of the callback's handler: %s, want %s", got, want)
	}
}

// TestNilSafety: no type information (nil or empty maps), ill-typed code and an
// empty Handler neither panic nor invent handlers.
func TestNilSafety(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if hs := rebalance.Find(&types.Info{}, []*ast.File{f}); len(hs) != 0 {
		t.Errorf("without type information: %d handlers", len(hs))
	}
	if hs := rebalance.Find(&types.Info{}, nil); len(hs) != 0 {
		t.Errorf("without files: %d handlers", len(hs))
	}
	const illTyped = `package p

import "github.com/confluentinc/confluent-kafka-go/kafka"

func f(ev kafka.Event) {
	switch e := undefined.(type) {
	case kafka.RevokedPartitions:
		_ = e
	}
	switch {
	}
	if e, ok := ev.(kafka.Nope); ok {
		_ = e
	}
	if e, ok := ev.(kafka.RevokedPartitions); ok {
		_ = e
	}
	_ = ev.(
}
`
	f, _ = parser.ParseFile(fset, "ill.go", illTyped, parser.AllErrors)
	info := &types.Info{
		Types:     make(map[ast.Expr]types.TypeAndValue),
		Defs:      make(map[*ast.Ident]types.Object),
		Uses:      make(map[*ast.Ident]types.Object),
		Implicits: make(map[ast.Node]types.Object),
	}
	conf := types.Config{Importer: testutil.StubImporter(t), Error: func(error) {}}
	_, _ = conf.Check("p", fset, []*ast.File{f}, info) // type errors expected: ill-typed on purpose
	var kinds []string
	for _, h := range rebalance.Find(info, []*ast.File{f}) {
		kinds = append(kinds, h.Kind)
	}
	if got, want := strings.Join(kinds, " "), "RevokedPartitions RevokedPartitions"; got != want {
		t.Errorf("ill-typed code: handlers %s, want %s (the case on an undefined subject, the well-typed assertion)", got, want)
	}
	var h rebalance.Handler
	if h.Calls() != nil || h.FuncBody() != nil {
		t.Error("an empty Handler has calls or a function body")
	}
	if rebalance.EventKind(nil) != "" {
		t.Error("EventKind(nil) is not empty")
	}
}

// handlers reports each handler of Analyzer's result, as describe writes it, at
// its type expression, each call that registers a rebalance callback
// (Subscribes) as "subscribe NAME", and where Find on the package's files
// disagrees.
var handlers = &analysis.Analyzer{
	Name:     "handlers",
	Doc:      "reports the rebalance handlers found, for tests",
	Requires: []*analysis.Analyzer{rebalance.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[rebalance.Analyzer].(*rebalance.Result)
		hs := res.Handlers
		for _, h := range hs {
			pass.Reportf(h.Type.Pos(), "%s", describe(h))
		}
		for _, call := range res.Subscribes {
			pass.Reportf(call.Pos(), "subscribe %s", analysisutil.CalledFunc(pass.TypesInfo, call).Name())
		}
		found := rebalance.Find(pass.TypesInfo, pass.Files)
		if len(found) != len(hs) {
			pass.Reportf(pass.Files[0].Package, "Find: %d handlers, Analyzer: %d", len(found), len(hs))
			return nil, nil
		}
		for i, h := range hs {
			if f := found[i]; f.Type != h.Type || describe(f) != describe(h) {
				pass.Reportf(h.Type.Pos(), "Find: %s", describe(f))
			}
		}
		return nil, nil
	},
}

// TestAnalyzer runs Analyzer on the three import paths, on a package that
// reaches the library only through another package's aliases, and on one that
// does not use the library.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), handlers,
		"rebalancehandlers/v1", "rebalancehandlers/v2", "rebalancehandlers/gopkgin",
		"rebalancehandlers/aliasuser", "rebalancehandlers/nokafka")
}

// TestShared: the passes that look at rebalance handlers take them from
// Analyzer, found once per package, rather than each finding its own.
func TestShared(t *testing.T) {
	for _, a := range []*analysis.Analyzer{revokecommit.Analyzer, incrementalassign.Analyzer, pollrebalance.Analyzer} {
		if !slices.Contains(a.Requires, rebalance.Analyzer) {
			t.Errorf("%s does not require rebalance.Analyzer", a.Name)
		}
	}
	if !rebalance.Analyzer.RunDespiteErrors {
		t.Error("Analyzer does not run on packages with errors: the passes that require it would not either")
	}
}
