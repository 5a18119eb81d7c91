// Package v1 uses confluent-kafka-go: directives are judged by the passes'
// results, malformed ones and unknown names reported by the directive
// analyzer (before it, only by the first analyzer by name, asyncmark, which
// looks at sarama packages only).
package v1

import "github.com/confluentinc/confluent-kafka-go/kafka"

func consumer() (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{
		"group.id": "g",
		//kafkalint:ignore configkey the key is read by our own wrapper
		"enable.auto.comit": false,

		/* want `^//kafkalint:ignore directive for configkey has no reason` */ //kafkalint:ignore configkey
		"fetch.wait.max.msx": 100, // reported

		/* want `^//kafkalint:ignore directive names configkye, which is no analyzer of kafkalint \(it suppresses nothing\)$` */ //kafkalint:ignore configkye a misspelt name
		"session.timeout.msx": 100, // reported

		/* want `^unknown directive //kafkalint:ignroe, want //kafkalint:ignore NAME\[,NAME\] reason \(it does nothing\)$` */ //kafkalint:ignroe configkey a misspelt verb
		"heartbeat.interval.msx": 100, // reported

		/* want `^//kafkalint:ignore directive for configkey suppresses no report of configkey, remove configkey from it \(a stale directive hides the next report on its line\)$` */ //kafkalint:ignore configkey the key was fixed since
		"auto.offset.reset": "earliest",

		/* want `^//kafkalint:ignore directive for revokecommit suppresses no report of revokecommit, remove revokecommit from it` */ //kafkalint:ignore revokecommit nothing of revokecommit's here
		"client.id": "c",
	})
}
