module example.com/clientproof

go 1.22

require (
	github.com/twmb/franz-go v1.7.0
	github.com/twmb/franz-go/pkg/kmsg v1.2.0
)

require (
	github.com/klauspost/compress v1.15.9 // indirect
	github.com/pierrec/lz4/v4 v4.1.15 // indirect
)
