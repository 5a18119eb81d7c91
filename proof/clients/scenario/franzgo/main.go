// Command franzgo runs one franz-go (kgo) consumer-group scenario against the
// runner's kfake cluster. It uses only API franz-go has from v1.7.0 on. Every
// member uses the eager range balancer, so that a rebalance revokes every
// partition (franz-go's default is cooperative-sticky), and an autocommit
// interval of a minute, so that what is committed comes from the revoke, the
// close or the handler and not from the periodic commit (default 5s).
package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"example.com/clientproof/kit"
)

func main() {
	kit.Main(kit.ModuleVersion("github.com/twmb/franz-go"), map[string]func(*kit.Outcome) string{
		"revokeclose":     revokeClose,
		"revokerebalance": revokeRebalance,
		"marks":           marks,
		"rawoffset":       rawOffset,
		"closecallback":   closeCallback,
		"closerevoked":    closeRevoked,
		"closelost":       closeLost,
		"marksmanual":     marksManual,
		"closepoll":       closePoll,
		"blockrebalance":  blockRebalance,
		"revokesignal":    revokeSignal,
		"skipfailed":      skipFailed,
	})
}

func client(id string, extra ...kgo.Opt) *kgo.Client {
	cl, err := newClient(id, extra...)
	if err != nil {
		panic(err)
	}
	return cl
}

func newClient(id string, extra ...kgo.Opt) (*kgo.Client, error) {
	opts := append([]kgo.Opt{
		kgo.SeedBrokers(kit.Broker()),
		kgo.ClientID(id),
		kgo.ConsumerGroup(kit.GroupID),
		kgo.ConsumeTopics(kit.Topic),
		kgo.SessionTimeout(6 * time.Second),
		kgo.HeartbeatInterval(300 * time.Millisecond),
		kgo.RebalanceTimeout(3 * time.Second),
		kgo.Balancers(kgo.RangeBalancer()),
		kgo.AutoCommitInterval(time.Minute),
	}, extra...)
	return kgo.NewClient(opts...)
}

// poll polls until it has n records or d passes.
func poll(cl *kgo.Client, n int, d time.Duration) []*kgo.Record {
	var rs []*kgo.Record
	deadline := time.Now().Add(d)
	for len(rs) < n && time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		fs := cl.PollFetches(ctx)
		cancel()
		fs.EachRecord(func(r *kgo.Record) { rs = append(rs, r) })
	}
	return rs
}

// next is the consumer loop's next poll, which finds nothing new. franz-go's
// autocommit and its default revoke commit the records of the polls before the
// latest one (the "head"), so a loop that processed a batch has made that batch
// committable only once it polls again.
func next(cl *kgo.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	cl.PollFetches(ctx)
}

// closeWithin closes cl and reports whether Close returned within 10s.
func closeWithin(o *kit.Outcome, close func()) bool {
	if kit.Within(10*time.Second, close) {
		return true
	}
	o.Errorf("Close did not return within 10s")
	return false
}

// revokeOpt is the OnPartitionsRevoked the handler names (none for "default").
func revokeOpt(o *kit.Outcome) []kgo.Opt {
	switch kit.Handler() {
	case "custom-no-commit":
		return []kgo.Opt{kgo.OnPartitionsRevoked(func(_ context.Context, _ *kgo.Client, revoked map[string][]int32) {
			o.Logf("revoked %v", revoked)
		})}
	case "disableautocommit":
		return []kgo.Opt{kgo.DisableAutoCommit()}
	case "custom-commit-async":
		return []kgo.Opt{kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
			cl.CommitOffsets(ctx, cl.UncommittedOffsets(), func(_ *kgo.Client, _ *kmsg.OffsetCommitRequest, resp *kmsg.OffsetCommitResponse, err error) {
				if err != nil {
					o.Errorf("CommitOffsets: %v", err)
					return
				}
				for _, t := range resp.Topics {
					for _, p := range t.Partitions {
						if p.ErrorCode != 0 {
							o.Errorf("CommitOffsets: partition %d: error code %d", p.Partition, p.ErrorCode)
						}
					}
				}
			})
		})}
	case "custom-commit":
		return []kgo.Opt{kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				o.Errorf("CommitUncommittedOffsets: %v", err)
			}
		})}
	}
	return nil
}

// revokeClose: one member polls 10 records and closes (F1): the default revoke
// commits what was polled; a custom OnPartitionsRevoked replaces it.
func revokeClose(o *kit.Outcome) string {
	cl := client("a", revokeOpt(o)...)
	o.Set("stage", "poll")
	if rs := poll(cl, 10, 20*time.Second); len(rs) < 10 {
		return fmt.Sprintf("TIMEOUT polled %d of 10", len(rs))
	}
	if kit.Handler() != "default-no-next-poll" {
		next(cl)
	}
	if !closeWithin(o, cl.Close) {
		return "Close did not return within 10s"
	}
	return "committed after Close: " + kit.CommittedString(kit.GroupID, 1)
}

// both reports whether a and b each own one of the two partitions.
func both(gi *kit.GroupInfo) bool {
	if len(gi.Members) != 2 || !gi.HasClient("a") || !gi.HasClient("b") {
		return false
	}
	for _, m := range gi.Members {
		if len(m.Assignment[kit.Topic]) != 1 {
			return false
		}
	}
	return true
}

// joinB starts member b, which polls until ctx is done and sends the offset of
// the first record it gets to first (if not nil).
func joinB(ctx context.Context, wg *sync.WaitGroup, first chan<- int64) {
	b := client("b")
	wg.Add(1)
	go func() {
		defer wg.Done()
		for ctx.Err() == nil {
			pctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
			fs := b.PollFetches(pctx)
			cancel()
			fs.EachRecord(func(r *kgo.Record) {
				if first != nil {
					first <- r.Offset
					first = nil
				}
			})
		}
		kit.Within(5*time.Second, b.Close)
	}()
}

// revokeRebalance: a polls all 10 records of two partitions, then b joins and
// the eager rebalance revokes both from a (F1).
func revokeRebalance(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	a := client("a", revokeOpt(o)...)
	defer kit.Within(5*time.Second, a.Close)
	o.Set("stage", "poll")
	if rs := poll(a, 10, 20*time.Second); len(rs) < 10 {
		return fmt.Sprintf("TIMEOUT polled %d of 10", len(rs))
	}
	o.Set("stage", "b joins")
	first := make(chan int64, 1)
	joinB(ctx, &wg, first)
	// a keeps polling (nothing new), which lets its group loop run the revoke.
	go func() {
		for ctx.Err() == nil {
			pctx, c := context.WithTimeout(ctx, 300*time.Millisecond)
			a.PollFetches(pctx)
			c()
		}
	}()
	if ms, ok := kit.WaitMembers(kit.GroupID, 15*time.Second, both); !ok {
		return "no balanced group after 15s: " + ms
	}
	v := "committed after the rebalance: " + kit.CommittedString(kit.GroupID, 2)
	// b reads its partition from the committed offset: 0 re-reads a's five
	// records, 5 is the record produced now.
	kit.Produce(0, 1)
	kit.Produce(1, 1)
	select {
	case off := <-first:
		v += fmt.Sprintf("; b starts at %d", off)
	case <-time.After(10 * time.Second):
		v += "; b read nothing"
	}
	o.Set("committed when b started", kit.CommittedString(kit.GroupID, 2))
	return v
}

// marks: one member polls 10 records, marks the first 5 with
// MarkCommitRecords and closes (F5a).
func marks(o *kit.Outcome) string {
	var extra []kgo.Opt
	if kit.Handler() != "no-autocommitmarks" {
		extra = append(extra, kgo.AutoCommitMarks())
	}
	cl := client("a", extra...)
	o.Set("stage", "poll")
	rs := poll(cl, 10, 20*time.Second)
	if len(rs) < 10 {
		return fmt.Sprintf("TIMEOUT polled %d of 10", len(rs))
	}
	cl.MarkCommitRecords(rs[:5]...)
	next(cl)
	switch kit.Handler() {
	case "autocommitmarks-commituncommitted":
		if err := cl.CommitUncommittedOffsets(context.Background()); err != nil {
			o.Errorf("CommitUncommittedOffsets: %v", err)
		}
	case "autocommitmarks-commitmarked":
		// CommitMarkedOffsets is newer than v1.7.0.
		cm, ok := any(cl).(interface{ CommitMarkedOffsets(context.Context) error })
		if !ok {
			cl.Close()
			return "no CommitMarkedOffsets in this version"
		}
		if err := cm.CommitMarkedOffsets(context.Background()); err != nil {
			o.Errorf("CommitMarkedOffsets: %v", err)
		}
	}
	if !closeWithin(o, cl.Close) {
		return "Close did not return within 10s"
	}
	return "5 of 10 marked; committed after Close: " + kit.CommittedString(kit.GroupID, 1)
}

// marksManual: marks on a client with DisableAutoCommit (F5a). One member
// polls 10 records, marks the first 5 with MarkCommitRecords, commits the way
// the handler names, and closes. "no-autocommitmarks*" have DisableAutoCommit
// and no AutoCommitMarks; "-commitmarked" then calls CommitMarkedOffsets
// (newer than v1.7.0), "-commituncommitted" CommitUncommittedOffsets.
// "add-autocommitmarks" adds AutoCommitMarks beside DisableAutoCommit.
// The fixes: "commitrecords" keeps DisableAutoCommit and commits the 5 records
// with CommitRecords instead of marking them; "autocommitmarks-instead"
// replaces DisableAutoCommit with AutoCommitMarks and calls
// CommitMarkedOffsets where the version has it.
func marksManual(o *kit.Outcome) string {
	h := kit.Handler()
	opts := []kgo.Opt{kgo.DisableAutoCommit()}
	switch h {
	case "add-autocommitmarks":
		opts = append(opts, kgo.AutoCommitMarks())
	case "autocommitmarks-instead":
		opts = []kgo.Opt{kgo.AutoCommitMarks()}
	}
	cl, err := newClient("a", opts...)
	if err != nil {
		return "NewClient: " + err.Error()
	}
	o.Set("stage", "poll")
	rs := poll(cl, 10, 20*time.Second)
	if len(rs) < 10 {
		return fmt.Sprintf("TIMEOUT polled %d of 10", len(rs))
	}
	ctx := context.Background()
	v := "5 of 10 marked"
	if h == "commitrecords" {
		v = "5 of 10 committed with CommitRecords"
		if err := cl.CommitRecords(ctx, rs[:5]...); err != nil {
			o.Errorf("CommitRecords: %v", err)
		}
	} else {
		cl.MarkCommitRecords(rs[:5]...)
	}
	next(cl)
	cm, hasCommitMarked := any(cl).(interface{ CommitMarkedOffsets(context.Context) error })
	switch {
	case strings.HasSuffix(h, "-commitmarked") && !hasCommitMarked:
		cl.Close()
		return "no CommitMarkedOffsets in this version"
	case strings.HasSuffix(h, "-commitmarked"), h == "autocommitmarks-instead" && hasCommitMarked:
		if err := cm.CommitMarkedOffsets(ctx); err != nil {
			o.Errorf("CommitMarkedOffsets: %v", err)
		}
		v += ", CommitMarkedOffsets"
	case strings.HasSuffix(h, "-commituncommitted"):
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			o.Errorf("CommitUncommittedOffsets: %v", err)
		}
		v += ", CommitUncommittedOffsets"
	}
	if !closeWithin(o, cl.Close) {
		return "Close did not return within 10s"
	}
	return v + "; committed after Close: " + kit.CommittedString(kit.GroupID, 1)
}

// rawOffset: autocommit off, one member polls 5 records and commits the last
// with the raw-offset API given the record's own offset, or +1, or with
// CommitRecords (F5c); or, with AutoCommitMarks and autocommit on, marks it
// with MarkCommitOffsets given the record's own offset or +1, and the revoke
// at Close commits the mark. Then a fresh member starts.
func rawOffset(o *kit.Outcome) string {
	opt := kgo.DisableAutoCommit()
	if strings.HasPrefix(kit.Handler(), "markcommitoffsets") {
		opt = kgo.AutoCommitMarks()
	}
	cl := client("a", opt)
	o.Set("stage", "poll")
	rs := poll(cl, 5, 20*time.Second)
	if len(rs) < 5 {
		return fmt.Sprintf("TIMEOUT polled %d of 5", len(rs))
	}
	last := rs[len(rs)-1]
	ctx := context.Background()
	switch kit.Handler() {
	case "commitoffsetssync-own", "commitoffsetssync-plus1":
		off := last.Offset
		if kit.Handler() == "commitoffsetssync-plus1" {
			off++
		}
		cl.CommitOffsetsSync(ctx, map[string]map[int32]kgo.EpochOffset{last.Topic: {last.Partition: {Epoch: -1, Offset: off}}}, nil)
	case "commitrecords":
		if err := cl.CommitRecords(ctx, last); err != nil {
			o.Errorf("CommitRecords: %v", err)
		}
	case "markcommitoffsets-own", "markcommitoffsets-plus1":
		// MarkCommitOffsets is newer than v1.7.0; the marks are committed
		// by the revoke at Close.
		mc, ok := any(cl).(interface {
			MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset)
		})
		if !ok {
			cl.Close()
			return "no MarkCommitOffsets in this version"
		}
		off := last.Offset
		if kit.Handler() == "markcommitoffsets-plus1" {
			off++
		}
		mc.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{last.Topic: {last.Partition: {Epoch: last.LeaderEpoch, Offset: off}}})
		next(cl)
	}
	if !closeWithin(o, cl.Close) {
		return "Close did not return within 10s"
	}
	committed := kit.CommittedString(kit.GroupID, 1)
	kit.Produce(0, 1) // offset 5
	o.Set("stage", "restart")
	r := client("restart")
	defer kit.Within(5*time.Second, r.Close)
	first := int64(-1)
	if rs := poll(r, 1, 20*time.Second); len(rs) > 0 {
		first = rs[0].Offset
	}
	v := fmt.Sprintf("committed %s; restart at %d", committed, first)
	switch {
	case first < 0:
		v += ": nothing read"
	case first < 4:
		v += ": every record redelivered"
	case first == 4:
		v += ": last record redelivered"
	}
	return v
}

// skipFailed: one member polls 5 records; the processing of record 2 fails
// and the loop skips it (continue), as apm-queue v1.0.0's at-least-once loop
// does. "commitrecords-later" then commits record 3, processed after it, with
// CommitRecords (autocommit off); "markcommitrecords-later" marks record 3
// with MarkCommitRecords (AutoCommitMarks) and the revoke at Close commits the
// mark. The fix, "commit-before-failed", stops at the failed record and
// commits the last record before it (1). Then a fresh member starts.
func skipFailed(o *kit.Outcome) string {
	const failed = 2
	opt := kgo.DisableAutoCommit()
	if kit.Handler() == "markcommitrecords-later" {
		opt = kgo.AutoCommitMarks()
	}
	cl := client("a", opt)
	o.Set("stage", "poll")
	rs := poll(cl, 5, 20*time.Second)
	if len(rs) < 5 {
		return fmt.Sprintf("TIMEOUT polled %d of 5", len(rs))
	}
	ctx := context.Background()
	last := -1
	for i, r := range rs[:4] {
		if r.Offset == failed { // the processing of this record fails
			if kit.Handler() == "commit-before-failed" {
				break
			}
			continue
		}
		last = i
	}
	switch kit.Handler() {
	case "markcommitrecords-later":
		cl.MarkCommitRecords(rs[last])
		next(cl)
	default:
		if err := cl.CommitRecords(ctx, rs[last]); err != nil {
			o.Errorf("CommitRecords: %v", err)
		}
	}
	if !closeWithin(o, cl.Close) {
		return "Close did not return within 10s"
	}
	committed := kit.CommittedString(kit.GroupID, 1)
	o.Set("stage", "restart")
	r := client("restart")
	defer kit.Within(5*time.Second, r.Close)
	first := int64(-1)
	if rs := poll(r, 1, 20*time.Second); len(rs) > 0 {
		first = rs[0].Offset
	}
	how := "skipped"
	if kit.Handler() == "commit-before-failed" {
		how = "the loop stopped"
	}
	v := fmt.Sprintf("record %d failed, %s; record %d committed: committed %s; restart at %d", failed, how, rs[last].Offset, committed, first)
	switch {
	case first < 0:
		v += ": nothing read"
	case first > failed:
		v += ": the failed record is never redelivered"
	case first == failed:
		v += ": the failed record is redelivered"
	}
	return v
}

// leaveGroupContext is LeaveGroupContext, newer than v1.7.0.
type leaveGroupContext interface {
	LeaveGroupContext(context.Context) error
}

// hasLeaveGroupContext reports whether this kgo has LeaveGroupContext.
func hasLeaveGroupContext() bool {
	_, ok := any((*kgo.Client)(nil)).(leaveGroupContext)
	return ok
}

// leaveCall is what the handler calls inside a partition callback and its
// name: Close, LeaveGroup, or LeaveGroupContext with the callback's context
// or a nil one.
func leaveCall(ctx context.Context, cl *kgo.Client) (string, func()) {
	switch kit.Handler() {
	case "sync-leavegroup", "go-leavegroup":
		return "LeaveGroup", cl.LeaveGroup
	case "sync-leavegroupcontext":
		return "LeaveGroupContext(ctx)", func() { any(cl).(leaveGroupContext).LeaveGroupContext(ctx) }
	case "leavegroupcontext-nil":
		// A nil context triggers the leave and returns (its doc).
		return "LeaveGroupContext(nil)", func() { any(cl).(leaveGroupContext).LeaveGroupContext(nil) }
	}
	return "Close", cl.Close
}

// leave calls leaveCall's call inside a partition callback, synchronously
// ("sync-*", "leavegroupcontext-nil") or in a goroutine ("go-*"); it closes
// returned when the call returns (once).
func leave(ctx context.Context, cl *kgo.Client, returned chan struct{}, once *sync.Once) {
	_, call := leaveCall(ctx, cl)
	done := func() { call(); once.Do(func() { close(returned) }) }
	if strings.HasPrefix(kit.Handler(), "go-") {
		go done()
		return
	}
	done()
}

// leaveVerdict waits for the callback to be called and the call to return.
func leaveVerdict(callback string, called, returned <-chan struct{}, d time.Duration) string {
	what, _ := leaveCall(context.Background(), nil)
	select {
	case <-called:
	case <-time.After(20 * time.Second):
		return callback + " not called within 20s"
	}
	select {
	case <-returned:
		return fmt.Sprintf("%s in %s returned", what, callback)
	case <-time.After(d):
		return fmt.Sprintf("%s in %s did not return within %.0fs", what, callback, d.Seconds())
	}
}

// closeCallback: Close or LeaveGroup called inside OnPartitionsAssigned,
// synchronously or in a goroutine (F3).
func closeCallback(o *kit.Outcome) string {
	called, returned := make(chan struct{}), make(chan struct{})
	var calledOnce, once sync.Once
	cl := client("a", kgo.OnPartitionsAssigned(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
		calledOnce.Do(func() { close(called) })
		leave(ctx, cl, returned, &once)
	}))
	o.Set("stage", "poll")
	go poll(cl, 1, 30*time.Second)
	return leaveVerdict("OnPartitionsAssigned", called, returned, 15*time.Second)
}

// closeRevoked: a polls its two partitions, b joins, and the eager rebalance
// calls a's OnPartitionsRevoked, which calls Close, LeaveGroup or
// LeaveGroupContext (F3).
func closeRevoked(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	called, returned := make(chan struct{}), make(chan struct{})
	var calledOnce, once sync.Once
	if strings.Contains(kit.Handler(), "leavegroupcontext") && !hasLeaveGroupContext() {
		return "no LeaveGroupContext in this version"
	}
	a := client("a", kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
		if len(revoked) == 0 {
			return
		}
		calledOnce.Do(func() { close(called) })
		leave(ctx, cl, returned, &once)
	}))
	o.Set("stage", "poll")
	if rs := poll(a, 10, 20*time.Second); len(rs) < 10 {
		return fmt.Sprintf("TIMEOUT polled %d of 10", len(rs))
	}
	go func() {
		for ctx.Err() == nil {
			pctx, c := context.WithTimeout(ctx, 300*time.Millisecond)
			a.PollFetches(pctx)
			c()
		}
	}()
	o.Set("stage", "b joins")
	joinB(ctx, &wg, nil)
	return leaveVerdict("OnPartitionsRevoked", called, returned, 10*time.Second)
}

// closeLost: a polls, then the cluster answers its next heartbeat
// UNKNOWN_MEMBER_ID (kit.FenceHeartbeat): the session is lost and kgo calls
// OnPartitionsLost, which calls Close, LeaveGroup or LeaveGroupContext (F3).
func closeLost(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	called, returned := make(chan struct{}), make(chan struct{})
	var calledOnce, once sync.Once
	if strings.Contains(kit.Handler(), "leavegroupcontext") && !hasLeaveGroupContext() {
		return "no LeaveGroupContext in this version"
	}
	a := client("a", kgo.OnPartitionsLost(func(ctx context.Context, cl *kgo.Client, lost map[string][]int32) {
		if len(lost) == 0 {
			return
		}
		calledOnce.Do(func() { close(called) })
		leave(ctx, cl, returned, &once)
	}))
	o.Set("stage", "poll")
	if rs := poll(a, 5, 20*time.Second); len(rs) < 5 {
		return fmt.Sprintf("TIMEOUT polled %d of 5", len(rs))
	}
	go func() {
		for ctx.Err() == nil {
			pctx, c := context.WithTimeout(ctx, 300*time.Millisecond)
			a.PollFetches(pctx)
			c()
		}
	}()
	o.Set("stage", "fence")
	kit.FenceHeartbeat()
	return leaveVerdict("OnPartitionsLost", called, returned, 10*time.Second)
}

// closePoll: BlockRebalanceOnPoll, one member polls and closes with Close or
// CloseAllowingRebalance (F2).
func closePoll(o *kit.Outcome) string {
	cl := client("a", kgo.BlockRebalanceOnPoll())
	o.Set("stage", "poll")
	if rs := poll(cl, 5, 20*time.Second); len(rs) < 5 {
		return fmt.Sprintf("TIMEOUT polled %d of 5", len(rs))
	}
	next(cl)
	closeFn := cl.Close
	if kit.Handler() == "closeallowingrebalance" {
		closeFn = cl.CloseAllowingRebalance
	}
	if !kit.Within(10*time.Second, closeFn) {
		return "Close did not return within 10s"
	}
	return "returned; committed " + kit.CommittedString(kit.GroupID, 1)
}

// blockRebalance: BlockRebalanceOnPoll, a polls in a loop and calls
// AllowRebalance after each poll, or never (F2); b joins.
func blockRebalance(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	a := client("a", kgo.BlockRebalanceOnPoll())
	defer kit.Within(5*time.Second, a.CloseAllowingRebalance)
	o.Set("stage", "poll")
	if rs := poll(a, 10, 20*time.Second); len(rs) < 10 {
		return fmt.Sprintf("TIMEOUT polled %d of 10", len(rs))
	}
	allow := kit.Handler() == "allowrebalance"
	if allow {
		a.AllowRebalance()
	}
	go func() {
		for ctx.Err() == nil {
			pctx, c := context.WithTimeout(ctx, 300*time.Millisecond)
			a.PollFetches(pctx)
			c()
			if allow {
				a.AllowRebalance()
			}
		}
	}()
	o.Set("stage", "b joins")
	joinB(ctx, &wg, nil)
	ms, ok := kit.WaitMembers(kit.GroupID, 10*time.Second, both)
	if ok {
		return "a and b hold one partition each"
	}
	o.Set("after 10s", ms)
	if gi := kit.Group(kit.GroupID); gi != nil && !gi.HasClient("a") {
		return "rebalance blocked by a: a evicted, b holds both partitions after 10s"
	}
	return "no balanced group after 10s"
}

// revokeSignal: apm-queue v1.0.0's consumer. a (DisableAutoCommit,
// BlockRebalanceOnPoll) hands each partition's records to a worker goroutine of
// that partition, which processes them (2s) and commits them with
// CommitRecords; its revoke callback closes the revoked partitions' channels
// and returns at once ("signal-no-wait") or waits for their workers first
// ("signal-wait", the fix). b joins once a handed all 10 records over, and the
// eager rebalance revokes both partitions from a.
func revokeSignal(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	type worker struct {
		records chan []*kgo.Record
		done    chan struct{}
		revoked bool // the revoke callback that stopped the worker returned
	}
	var (
		mu      sync.Mutex
		workers = map[int32]*worker{}
		late    int // commits of revoked partitions made after the revoke callback returned
	)
	assigned := func(_ context.Context, cl *kgo.Client, as map[string][]int32) {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range as[kit.Topic] {
			w := &worker{records: make(chan []*kgo.Record), done: make(chan struct{})}
			workers[p] = w
			go func() {
				defer close(w.done)
				for rs := range w.records {
					time.Sleep(2 * time.Second) // processing
					if err := cl.CommitRecords(context.Background(), rs[len(rs)-1]); err != nil {
						o.Logf("CommitRecords: %v", err)
					}
					mu.Lock()
					if w.revoked {
						late++
					}
					mu.Unlock()
				}
			}()
		}
	}
	revoked := func(_ context.Context, _ *kgo.Client, rv map[string][]int32) {
		mu.Lock()
		var stopped []*worker
		for _, p := range rv[kit.Topic] {
			if w, ok := workers[p]; ok {
				delete(workers, p)
				close(w.records)
				stopped = append(stopped, w)
			}
		}
		mu.Unlock()
		if kit.Handler() == "signal-wait" {
			for _, w := range stopped {
				<-w.done
			}
		}
		mu.Lock()
		for _, w := range stopped {
			w.revoked = true
		}
		mu.Unlock()
	}
	a := client("a", kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll(), kgo.RebalanceTimeout(10*time.Second),
		kgo.OnPartitionsAssigned(assigned), kgo.OnPartitionsRevoked(revoked), kgo.OnPartitionsLost(revoked))
	defer kit.Within(5*time.Second, a.CloseAllowingRebalance)
	o.Set("stage", "poll")
	handed := make(chan int, 16)
	go func() {
		for ctx.Err() == nil {
			pctx, c := context.WithTimeout(ctx, 300*time.Millisecond)
			fs := a.PollRecords(pctx, 0)
			c()
			fs.EachPartition(func(p kgo.FetchTopicPartition) {
				mu.Lock()
				w := workers[p.Partition]
				mu.Unlock()
				if w != nil && len(p.Records) > 0 {
					w.records <- p.Records // the worker takes the batch; the poll loop goes on
					handed <- len(p.Records)
				}
			})
			a.AllowRebalance()
		}
	}()
	for n, deadline := 0, time.After(20*time.Second); n < 10; {
		select {
		case k := <-handed:
			n += k
		case <-deadline:
			return fmt.Sprintf("TIMEOUT handed %d of 10", n)
		}
	}
	o.Set("stage", "b joins")
	first := make(chan int64, 1)
	joinB(ctx, &wg, first)
	if ms, ok := kit.WaitMembers(kit.GroupID, 15*time.Second, both); !ok {
		return "no balanced group after 15s: " + ms
	}
	kit.Produce(0, 1)
	kit.Produce(1, 1)
	v := ""
	select {
	case off := <-first:
		v = fmt.Sprintf("b starts at %d", off)
	case <-time.After(10 * time.Second):
		v = "b read nothing"
	}
	time.Sleep(3 * time.Second) // the workers' last commits
	mu.Lock()
	v += fmt.Sprintf("; commits of revoked partitions after the revoke returned: %d", late)
	mu.Unlock()
	o.Set("committed at the end", kit.CommittedString(kit.GroupID, 2))
	return v
}
