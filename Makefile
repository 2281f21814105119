# ClusterScope: the two commands a new user needs.
#   make run    install dependencies, build, and start the program
#   make test   install dependencies, build, and run every test headless
# And to keep it installed:
#   make package                       a Debian package, ./clusterscope_VERSION_ARCH.deb (CPack)
#   make install [PREFIX=/usr/local]   install the programs, plugins, presets, docs and man page
# Builds go through CMakePresets.json (preset `dev`; `make test PRESET=asan`).

PRESET ?= dev
JOBS ?= $(shell nproc)

PREFIX ?= /usr/local

.PHONY: all deps configure build run test test-asan fuzz bench install package clean

all: build

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

run: build
	@bash scripts/run.sh build/$(PRESET) $(ARGS)

FUZZ_SECONDS ?= 20

# scripts/test.sh: the build, the unit tests, the live tests and (preset dev) the fuzzers, each timed, then a
# summary of the stages and the ten slowest tests.
# FRESH=1: the live checks measure everything anew instead of reusing the last run's measurements where nothing
# that measures changed (tests/app/runner/MeasurementStore.h).
test: configure
	@FRESH=$(FRESH) bash scripts/test.sh $(PRESET) $(JOBS) $(FUZZ_SECONDS)

test-asan:
	@$(MAKE) --no-print-directory test PRESET=asan

fuzz: deps
	@bash scripts/fuzz.sh $(FUZZ_SECONDS)

bench: build
	@bash scripts/bench.sh build/$(PRESET)

# Both build only what is installed (target cs_release: the programs, plugins and man page; no tests).
install: configure
	@cmake --build --preset $(PRESET) -j $(JOBS) --target cs_release
	@cmake --install build/$(PRESET) --prefix $(PREFIX)

# The package is written to the build folder and copied here, where `apt-get install ./clusterscope_*.deb` finds it.
package: configure
	@cmake --build --preset $(PRESET) -j $(JOBS) --target cs_release
	@cd build/$(PRESET) && cpack -G DEB
	@cp build/$(PRESET)/clusterscope_*.deb . && ls clusterscope_*.deb

clean:
	rm -rf build
