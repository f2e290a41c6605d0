# SPDX-License-Identifier: Apache-2.0
# Sourced by tests/bench.sh and tests/bench_harness.sh: build_tb NAME CFG NOTRACE(0/1)
# [EXTRA_VERILATOR_FLAGS] Verilates configuration CFG as make does (NOTRACE 1: without
# --trace-fst, the shim with -DDUT_NO_TRACE) into $bd/vl/NAME and links $bd/NAME/trace_tb
# against the harness objects make built in $build/tb/CFG/obj. Uses the caller's $bd and
# $build and the environment the Makefile's bench rules set (VERILATOR, VL_FLAGS, VL_INC,
# CXX, RTL_SRCS, TB_TOP, TB_SHIM, TB_OBJS).
build_tb() {
  local name=$1 cfg=$2 notrace=$3 vl="$bd/vl/$1" out="$bd/$1" flags="$VL_FLAGS ${4:-}" rt objs=()
  rt="verilated.o verilated_threads.o"
  if [ "$notrace" = 1 ]; then flags=${flags//--trace-fst/}; else rt="$rt verilated_fst_c.o"; fi
  rm -rf "$vl"; mkdir -p "$vl" "$out"
  # shellcheck disable=SC2086,SC2046
  "$VERILATOR" $flags $(make -s --no-print-directory vl-params-"$cfg") --Mdir "$vl" \
    lint/verilator.vlt $RTL_SRCS "$TB_TOP" > "$vl/verilator.log" 2>&1 ||
    { cat "$vl/verilator.log" >&2; exit 1; }
  # shellcheck disable=SC2086,SC2046
  make -s -C "$vl" -f Vtrace_tb_top.mk $rt > /dev/null
  # shellcheck disable=SC2086,SC2046
  "$CXX" -O2 -g -std=c++17 $([ "$notrace" = 1 ] && echo -DDUT_NO_TRACE) -I"$vl" -I"$VL_INC" \
    -I"$VL_INC/vltstd" -Isim/c_tb/common -Isim/golden/include -c "$TB_SHIM" -o "$out/dut_trace.o"
  for o in $TB_OBJS; do objs+=("$build/tb/$cfg/obj/$o"); done
  # shellcheck disable=SC2086,SC2046
  "$CXX" -o "$out/trace_tb" "${objs[@]}" "$out/dut_trace.o" "$vl/Vtrace_tb_top__ALL.a" \
    $(for o in $rt; do echo "$vl/$o"; done) -lzip -lz -lpthread
}
