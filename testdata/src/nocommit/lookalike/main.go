// Package main uses a package that only looks like sarama: nothing is
// reported.
package main

import "example.com/sarama"

var session sarama.ConsumerGroupSession

func main() {
	session.MarkOffset("t", 0, 1, "")
}
