# SPDX-License-Identifier: Apache-2.0
# Reads configs/params.txt and configs/configs.txt (in that order) and prints, on one line,
# the make assignments the Makefile evaluates (one $(eval) per word):
#   CFG_PARAMS+=<param>            every parameter, in the order of params.txt
#   CFG_BLOCKS+=<block>            every block, in order of first appearance
#   CFG_PARAMS_<block>+=<param>    the parameters of a block
#   CFG_DEF_<param>:=<macro>       the C macro of a parameter
#   CFG_ROWS+=<config>             every configuration, in the order of configs.txt
#   CFG_<config>.<param>:=<value>  a configuration's value of a parameter
# A malformed file: a message on stderr per error and CFG_ERROR:=1 in the output.
# Plain POSIX awk (mawk, gawk, busybox).
# Usage: awk -f configs/configs.awk configs/params.txt configs/configs.txt

function err(msg) {
    printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
    nerr++
}
function out(word) { words = words (words == "" ? "" : " ") word }

BEGIN {
    nfile = 0; nerr = 0; words = ""
    out("CFG_PARAMS:="); out("CFG_BLOCKS:="); out("CFG_ROWS:=")
}
FNR == 1 { nfile++; header = 1 }
/^[ \t]*(#|$)/ { next }

# ---- params.txt: param block define ---------------------------------------------------
nfile == 1 && header {
    header = 0
    if (NF != 3 || $1 != "param" || $2 != "block" || $3 != "define")
        err("the header row must be: param block define")
    next
}
nfile == 1 {
    if (NF != 3) { err("a row is: param block define"); next }
    if ($1 !~ /^[A-Za-z][A-Za-z0-9]*$/) { err("bad parameter name '" $1 "'"); next }
    if ($2 !~ /^[a-z][a-z0-9]*$/) { err("bad block name '" $2 "'"); next }
    if ($3 !~ /^[A-Z][A-Z0-9_]*$/) { err("bad C macro name '" $3 "'"); next }
    if ($1 in pblock) { err("parameter " $1 " given twice"); next }
    if ($3 in defused) { err("C macro " $3 " given twice"); next }
    pblock[$1] = $2; defused[$3] = 1; np++
    out("CFG_PARAMS+=" $1)
    if (!($2 in blocks)) { blocks[$2] = 1; out("CFG_BLOCKS+=" $2); out("CFG_PARAMS_" $2 ":=") }
    out("CFG_PARAMS_" $2 "+=" $1)
    out("CFG_DEF_" $1 ":=" $3)
    next
}

# ---- configs.txt: config <param>... ------------------------------------------------------
nfile == 2 && header {
    header = 0; ncol = NF
    if ($1 != "config") err("the header row must start with 'config'")
    for (i = 2; i <= NF; i++) {
        if (!($i in pblock)) err("column " $i " is not a parameter of configs/params.txt")
        else if ($i in colof) err("column " $i " given twice")
        col[i] = $i; colof[$i] = i
    }
    for (p in pblock) if (!(p in colof)) err("no column for parameter " p " (configs/params.txt)")
    next
}
nfile == 2 {
    if ($1 !~ /^[a-z][a-z0-9]*$/) { err("bad configuration name '" $1 "'"); next }
    if ($1 in seen) { err("configuration " $1 " given twice"); next }
    seen[$1] = 1
    if (NF != ncol) {
        err("configuration " $1 ": " NF - 1 " values for " ncol - 1 " columns"); next
    }
    for (i = 2; i <= NF; i++)
        if ($i !~ /^[0-9]+$/)
            err("configuration " $1 ": " col[i] " = '" $i "' is not a decimal number")
    out("CFG_ROWS+=" $1)
    for (i = 2; i <= NF; i++) out("CFG_" $1 "." col[i] ":=" $i)
    next
}

END {
    if (nfile != 2) {
        printf "configs.awk: give configs/params.txt and configs/configs.txt\n" > "/dev/stderr"
        nerr++
    }
    if (nerr) out("CFG_ERROR:=1")
    print words
}
