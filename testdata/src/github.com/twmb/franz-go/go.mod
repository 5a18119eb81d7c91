module github.com/twmb/franz-go

go 1.21
