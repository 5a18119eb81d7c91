module example.com/sarama

go 1.21

require github.com/IBM/sarama v1.45.0

// The stub stands in for the real module (the test rewrites the path when it
// copies this module).
replace github.com/IBM/sarama => ../../../../../testdata/src/github.com/IBM/sarama
