# ClusterScope: the two commands a new user needs.
#   make run    install dependencies, build, and start the program
#   make test   install dependencies, build, and run every test headless
# Builds go through CMakePresets.json (preset `dev`; `make test PRESET=asan`).

PRESET ?= dev
JOBS ?= $(shell nproc)

.PHONY: all deps configure build run test test-asan fuzz bench clean

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

test: build
	@ctest --preset $(PRESET) -j $(JOBS)
ifeq ($(PRESET),dev)
	@bash scripts/fuzz.sh $(FUZZ_SECONDS)
endif

test-asan:
	@$(MAKE) --no-print-directory test PRESET=asan

fuzz: deps
	@bash scripts/fuzz.sh $(FUZZ_SECONDS)

bench: build
	@bash scripts/bench.sh build/$(PRESET)

clean:
	rm -rf build
