module example.com/franzgo

go 1.21

require github.com/twmb/franz-go v1.18.0

// The stub stands in for the real module (the test rewrites the path when it
// copies this module).
replace github.com/twmb/franz-go => ../../../../../testdata/src/github.com/twmb/franz-go
