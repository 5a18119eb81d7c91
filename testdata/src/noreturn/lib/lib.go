// Package lib reaches the client: its functions that never return get a fact,
// which callers in other packages read.
package lib

import (
	"log"
	"os"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Die is a wrapper of log.Fatal.
func Die(err error) { // want Die:"noReturn"
	log.Fatal(err)
}

// Check returns when err is nil.
func Check(err error) {
	if err != nil {
		Die(err)
	}
}

// Logger is the program's own logger; its Fatalf exits.
type Logger struct{ Prefix string }

func (l Logger) Fatalf(format string, args ...any) { // want Fatalf:"noReturn"
	log.Printf(l.Prefix+format, args...)
	os.Exit(1)
}

// Printf returns.
func (l Logger) Printf(format string, args ...any) { log.Printf(l.Prefix+format, args...) }

// Serve polls forever.
func Serve(c *kafka.Consumer) { // want Serve:"noReturn"
	for {
		c.Poll(100)
	}
}

// Drain stops polling when told.
func Drain(c *kafka.Consumer, stop <-chan bool) {
	for {
		select {
		case <-stop:
			return
		default:
			c.Poll(100)
		}
	}
}

// Stop and stop call each other, and both end in os.Exit.
func Stop(n int) { // want Stop:"noReturn"
	if n > 0 {
		stop(n - 1)
	}
	os.Exit(1)
}

func stop(n int) { // want stop:"noReturn"
	Stop(n)
}

// Spin calls itself for ever: a recursion is taken to return, as x/tools'
// ctrlflow takes it.
func Spin() { Spin() }

// Must has a result and never returns.
func Must(err error) int { // want Must:"noReturn"
	panic(err)
}

// Exit ends in a function of the package that does not return.
func Exit() { // want Exit:"noReturn"
	Must(nil)
}

// Later exits in a function literal it does not call: it returns.
func Later() func() {
	return func() { os.Exit(1) }
}
