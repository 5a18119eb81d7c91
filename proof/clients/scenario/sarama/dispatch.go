package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/IBM/sarama"

	"example.com/clientproof/kit"
)

// dispatchers are every dispatcher a's wrapper started.
var (
	dispatchersMu sync.Mutex
	dispatchers   []*dispatcher
)

// blocked counts the dispatchers whose session has ended and whose run has
// not returned.
func blocked() int {
	dispatchersMu.Lock()
	defer dispatchersMu.Unlock()
	n := 0
	for _, d := range dispatchers {
		if d.session.Context().Err() != nil && !d.returned.Load() {
			n++
		}
	}
	return n
}

// dispatcher is the message dispatcher of a tracing wrapper (otelsarama's
// consumerMessagesDispatcherWrapper, dd-trace-go's): a goroutine per claim
// ranges over the real claim's channel and hands each message to the wrapped
// handler on an unbuffered channel of its own.
type dispatcher struct {
	claim    sarama.ConsumerGroupClaim
	session  sarama.ConsumerGroupSession
	messages chan *sarama.ConsumerMessage
	returned atomic.Bool
	atEnd    atomic.Bool // sending when the session ended
	sending  atomic.Bool
}

// holding lists, for each dispatcher of an ended session, whether it was
// sending a message to the wrapped handler when the session ended (it blocks
// for good only then: otherwise its range ends when sarama closes the claim).
func holding() string {
	dispatchersMu.Lock()
	defer dispatchersMu.Unlock()
	var out []string
	for _, d := range dispatchers {
		if d.session.Context().Err() != nil {
			out = append(out, fmt.Sprint(d.atEnd.Load()))
		}
	}
	return strings.Join(out, ",")
}

func (d *dispatcher) run() {
	go func() {
		<-d.session.Context().Done()
		d.atEnd.Store(d.sending.Load())
	}()
	defer d.returned.Store(true)
	defer close(d.messages)
	for m := range d.claim.Messages() {
		if kit.Handler() == "select-send" {
			// the fix: the send also watches the session, whose context
			// is done before the claim is released.
			select {
			case d.messages <- m:
			case <-d.session.Context().Done():
				return
			}
			continue
		}
		d.sending.Store(true)
		d.messages <- m // blocks for good once the wrapped handler stops reading
		d.sending.Store(false)
	}
}

// wrappedClaim is the claim the wrapped handler gets: its Messages() is the
// dispatcher's channel.
type wrappedClaim struct {
	sarama.ConsumerGroupClaim
	d *dispatcher
}

func (c wrappedClaim) Messages() <-chan *sarama.ConsumerMessage { return c.d.messages }

// dispatchLeak: a's handler is a tracing wrapper around a handler that returns
// when the session's context is done (as sarama asks) and takes 200ms per
// message; 20 more messages a partition arrive just before b joins, so the
// claims hold unread messages when the session ends. "plain-send"
// dispatches with a plain send, "select-send" with a select that also watches
// the session. The verdict says whether a dispatcher of an ended session is
// still blocked 3s after a's Close; the evidence counts them 3s after the
// group is balanced too. A dispatcher blocks only when it holds a message at
// the session's end (a race with the wrapped handler's return).
func dispatchLeak(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got atomic.Int32
	inner := commaOK(func(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) {
		got.Add(1)
		select {
		case <-time.After(200 * time.Millisecond):
		case <-s.Context().Done():
			return
		}
		s.MarkMessage(m, "")
	})
	var started atomic.Int32
	h := handler(func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
		d := &dispatcher{claim: c, session: s, messages: make(chan *sarama.ConsumerMessage)}
		dispatchersMu.Lock()
		dispatchers = append(dispatchers, d)
		dispatchersMu.Unlock()
		started.Add(1)
		go d.run()
		return inner(s, wrappedClaim{c, d})
	})
	o.Set("stage", "a joins")
	ga, ok := startA(ctx, o, h, true, nil)
	if !ok {
		return "TIMEOUT a alone: " + kit.Members(kit.GroupID)
	}
	for got.Load() == 0 {
		time.Sleep(20 * time.Millisecond)
	}
	// a backlog the claims hold when the session ends
	kit.Produce(0, 20)
	kit.Produce(1, 20)
	time.Sleep(time.Second)
	o.Set("stage", "b joins")
	bctx, bcancel := context.WithCancel(context.Background())
	defer bcancel()
	var wg sync.WaitGroup
	member(bctx, o, &wg)
	ms, ok := kit.WaitMembers(kit.GroupID, 10*time.Second, both)
	if !ok {
		return "no balanced group after 10s: " + ms
	}
	time.Sleep(3 * time.Second)
	afterRebalance := blocked()
	o.Set("held a message at the session's end", holding())
	o.Set("dispatchers started", fmt.Sprint(started.Load()))
	cancel()
	kit.Within(5*time.Second, func() { ga.Close() })
	time.Sleep(3 * time.Second)
	afterClose := blocked()
	o.Set("blocked", fmt.Sprintf("%d 3s after the rebalance, %d 3s after a's Close", afterRebalance, afterClose))
	if afterClose > 0 {
		return "a dispatcher of an ended session is still blocked on its send after a's Close"
	}
	return "every dispatcher of an ended session returned"
}
