# Flint: `make run` and `make test` do everything on a fresh Debian machine with Swift.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FLINT_DEBUG ?= .build/debug/flint

.PHONY: deps build run test bench fuzz fuzz-deps clean

# Install the system packages Flint links against (libpcre2-dev, zlib1g-dev, libedit-dev, pkg-config) and
# tmux (the terminal test of `flint repl` drives it) and chromium (the HTML coverage page is
# checked in headless Chromium), only those missing, with one apt-get run.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists libpcre2-8 2>/dev/null || missing="$$missing libpcre2-dev"; \
	pkg-config --exists zlib 2>/dev/null || missing="$$missing zlib1g-dev"; \
	pkg-config --exists libedit 2>/dev/null || missing="$$missing libedit-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build --product flint

# The main jobs on the bundled sample project (Corpus/sample): check the rules, run the
# sample's rule tests, two queries as alice (one the rules deny, with the fix; one they allow,
# with the index it uses), then the index advisor: --check shows the one query the manifest does
# not serve and the index to add, and the plan shows the merged manifest's additions; then a
# short scripted playground session (flint repl reading Corpus/repl/sample-session.txt).
run: build
	cd Corpus/sample && ../../$(FLINT_DEBUG) check
	$(FLINT_DEBUG) test Corpus/suites/bookclub.yaml
	-cd Corpus/sample && ../../$(FLINT_DEBUG) query --data data.json --auth '{"uid": "alice"}' \
	  'collection("clubs").orderBy("name")'
	cd Corpus/sample && ../../$(FLINT_DEBUG) query --data data.json --auth '{"uid": "alice"}' \
	  'collection("clubs").where("visibility", "==", "public").orderBy("name")'
	-cd Corpus/sample && ../../$(FLINT_DEBUG) indexes --check queries.txt
	cd Corpus/sample && ../../$(FLINT_DEBUG) indexes queries.txt > /dev/null
	cd Corpus/repl && ../../$(FLINT_DEBUG) repl < sample-session.txt

# Then the example rules-test package a user copies (Examples/RulesTests, its own .build), so
# the Swift API stays usable from outside the package.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	cd Examples/RulesTests && $(SWIFT) test

# Speed goals (not timed tests): one JSON line per benchmark, then the CEL peer comparison.
bench: deps
	$(SWIFT) build -c release --product flint
	$(SWIFT) build -c release --product flint-bench
	.build/release/flint-bench
	python3 Benchmarks/compare_expr.py 100000 .build/release/flint

# Fuzzing (libFuzzer + AddressSanitizer): the package under Fuzz/ builds one target per front
# door into Fuzz/.build, then each runs FUZZ_SECONDS in turn, niced, one process at a time.
# Corpora and crash files go to Fuzz/.work/<target>/. One line per target is printed.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= rules expr suite seed query firebase manifest lsp
# swiftc keeps only the last -sanitize= it is given, and SwiftPM passes --sanitize values one
# flag each: without the combined flag last, Swift code gets AddressSanitizer but no coverage.
FUZZ_BUILD_FLAGS := --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
CLANG_RT := $(shell dirname $$(readlink -f $$(command -v swiftc)))/../lib/clang

# libFuzzer's runtime ships with the Swift toolchain (clang's compiler-rt); check it is there.
fuzz-deps: deps
	@ls $(CLANG_RT)/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 || { \
	  echo "libFuzzer runtime not found under $(CLANG_RT): install a Swift toolchain for Linux (it bundles it)"; exit 1; }

fuzz: fuzz-deps
	cd Fuzz && nice -n 19 $(SWIFT) build $(FUZZ_BUILD_FLAGS)
	Fuzz/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf .build Examples/RulesTests/.build
