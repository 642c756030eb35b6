# Flint: `make run` and `make test` do everything on a fresh Debian machine with Swift.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FLINT_DEBUG := .build/debug/flint

.PHONY: deps build run test bench clean

# Install the system packages Flint links against, only when missing.
deps:
	@if ! pkg-config --exists libpcre2-8 2>/dev/null; then \
	  echo "Installing libpcre2-dev and pkg-config..."; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libpcre2-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build --product flint

# The main job on the bundled sample project.
run: build
	cd Corpus/sample && ../../$(FLINT_DEBUG) check

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Speed goals (not timed tests): one JSON line per benchmark, then the CEL peer comparison.
bench: deps
	$(SWIFT) build -c release --product flint
	$(SWIFT) build -c release --product flint-bench
	.build/release/flint-bench
	python3 Benchmarks/compare_expr.py 100000 .build/release/flint

clean:
	rm -rf .build
