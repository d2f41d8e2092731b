# Every target installs what it needs first, so both quick-start commands
# work on a fresh machine.
SWIFT ?= swift
BIN := .build/release/storage-rules
# Every release build links the Swift runtime and Foundation into the
# executable: `storage-rules` then starts in about 10 ms instead of 20 (no
# shared libraries to load and bind), which every run pays, a pre-commit
# hook's included. All release targets use the same flags, since SwiftPM
# rebuilds everything when they change.
RELEASE := -c release --static-swift-stdlib

.PHONY: deps build examples test bench check-allocations check-examples integration-clients integration-precommit

# $(call apt-install-missing,<pkg-config module>,<Debian packages>): installs
# the packages when pkg-config cannot find the module.
apt-install-missing = @pkg-config --exists $(1) 2>/dev/null || { \
		echo "installing $(2)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $(2); }

## Installs libpcre2-dev when pkg-config cannot find libpcre2-8.
deps:
	$(call apt-install-missing,libpcre2-8,libpcre2-dev pkg-config)

build: deps
	$(SWIFT) build $(RELEASE) --product storage-rules

## The main job: run the example rule suites, then the conformance suites.
examples: build
	$(BIN) test rules-examples
	$(BIN) test conformance

## Every test: unit and golden tests, the pre-commit hook test, the example and conformance suites,
## the allocation check of untraced decisions, then the real storage clients against the emulator.
test: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/swift-test-with-watchdog.sh
	$(MAKE) --no-print-directory integration-precommit
	$(MAKE) --no-print-directory examples
	$(MAKE) --no-print-directory check-allocations
	$(MAKE) --no-print-directory integration-clients

## Asserts that an untraced decision (`isAllowed`) allocates nothing, in a release build.
check-allocations: deps
	$(SWIFT) build $(RELEASE) --product storage-rules-allocation-check
	.build/release/storage-rules-allocation-check

## Every benchmark group; the runner group also times whole `storage-rules test` processes.
## The benchmark's emulator client uses URLSession, whose static link needs libcurl's development files.
bench: build
	$(call apt-install-missing,libcurl,libcurl4-openssl-dev)
	$(SWIFT) build $(RELEASE) --product storage-rules-bench
	.build/release/storage-rules-bench

## Real clients (google-cloud-storage, firebase-admin from PyPI in a temporary
## virtual environment) against the release-built `storage-rules serve`,
## including the SIGKILL test of `--data`.
integration-clients: build
	@Tests/Integration/clients/run.sh $(BIN)
## The pre-commit hook through the real framework (installs pre-commit from PyPI into a temporary venv).
integration-precommit:
	Tests/Integration/precommit/run.sh
