# Airsign — the README's commands. Every target installs what is missing first.
SWIFT       ?= swift
BIN_DEBUG    = $(shell $(SWIFT) build --show-bin-path)
BIN_RELEASE  = $(shell $(SWIFT) build -c release --show-bin-path)

.PHONY: all deps build test swift-test interop resource-check docs-check release-check demo bench fuzz release reproduce clean

all: build

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

# swift test prints its own counts; scripts/interop treats pytest's "no tests collected" as a failure.
test: build swift-test interop resource-check docs-check release-check

swift-test:
	$(SWIFT) test

interop:
	@AIRSIGN_BIN_DIR="$(BIN_DEBUG)" scripts/interop

# What once crashed, hung or starved a decoder, again under a time and a memory cap.
resource-check: build
	@AIRSIGN_BIN_DIR="$(BIN_DEBUG)" scripts/resource-check

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

# Both programs as single executables, both Debian packages and SHA256SUMS in dist/, built
# reproducibly from the committed tree (docs/offline-install.md).
release: deps
	@scripts/release

# Two release builds in different directories must be identical.
reproduce: deps
	@scripts/reproduce

# The release as a person carries it to an offline machine: reproducible, self-contained, runs
# with the toolchain hidden exactly as the development build does, installs into a fresh Debian.
release-check: build
	@scripts/release-check

clean:
	rm -rf .build .build-fuzz .fuzz dist demo-out
