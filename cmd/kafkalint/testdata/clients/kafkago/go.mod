module example.com/kafkago

go 1.21

require github.com/segmentio/kafka-go v0.4.47

// The stub stands in for the real module (the test rewrites the path when it
// copies this module).
replace github.com/segmentio/kafka-go => ../../../../../testdata/src/github.com/segmentio/kafka-go
