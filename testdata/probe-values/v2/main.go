// Command v2 runs the value probe on confluent-kafka-go v2.11.1.
package main

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"example.com/probevalues/cases"
)

func main() {
	_, lib := kafka.LibraryVersion()
	cases.Main("v2.11.1/librdkafka "+lib, func(conf map[string]string) error {
		m := kafka.ConfigMap{}
		for k, v := range conf {
			m[k] = v
		}
		c, err := kafka.NewConsumer(&m)
		if err != nil {
			return err
		}
		return c.Close()
	})
}
