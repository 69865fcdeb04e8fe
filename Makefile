# darwinsim developer and CI entry points.
#
#   make build      build bin/darwinsim
#   make install    install darwinsim into $(go env GOPATH)/bin
#   make run        build, then evolve into a new runs/ directory with its report
#   make lint       gofmt check, go vet, staticcheck, file length limit
#   make test       lint, then short tests (race detector on concurrent packages)
#   make soak       long tests (SOAK=1, no -short)
#   make yield      MAP-Elites against the genetic loop at the default budget (SOAK=yield, about an hour)
#   make bench      benchmarks into bench/latest.txt, summarised by benchstat
#   make pgo        regenerate cmd/darwinsim/default.pgo, the CLI's profile for profile-guided optimisation
#   make fuzz       every Fuzz target in every package for $(FUZZTIME) (see FUZZING.md)
#   make fbs        regenerate FlatBuffers Go code from fbs/*.fbs
#   make fbs-check  fail if the committed generated code is stale
#   make cover      short tests with a coverage profile in cover.out
#   make play-test  build, then play a game of `darwinsim play` in tmux (skipped without tmux)
#   make report-test open generated HTML reports in headless Chromium (skipped without it)
#   make slurm-test  submit real jobs to a single-node Slurm cluster started for the test

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build

GO ?= go
BIN := bin/darwinsim
ARGS ?=

# Packages with goroutines of their own: their tests run under -race.
RACE_DIRS := vm|evolve|cmd|players
MODULE = $(shell $(GO) list -m)
RACE_RE = ^$(MODULE)/($(RACE_DIRS))(/|$$)

# Tests of those packages that run without it: the CLI's end-to-end runs
# (whole evolutions, scores with their ablations, whole games of play, lost
# outputs, the bad-input sweep, the README's batch recipe, a shell script
# that runs the test binary as darwinsim), which exercise code the race detector
# already covers in vm and evolve at 20 times the cost; evolution's
# whole runs (islands, lineage, running means, report files) and its
# resumes, whose workers TestDeterministicAcrossWorkers and its MAP-Elites
# twin still run under it; and the VM's long tests (the differential tests
# against the reference interpreter, forks resumed at every decision, the
# invariants after every turn, the seed games' soaks and outcome hashes),
# whose batches' concurrency the batch tests still cover. The names are
# unique across the race packages, so that skipping them skips nothing else.
NO_RACE := ^(TestREADME|TestGolden|TestBatchRecipe|TestScore|TestEvolveDeterministic|TestEvolveResume|TestMapElitesRun|TestMapElitesResumeCLI|TestMapElitesSearchConfig|TestEvolveConfigLayers|TestEvolveConfigReproduces|TestEvolveFromRun|TestEvolveResumeRecords|TestDifferentialSeeds|TestDifferentialMutations|TestDifferentialPasses|TestDifferentialGenomes|TestForkResumeFinishesTheSameGame|TestPresidentPlays|TestPlayEverySeed|TestOutputLost|TestBadInputSweep|TestCheckpointResume|TestResume|TestMapElitesResume|TestResponseSeedsPlay|TestGoldenOutcomes|TestClimbForkResume|TestOpenSpielCrazyEightsPlays|TestBeggarMyNeighbourPlays|TestInvariantsSeeds|TestMatchSeedsPlay|TestCheatPlays|TestGinRummyPlays|TestRummyPlays|TestScopaPlays|TestTwoPackSeedsPlay|TestIslandsIndependent|TestIslandsOneIsPlain|TestRunDirReportFiles|TestLineage|TestRunningMeansAndPrunedHall|TestIslandProcesses|TestIslandSIGTERM|TestMergeErrors|TestIslandAlreadyFinished|TestIslandsResume|TestEvolveIslandsCLI|TestBenchNative|TestRunIslandAnyOrder|TestRunIslandRestarted|TestLoopsAgree)$$

SHORT_TIMEOUT ?= 600s
RACE_TIMEOUT ?= 720s
SOAK_TIMEOUT ?= 60m
FUZZTIME ?= 2m
FUZZMINIMIZETIME ?= 5s
BENCH_PKGS ?= ./bench/ ./vm/ ./players/
BENCH_COUNT ?= 10
BENCH_OUT ?= bench/latest.txt

# FlatBuffers: schemas declare `namespace darwinsim.fb;`, so flatc writes
# the Go package into $(FBS_OUT).
FLATC ?= flatc
FLATC_FLAGS ?= --go
FBS_DIR := fbs
FBS_OUT := $(FBS_DIR)/darwinsim/fb
FBS_REL = $(patsubst $(FBS_DIR)/%,%,$(FBS_OUT))
FBS_SCHEMAS = $(wildcard $(FBS_DIR)/*.fbs)

# All Go sources, generated ones included; skips what the go tool skips
# (testdata, vendor, dot- and underscore-directories) and local scratch dirs.
GOFILES_CMD = find . \( ! -path . \( -name '.*' -o -name '_*' \) -o -name testdata \
	-o -name vendor -o -path ./tmp -o -path ./runs -o -path ./bin \) -prune \
	-o -type f -name '*.go' -print0

.PHONY: pgo build install run lint fmt-check vet staticcheck file-length test soak yield bench fuzz fbs fbs-check cover play-test report-test slurm-test fma-check clean

build:
	$(GO) build -o $(BIN) ./cmd/darwinsim

install:
	$(GO) install ./cmd/darwinsim

# A new run directory under runs/ (named by the time, so that runs never
# collide), with the run's report beside its files; ARGS add evolve flags.
RUN_STAMP := $(shell date +%Y%m%d-%H%M%S)
RUN_DIR ?= runs/run-$(RUN_STAMP)

run: build
	./$(BIN) evolve --out $(RUN_DIR) --report $(ARGS)
	@echo "make run: the run directory is $(RUN_DIR); open $(RUN_DIR)/report.html in a browser"

lint: fmt-check vet staticcheck file-length

fmt-check:
	@echo '==> gofmt -l'
	@files=$$($(GOFILES_CMD) | xargs -0 -r gofmt -l); \
	if [ -n "$$files" ]; then \
		echo 'gofmt: these files are not formatted (run gofmt -w):'; \
		echo "$$files"; \
		exit 1; \
	fi

vet: fmt-check
	@echo '==> $(GO) vet ./...'
	@$(GO) vet ./...

staticcheck: vet
	@echo '==> $(GO) tool staticcheck ./...'
	@$(GO) tool staticcheck ./...

# No production Go file may grow past MAX_LINES lines (tests and the
# generated FlatBuffers code excepted): a file that big holds several
# concerns and should be split by them.
MAX_LINES ?= 700
file-length:
	@echo '==> production Go files of at most $(MAX_LINES) lines'
	@long=$$($(GOFILES_CMD) | { grep -zv -e '_test\.go$$' -e '^\./$(FBS_OUT)/' || true; } \
		| xargs -0 -r wc -l | awk '$$2 != "total" && $$1 > $(MAX_LINES)'); \
	if [ -n "$$long" ]; then \
		echo 'file-length: split these files by concern:'; \
		echo "$$long"; \
		exit 1; \
	fi

# Packages are listed with `go list -e` so that broken ones still reach
# `go test` (and fail there).
# The tests build without the CLI's profile (-pgo=off): with it, every
# package the CLI imports would compile twice, once for the CLI's tests and
# once for its own, and the profile changes speed, never a result.
# The three phases run at once, each one's packages in parallel as go test
# runs them: on 2 cores the phases' idle ends (a last long package) overlap,
# which keeps the whole under its budget. Each phase's exit status counts;
# their timeouts allow for sharing the cores.
test: lint
	@pkgs=$$($(GO) list -e ./... | grep -Ev '$(RACE_RE)'); \
	rpkgs=$$($(GO) list -e ./... | grep -E '$(RACE_RE)'); \
	echo "==> go test -pgo=off -short -timeout $(SHORT_TIMEOUT)" $$pkgs; \
	echo "==> go test -pgo=off -short -run '$(NO_RACE)' ./cmd/darwinsim ./vm ./evolve"; \
	echo "==> go test -pgo=off -short -race -skip '$(NO_RACE)' -timeout $(RACE_TIMEOUT)" $$rpkgs; \
	$(GO) test -pgo=off -short -timeout $(SHORT_TIMEOUT) $$pkgs & short=$$!; \
	$(GO) test -pgo=off -short -timeout $(SHORT_TIMEOUT) -run '$(NO_RACE)' ./cmd/darwinsim ./vm ./evolve & norace=$$!; \
	status=0; \
	$(GO) test -pgo=off -short -race -skip '$(NO_RACE)' -timeout $(RACE_TIMEOUT) $$rpkgs || status=1; \
	wait $$short || status=1; \
	wait $$norace || status=1; \
	exit $$status

soak:
	SOAK=1 $(GO) test -timeout $(SOAK_TIMEOUT) -run . ./...

yield:
	SOAK=yield $(GO) test -timeout 120m -run '^TestSearchYield$$' -v ./evolve

bench:
	$(GO) test -run '^$$' -bench . -benchmem -count=$(BENCH_COUNT) $(BENCH_PKGS) | tee $(BENCH_OUT)
	$(GO) tool benchstat $(BENCH_OUT)

# Profile-guided optimisation: go build uses cmd/darwinsim/default.pgo for
# the CLI (make build, go install). The profile is of a representative
# workload, on one worker, with a build that uses no profile: every seed
# game simulated (random players, $(PGO_GAMES) games each), then a quick
# evolution, which plays generated genomes. The profiles are merged, each
# weighing what its workload took. bench/RESULTS.md records the gain.
PGO_GAMES ?= 20000
pgo:
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(GO) build -pgo=off -o "$$tmp/darwinsim" ./cmd/darwinsim || exit 1; \
	for g in $$("$$tmp/darwinsim" games | awk 'NR > 1 { print $$1 }'); do \
		echo "==> darwinsim simulate $$g -n $(PGO_GAMES) --workers 1"; \
		"$$tmp/darwinsim" simulate "$$g" -n $(PGO_GAMES) --workers 1 -q --cpuprofile "$$tmp/simulate-$$g.prof" > /dev/null || exit 1; \
	done; \
	echo '==> darwinsim evolve --preset quick --workers 1'; \
	"$$tmp/darwinsim" evolve --preset quick --workers 1 -q --cpuprofile "$$tmp/evolve.prof" > /dev/null || exit 1; \
	$(GO) tool pprof -proto "$$tmp"/*.prof > "$$tmp/default.pgo" 2>/dev/null || exit 1; \
	mv "$$tmp/default.pgo" cmd/darwinsim/default.pgo; \
	echo "wrote cmd/darwinsim/default.pgo ($$(wc -c < cmd/darwinsim/default.pgo) bytes)"

# Every Fuzz target of every package runs for $(FUZZTIME), even after one
# fails; the run ends with a Markdown table of the results (for FUZZING.md)
# and fails if any target did. "new" counts the inputs the fuzzer added to
# its cache corpus ($$GOCACHE/fuzz); a finding is a failing input written to
# the package's testdata/fuzz.
fuzz:
	@logs=$$(mktemp -d); trap 'rm -rf "$$logs"' EXIT; \
	module=$$($(GO) list -m); rows=$$logs/rows; : > "$$rows"; failed=0; \
	started=$$(date -u +%Y-%m-%d); commit=$$(git rev-parse --short HEAD 2>/dev/null || echo unknown); \
	if [ -n "$$(git status --porcelain 2>/dev/null)" ]; then commit="$$commit (with local changes)"; fi; \
	for pkg in $$($(GO) list ./...); do \
		fuzzers=$$($(GO) test -list '^Fuzz' "$$pkg" | { grep '^Fuzz' || true; }); \
		rel=$${pkg#"$$module"}; rel=$${rel#/}; rel=$${rel:-.}; \
		for f in $$fuzzers; do \
			log=$$logs/$$f.log; \
			echo "==> $$rel $$f (fuzztime $(FUZZTIME), load $$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"; \
			rc=0; $(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) "$$pkg" 2>&1 | tee "$$log" || rc=$$?; \
			execs=$$({ grep -o 'execs: [0-9]*' "$$log" || true; } | tail -1 | cut -d' ' -f2); \
			new=$$({ grep -o 'new interesting: [0-9]*' "$$log" || true; } | tail -1 | cut -d' ' -f3); \
			finding=none; \
			if [ "$$rc" -ne 0 ]; then \
				failed=1; \
				finding=$$({ grep -o -e 'testdata/fuzz/[^ ]*' -e 'seed corpus entry: [^ ]*' "$$log" || true; } | head -1); \
				finding="FAIL $${finding:-(see the log above)}"; \
			fi; \
			echo "| $$f | $$rel | $(FUZZTIME) | $${execs:-0} | $${new:-0} | $$finding |" >> "$$rows"; \
		done; \
	done; \
	echo; \
	echo "make fuzz FUZZTIME=$(FUZZTIME) on $$started, commit $$commit, $$(nproc 2>/dev/null || echo ?) cores:"; \
	echo; \
	echo '| target | package | fuzz time | execs | new corpus entries | finding |'; \
	echo '|---|---|---|---|---|---|'; \
	cat "$$rows"; \
	exit $$failed

fbs:
	@rm -rf '$(FBS_OUT)'; \
	echo '==> $(FLATC) $(FLATC_FLAGS) -o $(FBS_DIR)/ $(FBS_SCHEMAS)'; \
	$(FLATC) $(FLATC_FLAGS) -o $(FBS_DIR)/ $(FBS_SCHEMAS); \
	if [ ! -d '$(FBS_OUT)' ]; then \
		echo 'flatc wrote nothing to $(FBS_OUT): do the schemas declare `namespace darwinsim.fb;`?'; \
		exit 1; \
	fi; \
	gofmt -w '$(FBS_OUT)'

fbs-check:
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	echo "==> $(FLATC) $(FLATC_FLAGS) -o <tmp>/ $(FBS_SCHEMAS) ($$($(FLATC) --version))"; \
	$(FLATC) $(FLATC_FLAGS) -o "$$tmp/" $(FBS_SCHEMAS); \
	if [ -d "$$tmp/$(FBS_REL)" ]; then gofmt -w "$$tmp/$(FBS_REL)"; fi; \
	if ! diff -r "$$tmp/$(FBS_REL)" '$(FBS_OUT)'; then \
		echo 'fbs-check: generated code in $(FBS_OUT) does not match $(FBS_DIR)/*.fbs;'; \
		echo 'fbs-check: run `make fbs` (with flatc 2.0.8, Debian flatbuffers-compiler) and commit the result.'; \
		exit 1; \
	fi; \
	echo 'fbs-check: $(FBS_OUT) is up to date'

cover:
	$(GO) test -short -coverprofile=cover.out ./... && $(GO) tool cover -func=cover.out | tail -1

# No fused multiply-add anywhere (scripts/fma-check.sh says why): every
# package compiled for arm64, where Go fuses, must hold none.
fma-check:
	@echo '==> scripts/fma-check.sh'
	@scripts/fma-check.sh

# `darwinsim play` in a real terminal: scripts/play-tmux.sh answers every
# prompt of a seeded game in a detached tmux session and checks its end.
play-test:
	@if command -v tmux >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory build && \
		echo '==> scripts/play-tmux.sh $(BIN)' && \
		scripts/play-tmux.sh $(BIN); \
	else \
		echo 'play-test: tmux is not installed: skipped'; \
	fi

# The HTML report in a real browser: report's TestReportInBrowser writes
# the reports of two small runs and of a game, opens each in headless
# Chromium (no console message allowed), takes a full-page screenshot and
# checks that every plot's box, located from the DOM, is drawn. The test
# says why it skips when no Chromium is installed.
report-test:
	@echo '==> REPORT_BROWSER=1 $(GO) test -run TestReportInBrowser ./report'
	@REPORT_BROWSER=1 $(GO) test -count=1 -timeout 300s -run '^TestReportInBrowser$$' -v ./report

# Slurm for real: scripts/slurm/test.sh starts a single-node cluster
# (slurmctld, slurmd and munged of Debian's slurm-wlm and munge, with their
# state in a temporary directory), runs TestSlurmJob against it (a
# submission script's 4-task job and the job that depends on it) and stops
# the daemons however the test ends. Installs the two packages if missing.
slurm-test:
	@if ! command -v slurmctld >/dev/null 2>&1 || ! [ -x /usr/sbin/munged ]; then \
		sudo=(); if [ "$$(id -u)" -ne 0 ]; then sudo=(sudo); fi; \
		echo '==> apt-get install slurm-wlm munge'; \
		"$${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q; \
		"$${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q --no-install-recommends slurm-wlm munge; \
	fi
	@echo '==> scripts/slurm/test.sh'
	@GO='$(GO)' scripts/slurm/test.sh

clean:
	rm -rf bin cover.out
