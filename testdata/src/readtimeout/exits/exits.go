// Package exits holds error branches that end in a call that never returns,
// declared in another package or listed by internal/noreturn.
package exits

import (
	"fmt"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	zlog "github.com/rs/zerolog/log"
	"github.com/sirupsen/logrus"
	"k8s.io/klog/v2"

	"readtimeout/exits/fail"
	"readtimeout/exits/plainlog"
)

func stopsInAnotherPackage(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			fail.Stop(err) // want `fail\.Stop on any error of c\.ReadMessage`
		}
		fmt.Println(msg)
	}
}

func warnsInAnotherPackage(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			fail.Warn(err) // returns: the loop goes on
			continue
		}
		fmt.Println(msg)
	}
}

func klogExits(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			klog.Exitf("read: %v", err) // want `klog\.Exitf on any error of c\.ReadMessage`
		}
		fmt.Println(msg)
	}
}

func logrusFatal(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			logrus.Fatal(err) // want `logrus\.Fatal on any error of c\.ReadMessage`
		}
		fmt.Println(msg)
	}
}

func zerologFatal(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			zlog.Fatal().Err(err).Msg("read") // want `zlog\.Fatal\(\)\.Err\(err\)\.Msg on any error of c\.ReadMessage`
		}
		fmt.Println(msg)
	}
}

func zerologInfo(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			zlog.Info().Err(err).Msg("read") // returns
			continue
		}
		fmt.Println(msg)
	}
}

func unlistedFatal(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			plainlog.Fatal(err) // neither listed nor analysed: taken to return
			continue
		}
		fmt.Println(msg)
	}
}
