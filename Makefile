# Airsign — the README's commands. Every target installs what is missing first.
SWIFT       ?= swift
BIN_DEBUG    = $(shell $(SWIFT) build --show-bin-path)
BIN_RELEASE  = $(shell $(SWIFT) build -c release --show-bin-path)

.PHONY: all deps build test check lint format generated-check swift-test interop resource-check docs-check release-check demo bench fuzz release reproduce clean

all: build

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

# What CI runs (.ci/run): the quick check, then the release's.
test: check release-check

# The quick check: lint, the generated sources, build, swift test, the interop suite, the
# resource and docs checks. `make check CHAIN=stellar` (or ethereum, substrate, icp) lints,
# builds and runs only that chain's tests: its Swift tests (SWIFT_TESTS_<chain> below) and its
# interop groups (scripts/interop); the resource and docs checks cover every chain at once and
# are left out, the generated check is ICP's.
# swift test prints its own counts; a chain filter that matches no test, and pytest's "no tests
# collected", are failures.
CHAINS = stellar ethereum substrate icp
ifneq ($(CHAIN),)
ifneq ($(filter-out $(CHAINS),$(CHAIN))$(word 2,$(CHAIN)),)
$(error unknown CHAIN "$(CHAIN)": use one of $(CHAINS))
endif
check: lint $(if $(filter icp,$(CHAIN)),generated-check) build swift-test interop
else
check: lint generated-check build swift-test interop resource-check docs-check
endif

# A chain's Swift tests: its test target (Tests/Chains/<Chain>) and the suites elsewhere that
# test code only that chain uses (its address and encoding formats, its signer stores, its
# signature scheme or curve). Tests/README.md has the same table.
SWIFT_TESTS_stellar   = AirsignStellarTests AirsignEncodingTests.StrKeyTests AirsignEncodingTests.XDRTests \
                        AirsignSignerCLITests.StellarSignerCLITests AirsignSignerCLITests.StellarTokenStoreTests
SWIFT_TESTS_ethereum  = AirsignEthereumTests AirsignEncodingTests.RLPTests AirsignEncodingTests.EIP55Tests \
                        AirsignCryptoTests.KeccakTests AirsignSignerCLITests.EthereumKnowledgeStoreTests \
                        AirsignSignerCLITests.DelegateStoreTests
SWIFT_TESTS_substrate = AirsignSubstrateTests AirsignEncodingTests.SS58Tests AirsignEncodingTests.SCALETests \
                        AirsignKeysTests.SubstrateTests AirsignCryptoTests.Sr25519KnownAnswerTests \
                        AirsignCryptoTests.Sr25519PropertyTests AirsignCryptoTests.MerlinTests
SWIFT_TESTS_icp       = AirsignICPTests AirsignEncodingTests.PrincipalTests AirsignEncodingTests.LEB128Tests \
                        AirsignBLS12381Tests
# One anchored regular expression each, for `swift test --filter` (test ids read Target.Suite/test()).
SWIFT_FILTERS = $(foreach t,$(SWIFT_TESTS_$(CHAIN)),'^$(subst .,\.,$(t))[./]')

swift-test:
ifeq ($(CHAIN),)
	$(SWIFT) test
else
	@listed=$$($(SWIFT) test list) || exit 1; \
	for filter in $(SWIFT_FILTERS); do \
	  printf '%s\n' "$$listed" | grep -qE "$$filter" || { echo "swift-test: no test matches $$filter (CHAIN=$(CHAIN)): that is a failure" >&2; exit 1; }; \
	done
	$(SWIFT) test $(addprefix --filter ,$(SWIFT_FILTERS))
endif

interop:
	@AIRSIGN_BIN_DIR="$(BIN_DEBUG)" scripts/interop $(CHAIN)

# The rules and the layout of .swift-format (docs/testing.md, "Lint"); `make format` rewrites
# the tree the way lint wants it.
SWIFT_FORMAT_PATHS = Package.swift Sources Tests
lint:
	@$(SWIFT) format lint --strict --recursive --configuration .swift-format $(SWIFT_FORMAT_PATHS)

format:
	@$(SWIFT) format format --in-place --recursive --configuration .swift-format $(SWIFT_FORMAT_PATHS)

# Sources generated from committed files are what their generator writes: the ICP interfaces
# built into the signer from interfaces/icp/*.did (docs/testing.md, "Generated sources"), and
# the tests of that generator and of the script that refreshes the .did files. It runs before
# `build` in `make check`, so it installs what is missing itself (its pytest is in .venv).
generated-check: deps
	@.venv/bin/python -m pytest -q Tests/scripts
	@scripts/gen-icp-interfaces --check

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
