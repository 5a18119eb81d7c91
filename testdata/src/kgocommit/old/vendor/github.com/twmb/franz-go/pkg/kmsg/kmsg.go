// Package kmsg is a hand-written stub of github.com/twmb/franz-go/pkg/kmsg for
// kafkalint's tests: the two types kgo's commit callbacks name.
package kmsg

// OffsetCommitRequest is an offset commit request.
type OffsetCommitRequest struct{ Group string }

// OffsetCommitResponse is an offset commit response.
type OffsetCommitResponse struct{ Version int16 }
