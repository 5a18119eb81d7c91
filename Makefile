# The full test tier (CONTRIBUTING.md, Running the tests); .ci/run runs it.
.PHONY: test lint proof proof-short proof-charts proof-clients proof-clients-short
test: lint
	go test -timeout=40m ./...
	# The race detector on the tests that run passes concurrently over one shared
	# kafkaconfig Result and value-flow graph, as every driver does.
	go test -race -run='TestOrderIndependent|TestConcurrent' ./analyzer ./internal/liveness ./internal/valueflow
	# The runtime proof's runner and its generated tables (no cgo, no network):
	# docs/runtime-proof.md's table and proof/RESULTS.md must be what proof/expected.json holds,
	# and the charts' SVGs what their recorded JSON renders to.
	cd proof && go vet ./... && go test ./...
	# The runtime proof's CI subset on the real library and the mock cluster.
	$(MAKE) proof-short
	# The same for sarama, franz-go and kafka-go on kfake: the runner's tests and
	# generated tables, then its CI subset.
	cd proof/clients && go vet . && go test .
	cd proof/clients/scenario && go vet ./... && go vet -tags saramacoop ./sarama
	$(MAKE) proof-clients-short
	# A short fuzzing run of the whole suite; a count budget, since duration budgets
	# can end in "context deadline exceeded" on Go 1.26 (golang/go#75804).
	go test ./analyzer -run='^$$' -fuzz=FuzzAnalyzers -fuzztime=1000x -fuzzminimizetime=2s
	# The sweep and the benchmark download hundreds of MB in full: here only their
	# machinery runs, offline, on a fixture module (bench/RESULTS.md, sweep/RESULTS.md).
	bash sweep/run.sh --smoke >/dev/null
	bash bench/run.sh --smoke >/dev/null

# go vet, then golangci-lint v2.15.0 with the kafkalint plugin, built from the
# module proxy, on this repository with its .golangci.yml.
lint:
	go vet ./...
	bash scripts/build-golangci.sh ./bin
	./bin/custom-gcl run ./...

# The runtime proof (docs/runtime-proof.md): builds the scenario program against
# confluent-kafka-go v1.4.0 ... v2.15.0 from the module proxy (cgo, the bundled
# librdkafka) and runs every scenario 3 times on librdkafka's in-process mock
# cluster (about an hour on 2 cores); rewrites proof/expected.json, proof/RESULTS.md and docs/runtime-proof.md's table.
# The revokecommit cells of v1.4.x get 6 runs: their window is a race there.
proof:
	cd proof && go run . -runs 3 -j 3 -write
	cd proof && go run . -runs 6 -j 3 -write -versions v1.4.0,v1.4.2 -scenarios revokecommit
	$(MAKE) proof-charts

# The charts of the rewind (proof/charts/README.md): records one run of each
# revokecommit config on v1.4.0, v1.8.2 and v2.15.0 with its time series into
# proof/charts/*.json and renders them to the SVGs beside them (about 10
# minutes). `cd proof && go run . -charts` only re-renders the JSON.
proof-charts:
	cd proof && go run . -record-charts

# The CI subset (part of make test): 24 cells on v1.8.2 and v2.11.1, one run
# each, chosen in proof/main.go (shortCells); fails on an outcome that
# proof/expected.json does not list. About 1.5 minutes, mostly waiting on the mock.
proof-short:
	cd proof && go run . -short -j 3 -check

# The real-world corpus (realworld/README.md): kafkalint on the open-source
# modules of realworld/modules.txt, fetched through the module proxy, compared
# with the labelled reports of realworld/expected.txt. Not in CI (network, cgo,
# about half an hour cold).
.PHONY: realworld
realworld:
	bash realworld/run.sh

# The runtime proof of the sarama, franz-go and kafka-go rules (docs/runtime-proof.md,
# second table): builds the scenario programs against each client's oldest and newest
# version from the module proxy (no cgo) and runs every scenario 3 times on a
# fresh kfake cluster on 127.0.0.1; rewrites proof/clients/expected.json,
# proof/clients/RESULTS.md and docs/runtime-proof.md's second table.
# The asynchronous commit in a revoke (F4) gets 12 runs: its loss is a race.
proof-clients:
	cd proof/clients && go run . -runs 3 -j 2 -write
	cd proof/clients && go run . -runs 12 -j 2 -write -scenarios franzgo/revokerebalance/custom-commit-async

# Its CI subset (part of make test): the cells of shortCells in
# proof/clients/main.go, one run each; fails on an outcome
# proof/clients/expected.json does not list.
proof-clients-short:
	cd proof/clients && go run . -short -j 2 -check
