package main // want package:"marks}"

import (
	"context"
	"log"
	"os"

	"github.com/IBM/sarama"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// Auto commit turned off in place, and nothing commits.
func direct(ctx context.Context, brokers []string) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	group, err := sarama.NewConsumerGroup(brokers, "billing", cfg) // want `sarama.NewConsumerGroup gets a configuration with Consumer.Offsets.AutoCommit.Enable false and nothing in the program calls session.Commit\(\), commit after marking, in ConsumeClaim or Cleanup \(with auto commit off only Commit sends marked offsets: nothing is committed, and every restart resumes from the last committed offset\)`
	if err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		_ = group.Consume(ctx, []string{"orders"}, handler{})
	}
}

// In a helper that returns the config, through a variable.
func newConfig() *sarama.Config {
	autoCommit := false
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = autoCommit
	return cfg
}

func viaHelper(brokers []string) (sarama.ConsumerGroup, error) {
	return sarama.NewConsumerGroup(brokers, "ledger", newConfig()) // want `sarama.NewConsumerGroup gets a configuration with Consumer.Offsets.AutoCommit.Enable false`
}

// In a helper that is given the config, for a client the group is built on.
func tune(cfg *sarama.Config) {
	cfg.Consumer.Offsets.AutoCommit.Enable = false
}

func viaClient(brokers []string) (sarama.ConsumerGroup, error) {
	cfg := sarama.NewConfig()
	tune(cfg)
	client, err := sarama.NewClient(brokers, cfg) // want `sarama.NewClient gets a configuration with Consumer.Offsets.AutoCommit.Enable false`
	if err != nil {
		return nil, err
	}
	return sarama.NewConsumerGroupFromClient("audit", client)
}

// Twins: a setting from the environment, and another config left alone.
func fromEnv(brokers []string) (sarama.ConsumerGroup, error) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = os.Getenv("AUTO_COMMIT") != "false"
	return sarama.NewConsumerGroup(brokers, "env", cfg)
}

func defaults(brokers []string) (sarama.ConsumerGroup, error) {
	return sarama.NewConsumerGroup(brokers, "plain", sarama.NewConfig())
}

func main() {
	direct(context.Background(), os.Args[1:])
	_, _ = viaHelper(os.Args[1:])
	_, _ = viaClient(os.Args[1:])
	_, _ = fromEnv(os.Args[1:])
	_, _ = defaults(os.Args[1:])
}
