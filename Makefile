# SPDX-License-Identifier: Apache-2.0
# Top-level build for the Armv8-M debug-trace reference implementation.
# Everything is built under build/; nothing there is committed.

SHELL     := /bin/bash
BUILD     ?= build
CFG       ?= base
CC        ?= cc
CXX       ?= g++
VERILATOR ?= verilator
JOBS      ?= 2
SEEDS     ?= 40
CYCLES    ?= 100000

# ---- configurations ---------------------------------------------------------------------
# One source: configs/configs.txt (one row per configuration, one named column per RTL
# parameter) and configs/params.txt (each parameter's block and C macro), read once per
# make run by configs/configs.awk, which defines CFG_ROWS (the configurations, in order),
# CFG_PARAMS (the parameters, in order), CFG_PARAMS_<block> (itm fpb tpiu dwt),
# CFG_DEF_<param> (its C macro) and CFG_<config>.<param> (its value). The configuration tables of the docs
# (docs/{itm,fpb,tpiu,dwt}-contract.md section 1, vectors/README.md) are generated from the
# same files: make configs, make config-check (tests/config_tables.py).
CFG_SRC  := configs/params.txt configs/configs.txt
$(foreach a,$(shell awk -f configs/configs.awk $(CFG_SRC)),$(eval $(a)))
$(if $(CFG_ERROR)$(if $(CFG_ROWS),,1),$(error $(CFG_SRC): cannot read the configurations (see above)))
CFGS     := $(CFG_ROWS)
# the configurations without a TPIU or a DWT: the ITM's ATB and hardware-source port are
# ports (ITM vectors, bench rows)
ITM_CFGS := $(strip $(foreach c,$(CFG_ROWS),$(if $(filter 00,$(CFG_$(c).HasTpiu)$(CFG_$(c).HasDwt)),$(c))))
# the configurations with a DWT (make lint and synth also check dwt_top alone on them)
DWT_CFGS := $(strip $(foreach c,$(CFG_ROWS),$(if $(filter 1,$(CFG_$(c).HasDwt)),$(c))))
# $(call cfgv,CONFIG,PARAM): a value; $(call cfg_G,CONFIG,PARAMS): their -G list
cfgv        = $(CFG_$(1).$(2))
cfg_G       = $(foreach p,$(2),-G$(p)=$(call cfgv,$(1),$(p)))
itm_params  = $(call cfg_G,$(1),$(CFG_PARAMS_itm))
fpb_params  = $(call cfg_G,$(1),$(CFG_PARAMS_fpb))
tpiu_params = $(call cfg_G,$(1),$(CFG_PARAMS_tpiu))
dwt_params  = $(call cfg_G,$(1),$(CFG_PARAMS_dwt))
vl_params   = $(call cfg_G,$(1),$(CFG_PARAMS))
c_params    = $(foreach p,$(CFG_PARAMS),-D$(CFG_DEF_$(p))=$(call cfgv,$(1),$(p)))
# dwt_top's own parameters (trace_top's DWT ones without HasDwt; SecExt/Ude are FPB columns)
DWT_TOP_PARAMS = $(call cfg_G,$(1),$(filter-out HasDwt,$(CFG_PARAMS_dwt)) SecExt Ude)

# config-check: the docs' tables and this Makefile's parameter lists (CFG_DUMP, also printed
# by make config-dump) against configs/*.txt, which the script reads on its own
CFG_DUMP = echo "CFGS $(CFGS)"; echo "ITM_CFGS $(ITM_CFGS)"; echo "DWT_CFGS $(DWT_CFGS)"; \
  echo "VEC_CFGS $(VEC_CFGS)"; \
  $(foreach c,$(CFGS),echo "$(c) vl $(call vl_params,$(c))"; echo "$(c) c $(call c_params,$(c))"; \
    $(foreach b,$(CFG_BLOCKS),echo "$(c) $(b) $(call cfg_G,$(c),$(CFG_PARAMS_$(b)))";) \
    echo "$(c) dwt_top $(call DWT_TOP_PARAMS,$(c))"; echo "$(c) synth_itm $(call SYNTH_TOP_PARAMS,$(c))"; \
    echo "$(c) synth_fpb $(call FPB_SYNTH_PARAMS,$(c))"; echo "$(c) ivl $(call ivl_params,$(c))";)
.PHONY: configs config-check config-dump
configs: ## regenerate the docs' configuration tables from configs/configs.txt
	@tests/config_tables.py
config-check: ## the docs' configuration tables and the make parameter lists match configs/configs.txt; the address map's copies match trace_top's decode; configs/sweep.txt's ranges match the contracts
	@{ $(CFG_DUMP) } | tests/config_tables.py --check --make-lists -
	@tests/address_map.py --self-test
	@tests/sweep.py --check
config-dump:
	@$(CFG_DUMP)

# ---- sources ----------------------------------------------------------------------------
RTL_COMMON := rtl/common/cs_pkg.sv rtl/common/cs_fifo.sv
RTL_ITM    := $(sort $(wildcard rtl/itm/itm_pkg.sv)) $(filter-out rtl/itm/itm_pkg.sv,$(sort $(wildcard rtl/itm/*.sv)))
RTL_FPB    := rtl/fpb/fpb_pkg.sv $(filter-out rtl/fpb/fpb_pkg.sv,$(sort $(wildcard rtl/fpb/*.sv)))
RTL_TPIU   := rtl/tpiu/tpiu_pkg.sv $(filter-out rtl/tpiu/tpiu_pkg.sv,$(sort $(wildcard rtl/tpiu/*.sv)))
RTL_DWT    := rtl/dwt/dwt_pkg.sv $(filter-out rtl/dwt/dwt_pkg.sv,$(sort $(wildcard rtl/dwt/*.sv)))
RTL_TOP    := rtl/top/trace_top.sv
# the ETM (issue #23) and the two-input funnel: in trace_top with HasEtm (docs/etm-contract.md
# section 13); also linted, synthesized and smoke-tested on their own (make lint, synth-etm,
# etm-rtl-smoke)
RTL_ETM    := rtl/etm/etm_pkg.sv rtl/etm/etm_regs.sv rtl/etm/etm_acmp.sv rtl/etm/etm_q.sv rtl/etm/etm_spec.sv \
              rtl/etm/etm_gen.sv rtl/etm/etm_fifo.sv rtl/etm/etm_stall.sv rtl/etm/etm_top.sv
RTL_FUNNEL := rtl/common/cs_funnel.sv
# etm_top parameter sets checked by lint and synth: the default (full) and the corners
ETM_LINT_SETS := "64 3 12 4 1 0 0" "64 0 20 0 0 0 1" "128 1 16 1 1 1 16" "256 15 20 4 0 1 4"
RTL_SRCS   := $(RTL_COMMON) $(RTL_ITM) $(RTL_FPB) $(RTL_TPIU) $(RTL_DWT) $(RTL_FUNNEL) $(RTL_ETM) \
              $(RTL_TOP)
RTL_INC    := -Irtl/common -Irtl/itm -Irtl/fpb -Irtl/tpiu -Irtl/dwt -Irtl/etm
RTL_DIR    ?= .

GOLDEN_SRCS  := $(sort $(wildcard sim/golden/src/*.c))
GOLDEN_TESTS := $(sort $(wildcard sim/golden/tests/test_*.c))
# (tests/opencsd/etm_prog.c: the synthetic T32 program of the random ETM stimulus, random_etm.c;
# TB_DEC_SRCS: tracedump's ETMv4 decoder and deformatter, which the ETM's functional coverage
# reads the golden side's bytes with, sim/c_tb/common/fcov_etm.c)
TB_DEC_SRCS  := sim/decode/etm4dec.c sim/decode/hwsrc.c sim/decode/tpiudec.c
TB_C_SRCS    := $(sort $(wildcard sim/c_tb/common/*.c) $(wildcard sim/c_tb/trace/*.c)) \
                tests/opencsd/etm_prog.c tests/opencsd/etm_spec_pe.c $(TB_DEC_SRCS)
TB_SHIM      := sim/c_tb/trace/dut_trace.cpp
TB_TOP       := $(abspath sim/c_tb/trace/trace_tb_top.sv)

# trace_tb's C (harness and golden model) is optimized across files at link time, so the
# model's per-cycle calls between its blocks inline (docs/performance-history.md); TB_LTO= turns it off
TB_LTO      ?= -flto
TB_LTO_LINK  = $(if $(TB_LTO),-flto=1)
# and compiled at -O3 after CFLAGS (docs/performance-history.md, issue #22: 5 % fewer instructions a
# golden cycle than -O2 on base); TB_OPT= leaves CFLAGS' level
TB_OPT      ?= -O3
CWARN   := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CFLAGS  ?= -O2 -g
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VL_INC  := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
# The Verilated top is the harness wrapper trace_tb_top (trace_top + trace-only inputs), class
# Vtrace_tb_top.
# --unroll-count 256: the per-port register loops of a 256-port ITM stay unrolled (with the
# default of 64 the max configuration simulates about 10x slower; see make bench).
# -MAKEFLAGS OPT_FAST=-O2: Verilator's make compiles the model's per-cycle code with its
# OPT_FAST (-Os by default), placed after -CFLAGS, so -CFLAGS -O2 alone left it at -Os;
# at -O2 base runs about 1.5-2x and dwt about 1.25x faster (docs/performance-history.md, issue #22 item 1).
VL_FLAGS := --cc --top-module trace_tb_top --prefix Vtrace_tb_top --trace-fst --assert --x-assign unique \
            --x-initial unique -Wall -Wno-fatal -O3 --unroll-count 256 --savable --build -j $(JOBS) \
            -CFLAGS -O2 -MAKEFLAGS OPT_FAST=-O2 $(RTL_INC)

.DEFAULT_GOAL := help
.PHONY: help deps lint synth iverilog golden-test golden-asan tb sim test scenarios random \
        fast-path-test \
        broken-rtl mutate bench bench-harness clean wave wave-test

help: ## show this help
	@echo "Start here:"
	@echo "  make deps      install the tools (Debian 12, as root)"
	@echo "  make sim       the whole system once: firmware-like trace on CFG=full (ITM, DWT, TPIU),"
	@echo "                 RTL vs golden model in lockstep, the SWO pin decoded back (< 1 min);"
	@echo "                 PASS means the RTL and the model agreed on every output in every cycle"
	@echo "  make test      everything CI runs (~20 min): one line per stage, logs in $(BUILD)/logs/"
	@echo "  docs/architecture.md: what runs where (stimulus, driver, both models, comparison, reports)"
	@echo ""
	@echo "Targets:"
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | awk -F"\t" '{printf "  %-13s %s\n", $$1, $$2}'
	@echo ""
	@echo "Variables (make VAR=value TARGET; now:):"
	@echo "  CFG=$(CFG)       the configuration of make tb and make sim CFG=x (one of $(CFGS));"
	@echo "                 make sim without it: $(SIM_CFG)"
	@echo "  BUILD=$(BUILD)    where everything is built and every log, report and wave goes"
	@echo "                 (nothing there is committed); a second BUILD keeps two builds apart"
	@echo "  RTL_DIR=$(RTL_DIR)      the tree whose rtl/ the harness is Verilated from (the mutant runs"
	@echo "                 point it at a mutated copy); the C always comes from this tree"
	@echo "  JOBS=$(JOBS)         parallel jobs of the Verilator builds, vectors-check, vectors-mutate,"
	@echo "                 vectors-score and bench (JOBS=1 on a shared machine; make -j is separate)"
	@echo "  SEEDS=$(SEEDS), CYCLES=$(CYCLES)   make random: seeds per configuration, cycles per seed"
	@echo "  SIM_SCN=FILE   the scenario of make sim (now $(SIM_SCN))"
	@echo "  SWEEP_SEEDS=$(SWEEP_SEEDS), SWEEP_CYCLES=$(SWEEP_CYCLES)   make sweep: random seeds and cycles per point;"
	@echo "                 SWEEP_ONLY=\"Param Param=value\" only those points (configs/sweep.txt,"
	@echo "                 tests/sweep.py --list); SWEEP_RELAXED=1 passes scenarios written"
	@echo "                 for other values (a failed check, models agreeing); JOBS points at once"

deps: ## install the Debian packages the project needs (run as root)
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq verilator iverilog yosys gtkwave \
	    zlib1g-dev build-essential python3 lcov clang libclang-rt-14-dev \
	    libzip-dev sigrok-cli libopencsd-dev unzip cvc4 >/dev/null
	@$(VERILATOR) --version; iverilog -V 2>&1 | head -1; yosys -V; cvc4 --version | head -1

# ---- golden model -----------------------------------------------------------------------
$(BUILD)/golden/%.o: sim/golden/src/%.c $(wildcard sim/golden/include/*.h) | $(BUILD)/golden
	$(CC) $(CWARN) $(CFLAGS) -Isim/golden/include -c $< -o $@
$(BUILD)/golden/libgolden.a: $(patsubst sim/golden/src/%.c,$(BUILD)/golden/%.o,$(GOLDEN_SRCS))
	ar rcs $@ $^
$(BUILD)/golden/tests/%: sim/golden/tests/%.c sim/golden/tests/check.h sim/golden/tests/check_msg.h sim/golden/tests/test_rnd.h $(BUILD)/golden/libgolden.a | $(BUILD)/golden/tests
	$(CC) $(CWARN) $(CFLAGS) -Isim/golden/include $< $(BUILD)/golden/libgolden.a -o $@
$(BUILD)/golden $(BUILD)/golden/tests $(BUILD)/asan:
	mkdir -p $@

golden-test: $(patsubst sim/golden/tests/%.c,$(BUILD)/golden/tests/%,$(GOLDEN_TESTS)) ## golden-model unit tests
	@set -e; for t in $^; do echo "== $$t"; $$t; done
	@$(MAKE) --no-print-directory fast-path-test

# The golden model's fast paths against the full evaluation on every directed scenario, in
# every configuration (tests/unit/fast_scn.c; random stimulus: test_sys_fast). Only
# fast_scn.c is built per configuration; the driver's C and libgolden.a once.
FAST_SCN_C   := $(addprefix sim/c_tb/common/,driver.c scenario.c scen_cfg.c log.c)
FAST_SCN_HDR := $(wildcard sim/golden/include/*.h sim/c_tb/common/*.h)
.SECONDARY: $(FAST_SCN_C:sim/c_tb/common/%.c=$(BUILD)/fastscn/obj/%.o)
$(BUILD)/fastscn/obj/%.o: sim/c_tb/common/%.c $(FAST_SCN_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) -Isim/golden/include -Isim/c_tb/common -c $< -o $@
$(BUILD)/fastscn/%/fast_scn: tests/unit/fast_scn.c $(FAST_SCN_C:sim/c_tb/common/%.c=$(BUILD)/fastscn/obj/%.o) \
                             $(BUILD)/golden/libgolden.a $(FAST_SCN_HDR)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(call c_params,$*) -Isim/golden/include -Isim/c_tb/common \
	    $(filter %.c %.o %.a,$^) -o $@
fast-path-test: $(foreach c,$(CFGS),$(BUILD)/fastscn/$(c)/fast_scn) ## golden model: fast paths = full evaluation on every scenario, every configuration
	@set -e; for c in $(CFGS); do echo "== fast_scn $$c"; \
	  $(BUILD)/fastscn/$$c/fast_scn --quiet scenarios/*.scn; done

golden-asan: | $(BUILD)/asan ## golden-model unit tests under ASan+UBSan
	@set -e; for t in $(GOLDEN_TESTS); do n=$$(basename $$t .c); \
	  $(CC) $(CWARN) -O1 -g $(SAN) -Isim/golden/include $$t $(GOLDEN_SRCS) -o $(BUILD)/asan/$$n; \
	  echo "== asan $$n"; $(BUILD)/asan/$$n; done

# ---- Verilated model + harness, one per configuration -----------------------------------
# $(call TB_RULES,CONFIG,BUILD_ROOT,RTL_ROOT,VLT): the model of the RTL tree RTL_ROOT (laid out
# as rtl/: common/ itm/ fpb/ tpiu/ dwt/ etm/ top/) in BUILD_ROOT/vl/CONFIG, the harness in
# BUILD_ROOT/tb/CONFIG/trace_tb. The shim records RTL_ROOT and a content hash of its sources
# (sha256 of `sha256sum` over their paths relative to RTL_ROOT; --print-config and every
# report print them). --savable: the harness checkpoints the model (wave replays start near
# the failure, trace_tb_ckpt.c).
# tb_rtl_srcs: the sources of a tree, in compile order (as RTL_SRCS for rtl/)
tb_rtl_srcs = $(1)/common/cs_pkg.sv $(1)/common/cs_fifo.sv $(wildcard $(1)/itm/itm_pkg.sv) \
  $(filter-out $(1)/itm/itm_pkg.sv,$(sort $(wildcard $(1)/itm/*.sv))) \
  $(foreach b,fpb tpiu dwt,$(1)/$(b)/$(b)_pkg.sv \
    $(filter-out $(1)/$(b)/$(b)_pkg.sv,$(sort $(wildcard $(1)/$(b)/*.sv)))) \
  $(1)/common/cs_funnel.sv $(1)/etm/etm_pkg.sv \
  $(filter-out $(1)/etm/etm_pkg.sv,$(sort $(wildcard $(1)/etm/*.sv))) \
  $(1)/top/trace_top.sv
tb_rtl_hash = cd $(1) && sha256sum $(patsubst $(1)/%,%,$(call tb_rtl_srcs,$(1))) | sha256sum | \
  cut -c1-16
# (the tree's own include directories, not rtl/'s)
TB_VL_FLAGS = $(filter-out $(RTL_INC),$(VL_FLAGS))
# what the flags stamp records: not the build's -j (JOBS)
TB_VL_STAMP = $(strip $(filter-out -j $(JOBS),$(TB_VL_FLAGS)) $(call vl_params,$(1)) $(2))
define TB_RULES
$(2)/vl/$(1)/Vtrace_tb_top__ALL.a: $(call tb_rtl_srcs,$(3)) $(TB_TOP) $(2)/vl/$(1)/vl_flags.txt
	@mkdir -p $(2)/vl/$(1)
	@test -n "$(call tb_rtl_srcs,$(3))" && for f in $(call tb_rtl_srcs,$(3)); do \
	  test -f $$$$f || { echo "tb: RTL tree $(3): missing $$$$f"; exit 1; }; done
	$(VERILATOR) $(TB_VL_FLAGS) $(foreach d,common itm fpb tpiu dwt etm,-I$(3)/$(d)) $(call vl_params,$(1)) \
	    --Mdir $(abspath $(2)/vl/$(1)) $(4) $(call tb_rtl_srcs,$(3)) $(TB_TOP) \
	    > $(abspath $(2)/vl/$(1))/verilator.log 2>&1 || \
	    { cat $(abspath $(2)/vl/$(1))/verilator.log; exit 1; }
	$(MAKE) -s -C $(2)/vl/$(1) -f Vtrace_tb_top.mk verilated.o verilated_fst_c.o verilated_threads.o \
	    > /dev/null
# the flags the model was Verilated with: a change (e.g. --savable added) rebuilds it
$(2)/vl/$(1)/vl_flags.txt: tb-flags-force
	@mkdir -p $$(@D); echo '$(call TB_VL_STAMP,$(1),$(4))' | cmp -s - $$@ || \
	  echo '$(call TB_VL_STAMP,$(1),$(4))' > $$@
$(2)/tb/$(1)/dut_trace.o: $(TB_SHIM) $(2)/vl/$(1)/Vtrace_tb_top__ALL.a sim/c_tb/common/dut_trace.h \
                            sim/golden/include/itm_model.h
	@mkdir -p $(2)/tb/$(1)
	$(CXX) -O2 -g -std=c++17 -I$(2)/vl/$(1) -I$(VL_INC) -I$(VL_INC)/vltstd -Isim/c_tb/common \
	    -Isim/golden/include -DDUT_RTL_PATH='"$(3)"' -DDUT_RTL_HASH="\"$$$$($(call tb_rtl_hash,$(3)))\"" \
	    -c $(TB_SHIM) -o $$@
$(2)/tb/$(1)/obj/%.o: %.c $(wildcard sim/c_tb/common/*.h sim/c_tb/trace/*.h sim/golden/include/*.h)
	@mkdir -p $$(dir $$@)
	$(CC) $(CWARN) $(CFLAGS) $(TB_OPT) $(TB_LTO) $(call c_params,$(1)) -Isim/golden/include -Isim/c_tb/common -c $$< -o $$@
$(2)/tb/$(1)/trace_tb: $(patsubst %.c,$(2)/tb/$(1)/obj/%.o,$(TB_C_SRCS) $(GOLDEN_SRCS)) \
                         $(2)/tb/$(1)/dut_trace.o
	$(CXX) $(TB_LTO_LINK) -o $$@ $$^ $(2)/vl/$(1)/Vtrace_tb_top__ALL.a $(2)/vl/$(1)/verilated.o \
	    $(2)/vl/$(1)/verilated_fst_c.o $(2)/vl/$(1)/verilated_threads.o -lzip -lz -lpthread
endef
.PHONY: tb-flags-force
# RTL_DIR (the tests' mutants): a copy of the project root, its rtl/ and lint/ used
$(foreach c,$(CFGS),$(eval $(call TB_RULES,$(c),$(BUILD),$(abspath $(RTL_DIR))/rtl,\
  $(abspath $(RTL_DIR))/lint/verilator.vlt)))
# A parameter-sweep point (make sweep, tests/sweep.py) is built like a configuration of its
# own: make SWEEP_POINT=NAME SWEEP_VALUES="Param=value ..." BUILD=$(BUILD)/sweep
# $(BUILD)/sweep/tb/NAME/trace_tb (every parameter of configs/params.txt given).
ifneq ($(SWEEP_POINT),)
$(if $(filter $(SWEEP_POINT),$(CFGS)),$(error SWEEP_POINT=$(SWEEP_POINT) is a built-in configuration))
$(foreach pv,$(SWEEP_VALUES),$(eval CFG_$(SWEEP_POINT).$(firstword $(subst =, ,$(pv))):=$(lastword $(subst =, ,$(pv)))))
$(eval $(call TB_RULES,$(SWEEP_POINT),$(BUILD),$(abspath $(RTL_DIR))/rtl,$(abspath $(RTL_DIR))/lint/verilator.vlt))
endif

# make tb RTL=DIR: the harness against the RTL tree DIR (a copy of rtl/, edited) in
# $(BUILD)/rtl-HASH (HASH: of DIR's absolute path), so each tree keeps its own build and the
# default one (build/tb/CFG) is never replaced; edits in DIR rebuild it.
TB_RTL_ABS  := $(if $(RTL),$(abspath $(RTL)))
TB_RTL_KEY  := $(if $(RTL),rtl-$(shell printf %s '$(TB_RTL_ABS)' | sha256sum | cut -c1-10))
TB_OUT      := $(if $(RTL),$(BUILD)/$(TB_RTL_KEY),$(BUILD))
$(if $(RTL),$(if $(wildcard $(TB_RTL_ABS)/top/trace_top.sv),,\
  $(error RTL=$(RTL): no top/trace_top.sv there (RTL= names a copy of rtl/, not of the project))))
$(if $(RTL),$(foreach c,$(CFGS),\
  $(eval $(call TB_RULES,$(c),$(TB_OUT),$(TB_RTL_ABS),$(abspath lint/verilator.vlt)))))

tb: $(TB_OUT)/tb/$(CFG)/trace_tb ## build the lockstep harness for CFG; RTL=DIR: against the RTL tree DIR (kept apart in build/rtl-HASH)
	@echo "tb: $(TB_OUT)/tb/$(CFG)/trace_tb"; $(TB_OUT)/tb/$(CFG)/trace_tb --print-config

# make sim shows the whole system: without CFG= it runs the `full` configuration (ITM, DWT
# and TPIU) on scenarios/firmware.scn and decodes the captured SWO pin (tests/sim.sh);
# `make sim CFG=x` runs configuration x on its default scenario; SIM_SCN=FILE picks another.
SIM_CFG = $(if $(filter command line environment override,$(origin CFG)),$(CFG),full)
# a configuration's default scenario: default.scn unless named here (on a DWT configuration
# default.scn's `hw` line makes it skip: those run a DWT scenario that fits them)
SIM_SCN_full   := scenarios/firmware.scn
SIM_SCN_dwt    := scenarios/dwt_exctrace.scn
SIM_SCN_dwtmin := scenarios/dwt_regs_dwtmin.scn
SIM_SCN = $(or $(SIM_SCN_$(SIM_CFG)),scenarios/default.scn)
sim: $(BUILD)/tb/$(SIM_CFG)/trace_tb $(BUILD)/decode/tracedump ## the whole system on a firmware-like scenario (CFG=full), SWO pin decoded back
	@tests/sim.sh $(BUILD) $(SIM_CFG) $(SIM_SCN)

# ---- static checks ----------------------------------------------------------------------
lint: ## verilator --lint-only -Wall on each block, trace_top and the harness top, every configuration
	@set -e; for c in $(CFGS); do echo "== lint $$c"; \
	  $(VERILATOR) --lint-only -Wall --top-module itm_top $(RTL_INC) lint/verilator.vlt \
	    $$(make -s --no-print-directory itm-params-$$c) $(RTL_COMMON) $(RTL_ITM); \
	  $(VERILATOR) --lint-only -Wall --top-module fpb_top $(RTL_INC) lint/verilator.vlt \
	    $$(make -s --no-print-directory fpb-params-$$c) $(RTL_COMMON) $(RTL_FPB); \
	  $(VERILATOR) --lint-only -Wall --top-module trace_top $(RTL_INC) lint/verilator.vlt \
	    $$(make -s --no-print-directory vl-params-$$c) $(RTL_SRCS); \
	  $(VERILATOR) --lint-only -Wall --top-module trace_tb_top $(RTL_INC) lint/verilator.vlt \
	    $$(make -s --no-print-directory vl-params-$$c) $(RTL_SRCS) $(TB_TOP); done
	@echo "== lint fpb NumCode=0"; $(VERILATOR) --lint-only -Wall --top-module fpb_top $(RTL_INC) \
	    lint/verilator.vlt -GNumCode=0 $(RTL_COMMON) $(RTL_FPB)
	@set -e; for wd in "1 2 1" "2 4 3" "4 4 16" "8 16 65535"; do set -- $$wd; \
	  echo "== lint tpiu PortWidth=$$1 AtbFifoDepth=$$2 FrameIdleCycles=$$3"; \
	  $(VERILATOR) --lint-only -Wall --top-module tpiu_top $(RTL_INC) lint/verilator.vlt \
	    -GPortWidth=$$1 -GAtbFifoDepth=$$2 -GFrameIdleCycles=$$3 $(RTL_COMMON) $(RTL_TPIU); done
	@set -e; for c in $(DWT_CFGS); do echo "== lint dwt $$c"; \
	  $(VERILATOR) --lint-only -Wall --top-module dwt_top $(RTL_INC) lint/verilator.vlt \
	    $$(make -s --no-print-directory dwt-params-$$c) rtl/common/cs_pkg.sv $(RTL_DWT); done
	@echo "== lint dwt NumComp=0 DwtFifoDepth=16"; $(VERILATOR) --lint-only -Wall --top-module dwt_top \
	    $(RTL_INC) lint/verilator.vlt -GNumComp=0 -GDwtFifoDepth=16 rtl/common/cs_pkg.sv $(RTL_DWT)
	@set -e; for p in $(ETM_LINT_SETS); do set -- $$p; \
	  echo "== lint etm FifoDepth=$$1 RsDepth=$$2 CcSize=$$3 NumPc=$$4 SecExt=$$5 AtomF45=$$6 MaxSpec=$$7"; \
	  $(VERILATOR) --lint-only -Wall --top-module etm_top $(RTL_INC) lint/verilator.vlt \
	    -GFifoDepth=$$1 -GRsDepth=$$2 -GCcSize=$$3 -GNumPc=$$4 -GSecExt=$$5 -GAtomF45=$$6 -GMaxSpec=$$7 \
	    rtl/common/cs_pkg.sv $(RTL_ETM); done
	@set -e; for d in 64 128 256; do echo "== lint etm HasStall=1 FifoDepth=$$d"; \
	  $(VERILATOR) --lint-only -Wall --top-module etm_top $(RTL_INC) lint/verilator.vlt \
	    -GFifoDepth=$$d -GHasStall=1 rtl/common/cs_pkg.sv $(RTL_ETM); done
	@set -e; for n in 1 4; do echo "== lint etm NumAcPairs=$$n"; \
	  $(VERILATOR) --lint-only -Wall --top-module etm_top $(RTL_INC) lint/verilator.vlt \
	    -GNumAcPairs=$$n rtl/common/cs_pkg.sv $(RTL_ETM); done
	@set -e; for n in 0 4; do echo "== lint etm QSupp=1 NumAcPairs=$$n"; \
	  $(VERILATOR) --lint-only -Wall --top-module etm_top $(RTL_INC) lint/verilator.vlt \
	    -GQSupp=1 -GNumAcPairs=$$n rtl/common/cs_pkg.sv $(RTL_ETM); done
	@set -e; for h in 1 8 64; do echo "== lint cs_funnel FunnelHold=$$h"; \
	  $(VERILATOR) --lint-only -Wall --top-module cs_funnel $(RTL_INC) lint/verilator.vlt \
	    -GFunnelHold=$$h $(RTL_FUNNEL); done
	@# the vector replay benches (tests/vectors): plain SV with delays (--timing); the RTL has no
	@# timescale of its own, the benches do (TIMESCALEMOD)
	@set -e; $(foreach bc,itm:base dwt:dwt tpiu:full fpb:base sys:full etm:full etm:etmx etm:etmspec,$(call LINT_BENCH,$(word 1,$(subst :, ,$(bc))),$(word 2,$(subst :, ,$(bc)))))

# one replay bench linted on one configuration (the block's RTL only)
LINT_BENCH = echo "== lint $(1)_replay_tb $(2)"; $(VERILATOR) --lint-only -Wall --timing \
  -Wno-TIMESCALEMOD --top-module $(1)_replay_tb -Itests/vectors $(RTL_INC) lint/verilator.vlt \
  $(call VEC_BLK_G_$(1),$(2)) $(VEC_BLK_RTL_$(1)) tests/vectors/$(1)_replay_tb.sv;

vl-params-%:
	@echo $(call vl_params,$*)
itm-params-%:
	@echo $(call itm_params,$*)
fpb-params-%:
	@echo $(call fpb_params,$*)
# dwt_top's own parameters (DWT_TOP_PARAMS)
dwt-params-%:
	@echo $(call DWT_TOP_PARAMS,$*)

# yosys chparam of itm_top and fpb_top for a configuration (configs/configs.txt)
cfg_chparam      = $(foreach p,$(2),-set $(p) $(call cfgv,$(1),$(p)))
SYNTH_TOP_PARAMS = chparam $(call cfg_chparam,$(1),$(CFG_PARAMS_itm)) itm_top

FPB_SYNTH_PARAMS = chparam $(call cfg_chparam,$(1),$(CFG_PARAMS_fpb)) fpb_top

synth: ## yosys generic synthesis of itm_top, fpb_top (base and max), tpiu_top and dwt_top, fails on latches
	@mkdir -p $(BUILD)/synth
	@set -e; for c in base max; do echo "== synth $$c"; \
	  p=$$(make -s --no-print-directory synth-params-$$c); \
	  yosys -q -l $(BUILD)/synth/itm_$$c.log -p "read_verilog -sv -DSYNTHESIS $(RTL_INC) $(RTL_COMMON) $(RTL_ITM); \
	    $$p; synth -top itm_top; select -assert-none t:\$$dlatch t:\$$_DLATCH_* ; \
	    check -assert; tee -o $(BUILD)/synth/itm_$$c.stat stat"; \
	  grep -E 'Number of cells' $(BUILD)/synth/itm_$$c.stat | tail -1; \
	  p=$$(make -s --no-print-directory fpb-synth-params-$$c); \
	  yosys -q -l $(BUILD)/synth/fpb_$$c.log -p "read_verilog -sv -DSYNTHESIS $(RTL_INC) $(RTL_COMMON) $(RTL_FPB); \
	    $$p; synth -top fpb_top; select -assert-none t:\$$dlatch t:\$$_DLATCH_* ; \
	    check -assert; tee -o $(BUILD)/synth/fpb_$$c.stat stat"; \
	  grep -E 'Number of cells' $(BUILD)/synth/fpb_$$c.stat | tail -1; done
	@set -e; for wd in "1 2 1" "4 4 16" "8 16 65535"; do set -- $$wd; \
	  echo "== synth tpiu PortWidth=$$1 AtbFifoDepth=$$2 FrameIdleCycles=$$3"; \
	  yosys -q -l $(BUILD)/synth/tpiu_$$1_$$2.log -p "read_verilog -sv -DSYNTHESIS $(RTL_INC) $(RTL_COMMON) $(RTL_TPIU); \
	    chparam -set PortWidth $$1 -set AtbFifoDepth $$2 -set FrameIdleCycles $$3 tpiu_top; synth -top tpiu_top; \
	    select -assert-none t:\$$dlatch t:\$$_DLATCH_* ; check -assert; \
	    tee -o $(BUILD)/synth/tpiu_$$1_$$2.stat stat"; \
	  grep -E 'Number of cells' $(BUILD)/synth/tpiu_$$1_$$2.stat | tail -1; done
	@set -e; for c in $(DWT_CFGS); do echo "== synth dwt $$c"; \
	  p=$$(make -s --no-print-directory dwt-params-$$c | sed -e 's/-G\([A-Za-z]*\)=/-set \1 /g'); \
	  yosys -q -l $(BUILD)/synth/dwt_$$c.log -p "read_verilog -sv -DSYNTHESIS $(RTL_INC) rtl/common/cs_pkg.sv $(RTL_DWT); \
	    chparam $$p dwt_top; synth -top dwt_top; select -assert-none t:\$$dlatch t:\$$_DLATCH_* ; \
	    check -assert; tee -o $(BUILD)/synth/dwt_$$c.stat stat"; \
	  grep -E 'Number of cells' $(BUILD)/synth/dwt_$$c.stat | tail -1; done

synth-etm: ## yosys generic synthesis of etm_top (default parameters) and cs_funnel, fails on latches
	@mkdir -p $(BUILD)/synth
	@set -e; echo "== synth etm full"; \
	  yosys -q -l $(BUILD)/synth/etm_full.log -p "read_verilog -sv -DSYNTHESIS $(RTL_INC) \
	    rtl/common/cs_pkg.sv $(RTL_ETM); synth -top etm_top; \
	    select -assert-none t:\$$dlatch t:\$$_DLATCH_* ; check -assert; \
	    tee -o $(BUILD)/synth/etm_full.stat stat"; \
	  grep -E 'Number of cells' $(BUILD)/synth/etm_full.stat | tail -1
	@set -e; echo "== synth cs_funnel"; \
	  yosys -q -l $(BUILD)/synth/funnel.log -p "read_verilog -sv -DSYNTHESIS $(RTL_INC) \
	    $(RTL_FUNNEL); synth -top cs_funnel; select -assert-none t:\$$dlatch t:\$$_DLATCH_* ; \
	    check -assert; tee -o $(BUILD)/synth/funnel.stat stat"; \
	  grep -E 'Number of cells' $(BUILD)/synth/funnel.stat | tail -1

synth-params-%:
	@echo "$(call SYNTH_TOP_PARAMS,$*)"
fpb-synth-params-%:
	@echo "$(call FPB_SYNTH_PARAMS,$*)"

iverilog: ## the RTL compiles under Icarus Verilog -g2012; the DWT and TPIU smoke tests run there
	@mkdir -p $(BUILD)/iverilog
	@# Icarus 11 prints "sorry" notes for unique case and constant part-selects in always_*;
	@# they are informational (no effect on results), everything else is shown.
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s trace_top -o $(BUILD)/iverilog/trace_top.vvp \
	    $(RTL_SRCS) 2>&1 | { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s trace_top -P trace_top.HasTpiu=1 \
	    -o $(BUILD)/iverilog/trace_top_tpiu.vvp \
	    $(RTL_SRCS) 2>&1 | { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s trace_top -P trace_top.HasDwt=1 \
	    -P trace_top.NumComp=15 -o $(BUILD)/iverilog/trace_top_dwt.vvp \
	    $(RTL_SRCS) 2>&1 | { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s trace_top -P trace_top.HasTpiu=1 -P trace_top.HasDwt=1 \
	    -P trace_top.HasEtm=1 -o $(BUILD)/iverilog/trace_top_etm.vvp \
	    $(RTL_SRCS) 2>&1 | { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s dwt_rtl_smoke_tb -o $(BUILD)/iverilog/dwt_smoke.vvp \
	    rtl/common/cs_pkg.sv $(RTL_DWT) tests/dwt_rtl_smoke_tb.sv 2>&1 | \
	    { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@out=$$(vvp -n $(BUILD)/iverilog/dwt_smoke.vvp); echo "$$out" | tail -1; \
	  echo "$$out" | grep -q '^dwt_rtl_smoke_tb: PASS'
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s tpiu_rtl_smoke_tb -o $(BUILD)/iverilog/tpiu_smoke.vvp \
	    $(RTL_COMMON) $(RTL_TPIU) tests/tpiu_rtl_smoke_tb.sv 2>&1 | \
	    { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@# a failed RTL assertion prints ERROR: and does not stop the run
	@out=$$(vvp -n $(BUILD)/iverilog/tpiu_smoke.vvp); echo "$$out" | grep -E 'ERROR|FAIL' | head -5; \
	  echo "$$out" | tail -1; echo "$$out" | grep -q '^tpiu_rtl_smoke_tb: PASS' && \
	  ! echo "$$out" | grep -q 'ERROR'
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s etm_top -o $(BUILD)/iverilog/etm_top.vvp \
	    rtl/common/cs_pkg.sv $(RTL_ETM) 2>&1 | { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s cs_funnel -o $(BUILD)/iverilog/cs_funnel.vvp \
	    $(RTL_FUNNEL) 2>&1 | { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@echo "iverilog: trace_top (itm_top, fpb_top; with and without tpiu_top, dwt_top, etm_top and cs_funnel) compiles"
	@echo "iverilog: etm_top and cs_funnel compile (make etm-rtl-smoke runs them)"


# ETM RTL alone on the contract's worked examples E1..E5 (hand-derived bytes and cycles)
.PHONY: etm-rtl-smoke synth-etm
etm-rtl-smoke: ## etm_top under Icarus on the contract's worked examples E1-E5 (bytes, ATB cycles); cs_funnel
	@mkdir -p $(BUILD)/iverilog
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s etm_rtl_smoke_tb -o $(BUILD)/iverilog/etm_smoke.vvp \
	    rtl/common/cs_pkg.sv $(RTL_ETM) tests/etm_rtl_smoke_tb.sv 2>&1 | \
	    { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@# a failed RTL assertion prints ERROR: and does not stop the run
	@out=$$(vvp -n $(BUILD)/iverilog/etm_smoke.vvp); echo "$$out" | grep -E '^(ok|FAIL)|ERROR'; \
	  echo "$$out" | tail -1; echo "$$out" | grep -q '^etm_rtl_smoke_tb: PASS' && \
	  ! echo "$$out" | grep -q 'ERROR'
	@set -o pipefail; iverilog -g2012 $(RTL_INC) -s funnel_rtl_smoke_tb \
	    -o $(BUILD)/iverilog/funnel_smoke.vvp $(RTL_FUNNEL) tests/funnel_rtl_smoke_tb.sv 2>&1 | \
	    { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
	@out=$$(vvp -n $(BUILD)/iverilog/funnel_smoke.vvp); echo "$$out" | grep -E '^(ok|FAIL)|ERROR'; \
	  echo "$$out" | tail -1; echo "$$out" | grep -q '^funnel_rtl_smoke_tb: PASS' && \
	  ! echo "$$out" | grep -q 'ERROR'

# ---- lockstep regressions ---------------------------------------------------------------
scenarios: $(foreach c,$(CFGS),$(BUILD)/tb/$(c)/trace_tb) ## directed scenarios on every configuration; trace_tb's diagnostics
	@tests/run_scenarios.sh $(BUILD) $(CFGS)
	@tests/tb_diag.sh $(BUILD)

random: $(foreach c,$(CFGS),$(BUILD)/tb/$(c)/trace_tb) ## seeded random lockstep (SEEDS x CYCLES per config), SHARD=i/N, reports in build/reports
	@SHARD=$(SHARD) tests/run_random.sh $(BUILD) $(SEEDS) $(CYCLES) $(CFGS)

CORE_MUTANTS := prio_hw_over_stim prio_ovf_below_stim sync_keeps_page load_slot_bubble lts_tc1_lost \
                fpb_halt_ignores_sde tpiu_delayed_id_aux tpiu_manchester_polarity dwt_ir_every_instr \
                dwt_ovf_silent

broken-rtl: ## a directed scenario must catch each deliberately broken RTL variant (core mutants)
	@tests/broken_rtl.sh $(BUILD) $(CORE_MUTANTS)

mutate: ## every mutant in tests/mutants.txt, each killed by a directed scenario; reports which (slow: ~15 min)
	@tests/broken_rtl.sh $(BUILD) --all

tb-asan: ## the harness C code under ASan+UBSan, on the base config
	@tests/tb_asan.sh $(BUILD)

# ---- formal proofs (formal/run.sh, jobs in formal/jobs.txt) ------------------------------
# Property wrappers formal/*_props.sv around the RTL; Yosys 0.23 read_verilog -formal writes
# the models, yosys-smtbmc with cvc4 does the k-induction, yosys-abc the IC3/PDR and the BMC
# (SymbiYosys is not in Debian 12; Debian's z3 4.8.12 hangs on these models and its boolector
# is too old for smtbmc: README "Formal proofs"). make formal runs every job (~6 min),
# make formal-quick the quick group (~1 min, a stage of make test).
FORMAL_ENV = RTL_COMMON="$(RTL_COMMON)" RTL_ITM="$(RTL_ITM)" RTL_FPB="$(RTL_FPB)" \
             RTL_TPIU="$(RTL_TPIU)" RTL_DWT="$(RTL_DWT)" RTL_SRCS="$(RTL_SRCS)"
.PHONY: formal formal-quick
formal: ## formal proofs: FIFO, frame buffer, ATB and APB rules of every block (formal/jobs.txt, ~6 min)
	@$(FORMAL_ENV) formal/run.sh $(BUILD) --all
formal-quick: ## the quick formal proofs (~1 min; part of make test)
	@$(FORMAL_ENV) formal/run.sh $(BUILD) --quick

# ---- mismatch debugging (README "Debugging a mismatch in GTKWave") ----------------------
wave: ## open the view of the last failure (the newest last_view.txt a harness wrote under build/) in GTKWave
	@r=$$(find $(BUILD) -name last_view.txt -printf '%T@ %p\n' 2>/dev/null | sort -n | tail -1 | \
	      cut -d' ' -f2-); \
	if [ -z "$$r" ]; then echo "wave: no failure recorded under $(BUILD)/ (a failing run of a" \
	  "harness there records its view in last_view.txt beside the binary)"; exit 1; fi; \
	f=$$(cat "$$r"); echo "wave: $$f (the last failure, recorded in $$r)"; \
	if [ ! -f "$$f" ]; then echo "wave: $$f is gone"; exit 1; fi; \
	if [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then \
	  echo "wave: no display (DISPLAY is not set); on a machine with one: gtkwave $$f"; \
	else gtkwave "$$f"; fi

wave-test: $(foreach c,$(CFGS),$(BUILD)/tb/$(c)/trace_tb) ## broken RTL -> FST window, .gtkw, shrunk scenario
	@tests/wave_debug.sh $(BUILD) $(CFGS)

# ---- conformance vectors (vectors/README.md) ---------------------------------------------
# vecgen and pktdump need only the golden model and the harness's C; vecreplay is linked
# like trace_tb (per configuration); the Icarus replay bench is compiled once per configuration.
VEC_DIR      := sim/c_tb/vec
VEC_INC      := -Isim/golden/include -Isim/c_tb/common -I$(VEC_DIR) -Isim/decode
VEC_HDRS     := $(wildcard sim/golden/include/*.h sim/c_tb/common/*.h $(VEC_DIR)/*.h) sim/decode/etm4dec.h sim/decode/hwsrc.h
VEC_COMMON   := $(addprefix sim/c_tb/common/,driver.c scenario.c stream.c pktdec.c log.c)
VEC_GEN_SRCS := $(VEC_DIR)/vecgen.c $(VEC_DIR)/vecgen_blk.c $(VEC_DIR)/vecfmt.c \
                $(VEC_DIR)/vecport.c $(VEC_DIR)/vecrec.c $(VEC_COMMON) sim/c_tb/common/random.c \
                sim/c_tb/common/random_dwt.c sim/c_tb/common/random_bias.c \
                sim/c_tb/common/random_etm.c tests/opencsd/etm_prog.c tests/opencsd/etm_spec_pe.c \
                sim/c_tb/common/random_map.c sim/c_tb/common/scen_cfg.c sim/c_tb/common/pins.c \
                sim/c_tb/common/sr_write.c sim/decode/etm4dec.c sim/decode/hwsrc.c $(GOLDEN_SRCS)
VEC_DUMP_SRCS := $(VEC_DIR)/pktdump.c $(VEC_DIR)/vecfmt.c sim/c_tb/common/pktdec.c \
                 sim/c_tb/common/log.c
VEC_RPL_SRCS := $(VEC_DIR)/vecreplay.c $(VEC_DIR)/vecreplay_blk.c $(VEC_DIR)/vecfmt.c \
                $(VEC_DIR)/vecport.c $(VEC_DIR)/vecrec.c $(VEC_COMMON) sim/c_tb/common/compare.c \
                sim/c_tb/common/pins.c sim/c_tb/common/sr_write.c $(GOLDEN_SRCS)
VEC_TB       := tests/vectors/itm_replay_tb.sv
VEC_EMPTY    :=
VEC_COMMA    := ,
# NAME:P,F,H,T,G per ITM configuration: the ITM parameters of configs/params.txt, in order
VEC_CFGS      = $(foreach c,$(ITM_CFGS),$(c):$(subst $(VEC_EMPTY) $(VEC_EMPTY),$(VEC_COMMA),$(foreach p,$(CFG_PARAMS_itm),$(call cfgv,$(c),$(p)))))
ivl_params    = $(foreach p,$(CFG_PARAMS_itm),-P itm_replay_tb.$(p)=$(call cfgv,$(1),$(p)))

# vecgen takes the configuration at run time (--params, --defs); pins.c needs a port width
# only for trace_tb's captures, which vecgen does not use (it writes its own, vecgen_blk.c).
$(BUILD)/vec/vecgen: $(VEC_GEN_SRCS) $(VEC_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) -DTPIU_CFG_PORT_WIDTH=8 $(VEC_INC) $(filter %.c,$^) -o $@ -lzip
$(BUILD)/vec/pktdump: $(VEC_DUMP_SRCS) $(VEC_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(VEC_INC) $(filter %.c,$^) -o $@

define VEC_RULES
$(BUILD)/vec/$(1)/obj/%.o: %.c $(VEC_HDRS)
	@mkdir -p $$(dir $$@)
	$(CC) $(CWARN) $(CFLAGS) $(call c_params,$(1)) $(VEC_INC) -c $$< -o $$@
$(BUILD)/vec/$(1)/vecreplay: $(patsubst %.c,$(BUILD)/vec/$(1)/obj/%.o,$(VEC_RPL_SRCS)) \
                             $(BUILD)/tb/$(1)/dut_trace.o
	$(CXX) -o $$@ $$^ $(BUILD)/vl/$(1)/Vtrace_tb_top__ALL.a $(BUILD)/vl/$(1)/verilated.o \
	    $(BUILD)/vl/$(1)/verilated_fst_c.o $(BUILD)/vl/$(1)/verilated_threads.o -lzip -lz -lpthread
$(BUILD)/vec/icarus/$(1).vvp: $(VEC_TB) tests/vectors/vec_replay.svh $(RTL_SRCS)
	@mkdir -p $$(@D)
	@set -o pipefail; iverilog -g2012 -Itests/vectors $(RTL_INC) -s itm_replay_tb \
	    $(call ivl_params,$(1)) -o $$@ $(VEC_TB) $(RTL_SRCS) 2>&1 | \
	    { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
endef
$(foreach c,$(CFGS),$(eval $(call VEC_RULES,$(c))))

# The replay benches of the other blocks (tests/vectors/BLOCK_replay_tb.sv), compiled once per
# block and configuration into $(BUILD)/vec/icarus/BLOCK-CONFIG.vvp, with the parameters of
# the block's top (the vector's param lines, which the bench checks). The configurations of
# each block's vectors: VEC_BLK_CFGS_<block>.
TPIU_CFGS          := $(strip $(foreach c,$(CFG_ROWS),$(if $(filter 1,$(CFG_$(c).HasTpiu)),$(c))))
VEC_BLK_CFGS_dwt   := $(DWT_CFGS)
VEC_BLK_CFGS_tpiu  := $(TPIU_CFGS)
VEC_BLK_CFGS_fpb   := $(ITM_CFGS)
VEC_BLK_CFGS_sys   := $(TPIU_CFGS)
ETM_CFGS           := $(strip $(foreach c,$(CFG_ROWS),$(if $(filter 1,$(CFG_$(c).HasEtm)),$(c))))
VEC_BLK_CFGS_etm   := $(ETM_CFGS)
VEC_BLK_RTL_itm    := $(RTL_COMMON) $(RTL_ITM)
VEC_BLK_RTL_dwt    := rtl/common/cs_pkg.sv $(RTL_DWT)
VEC_BLK_RTL_tpiu   := $(RTL_COMMON) $(RTL_TPIU)
VEC_BLK_RTL_fpb    := $(RTL_COMMON) $(RTL_FPB)
VEC_BLK_RTL_sys    := $(RTL_SRCS)
VEC_BLK_RTL_etm    := rtl/common/cs_pkg.sv $(RTL_ETM)
VEC_BLK_G_itm       = $(call itm_params,$(1))
VEC_BLK_G_dwt       = $(call DWT_TOP_PARAMS,$(1))
VEC_BLK_G_tpiu      = $(call cfg_G,$(1),$(filter-out HasTpiu,$(CFG_PARAMS_tpiu)))
VEC_BLK_G_fpb       = $(call fpb_params,$(1))
VEC_BLK_G_sys       = $(call vl_params,$(1))
# etm_top's parameters: trace_top's EtmFifoDepth is its FifoDepth ([ETM-TOP-1]), SecExt the FPB's
VEC_BLK_G_etm       = -GFifoDepth=$(call cfgv,$(1),EtmFifoDepth) -GRsDepth=$(call cfgv,$(1),RsDepth) \
                      -GCcSize=$(call cfgv,$(1),CcSize) -GNumPc=$(call cfgv,$(1),NumPc) \
                      -GSecExt=$(call cfgv,$(1),SecExt) -GHasStall=$(call cfgv,$(1),HasStall) \
                      -GNumAcPairs=$(call cfgv,$(1),NumAcPairs) -GAtomF45=$(call cfgv,$(1),AtomF45) \
                      -GMaxSpec=$(call cfgv,$(1),MaxSpec) -GQSupp=$(call cfgv,$(1),QSupp)
VEC_BLK_VVPS       := $(foreach b,dwt tpiu fpb sys etm,$(foreach c,$(VEC_BLK_CFGS_$(b)),$(BUILD)/vec/icarus/$(b)-$(c).vvp))
define VEC_BLK_RULES
$(BUILD)/vec/icarus/$(1)-$(2).vvp: tests/vectors/$(1)_replay_tb.sv tests/vectors/vec_replay.svh $(VEC_BLK_RTL_$(1))
	@mkdir -p $$(@D)
	@set -o pipefail; iverilog -g2012 -Itests/vectors $(RTL_INC) -s $(1)_replay_tb \
	    $(subst -G,-P $(1)_replay_tb.,$(call VEC_BLK_G_$(1),$(2))) -o $$@ \
	    tests/vectors/$(1)_replay_tb.sv $(VEC_BLK_RTL_$(1)) 2>&1 | \
	    { grep -v -E 'sorry: (constant selects|Case unique)' || true; }
endef
$(foreach b,dwt tpiu fpb sys etm,$(foreach c,$(VEC_BLK_CFGS_$(b)),$(eval $(call VEC_BLK_RULES,$(b),$(c)))))

.PHONY: vectors vectors-check vectors-mutate
vectors: $(BUILD)/vec/vecgen ## regenerate vectors/ (conformance vectors of every block) from the golden model
	@tests/vectors_gen.sh --install $(BUILD)/vec/vecgen $(BUILD)/vec/gen $(VEC_CFGS)

VEC_CHECK_DEPS := $(BUILD)/vec/vecgen $(BUILD)/vec/pktdump $(BUILD)/decode/tracedump \
                  $(foreach c,$(CFGS),$(BUILD)/vec/$(c)/vecreplay) \
                  $(foreach c,$(ITM_CFGS),$(BUILD)/vec/icarus/$(c).vvp) $(VEC_BLK_VVPS) \
                  $(BUILD)/opencsd/etm_decode
vectors-check: $(VEC_CHECK_DEPS) ## vectors/ is current; rules covered; replays pass on Verilator, Icarus (both levels); variants; decoders; sigrok
	@tests/vectors_check.sh $(BUILD) $(JOBS) $(VEC_CFGS)

# Every mutant of tests/mutants.txt against the vectors of its block(s), under Icarus on a
# mutated copy of rtl/ (BUILD/vmut/NAME, the benches compiled there by the rules above);
# rewrites tests/vectors/mutant_kills.txt, the proof behind the vector citations of
# docs/rule-coverage.md (checked by vectors-check). Not part of make test: ~10 min with
# 2 jobs on an idle 2-core machine, ~25 min on a busy one. MUTANTS="a b" runs only those;
# with VMUT_MERGE=1 their lines then replace theirs in tests/vectors/mutant_kills.txt.
vectors-mutate: ## each mutant of make mutate replayed on its block's vectors (Icarus): the unkilled per block and config
	@tests/vectors_mutate.sh $(if $(VMUT_MERGE),--merge) $(BUILD) $(JOBS) $(MUTANTS)

# ---- verification at scale: coverage, fuzzing, sharded and soak runs (docs/coverage.md) --
.PHONY: unit-test fuzz fuzz-quick coverage soak merge-reports
SHARD        ?= 1/1
SOAK_SEEDS   ?= 40
SOAK_CYCLES  ?= 3000000
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := fuzz_scenario fuzz_pktdec fuzz_vector fuzz_tracedec
FUZZ_CC      ?= clang
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
                -Isim/golden/include -Isim/c_tb/common -I$(VEC_DIR)
COV_SEEDS    ?= 8
COV_CYCLES   ?= 200000
COV          := $(BUILD)/cov

unit-test: | $(BUILD)/asan ## harness unit tests (packet decoder resync, scenario byte lists and config lines, shrinking's idle tails, the output comparison's fast test), under ASan+UBSan
	$(CC) $(CWARN) -O1 -g $(SAN) -Isim/c_tb/common tests/unit/test_pktdec.c \
	    sim/c_tb/common/pktdec.c -o $(BUILD)/asan/test_pktdec
	@$(BUILD)/asan/test_pktdec
	$(CC) $(CWARN) -O1 -g $(SAN) -Isim/c_tb/common tests/unit/test_scenario.c \
	    sim/c_tb/common/scenario.c sim/c_tb/common/log.c -o $(BUILD)/asan/test_scenario
	@$(BUILD)/asan/test_scenario
	$(CC) $(CWARN) -O1 -g $(SAN) -Isim/c_tb/common -Isim/golden/include tests/unit/test_scen_cfg.c \
	    sim/c_tb/common/scen_cfg.c sim/c_tb/common/scenario.c sim/c_tb/common/log.c \
	    -o $(BUILD)/asan/test_scen_cfg
	@$(BUILD)/asan/test_scen_cfg
	$(CC) $(CWARN) -O1 -g $(SAN) -Isim/c_tb/common -Isim/golden/include tests/unit/test_shrink.c \
	    sim/c_tb/common/shrink.c -o $(BUILD)/asan/test_shrink
	@$(BUILD)/asan/test_shrink
	$(CC) $(CWARN) -O1 -g $(SAN) -Isim/c_tb/common -Isim/golden/include tests/unit/test_compare.c \
	    sim/c_tb/common/compare.c sim/c_tb/common/log.c -o $(BUILD)/asan/test_compare
	@$(BUILD)/asan/test_compare

$(BUILD)/fuzz/fuzz_scenario: fuzz/fuzz_scenario.c sim/c_tb/common/scenario.c sim/c_tb/common/log.c $(VEC_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(filter %.c,$^) -o $@
$(BUILD)/fuzz/fuzz_pktdec: fuzz/fuzz_pktdec.c sim/c_tb/common/pktdec.c $(VEC_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(filter %.c,$^) -o $@
$(BUILD)/fuzz/fuzz_vector: fuzz/fuzz_vector.c $(VEC_DIR)/vecfmt.c sim/c_tb/common/pktdec.c \
                           sim/c_tb/common/log.c $(VEC_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(filter %.c,$^) -o $@
$(BUILD)/fuzz/fuzz_tracedec: fuzz/fuzz_tracedec.c sim/decode/tpiudec.c sim/decode/swodec.c \
                             sim/decode/pardec.c sim/decode/etm4dec.c sim/decode/hwsrc.c \
                             sim/c_tb/common/pktdec.c $(VEC_HDRS) \
                             $(wildcard sim/decode/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -Isim/decode $(filter %.c,$^) -o $@

fuzz: $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS)) ## libFuzzer: scenario parser, packet decoder, vector reader, trace decoders (FUZZ_SECONDS each)
	@tests/fuzz.sh $(BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-quick: $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS)) ## the fuzz targets for 10 s each (part of make test)
	@tests/fuzz.sh $(BUILD) 10 $(FUZZ_TARGETS)

soak: $(foreach c,$(CFGS),$(BUILD)/tb/$(c)/trace_tb) ## long random runs (SOAK_SEEDS x SOAK_CYCLES per config, ~10 min), SHARD=i/N
	@SHARD=$(SHARD) SUITE=soak PROGRESS=60 tests/run_random.sh $(BUILD) $(SOAK_SEEDS) $(SOAK_CYCLES) $(CFGS)

merge-reports: ## merge the shard reports under build/reports/ into build/reports/merged.{xml,json}
	@tests/merge_reports.py $(BUILD)/reports/merged $(filter-out %/merged.json,$(wildcard $(BUILD)/reports/*.json))

# Coverage build: the same RTL Verilated with --coverage-line --coverage-toggle and the C
# compiled with --coverage, one per configuration, under build/cov/ (without --savable,
# which Verilator does not support with coverage: no checkpoints there).
define COV_RULES
$(COV)/vl/$(1)/Vtrace_tb_top__ALL.a: $(RTL_SRCS) $(TB_TOP)
	@mkdir -p $(COV)/vl/$(1)
	$(VERILATOR) $(filter-out --savable,$(VL_FLAGS)) --coverage-line --coverage-toggle $(call vl_params,$(1)) \
	    --Mdir $(abspath $(COV)/vl/$(1)) lint/verilator.vlt $(RTL_SRCS) $(TB_TOP) \
	    > $(COV)/vl/$(1)/verilator.log 2>&1 || { cat $(COV)/vl/$(1)/verilator.log; exit 1; }
	$(MAKE) -s -C $(COV)/vl/$(1) -f Vtrace_tb_top.mk verilated.o verilated_fst_c.o verilated_threads.o \
	    verilated_cov.o > /dev/null
$(COV)/tb/$(1)/%.o: sim/c_tb/trace/%.cpp $(COV)/vl/$(1)/Vtrace_tb_top__ALL.a sim/c_tb/common/dut_trace.h
	@mkdir -p $(COV)/tb/$(1)
	$(CXX) -O2 -g -std=c++17 -DVM_COVERAGE=1 -I$(COV)/vl/$(1) -I$(VL_INC) -I$(VL_INC)/vltstd \
	    -Isim/c_tb/common -Isim/golden/include -c $$< -o $$@
$(COV)/tb/$(1)/obj/%.o: %.c $(wildcard sim/c_tb/common/*.h sim/c_tb/trace/*.h sim/golden/include/*.h)
	@mkdir -p $$(dir $$@)
	$(CC) $(CWARN) -O0 -g --coverage $(call c_params,$(1)) -Isim/golden/include -Isim/c_tb/common \
	    -c $$(abspath $$<) -o $$@
$(COV)/tb/$(1)/trace_tb: $(patsubst %.c,$(COV)/tb/$(1)/obj/%.o,$(TB_C_SRCS) $(GOLDEN_SRCS)) \
                       $(COV)/tb/$(1)/dut_trace.o $(COV)/tb/$(1)/dut_cov.o
	$(CXX) --coverage -o $$@ $$^ $(COV)/vl/$(1)/Vtrace_tb_top__ALL.a $(COV)/vl/$(1)/verilated.o \
	    $(COV)/vl/$(1)/verilated_fst_c.o $(COV)/vl/$(1)/verilated_threads.o \
	    $(COV)/vl/$(1)/verilated_cov.o -lzip -lz -lpthread
endef
$(foreach c,$(CFGS),$(eval $(call COV_RULES,$(c))))

coverage: $(foreach c,$(CFGS),$(COV)/tb/$(c)/trace_tb) ## RTL line/toggle + golden gcov + functional coverage, HTML in build/coverage/html
	@tests/coverage.sh $(BUILD) $(COV_SEEDS) $(COV_CYCLES) $(CFGS)

# ---- trace decoder (sim/decode) and the closed loop stimulus -> pins -> decoder ----------
include sim/decode/decode.mk

.PHONY: tpiu-loop
tpiu-loop: $(BUILD)/tb/full/trace_tb $(BUILD)/decode/tracedump ## TPIU pins (SWO NRZ/Manchester, parallel) decoded back to the written payloads
	@tests/tpiu_loop.sh $(BUILD)

# ---- decoder scorecard (vectors/README.md "Decoder scorecard") --------------------------
# make vectors-score DECODER="command {in} {out}" [DECODER_INPUT=stream|swo|parallel]: any
# decoder over every vector (tests/score/score.py --help); without DECODER, our tracedump.
.PHONY: vectors-score score-test
vectors-score: $(BUILD)/decode/tracedump ## score a decoder on every vector: DECODER="cmd {in} {out}", DECODER_INPUT=stream|swo|parallel (default tracedump)
	@tests/score/score.py --build $(BUILD) --jobs $(JOBS) vectors
score-test: $(BUILD)/decode/tracedump ## the scorecard on tracedump: 100 % on every stream.bin and on the vectors' pin captures
	@tests/score/selftest.sh $(BUILD)

# make test: the stages in this order, each run as `make STAGE` by tests/stage.sh (one line
# per stage with its result and time, the stage's output in $(BUILD)/logs/STAGE.log, every
# stage run even after a failure; the last line is `N passed, M failed`).
TEST_STAGES = golden-test golden-asan unit-test decode-test fixture-test lint config-check mutants-apply \
              synth iverilog etm-rtl-smoke formal-quick scenarios random sweep-quick broken-rtl tpiu-loop sigrok-test opencsd-test etm-ocsd-test etm-spec-test etm-q-test etm-bw-test tb-asan \
              vectors-check score-test wave-test fuzz-quick
# The stages run in TEST_LANES lanes (tests/stage.sh), after test-prebuild has built with
# make -j$(TEST_LANES) what more than one stage uses; TEST_LANES=1: one after the other.
TEST_LANES ?= 2
test: ## everything CI runs: one line per stage, logs in build/logs/, last line "N passed, M failed"
	@MAKE="$(MAKE)" LANES=$(TEST_LANES) PREBUILD=test-prebuild tests/stage.sh $(BUILD) $(TEST_STAGES)
.PHONY: test-prebuild
test-prebuild: $(foreach c,$(CFGS),$(BUILD)/tb/$(c)/trace_tb) $(BUILD)/decode/tracedump \
               $(BUILD)/vec/pktdump $(BUILD)/vec/vecgen $(BUILD)/golden/libgolden.a

# ---- parameter sweep (configs/sweep.txt; README "Parameter sweep") ------------------------
# tests/sweep.py: for each point (one parameter at its smallest, largest and one odd value,
# on a built-in configuration), Verilator lint, Yosys synthesis of the parameter's block,
# the lockstep harness built once (the SWEEP_POINT rule above) and run on SWEEP_SEEDS random
# seeds x SWEEP_CYCLES plus every directed scenario that fits it. One line per point, logs
# in $(BUILD)/sweep/logs/. SWEEP_ONLY="Param Param=value ..." runs only those points;
# SWEEP_RELAXED=1 passes scenarios written for other values (tests/sweep.py --help). JOBS
# points run at once, each built with one job (sweep-quick: JOBS jobs, so that its third
# point uses both cores).
SWEEP_SEEDS  ?= 3
SWEEP_CYCLES ?= 5000
SWEEP_ENV = $(FORMAL_ENV) RTL_INC="$(RTL_INC)" TB_TOP="$(TB_TOP)" MAKE="$(MAKE)"
.PHONY: sweep sweep-quick sweep-scn
sweep: ## parameter sweep: each parameter at min/odd/max (configs/sweep.txt): lint, synth, lockstep (~15 min on 2 cores)
	@$(SWEEP_ENV) tests/sweep.py --build $(BUILD) --parallel $(JOBS) --jobs 1 \
	    --seeds $(SWEEP_SEEDS) --cycles $(SWEEP_CYCLES) $(if $(SWEEP_RELAXED),--relaxed) $(SWEEP_ONLY)
sweep-scn: $(BUILD)/vec/vecgen ## every scenario at every sweep point on the golden model alone: config lines fit (~4 min)
	@tests/sweep_scn.py --vecgen $(BUILD)/vec/vecgen --jobs $(JOBS) $(SWEEP_ONLY)
sweep-quick: ## the riskiest sweep points (the quick column of configs/sweep.txt; part of make test)
	@$(SWEEP_ENV) tests/sweep.py --build $(BUILD) --parallel $(JOBS) --jobs $(JOBS) --seeds 2 \
	    --cycles 5000 --quick

# ---- benchmark (README "Performance") ----------------------------------------------------
# tests/bench.sh rebuilds the Verilated model of min/base/max (timed) and a base variant
# without --trace-fst (the shim with -DDUT_NO_TRACE) into $(BUILD)/bench, linked with the
# harness objects of $(BUILD)/tb/<cfg>; it needs the make helpers vl-params-% and
# synth-params-%.
BENCH_DEPS := $(foreach c,$(CFGS),$(BUILD)/tb/$(c)/trace_tb) $(BUILD)/vec/pktdump $(BUILD)/decode/tracedump \
              $(BUILD)/vec/min/vecreplay $(BUILD)/vec/icarus/min.vvp
# The TPIU's idle-completion latency and padding, on the golden model of full ([TPIU-IDLE-3])
$(BUILD)/bench/tpiu_latency: tests/tpiu_latency.c sim/decode/tpiudec.c sim/decode/tpiudec.h \
    sim/c_tb/common/build_cfg.h $(BUILD)/golden/libgolden.a
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $(call c_params,full) -Isim/golden/include -Isim/decode \
	    -Isim/c_tb/common $(filter %.c %.a,$^) -o $@

bench: $(BENCH_DEPS) $(BUILD)/bench/tpiu_latency $(BUILD)/bench/etm_bw $(BUILD)/bench/etm_stall_bench ## throughput, tracing cost, scaling, ATB limit, decoder, synthesis (one run)
	@VERILATOR="$(VERILATOR)" VL_FLAGS="$(VL_FLAGS)" VL_INC="$(VL_INC)" CXX="$(CXX)" \
	  JOBS="$(JOBS)" RTL_SRCS="$(RTL_SRCS)" RTL_INC="$(RTL_INC)" TB_TOP="$(TB_TOP)" \
	  TB_SHIM="$(TB_SHIM)" TB_OBJS="$(patsubst %.c,%.o,$(TB_C_SRCS) $(GOLDEN_SRCS))" \
	  tests/bench.sh $(BUILD)

bench-harness: $(BUILD)/tb/base/trace_tb ## the harness rows of make bench alone (base: RTL, golden, lockstep; the models alone; tracing off; checkpoints), by time and by instructions (~5 min)
	@VERILATOR="$(VERILATOR)" VL_FLAGS="$(VL_FLAGS)" VL_INC="$(VL_INC)" CXX="$(CXX)" \
	  RTL_SRCS="$(RTL_SRCS)" TB_TOP="$(TB_TOP)" TB_SHIM="$(TB_SHIM)" \
	  TB_OBJS="$(patsubst %.c,%.o,$(TB_C_SRCS) $(GOLDEN_SRCS))" tests/bench_harness.sh $(BUILD)

clean: ## remove build/
	rm -rf $(BUILD)

c-params-%:
	@echo $(call c_params,$*)

# ---- sigrok captures (issue 18 item 3) ----
# --capture-swo FILE.sr / --capture-par FILE.sr write sigrok sessions (sim/c_tb/common/sr_write.c,
# libzip); tests/sigrok_check.sh opens them with sigrok-cli (--show, the samples) and decodes
# SWO in formatted and bypass mode with uart[,arm_tpiu],arm_itm and the parallel port with the
# parallel decoder. Needs the Debian packages libzip-dev and sigrok-cli (make deps).
.PHONY: sigrok-test
sigrok-test: $(BUILD)/tb/full/trace_tb ## sigrok session captures (.sr) opened and decoded by sigrok-cli
	@tests/sigrok_check.sh $(BUILD)

# ---- OpenCSD cross-check (issue 18 item 4) ----
# tests/opencsd/run.sh: OpenCSD's CoreSight frame deformatter (Debian libopencsd-dev, the
# library Linux perf uses) splits our TPIU's formatter output (txb_o, taken from the harness
# wave with GTKWave's fst2vcd) by trace ID, in every port mode; every ID's bytes must be the
# ATB bytes the ITM sent under it. tests/opencsd/ocsd_deframe.c drives the library's C API.
.PHONY: opencsd-test
$(BUILD)/opencsd/ocsd_deframe: tests/opencsd/ocsd_deframe.c
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) $< -o $@ -lopencsd_c_api -lopencsd
opencsd-test: $(BUILD)/tb/full/trace_tb $(BUILD)/decode/tracedump $(BUILD)/opencsd/ocsd_deframe ## TPIU frames deframed by OpenCSD: each trace ID's bytes as the ITM sent them
	@tests/opencsd/run.sh $(BUILD)

# tests/opencsd/etm_decode.c (issue 23 item 4): the golden ETM model's trace over seeded
# synthetic T32 programs (tests/opencsd/etm_prog.c), decoded by OpenCSD's ETMv4 decoder
# (Cortex-M, Armv8) with the code image; the instruction ranges, exceptions, timestamps and
# cycle counts it reconstructs must be exactly the retired path's; run once on the ETM's ATB
# bytes and once (--tpiu) through the golden funnel and TPIU, deformatted by OpenCSD.
.PHONY: etm-ocsd-test
$(BUILD)/opencsd/etm_decode: tests/opencsd/etm_decode.c tests/opencsd/etm_prog.c tests/opencsd/etm_prog.h \
                             tests/opencsd/etm_spec_pe.c tests/opencsd/etm_spec_pe.h \
                             tests/opencsd/etm_scn.c tests/opencsd/etm_scn.h tests/opencsd/etm_scnprog.c \
                             tests/opencsd/etm_scnprog.h tests/opencsd/ocsd_etm.c tests/opencsd/ocsd_etm.h \
                             $(BUILD)/golden/libgolden.a
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) -Isim/golden/include tests/opencsd/etm_decode.c tests/opencsd/etm_prog.c \
	    tests/opencsd/etm_spec_pe.c tests/opencsd/etm_scn.c tests/opencsd/etm_scnprog.c \
	    tests/opencsd/ocsd_etm.c $(BUILD)/golden/libgolden.a -o $@ -lopencsd_c_api -lopencsd
# The same runs also give the packet-level cross-check of tracedump's ETMv4 decoder
# (sim/decode/etm4dec.c): etm_decode --pkt-out writes each run's byte stream and OpenCSD's
# packet list, tests/opencsd/etm_pkt_check.py runs tracedump on the stream and compares
# packet by packet (type, fields, offsets); docs/decoder-notes.md lists OpenCSD's quirks.
ETM_PKT_DIR := $(BUILD)/opencsd/pkt
# --rtl (issue 23 item 4 on the RTL): ETM_RTL_SEEDS seeds of every configuration but the
# start/stop ones written as scenarios and run by the lockstep harness on CFG=full; OpenCSD
# deformats and decodes the RTL's TPIU formatter output (trace_tb --capture-txb). --scn: the
# directed ETM scenarios the same way, with a code image built from their pe lines.
ETM_RTL_SEEDS ?= 3
# Directed scenarios whose decoded elements the expected list of etm_scnprog.c does not model
# (docs/decoder-notes.md "The RTL's stream"): etm_e5_overflow loses events to the overflow
# (section 14 E5), etm_ts_exc has the timestamps of exception entry and return ([ETM-TS-2]).
# Their bytes are checked by their expect_etm lines and vectors etm-0005/etm-0011.
# The speculation scenarios (etm_spec_*) need MaxSpec > 0 (CFG=etmspec), not full's harness.
# --spec 4 --rtl: the speculative PE's runs on etmspec's harness (docs/etm-contract.md 18).
ETM_OCSD_SCN_UNMODELLED := scenarios/etm_e5_overflow.scn scenarios/etm_ts_exc.scn \
                           $(wildcard scenarios/etm_spec_*.scn)
# Atom formats 4/5 (section 19) on the RTL: --f45 runs of ETM_RTL_F45_SEEDS seeds on trace_tb
# of etmx (AtomF45 = 1) and the directed scenarios written for AtomF45 = 1 (etm_f45_*.scn)
ETM_RTL_F45_SEEDS ?= 1
ETM_OCSD_SCN_F45 := $(wildcard scenarios/etm_f45_*.scn)
etm-ocsd-test: $(BUILD)/opencsd/etm_decode $(BUILD)/decode/tracedump $(BUILD)/tb/full/trace_tb $(BUILD)/tb/etmx/trace_tb $(BUILD)/tb/etmspec/trace_tb ## golden and RTL ETM trace decoded by OpenCSD's ETMv4 decoder = the retired path; tracedump's ETMv4 packets = OpenCSD's
	@rm -rf $(ETM_PKT_DIR) $(ETM_PKT_DIR)-tpiu $(BUILD)/opencsd/etm-rtl $(BUILD)/opencsd/etm-rtl-etmx $(BUILD)/opencsd/etm-rtl-f45 $(BUILD)/opencsd/etm-rtl-spec && mkdir -p $(ETM_PKT_DIR) $(ETM_PKT_DIR)-tpiu $(BUILD)/opencsd/etm-rtl-etmx
	@$(BUILD)/opencsd/etm_decode --pkt-out $(ETM_PKT_DIR)
	@$(BUILD)/opencsd/etm_decode --tpiu --pkt-out $(ETM_PKT_DIR)-tpiu
	@$(BUILD)/opencsd/etm_decode --seeds $(ETM_RTL_SEEDS) --rtl $(BUILD)/tb/full/trace_tb \
	    --rtl-dir $(BUILD)/opencsd/etm-rtl
	@$(BUILD)/opencsd/etm_decode --rtl $(BUILD)/tb/full/trace_tb --rtl-dir $(BUILD)/opencsd/etm-rtl \
	    $(foreach f,$(filter-out $(ETM_OCSD_SCN_UNMODELLED) $(ETM_OCSD_SCN_F45),$(wildcard scenarios/etm_*.scn)),--scn $(f))
	@# the address-range configurations (etm-contract section 22) on the harness of etmx (whose
	@# AtomF45 is 1: --f45, so that etm_decode's own golden run packs atoms as etmx does)
	@for r in ranges ranges+bb+ts; do $(BUILD)/opencsd/etm_decode --only $$r --seeds $(ETM_RTL_SEEDS) \
	    --f45 --rtl $(BUILD)/tb/etmx/trace_tb --rtl-acpairs 4 --rtl-dir $(BUILD)/opencsd/etm-rtl-etmx \
	    || exit 1; done
	@$(BUILD)/opencsd/etm_decode --f45 --seeds $(ETM_RTL_F45_SEEDS) --rtl $(BUILD)/tb/etmx/trace_tb --rtl-acpairs 4 \
	    --rtl-dir $(BUILD)/opencsd/etm-rtl-f45
	@$(BUILD)/opencsd/etm_decode --rtl $(BUILD)/tb/etmx/trace_tb --rtl-acpairs 4 --rtl-dir $(BUILD)/opencsd/etm-rtl-f45 \
	    $(foreach f,$(ETM_OCSD_SCN_F45),--scn $(f))
	@# etmspec: MaxSpec 4 with AtomF45 1 (--f45) and 4 address comparator pairs (the range
	@# configurations run there too: etm-contract 18.6)
	@$(BUILD)/opencsd/etm_decode --spec 4 --spec-ovf --f45 --seeds $(ETM_RTL_SEEDS) --rtl $(BUILD)/tb/etmspec/trace_tb \
	    --rtl-acpairs 4 --rtl-dir $(BUILD)/opencsd/etm-rtl-spec
	@tests/opencsd/etm_pkt_check.py $(BUILD)/decode/tracedump $(ETM_PKT_DIR)
	@tests/opencsd/etm_pkt_check.py --tpiu $(BUILD)/decode/tracedump $(ETM_PKT_DIR)-tpiu

# Speculation (docs/etm-contract.md section 18, issue #24; golden model only): the speculative
# PE of tests/opencsd/etm_spec_pe.c at MaxSpec 1, 4 and 16, OpenCSD must decode the committed
# path (every configuration, the overflow ones with --spec-ovf: [ETM-SPEC-15]); tracedump's packets = OpenCSD's on the same streams (bare and through the TPIU). Then
# atom formats 4/5 (section 19, --f45): every configuration, and with speculation.
.PHONY: etm-spec-test
etm-spec-test: $(BUILD)/opencsd/etm_decode $(BUILD)/decode/tracedump ## ETM speculation and atom formats 4/5 (golden): OpenCSD decodes the committed path at MaxSpec 1/4/16 and with F4/F5; tracedump's packets = OpenCSD's
	@rm -rf $(ETM_PKT_DIR)-spec $(ETM_PKT_DIR)-spec-tpiu && mkdir -p $(ETM_PKT_DIR)-spec $(ETM_PKT_DIR)-spec-tpiu
	@$(BUILD)/opencsd/etm_decode --spec 1 --spec-ovf --seeds 5
	@$(BUILD)/opencsd/etm_decode --spec 16 --spec-ovf --seeds 5
	@$(BUILD)/opencsd/etm_decode --spec 4 --spec-ovf --seeds 5 --pkt-out $(ETM_PKT_DIR)-spec
	@$(BUILD)/opencsd/etm_decode --spec 4 --spec-ovf --seeds 2 --tpiu --pkt-out $(ETM_PKT_DIR)-spec-tpiu
	@tests/opencsd/etm_pkt_check.py $(BUILD)/decode/tracedump $(ETM_PKT_DIR)-spec
	@tests/opencsd/etm_pkt_check.py --tpiu $(BUILD)/decode/tracedump $(ETM_PKT_DIR)-spec-tpiu
	@rm -rf $(ETM_PKT_DIR)-f45 && mkdir -p $(ETM_PKT_DIR)-f45
	@$(BUILD)/opencsd/etm_decode --f45 --seeds 5 --pkt-out $(ETM_PKT_DIR)-f45
	@$(BUILD)/opencsd/etm_decode --f45 --spec 4 --spec-ovf --seeds 3
	@tests/opencsd/etm_pkt_check.py $(BUILD)/decode/tracedump $(ETM_PKT_DIR)-f45

# Q elements (docs/etm-contract.md section 20, issue #24 item 2; golden model only): OpenCSD's
# ranges consume the retired path (etm_decode --q), bare and through funnel+TPIU; tracedump's
# packets = OpenCSD's on the same streams (seconds).
.PHONY: etm-q-test
ETM_RTL_Q_SEEDS ?= 1
etm-q-test: $(BUILD)/opencsd/etm_decode $(BUILD)/decode/tracedump $(BUILD)/tb/etmx/trace_tb ## ETM Q elements (golden, and the RTL on etmx): OpenCSD decodes the Q ranges back to the retired path; tracedump's packets = OpenCSD's
	@rm -rf $(ETM_PKT_DIR)-q $(ETM_PKT_DIR)-q-tpiu && mkdir -p $(ETM_PKT_DIR)-q $(ETM_PKT_DIR)-q-tpiu
	@$(BUILD)/opencsd/etm_decode --q --seeds 4 --pkt-out $(ETM_PKT_DIR)-q
	@$(BUILD)/opencsd/etm_decode --q --seeds 2 --tpiu --pkt-out $(ETM_PKT_DIR)-q-tpiu
	@tests/opencsd/etm_pkt_check.py $(BUILD)/decode/tracedump $(ETM_PKT_DIR)-q
	@tests/opencsd/etm_pkt_check.py --tpiu $(BUILD)/decode/tracedump $(ETM_PKT_DIR)-q-tpiu
	@# the RTL (QSupp 1 on etmx, docs/etm-contract.md 20): each run in lockstep on etmx's harness,
	@# its TPIU output = the golden run's, decoded by OpenCSD back to the retired path
	@rm -rf $(BUILD)/opencsd/etm-rtl-q && mkdir -p $(BUILD)/opencsd/etm-rtl-q
	@$(BUILD)/opencsd/etm_decode --q --f45 --seeds $(ETM_RTL_Q_SEEDS) --rtl $(BUILD)/tb/etmx/trace_tb \
	    --rtl-acpairs 4 --rtl-dir $(BUILD)/opencsd/etm-rtl-q

# Every mutant still applies (tests/mutants_apply.sh, seconds): the edits of tests/mutants.txt
# and of the golden/decoder mutant scripts each change their file; a stage of make test, since
# the targets that run the mutants are not.
.PHONY: mutants-apply
mutants-apply: ## every mutant's edit (tests/mutants.txt, the ETM golden and decoder mutant scripts) still changes its file
	@tests/mutants_apply.sh

# Golden-model mutants of the speculation rules (tests/etm_spec_mutants.sh, ~3 min): each
# killed by test_etm_model S1-S6 or by OpenCSD on the speculative PE's trace.
.PHONY: etm-spec-mutants
etm-spec-mutants: ## golden mutants of the ETM speculation rules, each killed by test_etm_model or OpenCSD (~3 min)
	@tests/etm_spec_mutants.sh $(BUILD)

# Golden-model mutants of the Q element rules (tests/etm_q_mutants.sh, 20 mutants): each
# killed by test_etm_model Q1-Q8 or by OpenCSD on the Q trace (etm_decode --q).
.PHONY: etm-q-mutants
etm-q-mutants: ## golden mutants of the ETM Q element rules, each killed by test_etm_model or OpenCSD (~3 min idle)
	@tests/etm_q_mutants.sh $(BUILD)

# Mutants of the ETMv4 packet decoder (tests/etm4dec_mutants.sh), on etm-pkt-test's streams.
.PHONY: etm-dec-mutants
etm-dec-mutants: etm-pkt-test ## mutants of tracedump's ETMv4 decoder, each killed by test_etm4dec or the OpenCSD packet check
	@tests/etm4dec_mutants.sh $(BUILD)

# The packet-level check alone, on fewer runs (3 seeds of every configuration, both ways).
.PHONY: etm-pkt-test
etm-pkt-test: $(BUILD)/opencsd/etm_decode $(BUILD)/decode/tracedump ## tracedump's ETMv4 packets = OpenCSD's packet processor's, on the golden ETM's streams (raw and through the TPIU)
	@rm -rf $(ETM_PKT_DIR) $(ETM_PKT_DIR)-tpiu && mkdir -p $(ETM_PKT_DIR) $(ETM_PKT_DIR)-tpiu
	@$(BUILD)/opencsd/etm_decode --seeds 3 --pkt-out $(ETM_PKT_DIR)
	@$(BUILD)/opencsd/etm_decode --seeds 3 --tpiu --pkt-out $(ETM_PKT_DIR)-tpiu
	@tests/opencsd/etm_pkt_check.py $(BUILD)/decode/tracedump $(ETM_PKT_DIR)
	@tests/opencsd/etm_pkt_check.py --tpiu $(BUILD)/decode/tracedump $(ETM_PKT_DIR)-tpiu

# tests/opencsd/etm_bw.c (issue 23 item 5): trace bandwidth of the golden ETM on the same
# synthetic programs (bytes per instruction, address packets per indirect branch, the return
# stack's saving); no OpenCSD. make bench prints its rows; etm-bw-test is its hand-count check.
.PHONY: etm-bw etm-bw-test
$(BUILD)/bench/etm_bw: tests/opencsd/etm_bw.c tests/opencsd/etm_bw_pkt.c tests/opencsd/etm_bw_pkt.h \
                       tests/opencsd/etm_prog.c tests/opencsd/etm_prog.h $(BUILD)/golden/libgolden.a
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) -Isim/golden/include $(filter %.c %.a,$^) -o $@
$(BUILD)/opencsd/etm_pktcount: tests/opencsd/etm_pktcount.c tests/opencsd/etm_bw_pkt.c \
                               tests/opencsd/etm_bw_pkt.h tests/opencsd/ocsd_etm.c \
                               tests/opencsd/ocsd_etm.h $(BUILD)/golden/libgolden.a
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) -Isim/golden/include $(filter %.c %.a,$^) -o $@ \
	    -lopencsd_c_api -lopencsd
etm-bw-test: $(BUILD)/bench/etm_bw $(BUILD)/opencsd/etm_pktcount ## etm_bw's counting = hand counts on E1-E3 and OpenCSD's packet parser on bench streams
	@$(BUILD)/bench/etm_bw --self-test
	@tests/opencsd/etm_bw_check.sh $(BUILD)
etm-bw: $(BUILD)/bench/etm_bw ## ETM trace bandwidth rows of make bench alone (golden model, ~20 s)
	@tests/bench_etm.sh $(BUILD)

# tests/etm_stall_bench.c (issue 24 item 3): overflows, trace completeness and PE cycles per
# TRCSTALLCTLR mode on the random generator's programs (golden model, etmx's ETM parameters).
.PHONY: etm-stall-bench
$(BUILD)/bench/etm_stall_bench: tests/etm_stall_bench.c tests/opencsd/etm_prog.c \
                                tests/opencsd/etm_prog.h $(BUILD)/golden/libgolden.a
	@mkdir -p $(@D)
	$(CC) $(CWARN) $(CFLAGS) -Isim/golden/include -Itests/opencsd $(filter %.c %.a,$^) -o $@
etm-stall-bench: $(BUILD)/bench/etm_stall_bench ## TRCSTALLCTLR: overflows and trace completeness per stall mode (golden, etmx)
	@$(BUILD)/bench/etm_stall_bench
