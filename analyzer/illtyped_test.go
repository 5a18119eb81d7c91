package analyzer_test

import (
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// An illTypedClient is, for one client, a program with one mistake (at least)
// per analyzer of that client, written on one import path of the client, and
// code with syntax and type errors to add to it, as editors hand analyzers
// code being written, in three forms: undefined names in the handlers, loops
// and configurations the analyzers read; wrong argument types in the calls
// they read; a missing return and a function cut off at the end of the file,
// as an editor has it while typing. On the program alone each analyzer of
// the client makes its reports ("analyzer line: message prefix",
// in any order), which shows that the program exercises it; with each form
// of broken code added after it, the analyzers that read syntax still make
// theirs on the well-typed functions, and those that follow values on the SSA
// form, which a package with type errors does not have (internal/valueflow),
// are silent: an untraced value makes no report. Every run is made on every
// import path of the client (the one written and those testutil.Variants
// generate from it).
type illTypedClient struct {
	client    string
	path      string // the client's import path the sources are written with
	wellTyped string
	reports   []string // on wellTyped
	// onPath are the reports on wellTyped on the import paths where they
	// differ from reports.
	onPath   map[string][]string
	broken   []illTypedForm
	illTyped []string // on wellTyped, with each form of broken added
}

// An illTypedForm is code being written, added after a well-typed program,
// with the reports the syntax readers make on it (besides the program's).
type illTypedForm struct {
	name, src string
	reports   []string
}

var illTypedClients = []illTypedClient{
	{
		client: "confluent-kafka-go",
		path:   "github.com/confluentinc/confluent-kafka-go/kafka",
		wellTyped: `package illtyped

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func wellTyped(c *kafka.Consumer) error {
	kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.comit": false})
	c2, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
	c2.SubscribeTopics(nil, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		}
		return nil
	})
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
	}
}

func revoke(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign()
		}
		return nil
	})
	for {
		switch e := c.Poll(100).(type) {
		case kafka.AssignedPartitions:
			c.Assign(e.Partitions)
		}
	}
}

func neverCommitted() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	c.Subscribe("t", nil)
	for {
		m, err := c.ReadMessage(-1)
		if err == nil {
			_ = m //kafkalint:ignore storeofset a misspelt name
		}
	}
}

func assignThenSubscribe(tps []kafka.TopicPartition) error {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.Assign(tps)
	return c.SubscribeTopics(nil, nil)
}
`,
		reports: []string{
			`revokecommit 33: c.Unassign in RevokedPartitions handler is not preceded on every path by a commit`,
			`storeoffset 24: c.StoreOffsets stores the offset of message m itself, not the next one`,
			`configkey 10: unknown configuration property "enable.auto.comit" (did you mean "enable.auto.commit"?)`,
			`pollrebalance 39: AssignedPartitions case on c.Poll events never matches on v1.8.2 or later`,
			`incrementalassign 15: c.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign`,
			`readtimeout 22: return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s`,
			`neverstored 46: consumer with enable.auto.commit=false never commits`,
			`directive 51: //kafkalint:ignore directive names storeofset, which is no analyzer of kafkalint`,
			`incrementalassign 58: c.Assign before SubscribeTopics on the same consumer`,
		},
		// revokecommit reports v2 only under -revokecommit.allversions;
		// pollrebalance names v2's release.
		onPath: map[string][]string{
			"github.com/confluentinc/confluent-kafka-go/v2/kafka": {
				`storeoffset 24: c.StoreOffsets stores the offset of message m itself, not the next one`,
				`configkey 10: unknown configuration property "enable.auto.comit" (did you mean "enable.auto.commit"?)`,
				`pollrebalance 39: AssignedPartitions case on c.Poll events never matches on v2.0.2 or later`,
				`incrementalassign 15: c.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign`,
				`readtimeout 22: return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s`,
				`neverstored 46: consumer with enable.auto.commit=false never commits`,
				`directive 51: //kafkalint:ignore directive names storeofset, which is no analyzer of kafkalint`,
				`incrementalassign 58: c.Assign before SubscribeTopics on the same consumer`,
			},
		},
		broken: []illTypedForm{
			{name: "undefined names", src: `
func undefinedNames(c *kafka.Consumer, topics []string) {
	c2, _ := kafka.NewConsumer(&kafka.ConfigMap{"partition.assignment.strategy": undefinedVar, "group.protocol": "consumer", undefinedKey: 1})
	c2.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			undefinedCommit(c)
			return c.Unassign()
		case undefinedType:
		}
		return nil
	})
	for {
		m, err := c.ReadMessage(undefinedTimeout)
		if err != nil {
			return
		}
		c.StoreOffsets([]kafka.TopicPartition{undefinedMessage.TopicPartition})
	}
	switch x := c.Poll(100).(type) {
	case kafka.RevokedPartitions, missing.T:
	}
	for ev := range c.Events {
		_ = ev.(kafka.AssignedPartitions)
	}
	ev := undefinedFunc()
	switch ev.(type) {
	case kafka.RevokedPartitions:
	}
	var ch chan int
	for ev := range ch {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			undefined.Unassign(e.Partitions)
		}
	}
	for _, p := range undefinedParts {
		go func() { c.Assign(undefinedPartitions(p)) }()
	}
}

func undefinedAppend(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			undefinedLog(err)
		}
		undefinedSink = append(undefinedSink, m)
	}
}
`, reports: []string{
				`readtimeout 76: return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives in time`,
				`incrementalassign 97: c.Assign in a goroutine started for each iteration of a loop, on one consumer they share`,
				`readtimeout 107: m appended to undefinedSink on an error of c.ReadMessage: the error branch falls through to it`,
			}},
			{name: "wrong argument types", src: `
func wrongTypes(c *kafka.Consumer, topics []string) {
	c2, _ := kafka.NewConsumer(kafka.ConfigMap{"group.id": 1, "enable.auto.commit": "no"})
	c2.SubscribeTopics(topics[0], func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions, 3)
		case kafka.RevokedPartitions:
			return c.Unassign(e)
		}
		return nil
	})
	for {
		m, err := c.ReadMessage("1s")
		if err != nil {
			return
		}
		c.StoreOffsets(m.TopicPartition)
		c.Subscribe(nil)
	}
	c.Assign(topics)
	c.SubscribeTopics(topics, "cb")
}
`, reports: []string{
				`configkey 63: invalid boolean "no" for "enable.auto.commit", want true or false`,
			}},
			{name: "missing return and truncated function", src: `
func missingReturn(c *kafka.Consumer) error {
	c.SubscribeTopics(nil, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			c.Unassign()
		}
	})
	m, err := c.ReadMessage(time.Second)
	if err != nil {
		return err
	}
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
}

func truncated(c *kafka.Consumer) {
	c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(
		case kafka.RevokedPartitions
			c.IncrementalUnassign(e.
	})
	switch c.Poll(100).(type
	case kafka.AssignedPartitions:
	}
	if _, ok := c.Poll(1).(kafka.RevokedPartitions; ok {
	}
`},
		},
		illTyped: []string{
			`configkey 10: unknown configuration property "enable.auto.comit"`,
			`readtimeout 22: return on any error of c.ReadMessage`,
			`directive 51: //kafkalint:ignore directive names storeofset`,
		},
	},
	{
		client: "sarama",
		path:   "github.com/IBM/sarama",
		wellTyped: `package main

import (
	"context"

	"github.com/IBM/sarama"
)

type handler struct{ out chan *sarama.ConsumerMessage }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.out <- msg
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "")
	}
	return nil
}

type leaky struct{}

func (leaky) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (leaky) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (leaky) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go markAll(sess, claim.Messages())
	return nil
}

func markAll(sess sarama.ConsumerGroupSession, msgs <-chan *sarama.ConsumerMessage) {
	for m := range msgs {
		sess.MarkMessage(m, "")
	}
}

func main() {
	ctx := context.Background()
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup(nil, "g", cfg)
	if err != nil {
		panic(err)
	}
	if err := g.Consume(ctx, []string{"t"}, handler{}); err != nil {
		panic(err)
	}
	for ctx.Err() == nil {
		g.Consume(ctx, []string{"u"}, leaky{})
	}
}
`,
		reports: []string{
			`claimloop 14: loop over claim.Messages() in handler.ConsumeClaim blocks and never watches sess.Context().Done()`,
			`markoffset 16: sess.MarkOffset marks the offset of message msg itself, not the next one`,
			`consumeloop 44: g.Consume is not called in a loop`,
			`nocommit 40: sarama.NewConsumerGroup gets a configuration with Consumer.Offsets.AutoCommit.Enable false and nothing in the program calls session.Commit()`,
			`asyncmark 26: goroutine started in leaky.ConsumeClaim marks offsets and ConsumeClaim does not wait for it`,
		},
		broken: []illTypedForm{
			{name: "undefined names", src: `
type undefinedNames struct{ out chan int }

type pair struct {
	message *sarama.ConsumerMessage
	session sarama.ConsumerGroupSession
}

func (x undefinedNames) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, undefined)
		sess.MarkOffset(msg.Topic, msg.Partition, undefinedMessage.Offset, "")
		sess.MarkOffset(x.Topic, x.Partition, x.Offset, "")
		x.send(undefinedPair{msg, sess})
		x.send(pair{undefined: sess})
		go undefinedFunc(sess)
	}
	for {
		select {
		case m, ok := <-undefinedChannel:
			if !ok {
				continue
			}
		}
	}
	go func() { undefinedSession.MarkMessage(nil, "") }()
	ch <- func() { sess.MarkMessage(nil, "") }
	return nil
}

func (x undefinedNames) send(v any) { x.out <- 1; v.session.Context(); pair{}.session.MarkMessage(nil, "") }

func undefinedConfig() {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = undefinedBool
	g, _ := sarama.NewConsumerGroup(nil, "g", cfg)
	for {
		g.Consume(undefinedContext, nil, nil)
	}
	go func() { undefinedGroup.Consume(nil, nil, nil) }()
}
`, reports: []string{
				`asyncmark 77: callback handed on by undefinedNames.ConsumeClaim marks offsets and may run after ConsumeClaim returns`,
			}},
			{name: "wrong argument types", src: `
type wrongTypes struct{}

type pair struct {
	message *sarama.ConsumerMessage
	session sarama.ConsumerGroupSession
}

func (x wrongTypes) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, 1)
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset)
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "", 1)
		(sess.MarkOffset)(msg.Topic, msg.Partition, "next", "")
		x.send(pair{msg, sess, 3})
		x.send(pair{session: sess, nope: sess})
		go sess.Context()
	}
	var x, y = <-claim.Messages()
	msg := <-claim.Messages()
	if msg == nil {
		break
	}
	return 1
}

func (wrongTypes) send(pair) {}

func wrongConfig(ctx context.Context) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit = false
	sarama.NewConsumerGroup(nil, "g")
	g, _ := sarama.NewConsumerGroup(nil, "g", cfg, 1)
	sarama.NewClient(nil, "cfg")
	g.Consume(ctx, "t", wrongTypes{})
	f := func() { g.Consume(nil, nil, nil) }
	f()
	f
}

var claimVar sarama.ConsumerGroupClaim
var m, ok = <-claimVar.Messages()
var n = <-claimVar.Messages(1)

func gotoLoop() { L: m := <-claimVar.Messages(); if m == nil { goto L }; var x = <-claimVar.Messages(); _ = x }
`, reports: []string{
				`claimloop 69: receive from claim.Messages() in wrongTypes.ConsumeClaim does not check for a closed channel`,
				`claimloop 72: break out of the select on a closed claim.Messages() channel in wrongTypes.ConsumeClaim receives from it again`,
				`claimloop 95: receive from claimVar.Messages() in gotoLoop does not check for a closed channel`,
			}},
			{name: "missing return and truncated function", src: `
type missingReturn struct{}

func (missingReturn) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
		if msg.Offset < 0 {
			break
		}
	}
}

func (h *T) ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error { for { <-nil; _ = <-x.Messages() } }

func unfinished(ctx context.Context, g sarama.ConsumerGroup) { g.Consume(ctx, nil, nil); for { g.Consume( } }

type truncated struct{}

func (truncated) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go func() { sess.MarkMessage( }()
	x := []func(){func() { sess.MarkOffset("t", 0, 1, "") }}
	for { select { case m := <-claim.Messages(: ; case m, ok := <-undefined: if !ok { continue } } }
	for msg := range claim.Messages( {
		sess.MarkMessage(msg, undefined)
	}
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = undefinedBool
	sarama.NewConsumerGroup(nil, "g", cfg, 1)
	go
`},
		},
		illTyped: []string{
			`claimloop 14: loop over claim.Messages() in handler.ConsumeClaim blocks`,
			`asyncmark 26: goroutine started in leaky.ConsumeClaim marks offsets`,
		},
	},
	{
		client: "franz-go",
		path:   "github.com/twmb/franz-go/pkg/kgo",
		wellTyped: `package illtyped

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func wellTyped(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.CommitOffsets(ctx, cl.UncommittedOffsets(), nil)
		}),
	)
	if err != nil {
		return err
	}
	fs := cl.PollFetches(ctx)
	fs.EachRecord(func(r *kgo.Record) {
		cl.MarkCommitRecords(r)
	})
	return nil
}
`,
		reports: []string{
			`kgorebalance 14: cl.CommitOffsets inside the OnPartitionsRevoked callback does not wait for the commit`,
			`kgocommit 22: cl.MarkCommitRecords does nothing on a client with kgo.DisableAutoCommit`,
		},
		broken: []illTypedForm{
			{name: "undefined names", src: `
func undefinedNames(ctx context.Context, extra ...kgo.Opt) {
	opts := append([]kgo.Opt{kgo.ConsumerGroup(undefinedGroup)}, extra...)
	opts = append(opts, kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, m map[string][]int32) {
		cl.CommitOffsets(ctx, undefinedMap, nil)
	}), kgo.DisableAutoCommit(), undefinedOpt)
	cl, err := kgo.NewClient(opts...)
	cl.MarkCommitRecords(undefinedRecord)
	cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{"t": {0: {Offset: r.Offset}}})
	cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		undefinedProcess(r)
	})
	cl.Close()
}
`},
			{name: "wrong argument types", src: `
func wrongTypes(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup(1), kgo.DisableAutoCommit, kgo.BlockRebalanceOnPoll,
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client) {
			cl.CommitOffsets(ctx, cl.UncommittedOffsets())
		}))
	cl.MarkCommitRecords("r")
	cl.PollFetches(ctx).EachRecord(func(r kgo.Record) {
		cl.CommitOffsetsSync(ctx, map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {r.LeaderEpoch, r.Offset}}}, nil)
	})
}
`},
			{name: "missing return and truncated function", src: `
func missingReturn(ctx context.Context) (*kgo.Client, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	if err != nil {
		return nil, err
	}
	cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		cl.MarkCommitRecords(r)
	})
}

func truncated(ctx context.Context, extra ...kgo.Opt) {
	opts := append([]kgo.Opt{kgo.ConsumerGroup("g")}, extra...)
	opts = append(opts, kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, m map[string][]int32) {
		cl.Close(
	}), kgo.DisableAutoCommit())
	cl, err := kgo.NewClient(opts...)
	cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		cl.CommitOffsetsSync(ctx, map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {r.LeaderEpoch, r.Offset}}}, nil)
	}
`},
		},
		illTyped: nil,
	},
	{
		client: "kafka-go",
		path:   "github.com/segmentio/kafka-go",
		wellTyped: `package illtyped

import (
	"context"

	"github.com/segmentio/kafka-go"
)

func wellTyped(ctx context.Context, brokers []string) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		_ = m
	}
}

func ownOffset(ctx context.Context, gen *kafka.Generation, r *kafka.Reader) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}})
	}
}
`,
		reports: []string{
			`kafkagoreader 13: r.FetchMessage on a group reader, and nothing commits on it`,
			`kafkagocommit 27: gen.CommitOffsets commits the offset of message m itself, not the next one`,
		},
		broken: []illTypedForm{
			{name: "undefined names", src: `
func undefinedNames(ctx context.Context, gen *kafka.Generation, m kafka.Message, ch chan kafka.Message) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: undefinedBrokers, GroupID: undefinedGroup, Topic: "t"})
	m2, err := r.FetchMessage(ctx)
	if err != nil {
		undefined()
	}
	use(m2.Value)
	n, err := (r.FetchMessage)(ctx)
	if undefined != nil {
	}
	x, y := undefinedReader.FetchMessage(ctx)
	if y != nil {
	}
	gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: undefinedMessage.Offset}})
	gen.CommitOffsets(map[string]map[int]int64{x.Topic: {m.Partition: m.Offset}})
	for i := 0; i < undefinedCount; i++ {
		go func() {
			for m := range ch {
				r.CommitMessages(ctx, m, undefined)
			}
		}()
		go undefinedGroup.Run(func() { r.CommitMessages(ctx, <-ch) })
	}
	r2 := kafka.NewReader(undefinedConfig())
	r2.SetOffset(undefinedOffset)
}
`, reports: []string{
				`kafkagoreader 37: m2 is used here also when FetchMessage failed: the if err != nil at line 34 falls through`,
			}},
			{name: "wrong argument types", src: `
func wrongTypes(ctx context.Context, gen *kafka.Generation, r *kafka.Reader, ch chan kafka.Message, chans []chan kafka.Message) {
	r2 := kafka.NewReader(kafka.ReaderConfig{Brokers: "localhost:9092", GroupID: 1, Topic: "t"})
	m, err := r2.FetchMessage(ctx, 1)
	if err != nil {
		return
	}
	gen.CommitOffsets()
	gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}}, 1)
	(gen.CommitOffsets)(map[string]map[int]int64{m.Topic: {m.Partition: "next"}})
	for i := 0; i < len(chans); i++ {
		go func() {
			for m := range ch {
				r.CommitMessages(m)
				(r.CommitMessages)(ctx, chans[i]...)
			}
		}(1)
	}
}
`},
			{name: "missing return and truncated function", src: `
func missingReturn(ctx context.Context, r *kafka.Reader) (kafka.Message, error) {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return kafka.Message{}, err
	}
	var o = m.Offset; o++ =
}

func truncated(ctx context.Context) {
	cfg := kafka.ReaderConfig{Brokers: []string{"b"}, Topic: "t", StartOffset: kafka.LastOffset
	r := kafka.NewReader(cfg)
	m, err := r.FetchMessage(ctx)
	r.CommitMessages(ctx, m
	r2.ReadMessage(
`},
		},
		illTyped: nil,
	},
}

// importPaths returns path and the import paths testutil.Variants generate
// fixtures on from it.
func importPaths(path string) []string {
	paths := []string{path}
	for _, v := range testutil.Variants {
		if v.Old == path && !slices.Contains(paths, v.New) {
			paths = append(paths, v.New)
		}
	}
	return paths
}

// typeErrors returns the number of syntax and type errors of src, which is
// type-checked against the library stubs.
func typeErrors(t *testing.T, src string) int {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "input.go", src, parser.AllErrors)
	var n int
	var list scanner.ErrorList
	if errors.As(err, &list) {
		n = len(list)
	}
	conf := types.Config{Importer: testutil.StubImporter(t), Error: func(error) { n++ }}
	_, _ = conf.Check("input", fset, []*ast.File{f}, nil) // the errors are counted
	return n
}

// suiteReports runs every analyzer of the suite, as drivers do, on src and
// returns its reports as "analyzer line: message", in the suite's order.
func suiteReports(t *testing.T, src string) []string {
	t.Helper()
	var got []string
	for _, a := range analyzer.Analyzers() {
		for _, d := range testutil.RunIllTyped(t, a, src) {
			// The source is the only file of its FileSet: a Pos is its
			// offset plus 1.
			line := strings.Count(src[:int(d.Pos)-1], "\n") + 1
			got = append(got, fmt.Sprintf("%s %d: %s", a.Name, line, d.Message))
		}
	}
	return got
}

// matches reports whether got are the reports want lists, each a prefix, in
// any order: the test sorts both by the suite's order and then by line.
func matches(got, want []string) bool {
	got, want = sortedReports(got), sortedReports(want)
	ok := len(got) == len(want)
	for j := range min(len(got), len(want)) {
		ok = ok && strings.HasPrefix(got[j], want[j])
	}
	return ok
}

// sortedReports returns reports ("analyzer line: message") sorted by the
// analyzer's place in the suite and then by line.
func sortedReports(reports []string) []string {
	order := make(map[string]int)
	for i, a := range analyzer.Analyzers() {
		order[a.Name] = i
	}
	key := func(r string) (int, int) {
		name, rest, _ := strings.Cut(r, " ")
		line, _, _ := strings.Cut(rest, ":")
		n, _ := strconv.Atoi(line)
		return order[name], n
	}
	return slices.SortedStableFunc(slices.Values(reports), func(a, b string) int {
		ai, al := key(a)
		bi, bl := key(b)
		return cmp.Or(cmp.Compare(ai, bi), cmp.Compare(al, bl))
	})
}

// TestIllTyped runs every analyzer of the suite on each client's program of
// illTypedClients, on every import path of the client, alone and with each
// form of code being written: none may fail or panic, each must make exactly
// the reports listed, and each must report on its own client's program. The
// program alone must type-check and each form must not, so that "alone" and
// "with" are what they say.
func TestIllTyped(t *testing.T) {
	type run struct {
		name, src string
		want      []string
	}
	exercised := make(map[string]string)
	for _, c := range illTypedClients {
		paths := importPaths(c.path)
		for _, path := range paths {
			reports, ok := c.onPath[path]
			if !ok {
				reports = c.reports
			}
			runs := []run{{"alone", c.wellTyped, reports}}
			for _, f := range c.broken {
				runs = append(runs, run{"with " + f.name, c.wellTyped + f.src, slices.Concat(c.illTyped, f.reports)})
			}
			for i, r := range runs {
				src := strings.ReplaceAll(r.src, c.path, path)
				if n := typeErrors(t, src); (n == 0) != (i == 0) {
					t.Errorf("the %s program on %s, %s, has %d type errors", c.client, path, r.name, n)
				}
				if got := suiteReports(t, src); !matches(got, r.want) {
					t.Errorf("on the %s program on %s, %s (%d lines), the suite reports\n%s\nwant\n%s", c.client, path, r.name, strings.Count(src, "\n"), strings.Join(sortedReports(got), "\n"), strings.Join(sortedReports(r.want), "\n"))
				}
			}
		}
		for path := range c.onPath {
			if !slices.Contains(paths, path) {
				t.Errorf("%s: reports listed on %s, which is no import path of %s", c.client, path, c.path)
			}
		}
		for _, r := range c.reports {
			name, _, _ := strings.Cut(r, " ")
			if other, dup := exercised[name]; dup && other != c.client {
				t.Errorf("%s reports on the programs of %s and %s", name, other, c.client)
			}
			exercised[name] = c.client
		}
	}
	for _, a := range analyzer.Analyzers() {
		if _, ok := exercised[a.Name]; !ok {
			t.Errorf("%s reports on no client's program of illTypedClients", a.Name)
		}
	}
	// Every client with another import path is run on it.
	for _, v := range testutil.Variants {
		if !slices.ContainsFunc(illTypedClients, func(c illTypedClient) bool { return slices.Contains(importPaths(c.path), v.New) }) {
			t.Errorf("no program of illTypedClients is run on %s", v.New)
		}
	}
}
