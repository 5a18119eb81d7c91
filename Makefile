# The README's test command; .ci/run runs it.
.PHONY: test lint
test: lint
	go test -timeout=40m ./...
	# A short fuzzing run of the whole suite; a count budget, since duration budgets
	# can end in "context deadline exceeded" on Go 1.26 (golang/go#75804).
	go test ./analyzer -run='^$$' -fuzz=FuzzAnalyzers -fuzztime=1000x -fuzzminimizetime=2s
	# The sweep and the benchmark download hundreds of MB in full: here only their
	# machinery runs, offline, on a fixture module (README: Benchmark, Real-code sweep).
	bash sweep/run.sh --smoke >/dev/null
	bash bench/run.sh --smoke >/dev/null

# go vet, then golangci-lint v2.15.0 with the kafkalint plugin, built from the
# module proxy, on this repository with its .golangci.yml.
lint:
	go vet ./...
	bash scripts/build-golangci.sh ./bin
	./bin/custom-gcl run ./...
