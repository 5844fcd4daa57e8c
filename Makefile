# TabBarKit: `make run` starts the demo, `make test` runs every check,
# `make check` the quick ones (lint, unit and snapshot tests).
SWIFT ?= swift
RELEASE_DEMO := .build/release/tabbar-demo
# The Swift runtime linked in: a third faster start and 3 MiB less memory
# (measured by make bench) for a larger binary.
RELEASE_FLAGS := -c release --static-swift-stdlib

.PHONY: all run build test check test-external demo-outside lint docs docs-check deps test-deps \
  clean width-table fold-table screenshots bench

all: build

## Install what is missing (ncurses headers), with apt-get when root.
deps:
	@Scripts/install-deps.sh

## The same, plus tmux for the end-to-end tests.
test-deps:
	@Scripts/install-deps.sh --test

## Build the demo in release mode.
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tabbar-demo

## Build and start the demo; flags go in ARGS:
## make run ARGS="--content Examples/netease.json"
run: build
	@$(RELEASE_DEMO) $(ARGS)

## Lint, then every test: unit, snapshot and end-to-end (tmux), and the demo
## built from outside. The end-to-end tests drive the release binary that
## `make run` starts. Every step goes to the end; one closing line counts what
## passed and failed (a step that runs no test counts once when it fails).
test: SHELL := /bin/bash
test: test-deps lint docs-check build
	Scripts/check-readme.sh
	@set -o pipefail; TABBAR_DEMO="$(CURDIR)/$(RELEASE_DEMO)" $(SWIFT) test --disable-xctest \
	  2>&1 | tee .build/test.log; echo $$? > .build/test.status
	@set -o pipefail; $(MAKE) --no-print-directory test-external 2>&1 | \
	  tee .build/test-external.log; echo $$? > .build/test-external.status
	@set -o pipefail; $(MAKE) --no-print-directory demo-outside 2>&1 | \
	  tee .build/demo-outside.log; echo $$? > .build/demo-outside.status
	@Scripts/test-summary.sh .build/test.log .build/test-external.log \
	  --status .build/test.status --status .build/test-external.status \
	  --step .build/demo-outside.status

## The quick loop for an edit: lint, the DocC check, then the unit and
## snapshot tests (debug build, no release build, no tmux, no end-to-end tests),
## and the demo built from outside.
check: SHELL := /bin/bash
check: deps lint docs-check
	@mkdir -p .build; set -o pipefail; $(SWIFT) test --disable-xctest --skip EndToEndTests 2>&1 | \
	  tee .build/check.log; echo $$? > .build/check.status
	@set -o pipefail; $(MAKE) --no-print-directory demo-outside 2>&1 | \
	  tee .build/demo-outside.log; echo $$? > .build/demo-outside.status
	@Scripts/test-summary.sh .build/check.log --status .build/check.status \
	  --step .build/demo-outside.status

## An app outside the package that depends on it by path, as an adopter's
## would (Examples/Stopwatch): built in its own scratch folder (about 80 s:
## TabBarKit again, in debug) and its screen tests run. The other examples
## are targets of the package: `swift test` builds them, and the end-to-end
## tests run them.
test-external: deps
	$(SWIFT) test --disable-xctest --package-path Examples/Stopwatch \
	  --scratch-path .build/external-app

## The demo as an app like any other: its own sources (Sources/tabbar-demo,
## through a link in Tests/Fixtures/DemoFromOutside) in a package that depends
## on TabBarKit by path, so a `package` or internal symbol the demo uses fails
## this build. Its own scratch folder (a folder shared by two root packages
## reuses the other's build plan): fresh, it builds TabBarKit again in debug
## (2.5 CPU-minutes; 7 min on 2 busy cores), then seconds for an edit.
demo-outside: deps
	$(SWIFT) build --package-path Tests/Fixtures/DemoFromOutside \
	  --scratch-path .build/external-demo

## swift-format over Sources and Tests (config: .swift-format), and no
## downcast to a page or controller in the demo (Scripts/check-demo-casts.sh).
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples Package.swift \
	  Benchmarks/Package.swift Benchmarks/TabBarKitBenchmarks Benchmarks/FeedFetchers
	@Scripts/check-demo-casts.sh

## The library's DocC documentation, built and checked: any warning (a link
## to a symbol that is not public, say) fails it. About 30 s once the debug
## build is there: TabBarKit's symbol graph, then docc.
docs-check: deps
	$(SWIFT) package generate-documentation --target TabBarKit --warnings-as-errors

## The DocC site for static hosting, in .build/docs: copy the folder to a web
## server or GitHub Pages, where it is served under /$(DOCS_BASE_PATH)/
## (`make docs DOCS_BASE_PATH=name` for another path; the Swift Package Index
## builds its own copy from .spi.yml).
DOCS_BASE_PATH ?= TabBarKit
docs: deps
	$(SWIFT) package --allow-writing-to-directory .build/docs \
	  generate-documentation --target TabBarKit --warnings-as-errors --disable-indexing \
	  --transform-for-static-hosting --hosting-base-path $(DOCS_BASE_PATH) \
	  --output-path .build/docs
	@echo "docs: .build/docs (open it under /$(DOCS_BASE_PATH)/documentation/tabbarkit/)"

## Benchmarks: library micro-benchmarks and the real binary in a pty (Benchmarks/).
bench: deps
	@Benchmarks/run.sh

## Regenerate the README's text screenshots from `tabbar-demo --headless`.
screenshots: deps
	$(SWIFT) build --product tabbar-demo
	Scripts/screenshots.py .build/debug/tabbar-demo

## Regenerate the width tables from glibc's wcwidth.
width-table:
	cc -O2 -o .build/gen-width-table Scripts/gen-width-table.c
	.build/gen-width-table > Sources/TabBarKit/Rendering/TextWidth+Tables.swift

## Regenerate the search's folding table from Python's unicodedata.
fold-table:
	python3 Scripts/gen-fold-table.py > Sources/TabBarKit/Search/SearchFold+Table.swift

clean:
	rm -rf .build .build-* Benchmarks/.build
