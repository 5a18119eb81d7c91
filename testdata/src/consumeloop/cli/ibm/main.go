// A command-line tool in kaf's structure (kaf v0.2.3, cmd/kaf): commands are
// cobra.Command values whose Run literal runs once per invocation, and
// consume -g runs the group from a helper.
package main

import (
	"context"
	"log"
	"os"

	"github.com/IBM/sarama"
	"github.com/spf13/cobra"
	"github.com/urfave/cli/v2"
)

var groupFlag string

type g struct{}

func (g *g) Setup(s sarama.ConsumerGroupSession) error   { return nil }
func (g *g) Cleanup(s sarama.ConsumerGroupSession) error { return nil }
func (g *g) ConsumeClaim(s sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		s.MarkMessage(msg, "")
	}
	return nil
}

func getClient() sarama.Client {
	client, err := sarama.NewClient([]string{"localhost:9092"}, sarama.NewConfig())
	if err != nil {
		log.Fatal(err)
	}
	return client
}

// kaf's consume -g: Run calls a helper that calls Consume once, so the
// command stops consuming at the group's first rebalance.
var consumeCmd = &cobra.Command{
	Use: "consume TOPIC",
	Run: func(cmd *cobra.Command, args []string) {
		client := getClient()
		if groupFlag != "" {
			withConsumerGroup(cmd.Context(), client, args[0], groupFlag)
		}
	},
}

func withConsumerGroup(ctx context.Context, client sarama.Client, topic, group string) {
	cg, err := sarama.NewConsumerGroupFromClient(group, client)
	if err != nil {
		log.Fatal(err)
	}
	err = cg.Consume(ctx, []string{topic}, &g{}) // want `cg.Consume is not called in a loop, call it again until the context is done`
	if err != nil {
		log.Fatal(err)
	}
}

// Its twin: the same command, whose helper consumes until the context is done.
var followCmd = &cobra.Command{
	Use: "follow TOPIC",
	Run: func(cmd *cobra.Command, args []string) {
		client := getClient()
		if groupFlag != "" {
			followGroup(cmd.Context(), client, args[0], groupFlag)
		}
	},
}

func followGroup(ctx context.Context, client sarama.Client, topic, group string) {
	cg, err := sarama.NewConsumerGroupFromClient(group, client)
	if err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		if err := cg.Consume(ctx, []string{topic}, &g{}); err != nil {
			log.Fatal(err)
		}
	}
}

// kaf's group commit: an offset reset joins the group once, commits the
// offsets asked for in Setup and reads nothing; one session is the point.
type resetHandler struct {
	client           sarama.Client
	group, topic     string
	partitionOffsets map[int32]int64
}

func (r *resetHandler) Setup(s sarama.ConsumerGroupSession) error {
	for p, o := range r.partitionOffsets {
		s.MarkOffset(r.topic, p, o, "")
	}
	return nil
}

func (r *resetHandler) Cleanup(s sarama.ConsumerGroupSession) error { return nil }

func (r *resetHandler) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	return nil
}

func createGroupCommitOffsetCmd() *cobra.Command {
	var topic string
	res := &cobra.Command{
		Use: "commit GROUP",
		Run: func(cmd *cobra.Command, args []string) {
			client := getClient()
			group := args[0]
			cg, err := sarama.NewConsumerGroupFromClient(group, client)
			if err != nil {
				log.Fatal(err)
			}
			err = cg.Consume(context.Background(), []string{topic}, &resetHandler{
				client:           client,
				group:            group,
				topic:            topic,
				partitionOffsets: map[int32]int64{0: 42},
			})
			if err != nil {
				log.Fatal(err)
			}
		},
	}
	return res
}

// A RunE set after the literal, capturing the command's flags.
func createTailCmd() *cobra.Command {
	var topic string
	cmd := &cobra.Command{Use: "tail"}
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		cg, err := sarama.NewConsumerGroupFromClient(args[0], getClient())
		if err != nil {
			return err
		}
		return cg.Consume(cmd.Context(), []string{topic}, &g{}) // want `cg.Consume is not called in a loop`
	}
	return cmd
}

// The same shapes under urfave/cli: an Action of a named function type.
func newApp() *cli.App {
	return &cli.App{
		Name: "relay",
		Action: func(c *cli.Context) error {
			cg, err := sarama.NewConsumerGroupFromClient("relay", getClient())
			if err != nil {
				return err
			}
			return cg.Consume(c.Context, []string{"events"}, &g{}) // want `cg.Consume is not called in a loop`
		},
		Commands: []*cli.Command{{
			Name: "follow",
			Action: func(c *cli.Context) error {
				cg, err := sarama.NewConsumerGroupFromClient("relay", getClient())
				if err != nil {
					return err
				}
				for {
					if err := cg.Consume(c.Context, []string{"events"}, &g{}); err != nil {
						return err
					}
					if c.Context.Err() != nil {
						return nil
					}
				}
			},
		}},
	}
}

// A function in a field of the program's own type: what runs it, and how
// often, is not the package's to see.
type job struct {
	name string
	run  func(ctx context.Context) error
}

var jobs = []job{{name: "audit", run: func(ctx context.Context) error {
	cg, err := sarama.NewConsumerGroupFromClient("audit", getClient())
	if err != nil {
		return err
	}
	return cg.Consume(ctx, []string{"audit"}, &g{})
}}}

func main() {
	root := &cobra.Command{Use: "kaf"}
	root.AddCommand(consumeCmd, followCmd, createGroupCommitOffsetCmd(), createTailCmd())
	if err := root.Execute(); err != nil {
		os.Exit(1)
	}
	if err := newApp().Run(os.Args); err != nil {
		os.Exit(1)
	}
	for _, j := range jobs {
		_ = j.run(context.Background())
	}
}
