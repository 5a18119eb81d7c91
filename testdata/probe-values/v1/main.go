// Command v1 runs the value probe on confluent-kafka-go v1.9.2.
package main

import (
	"github.com/confluentinc/confluent-kafka-go/kafka"

	"example.com/probevalues/cases"
)

func main() {
	_, lib := kafka.LibraryVersion()
	cases.Main("v1.9.2/librdkafka "+lib, func(conf map[string]string) error {
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
