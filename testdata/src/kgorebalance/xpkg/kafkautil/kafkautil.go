// Package kafkautil is a team's shared franz-go library: constructors that
// add the connection options to the service's own, and option sets.
package kafkautil

import (
	"fmt"
	"os"
	"strings"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Config is the connection configuration every service shares.
type Config struct {
	Brokers  []string
	ClientID string
	Manual   bool
}

// NewClient adds the connection options to the caller's.
func NewClient(cfg Config, opts ...kgo.Opt) (*kgo.Client, error) { // want NewClient:`client {SeedBrokers ClientID} \+ param 1`
	opts = append(opts,
		kgo.SeedBrokers(cfg.Brokers...),
		kgo.ClientID(cfg.ClientID),
	)
	return kgo.NewClient(opts...)
}

// NewConsumer puts the caller's options after the group's.
func NewConsumer(brokers []string, group string, opts ...kgo.Opt) (*kgo.Client, error) { // want NewConsumer:`client {SeedBrokers ConsumerGroup} \+ param 2`
	all := append([]kgo.Opt{kgo.SeedBrokers(brokers...), kgo.ConsumerGroup(group)}, opts...)
	cl, err := kgo.NewClient(all...)
	if err != nil {
		return nil, fmt.Errorf("kafka client: %w", err)
	}
	return cl, nil
}

// NewManualConsumer blocks rebalances on poll and commits by hand.
func NewManualConsumer(brokers []string, group string, opts ...kgo.Opt) (*kgo.Client, error) { // want NewManualConsumer:`client {SeedBrokers ConsumerGroup DisableAutoCommit BlockRebalanceOnPoll} \+ param 2`
	return kgo.NewClient(append([]kgo.Opt{
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup(group),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
	}, opts...)...)
}

// Factory builds the clients of one service.
type Factory struct{ cfg Config }

// New is a method wrapper: its options parameter follows the receiver.
func (f *Factory) New(opts ...kgo.Opt) (*kgo.Client, error) { // want New:`client {SeedBrokers} \+ param 1`
	return kgo.NewClient(append(opts, kgo.SeedBrokers(f.cfg.Brokers...))...)
}

// FromEnv takes extra options from a source the package cannot see: its
// options are not known whole.
func FromEnv(opts ...kgo.Opt) (*kgo.Client, error) { // want FromEnv:`client {SeedBrokers} \+ param 0 incomplete`
	opts = append(opts, kgo.SeedBrokers(strings.Split(os.Getenv("KAFKA_BROKERS"), ",")...))
	opts = append(opts, Extra...)
	return kgo.NewClient(opts...)
}

// Extra options any package may set.
var Extra []kgo.Opt

// GroupOptions is an option set of a manually committing group member.
func GroupOptions(group string, topics ...string) []kgo.Opt { // want GroupOptions:`options {ConsumerGroup ConsumeTopics DisableAutoCommit}`
	return []kgo.Opt{
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topics...),
		kgo.DisableAutoCommit(),
	}
}

// BlockingOptions block rebalances on poll and commit by hand.
func BlockingOptions() []kgo.Opt { // want BlockingOptions:`options {DisableAutoCommit BlockRebalanceOnPoll}`
	return []kgo.Opt{kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll()}
}

// Options disables autocommit on some paths only.
func Options(cfg Config) []kgo.Opt { // want Options:`options {SeedBrokers DisableAutoCommit\?}`
	opts := []kgo.Opt{kgo.SeedBrokers(cfg.Brokers...)}
	if cfg.Manual {
		opts = append(opts, kgo.DisableAutoCommit())
	}
	return opts
}

// Manual is one option.
func Manual() kgo.Opt { // want Manual:`options {DisableAutoCommit}`
	return kgo.DisableAutoCommit()
}

// NewCommitter commits by hand, with no revoke callback of its own.
func NewCommitter(brokers []string, group string, opts ...kgo.Opt) (*kgo.Client, error) { // want NewCommitter:`client {SeedBrokers ConsumerGroup DisableAutoCommit} \+ param 2`
	return kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers(brokers...), kgo.ConsumerGroup(group), kgo.DisableAutoCommit()}, opts...)...)
}

// ManualCommit is the option set a service appends to its own to commit by
// hand.
func ManualCommit() []kgo.Opt { // want ManualCommit:`options {DisableAutoCommit}`
	return []kgo.Opt{kgo.DisableAutoCommit()}
}

// NewGroupConsumer forwards to NewClient, another exported constructor of
// the package, with the group's option before the caller's.
func NewGroupConsumer(brokers []string, group string, opts ...kgo.Opt) (*kgo.Client, error) { // want NewGroupConsumer:`client {SeedBrokers ClientID ConsumerGroup} \+ param 2`
	return NewClient(Config{Brokers: brokers, ClientID: group}, append([]kgo.Opt{kgo.ConsumerGroup(group)}, opts...)...)
}
