// Package cfghelp writes into its caller's ConfigMap, as the configuration
// helpers of service frameworks do (issue 16): its writes are summarised as a
// fact on the parameter, and apply where the caller calls it.
package cfghelp

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// ManualStore makes the application store offsets itself.
func ManualStore(cm *kafka.ConfigMap) {
	_ = cm.SetKey("enable.auto.offset.store", false)
}

// ManualCommit turns auto commit off, by index assignment.
func ManualCommit(cm *kafka.ConfigMap) {
	(*cm)["enable.auto.commit"] = false
}

// Tune writes a setting only when asked to: not part of the default.
func Tune(cm *kafka.ConfigMap, manual bool) {
	if manual {
		(*cm)["enable.auto.commit"] = false
	}
}
