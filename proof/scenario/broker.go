package main

import "flag"

// flagBootstrap runs the scenario against a broker started by the runner (a
// kfake cluster, ../kfake.go) instead of librdkafka's mock: the runner creates
// the topic, and the mock's workarounds (the seed group of needsSeed, RTTs,
// topics created through the mock API) do not apply.
var flagBootstrap = flag.String("bootstrap", "", "bootstrap.servers of a running cluster to use instead of the mock (the runner's kfake)")

// external is the broker of -bootstrap, as a mock without a mock cluster.
func external() *mock { return &mock{bootstrap: *flagBootstrap} }
