# goodorder: make test runs every check CI runs; make reproduce regenerates
# the figures and the report at the quick scale.

GO ?= go
CC ?= cc
PYTHON ?= /usr/bin/python3

.PHONY: test deps apt-install openblas check vet fmt unit reproduce reproduce-paper robustness register confirm confirm-paper bench bench-greedy bench-nn bench-sampler fuzz tools kernel notebooks kernel-conformance

# HAVE_OPENBLAS is yes when a C program links with -lopenblas (Debian
# libopenblas-dev). It is expanded when a recipe runs, after the
# openblas target has installed the library.
HAVE_OPENBLAS = $(shell printf 'int main(void){return 0;}' | $(CC) -x c - -lopenblas -o /dev/null 2>/dev/null && echo yes)
# BLASTAGS builds with OpenBLAS where it links, pure Go elsewhere;
# NBGOFLAGS does the same for the notebook kernel's go build (GOFLAGS).
BLASTAGS = $(if $(HAVE_OPENBLAS),-tags openblas,)
NBGOFLAGS = $(if $(HAVE_OPENBLAS),-tags=openblas,)
comma := ,
# The packages that call BLAS, tested in both builds.
BLASPKGS = ./ordering/... ./problems/... ./paper/...

test: deps check unit

# OPENBLAS_CORETYPE pins the kernel OpenBLAS uses in every recipe (the
# reproduction, the tests, the notebooks and both sides of a benchmark):
# float32 products round differently in each kernel, so without the pin a
# CPU whose OpenBLAS picks another kernel (SkylakeX, Cooperlake, Zen)
# writes other last bits, and in the training claims other numbers.
# Haswell is the AVX2 kernel that every x86-64 CPU with AVX2 runs; the
# report and the cache key name the kernel a run used. Override it with
# make reproduce OPENBLAS_CORETYPE=... (the results then differ).
OPENBLAS_CORETYPE ?= Haswell
export OPENBLAS_CORETYPE
# OPENBLAS_L2_SIZE, which some machines set, is left unset for every side
# alike.
unexport OPENBLAS_L2_SIZE

# BLASDEBS are what the OpenBLAS build and the Fashion-MNIST claims
# need when it is missing: a C compiler (cgo, and the HAVE_OPENBLAS check),
# libopenblas-dev, dataset-fashion-mnist, and the CA certificates the Go
# module proxy's HTTPS needs.
BLASDEBS = $(if $(shell command -v $(CC) 2>/dev/null),,gcc libc6-dev) \
	$(if $(HAVE_OPENBLAS),,libopenblas-dev) \
	$(if $(wildcard /usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz),,dataset-fashion-mnist) \
	$(if $(wildcard /etc/ssl/certs/ca-certificates.crt),,ca-certificates)

# deps installs the Debian packages the tests need when they are missing:
# jupyter nbconvert and jupyter_client (the notebook test), chromium (the
# offline HTML chart test), jupyter-notebook (the browser test; added in
# the notebooks section), slurm-wlm and munge (paper/reproduce's test of
# scripts/slurm on a one-node Slurm cluster) and BLASDEBS (the OpenBLAS
# build, tested beside the pure-Go one, and the Fashion-MNIST loader's
# test). Elsewhere see notebooks/README.md.
DEBPKGS = $(if $(shell jupyter nbconvert --version 2>/dev/null),,jupyter-nbconvert jupyter-client) \
	$(if $(shell command -v chromium 2>/dev/null),,chromium) \
	$(if $(wildcard /usr/sbin/slurmctld),,slurm-wlm) \
	$(if $(wildcard /usr/sbin/munged),,munge) \
	$(BLASDEBS)
deps: apt-install

# openblas installs BLASDEBS when they are missing (for make reproduce).
openblas:
	@$(MAKE) --no-print-directory apt-install DEBPKGS="$(BLASDEBS)"

# apt-install installs DEBPKGS with apt-get, as root or through sudo.
apt-install:
	@if [ -n "$(strip $(DEBPKGS))" ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    sudo=; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	    echo "installing $(strip $(DEBPKGS))"; \
	    $$sudo apt-get update -qq && \
	    $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(DEBPKGS); \
	  else \
	    echo "make deps: no apt-get to install $(strip $(DEBPKGS)); the tests that need them are skipped"; \
	  fi; \
	fi

check: fmt vet

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# unit also runs notebooks/notebooks_test.go, which builds the GoNB kernel
# itself and executes every notebook at GOODORDER_SCALE=smoke (it needs
# jupyter nbconvert; see notebooks/README.md). The packages that call BLAS
# are tested again in the OpenBLAS build (under CI it must link).
unit:
	$(GO) test -count=1 -timeout 60m ./...
	@# The balancing kernels keep Run's bits where the compiler may fuse
	@# multiply-adds too (GOAMD64=v3; ordering/balance_kernel_fma.go).
	@if grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo; then \
	  echo "GOAMD64=v3 $(GO) test -count=1 -run 'Kernel|Pair32|PairBalance32|Sampler' ./ordering"; \
	  GOAMD64=v3 $(GO) test -count=1 -run 'Kernel|Pair32|PairBalance32|Sampler' ./ordering; \
	fi
	@if [ -n "$(HAVE_OPENBLAS)" ]; then \
	  echo "$(GO) test -count=1 -tags openblas $(BLASPKGS)"; \
	  $(GO) test -count=1 -timeout 60m -tags openblas $(BLASPKGS); \
	elif [ -n "$$CI" ]; then echo "make unit: libopenblas-dev is missing under CI"; exit 1; \
	else echo "make unit: no libopenblas-dev; the OpenBLAS build is not tested"; fi

# reproduce is the main job: every claim and figure at the quick scale
# (the default scale's protocols, the costliest claims run smaller),
# built with OpenBLAS (installed from Debian when missing; pure Go where it
# cannot be). ARGS passes flags, e.g. make reproduce ARGS='-only table-1'.
# reproduce-paper adds the claims that run at the paper scale only: the
# Table 1 study (tuned rates, 5 seeds, the sweep), Table 1 at the paper's
# rates with the CNN on all of Fashion-MNIST, and order-matters on the
# study's runs (their measured times are in paper/README.md); finished runs
# are cached, so an interrupted run resumes.
reproduce: openblas
	$(GO) run $(BLASTAGS) ./paper/reproduce $(ARGS)

reproduce-paper: openblas
	$(GO) run $(BLASTAGS) ./paper/reproduce -scale paper -only table-1-study,table-1-fashion,order-matters $(ARGS)

# robustness reruns every affordable claim at the default scale with base
# seeds 1 to 5 (a few minutes on 2 cores, finished runs cached) and writes
# figures/results/robustness.json, which the report reads: per claim,
# whether its verdict is stable across the seeds and the spread of its key
# number. ARGS passes flags, e.g. ARGS='-scale smoke'.
robustness: openblas
	$(GO) run $(BLASTAGS) ./paper/reproduce -seeds 1,2,3,4,5 $(ARGS)

# register writes paper/PREREGISTRATION.md: each claim's rule, the hash of
# its judging code and rule, and the runs per cell the power analysis of
# the exploratory seeds (figures/results/robustness.json) asks for within
# the confirmatory pass's budget. Commit it before any confirmatory run.
# confirm runs the confirmatory pass at the default scale (at most 45
# minutes on 2 cores), confirm-paper its paper-scale part (Table 1 on
# Fashion-MNIST, the study, order-matters: at most 2 hours): each claim
# once, with base seed 1001, which no run had used, at its registered runs,
# judged by its registered rule; they refuse to run a claim whose rule has
# changed since the registration. Both resume from the cache and from
# figures/results/confirm.json after an interruption.
register: openblas
	$(GO) run $(BLASTAGS) ./paper/reproduce -register $(ARGS)

confirm: openblas
	$(GO) run $(BLASTAGS) ./paper/reproduce -confirm $(ARGS)

confirm-paper: openblas
	$(GO) run $(BLASTAGS) ./paper/reproduce -confirm -scale paper $(ARGS)

# bench runs every benchmark in the default build. bench-greedy and
# bench-nn print the ratios against the fastest peers, measured in one run
# (numpy's Gram-path greedy; PyTorch's MLP and CNN epochs at their best
# thread count), in both builds; bench-sampler puts the Sampler's pair
# and mean balancing (SAMPLERORDERS; share of the MLP's float32 training
# step at batch 64, five runs, one observation per batch and one per
# example with the per-example gradients' cost) beside the same rules
# written in PyTorch on PyTorch's own step, with each side's CPU and
# OpenBLAS kernel. They need Debian's python3-numpy and python3-torch. Run
# them on an otherwise idle machine.
bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

NPY ?= /tmp/goodorder-greedy.npy
bench-greedy: openblas
	@echo "== pure Go"
	$(GO) test ./ordering -run='^$$' -bench='Greedy32' -benchtime=3x -npy=$(NPY) | \
	  $(PYTHON) scripts/numpy_greedy.py $(NPY)
	@echo "== OpenBLAS"
	$(GO) test $(BLASTAGS) ./ordering -run='^$$' -bench='Greedy32' -benchtime=3x | \
	  $(PYTHON) scripts/numpy_greedy.py $(NPY)
	rm -f $(NPY)

SAMPLERORDERS = pair-balance-32|mean-balance-32|pair-balance|mean-balance
bench-sampler: openblas
	$(GO) test $(BLASTAGS) ./ordering -run='^$$' \
	  -bench='^BenchmarkSampler(PerExample)?$$/^($(SAMPLERORDERS))$$/^batch=64$$' -benchtime=3x -count=5 | \
	  $(PYTHON) scripts/torch_balance.py --go-bench -

bench-nn: openblas
	{ $(GO) test ./problems/nn -run='^$$' -bench='MLPEpoch$$|BatchGrads$$' -benchtime=3x && \
	  $(GO) test $(BLASTAGS) ./problems/nn -run='^$$' -bench='MLPEpoch$$|BatchGrads$$' -benchtime=3x; } | \
	  $(PYTHON) scripts/torch_mlp.py --epochs 3 --threads 1,2 --go-bench -
	{ $(GO) test ./problems/nn -run='^$$' -bench='^BenchmarkCNNEpoch$$' -benchtime=2x && \
	  $(GO) test $(BLASTAGS) ./problems/nn -run='^$$' -bench='^BenchmarkCNNEpoch$$' -benchtime=2x; } | \
	  $(PYTHON) scripts/torch_cnn.py --epochs 2 --threads 1,2 --go-bench -
	{ $(GO) test ./problems/nn -run='^$$' -bench='^BenchmarkCIFARCNNEpoch$$' -benchtime=2x && \
	  $(GO) test $(BLASTAGS) ./problems/nn -run='^$$' -bench='^BenchmarkCIFARCNNEpoch$$' -benchtime=2x; } | \
	  $(PYTHON) scripts/torch_cnn.py --cifar --epochs 2 --threads 1,2 --go-bench -
	{ $(GO) test ./problems/nn -run='^$$' -bench='^BenchmarkDeepCNNEpoch$$' -benchtime=1x && \
	  $(GO) test $(BLASTAGS) ./problems/nn -run='^$$' -bench='^BenchmarkDeepCNNEpoch$$' -benchtime=1x; } | \
	  $(PYTHON) scripts/torch_cnn.py --deep --epochs 1 --threads 1,2 --go-bench -
	{ $(GO) test ./problems/nn -run='^$$' -bench='^BenchmarkCIFARDeepCNNEpoch$$' -benchtime=1x && \
	  $(GO) test $(BLASTAGS) ./problems/nn -run='^$$' -bench='^BenchmarkCIFARDeepCNNEpoch$$' -benchtime=1x; } | \
	  $(PYTHON) scripts/torch_cnn.py --deep --cifar --epochs 1 --threads 1,2 --go-bench -

# fuzz runs every fuzz target for FUZZTIME each.
FUZZTIME ?= 30s
fuzz:
	@for pkg in ./ordering ./problems; do \
	  for f in $$($(GO) test -list='^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test $$pkg -run='^$$' -fuzz="^$$f$$" -fuzztime=$(FUZZTIME) || exit 1; \
	  done; \
	done

# Notebooks (notebooks/README.md). tools builds the tools pinned by the tool
# directives of go.mod (gonb, goimports) into ./bin; kernel also installs the
# GoNB kernelspec into $$JUPYTER_DATA_DIR (default ~/.local/share/jupyter),
# with ./bin on the kernel's PATH, for jupyter lab.
BIN := $(CURDIR)/bin
JUPYTER ?= jupyter
NOTEBOOKS ?= $(wildcard notebooks/*.ipynb)
NBTIMEOUT ?= 1800
# NB_CACHE is the cache of finished runs the notebooks share with make
# reproduce (its -cache default), e.g. make notebooks NB_CACHE=/shared/cache.
NB_CACHE ?= $(CURDIR)/.cache/reproduce

tools:
	GOBIN=$(BIN) $(GO) install tool
	$(GO) build -o $(BIN)/installkernel ./notebooks/internal/installkernel

kernel: tools
	$(BIN)/installkernel -bin $(BIN)
	@# Prebuild what the notebooks' cells compile against, so that the
	@# first cell of a fresh kernel does not build gonum/plot and the rest
	@# (in the build make jupyter and make notebooks use).
	$(GO) build -tags notebooks$(if $(HAVE_OPENBLAS),$(comma)openblas,) ./...

# The notebooks' browser test (notebooks/browser_test.go) also needs the
# classic Jupyter Notebook: make deps installs it with the rest.
DEBPKGS += $(if $(shell jupyter notebook --version 2>/dev/null),,jupyter-notebook)

.PHONY: notebooks-clean jupyter

# jupyter installs Debian's Jupyter Notebook if it is missing, installs the
# kernel (make kernel) and starts Jupyter Notebook on 127.0.0.1, serving
# notebooks/ (as root with --allow-root). Open the URL it prints. Its
# configuration (notebooks/internal/jupyter) saves the edits of a tracked
# notebook to notebooks/edits/ (git-ignored) and opens them from there, so
# that git status stays clean until make keep-notebook.
# It also installs jupyter-nbconvert (make notebooks-clean needs it; the
# jupyter-notebook package does not bring it) and shares NB_CACHE, the
# reproduce command's cache of finished runs, with the kernel
# (GOODORDER_NB_CACHE), so that a cell whose runs make reproduce or make
# notebooks made is instant.
JUPYTER_PORT ?= 8888
jupyter: kernel
	@$(JUPYTER) notebook --version >/dev/null 2>&1 || $(MAKE) --no-print-directory deps DEBPKGS=jupyter-notebook
	@$(JUPYTER) nbconvert --version >/dev/null 2>&1 || $(MAKE) --no-print-directory deps DEBPKGS=jupyter-nbconvert
	cd notebooks && GOODORDER_NB_CACHE="$(NB_CACHE)" GOFLAGS="$$GOFLAGS $(NBGOFLAGS)" \
	  GOODORDER_NB_EDITS=notebooks/edits \
	  $(JUPYTER) notebook --no-browser --ip=127.0.0.1 --port=$(JUPYTER_PORT) \
	  --config=internal/jupyter/jupyter_notebook_config.py \
	  $$([ "$$(id -u)" -eq 0 ] && echo --allow-root)

# keep-notebook keeps the edits of NB (make keep-notebook
# NB=notebooks/10-two-level-shuffling.ipynb) that make jupyter saved in
# notebooks/edits/ instead of the tracked file: it copies them over NB,
# without the outputs make notebooks-clean removes, and drops the copy.
# discard-notebook drops them (reload the page in Jupyter after either).
.PHONY: keep-notebook discard-notebook
keep-notebook:
	@[ -n "$(NB)" ] || { echo "usage: make keep-notebook NB=notebooks/<file>.ipynb"; exit 1; }
	@e=notebooks/edits/$(notdir $(NB)); [ -f "$$e" ] || { echo "no edits of $(NB) to keep ($$e is missing)"; exit 1; }; \
	cp "$$e" "$(NB)" && rm -f "$$e" && $(MAKE) --no-print-directory notebooks-clean NOTEBOOKS="$(NB)" && \
	echo "kept the edits in $(NB) (git diff shows them; make notebooks NOTEBOOKS=$(NB) reruns it before a commit)"
discard-notebook:
	@[ -n "$(NB)" ] || { echo "usage: make discard-notebook NB=notebooks/<file>.ipynb"; exit 1; }
	@rm -f notebooks/edits/$(notdir $(NB)) && echo "dropped the edits of $(NB): Jupyter opens the tracked file again"

# notebooks reruns NOTEBOOKS (default: all) in place at the quick scale,
# with the kernel installed in a temporary Jupyter data directory. The
# notebooks share the reproduce command's cache of finished runs, and build
# with OpenBLAS as make reproduce does (GOFLAGS), so a notebook reuses the
# training runs of make reproduce and shows the charts in figures/.
# STRIP_OUTPUTS removes the outputs of the cells tagged strip-output (the
# ECharts library) from a notebook, in place.
STRIP_OUTPUTS = $(JUPYTER) nbconvert --to notebook --inplace --log-level=WARN \
	--TagRemovePreprocessor.enabled=True \
	--TagRemovePreprocessor.remove_all_outputs_tags=strip-output

notebooks: tools openblas
	@data=$$(mktemp -d) && trap 'rm -rf "$$data"' EXIT && \
	export JUPYTER_DATA_DIR="$$data" GOODORDER_SCALE=quick \
	  GOODORDER_NB_CACHE="$(NB_CACHE)" GOFLAGS="$$GOFLAGS $(NBGOFLAGS)" && \
	export GOODORDER_NB_BATCH=1 && \
	$(BIN)/installkernel -bin $(BIN) && \
	for nb in $(NOTEBOOKS); do \
	  echo "== $$nb"; start=$$(date +%s); \
	  $(JUPYTER) nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=$(NBTIMEOUT) \
	    --ExecutePreprocessor.record_timing=False "$$nb" 2>"$$data/log" || \
	    { grep -Ev '^I[0-9]{4} ' "$$data/log" | tail -n 60; exit 1; }; \
	  $(STRIP_OUTPUTS) "$$nb" || exit 1; \
	  echo "   $$(($$(date +%s) - start)) s"; \
	done

# notebooks-clean removes from NOTEBOOKS saved from Jupyter, without
# running anything, the outputs of the cells tagged strip-output (the 1 MB
# ECharts library) and those GoNB's widgets leave after a slider moved
# (notebooks/internal/nbclean); the rest of each file is unchanged. An
# Explore cell saved away from its defaults needs a rerun (make notebooks).
notebooks-clean:
	@$(GO) run ./notebooks/internal/nbclean $(NOTEBOOKS) && \
	for nb in $(NOTEBOOKS); do $(STRIP_OUTPUTS) "$$nb" || exit 1; done

# kernel-conformance runs the jupyter_kernel_test suite against the kernel
# (Debian python3-jupyter-kernel-test); it is not part of make test.
kernel-conformance: tools
	@data=$$(mktemp -d) && trap 'rm -rf "$$data"' EXIT && \
	export JUPYTER_DATA_DIR="$$data" && \
	$(BIN)/installkernel -bin $(BIN) && \
	$(PYTHON) notebooks/kernel_conformance.py -v
