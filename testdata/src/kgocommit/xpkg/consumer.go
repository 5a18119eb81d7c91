// Package xpkg marks and commits on clients that a shared library builds:
// the library's facts say which options the clients have.
package xpkg

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"

	"kgocommit/xpkg/kafkautil"
)

// Records handed to workers and marked when done, on a client whose
// constructor does not set AutoCommitMarks.
func workers(ctx context.Context, brokers []string, done <-chan *kgo.Record) error {
	cl, err := kafkautil.NewGroupClient(brokers, "billing", "invoices")
	if err != nil {
		return err
	}
	defer cl.Close()
	for r := range done {
		cl.MarkCommitRecords(r) // want `cl.MarkCommitRecords does nothing on a client without kgo.AutoCommitMarks, add the option to the client \(the marks are dropped, and autocommit commits what was polled, processed or not\)`
	}
	return ctx.Err()
}

// Silent twin: the constructor sets AutoCommitMarks.
func markingWorkers(ctx context.Context, brokers []string, done <-chan *kgo.Record) error {
	cl, err := kafkautil.NewMarkingClient(brokers, "billing", "invoices")
	if err != nil {
		return err
	}
	defer cl.Close()
	for r := range done {
		cl.MarkCommitRecords(r)
	}
	return cl.CommitMarkedOffsets(ctx)
}

// The options passed to the wrapper set AutoCommitMarks, and the program
// commits every polled offset.
func flushAll(ctx context.Context, brokers []string) error {
	cl, err := kafkautil.NewClient(brokers, kgo.ConsumerGroup("billing"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	fs := cl.PollFetches(ctx)
	fs.EachRecord(func(r *kgo.Record) { log.Printf("%s", r.Value) })
	return cl.CommitUncommittedOffsets(ctx) // want `cl.CommitUncommittedOffsets on a client with kgo.AutoCommitMarks commits every polled offset, marked or not, use CommitMarkedOffsets`
}

// Silent twin: the options passed to the wrapper mark nothing.
func flushPolled(ctx context.Context, brokers []string) error {
	cl, err := kafkautil.NewClient(brokers, kgo.ConsumerGroup("billing"))
	if err != nil {
		return err
	}
	defer cl.Close()
	cl.PollFetches(ctx)
	return cl.CommitUncommittedOffsets(ctx)
}

// The options passed to the wrapper lack AutoCommitMarks.
func markPassed(brokers []string, r *kgo.Record) {
	cl, err := kafkautil.NewClient(brokers, kgo.ConsumerGroup("billing"), kgo.DisableAutoCommit())
	if err != nil {
		return
	}
	cl.MarkCommitRecords(r) // want `cl.MarkCommitRecords does nothing on a client with kgo.DisableAutoCommit, commit the records with CommitRecords or use kgo.AutoCommitMarks instead of DisableAutoCommit \(marks need AutoCommitMarks, which NewClient refuses beside DisableAutoCommit: nothing marked is committed\)`
}

// Silent twin: they have it.
func markPassedMarks(brokers []string, r *kgo.Record) {
	cl, err := kafkautil.NewClient(brokers, kgo.ConsumerGroup("billing"), kgo.AutoCommitMarks())
	if err != nil {
		return
	}
	cl.MarkCommitRecords(r)
}

// Marks through a tracing wrapper of another package that embeds the client,
// built without AutoCommitMarks.
func traced(brokers []string, r *kgo.Record) error {
	cl, err := kafkautil.NewTracedClient("billing", kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("billing"))
	if err != nil {
		return err
	}
	defer cl.Close()
	cl.MarkCommitRecords(r) // want `cl.MarkCommitRecords does nothing on a client without kgo.AutoCommitMarks, add the option to the client`
	return nil
}

// Silent twin: the options given to the wrapper set AutoCommitMarks.
func tracedMarks(brokers []string, r *kgo.Record) error {
	cl, err := kafkautil.NewTracedClient("billing", kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("billing"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	cl.MarkCommitRecords(r)
	return nil
}
