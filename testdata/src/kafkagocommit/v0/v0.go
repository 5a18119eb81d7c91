// Package v0 holds Generation.CommitOffsets calls of a message's own offset
// and their silent twins.
package v0

import (
	"context"
	"errors"

	"github.com/segmentio/kafka-go"
)

func process(kafka.Message) error { return nil }

// ownOffsetLiteral commits each message's own offset in a map literal.
func ownOffsetLiteral(ctx context.Context, gen *kafka.Generation, r *kafka.Reader) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		_ = process(m)
		gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}}) // want `gen\.CommitOffsets commits the offset of message m itself, not the next one, commit m\.Offset \+ 1 \(the committed offset is where the group resumes: m is read again after a restart or rebalance\)`
	}
}

// nextOffsetLiteral is ownOffsetLiteral's silent twin.
func nextOffsetLiteral(ctx context.Context, gen *kafka.Generation, r *kafka.Reader) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		_ = process(m)
		gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset + 1}}) // the next offset
	}
}

// ownOffsetIndexed stores the offsets into an inner map first.
func ownOffsetIndexed(ctx context.Context, gen *kafka.Generation, r *kafka.Reader, topic string) error {
	offs := map[int]int64{}
	for i := 0; i < 10; i++ {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		offs[m.Partition] = m.Offset
	}
	return gen.CommitOffsets(map[string]map[int]int64{topic: offs}) // want `gen\.CommitOffsets commits the offset of message m itself`
}

// nextOffsetIndexed is ownOffsetIndexed's silent twin.
func nextOffsetIndexed(ctx context.Context, gen *kafka.Generation, r *kafka.Reader, topic string) error {
	offs := map[int]int64{}
	for i := 0; i < 10; i++ {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		offs[m.Partition] = m.Offset + 1
	}
	return gen.CommitOffsets(map[string]map[int]int64{topic: offs})
}

// ownOffsetNested looks the inner map up from the outer one.
func ownOffsetNested(ctx context.Context, gen *kafka.Generation, r *kafka.Reader, topics []string) error {
	offsets := make(map[string]map[int]int64)
	for _, t := range topics {
		offsets[t] = make(map[int]int64)
	}
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	offsets[m.Topic][m.Partition] = m.Offset
	return gen.CommitOffsets(offsets) // want `gen\.CommitOffsets commits the offset of message m itself`
}

// lastInVariable keeps the last message's offset in a variable that starts
// at the assignment's offset (the shape of kafka-go's ConsumerGroup example),
// and commits it at the end of the generation without adding 1.
func lastInVariable(ctx context.Context, gen *kafka.Generation, a kafka.PartitionAssignment, topic string) {
	gen.Start(func(ctx context.Context) {
		r := kafka.NewReader(kafka.ReaderConfig{Topic: topic, Partition: a.ID})
		defer r.Close()
		offset := a.Offset
		r.SetOffset(offset)
		for {
			msg, err := r.ReadMessage(ctx)
			if err != nil {
				if errors.Is(err, context.Canceled) {
					gen.CommitOffsets(map[string]map[int]int64{topic: {a.ID: offset}}) // want `gen\.CommitOffsets commits the offset of message msg itself, not the next one, commit msg\.Offset \+ 1`
				}
				return
			}
			offset = msg.Offset
		}
	})
}

// lastInVariablePlusOne is lastInVariable's silent twin: kafka-go's own
// example.
func lastInVariablePlusOne(ctx context.Context, gen *kafka.Generation, a kafka.PartitionAssignment, topic string) {
	gen.Start(func(ctx context.Context) {
		r := kafka.NewReader(kafka.ReaderConfig{Topic: topic, Partition: a.ID})
		defer r.Close()
		offset := a.Offset
		r.SetOffset(offset)
		for {
			msg, err := r.ReadMessage(ctx)
			if err != nil {
				if errors.Is(err, context.Canceled) {
					gen.CommitOffsets(map[string]map[int]int64{topic: {a.ID: offset + 1}})
				}
				return
			}
			offset = msg.Offset
		}
	})
}

// commitAt commits the offset it is given as is: its caller gives it a
// message's own offset.
func commitAt(gen *kafka.Generation, topic string, partition int, offset int64) error {
	return gen.CommitOffsets(map[string]map[int]int64{topic: {partition: offset}}) // want `gen\.CommitOffsets commits the offset of message m itself`
}

func viaHelper(ctx context.Context, gen *kafka.Generation, r *kafka.Reader) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	return commitAt(gen, m.Topic, m.Partition, m.Offset)
}

// nextAt is commitAt's silent twin: its caller adds 1.
func nextAt(gen *kafka.Generation, topic string, partition int, offset int64) error {
	return gen.CommitOffsets(map[string]map[int]int64{topic: {partition: offset}})
}

func viaHelperPlusOne(ctx context.Context, gen *kafka.Generation, r *kafka.Reader) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	return nextAt(gen, m.Topic, m.Partition, m.Offset+1)
}

// The offsets come from elsewhere: the assignments, and a reset tool's
// caller. Silent.
func startOffsets(gen *kafka.Generation, topic string) error {
	offs := map[int]int64{}
	for _, a := range gen.Assignments[topic] {
		offs[a.ID] = a.Offset
	}
	return gen.CommitOffsets(map[string]map[int]int64{topic: offs})
}

// Reset commits the offsets its caller asks for.
func Reset(ctx context.Context, cg *kafka.ConsumerGroup, topic string, offsets map[int]int64) error {
	gen, err := cg.Next(ctx)
	if err != nil {
		return err
	}
	return gen.CommitOffsets(map[string]map[int]int64{topic: offsets})
}

// builtMessage commits the offset of a message the program made: its own
// choice. Silent.
func builtMessage(gen *kafka.Generation) error {
	m := kafka.Message{Topic: "t", Partition: 0, Offset: 42}
	return gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}})
}

// readerCommit uses Reader.CommitMessages, which adds 1 itself. Silent.
func readerCommit(ctx context.Context, r *kafka.Reader) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}
