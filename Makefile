# Flint: `make run` and `make test` do everything on a fresh Debian machine with Swift.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FLINT_DEBUG ?= .build/debug/flint

PREFIX ?= /usr/local
DESTDIR ?=
DIST_DIR := dist/$(shell Scripts/dist.sh --name)

.PHONY: deps dist-deps build run test test-dist dist install bench fuzz fuzz-deps clean

# Install the system packages Flint links against (libpcre2-dev, zlib1g-dev, libedit-dev, libyaml-dev,
# pkg-config), libz3-dev (z3.h for `flint diff`, whose libz3.so is loaded at run time, never linked),
# libjs-codemirror (Debian's CodeMirror, embedded in `flint serve`'s page at build time by
# Plugins/EmbedCodeMirror),
# those `make dist` needs for its static link (the four above ship their archives; libedit's own
# dependencies come from libbsd-dev, libmd-dev and libncurses-dev; binutils reads and strips the
# binary; libstdc++'s archive comes with libstdc++-12-dev, which the Swift toolchain already needs),
# and for the tests tmux (the terminal test of `flint repl` drives it), chromium (the HTML
# coverage page is checked in headless Chromium) and chromium-driver with python3-selenium (the
# browser test of `flint serve`): only those missing, with one apt-get run.
# `make dist` asks only for the build packages (dist-deps).
APT_BUILD_CHECKS = \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists libpcre2-8 2>/dev/null || missing="$$missing libpcre2-dev"; \
	pkg-config --exists zlib 2>/dev/null || missing="$$missing zlib1g-dev"; \
	pkg-config --exists libedit 2>/dev/null || missing="$$missing libedit-dev"; \
	pkg-config --exists yaml-0.1 2>/dev/null || missing="$$missing libyaml-dev"; \
	installed() { dpkg-query -W -f='$${Status}' "$$1" 2>/dev/null | grep -q 'ok installed'; }; \
	installed libbsd-dev || missing="$$missing libbsd-dev"; \
	installed libmd-dev || missing="$$missing libmd-dev"; \
	installed libncurses-dev || missing="$$missing libncurses-dev"; \
	installed binutils || missing="$$missing binutils"; \
	installed libz3-dev || missing="$$missing libz3-dev"; \
	installed libjs-codemirror || missing="$$missing libjs-codemirror";
APT_TEST_CHECKS = \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null 2>&1 || missing="$$missing chromium-driver"; \
	/usr/bin/python3 -c 'import selenium' >/dev/null 2>&1 || missing="$$missing python3-selenium";
APT_INSTALL = \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi

deps:
	@missing=""; $(APT_BUILD_CHECKS) $(APT_TEST_CHECKS) $(APT_INSTALL)

dist-deps:
	@missing=""; $(APT_BUILD_CHECKS) $(APT_INSTALL)

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
	$(FLINT_DEBUG) test Corpus/suites/storage-uploads.yaml
	-cd Corpus/sample && ../../$(FLINT_DEBUG) query --data data.json --auth '{"uid": "alice"}' \
	  'collection("clubs").orderBy("name")'
	cd Corpus/sample && ../../$(FLINT_DEBUG) query --data data.json --auth '{"uid": "alice"}' \
	  'collection("clubs").where("visibility", "==", "public").orderBy("name")'
	-cd Corpus/sample && ../../$(FLINT_DEBUG) indexes --check queries.txt
	cd Corpus/sample && ../../$(FLINT_DEBUG) indexes queries.txt > /dev/null
	cd Corpus/repl && ../../$(FLINT_DEBUG) repl < sample-session.txt

# Then `flint serve` in headless Chromium (Tests/Browser/serve_test.py, Debian's python3-selenium,
# hence /usr/bin/python3; it rewrites the README's screenshot Docs/images/serve.png); then the
# example rules-test package a user copies (Examples/RulesTests, its own .build), so the Swift API
# stays usable from outside the package; then the shipped binary (test-dist).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	/usr/bin/python3 Tests/Browser/serve_test.py $(FLINT_DEBUG) Docs/images/serve.png
	cd Examples/RulesTests && $(SWIFT) test
	$(MAKE) --no-print-directory test-dist

# A release flint that needs only glibc: the Swift runtime, Foundation, PCRE2, zlib, libyaml, libedit (with
# libtinfo, libbsd, libmd) and libstdc++ linked statically, in its own build folder (.build/dist),
# then $(DIST_DIR).tar.gz with the binary, its man page (flint.1, generated from the argument
# parser's help), a README and the licences; prints the archive's SHA-256. See Scripts/dist.sh.
dist: dist-deps
	SWIFT=$(SWIFT) Scripts/dist.sh

# Installs what `make dist` built (and builds nothing): $(PREFIX)/bin/flint and
# $(PREFIX)/share/man/man1/flint.1, under $(DESTDIR) when given.
install:
	@test -x $(DIST_DIR)/flint -a -f $(DIST_DIR)/flint.1 || { \
	  echo "install: $(DIST_DIR)/flint is missing: run 'make dist' first"; exit 1; }
	@commit=$$(git rev-parse --short=12 HEAD 2>/dev/null) || exit 0; \
	  $(DIST_DIR)/flint --version | grep -q "(commit $$commit" || \
	  echo "install: warning: $(DIST_DIR)/flint was not built from HEAD ($$commit): 'make dist' rebuilds it"
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1"
	install -m 755 $(DIST_DIR)/flint "$(DESTDIR)$(PREFIX)/bin/flint"
	install -m 644 $(DIST_DIR)/flint.1 "$(DESTDIR)$(PREFIX)/share/man/man1/flint.1"

# The dist archive and `make install` checked end to end (Tests/dist/test-dist.sh): glibc only,
# and the sample project's jobs print what the debug build prints with the toolchain hidden.
test-dist: dist
	FLINT_DEBUG=$(FLINT_DEBUG) Tests/dist/test-dist.sh

# The formatter gate (CI runs it before the tests): swift-format, shipped with the toolchain, with
# the repository's .swift-format (2 spaces, 120 columns, ordered imports, /// doc comments).
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests

# Rewrites Sources and Tests in that format.
format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format Sources Tests

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
FUZZ_TARGETS ?= rules expr suite seed query firebase manifest lsp swift typescript javascript kotlin java dart
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
	rm -rf .build Examples/RulesTests/.build dist
