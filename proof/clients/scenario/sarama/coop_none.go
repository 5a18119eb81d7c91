//go:build !saramacoop

package main

import "github.com/IBM/sarama"

// cooperative reports that this sarama has no cooperative strategy.
func cooperative(*sarama.Config) bool { return false }
