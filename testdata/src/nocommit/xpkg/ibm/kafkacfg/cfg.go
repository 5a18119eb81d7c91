// Package kafkacfg builds the program's sarama configurations.
package kafkacfg

import "github.com/IBM/sarama"

// Manual returns a configuration with auto commit off.
func Manual() *sarama.Config { // want Manual:"auto commit off"
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	return cfg
}

// Default returns sarama's defaults.
func Default() *sarama.Config {
	return sarama.NewConfig()
}
