//go:build saramacoop

package main

import "github.com/IBM/sarama"

// cooperative sets the cooperative-sticky strategy (IBM/sarama v1.61.0 on; the
// runner builds with -tags saramacoop only for targets that have it).
func cooperative(c *sarama.Config) bool {
	c.Consumer.Group.Rebalance.GroupStrategies = []sarama.BalanceStrategy{sarama.NewBalanceStrategyCooperativeSticky()}
	return true
}
