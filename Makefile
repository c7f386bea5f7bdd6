# Airsign — the README's commands. Every target installs what is missing first.
SWIFT       ?= swift
BIN_DEBUG    = $(shell $(SWIFT) build --show-bin-path)
BIN_RELEASE  = $(shell $(SWIFT) build -c release --show-bin-path)

.PHONY: all deps build test swift-test interop docs-check demo bench fuzz release clean

all: build

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

# swift test prints its own counts; scripts/interop treats pytest's "no tests collected" as a failure.
test: build swift-test interop docs-check

swift-test:
	$(SWIFT) test

interop:
	@AIRSIGN_BIN_DIR="$(BIN_DEBUG)" scripts/interop

# The docs stay true: the generated CLI reference matches the programs, and every airsign example
# in README.md and docs/ runs as written, against the interop suite's fixtures (docs/testing.md);
# Tests/docs tests the check itself. Its own target, not an interop group: it starts fixtures
# from four groups' venvs at once.
docs-check:
	@AIRSIGN_BIN_DIR="$(BIN_DEBUG)" .venv/bin/python -m pytest -q Tests/docs
	@AIRSIGN_BIN_DIR="$(BIN_DEBUG)" scripts/gen-cli-docs --check
	@AIRSIGN_BIN_DIR="$(BIN_DEBUG)" scripts/check-docs

demo: deps
	$(SWIFT) build -c release
	@AIRSIGN_BIN_DIR="$(BIN_RELEASE)" scripts/demo

bench: deps
	@scripts/bench

# Coverage-guided fuzzing of every decoder (libFuzzer + AddressSanitizer); FUZZ_SECONDS per
# target, FUZZ_JOBS targets at a time.
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
fuzz: deps
	@scripts/fuzz --seconds $(FUZZ_SECONDS) --jobs $(FUZZ_JOBS)

release: deps
	$(SWIFT) build -c release
	@mkdir -p dist
	cp "$(BIN_RELEASE)/airsign-watch" "$(BIN_RELEASE)/airsign-signer" dist/
	@echo "release binaries in dist/"

clean:
	rm -rf .build .build-fuzz .fuzz dist demo-out
