#!/usr/bin/env bash
# run.sh — drive the libFuzzer targets of fuzz/ (hardening, tools/ci-hardening).
#   bash fuzz/run.sh --replay BIN ROOT
#       run every kept crash input (fuzz/regressions/<target>/) and the seed
#       corpus once through BIN (no mutation); fails on any crash.
#   bash fuzz/run.sh --seconds N --dir BUILD [--parallel P] ROOT TARGET...
#       fuzz each target for N seconds (P at a time) with its corpus in
#       BUILD/corpus/<target> (seeded from the seed sets below, kept between
#       runs) and crash artifacts in BUILD/artifacts/<target>/; prints the
#       number of executions per target; fails if any target crashed.
# Seeds of a reader target fuzz_<name> (a format of topo/io/formats.def): the
# files with the format's extensions under platforms/, ../shared/data/,
# tests/data/ (with tests/data/formats/ and tests/data/bad/) and
# fuzz/seeds/<name>/.
set -u
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

# format_exts ROOT NAME: the extensions of format NAME in the format table
# (topo/io/formats.def, one RM_FORMAT line each), space-separated; empty when
# NAME is not a format.
format_exts() {
    sed -n "s/^RM_FORMAT(\"$2\", \"\([^\"]*\)\".*/\1/p" "$1/topo/io/formats.def"
}

# seed_files ROOT TARGET: the seed files of a target, one per line.
seed_files() {
    local root=$1 t=$2 shared exts e
    shared=$(cd "$root/.." && pwd)/shared/data
    exts=$(format_exts "$root" "${t#fuzz_}")
    case $t in
    fuzz_cli)
        find "$root/fuzz/seeds/cli" -type f 2>/dev/null ;;
    fuzz_stdin)
        find "$root/fuzz/seeds/stdin" -type f 2>/dev/null ;;
    fuzz_csv)
        find "$root/fuzz/seeds/csv" -type f 2>/dev/null ;;
    fuzz_sg_config)
        find "$root/fuzz/seeds/sg_config" "$root/tests/data/simgrid" -name '*.xml' -size -256k \
            2>/dev/null ;;
    fuzz_metis_graph)
        find "$root/fuzz/seeds/metis_graph" -type f 2>/dev/null ;;
    fuzz_mapping_json)
        find "$root/iterapp/testdata" "$root/tests/data/badmap" "$root/tests/reference" \
            -name '*.json' -size -256k 2>/dev/null ;;
    *)
        for e in $exts; do
            find "$root/platforms" "$root/tests/data" "$shared" "$root/fuzz/seeds/${t#fuzz_}" \
                -name "*$e" -size -256k 2>/dev/null
        done ;;
    esac
    [ -d "$root/fuzz/regressions/$t" ] && find "$root/fuzz/regressions/$t" -type f
    return 0
}

dict_of() {
    local root=$1 t=$2
    case $t in
    fuzz_graphml) echo "$root/fuzz/xml.dict" ;; # XML too
    *) [ -f "$root/fuzz/${t#fuzz_}.dict" ] && echo "$root/fuzz/${t#fuzz_}.dict" || echo "" ;;
    esac
}

if [ "${1:-}" = --replay ]; then
    bin=$2 root=$3
    t=$(basename "$bin")
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    n=0
    while IFS= read -r f; do
        n=$((n + 1))
        cp "$f" "$tmp/$n"
    done < <(seed_files "$root" "$t")
    if [ "$n" = 0 ]; then
        echo "$t: no seed or regression input"
        exit 0
    fi
    echo "$t: replaying $n inputs"
    "$bin" -runs=0 -timeout=60 "$tmp" 2>&1 | tail -n 30
    rc=${PIPESTATUS[0]}
    [ "$rc" = 0 ] || { echo "FAIL: $t crashed on a kept input (exit $rc)"; exit 1; }
    echo "ok: $t replayed $n inputs"
    exit 0
fi

seconds=60 dir=. par=1
while [ $# -gt 0 ]; do
    case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --parallel) par=$2; shift 2 ;;
    *) break ;;
    esac
done
root=$(cd "$1" && pwd)
shift
mkdir -p "$dir"
dir=$(cd "$dir" && pwd) # absolute: fuzz_cli runs in its own temporary directory
status=0

fuzz_one() { # TARGET: fuzz it, write BUILD/logs/TARGET.log
    local t=$1 bin="$dir/$1" corpus="$dir/corpus/$1" art="$dir/artifacts/$1/" dict
    mkdir -p "$corpus" "$art" "$dir/logs"
    seed_files "$root" "$t" | while IFS= read -r f; do
        cp "$f" "$corpus/seed-$(md5sum <"$f" | cut -c1-16)"
    done
    dict=$(dict_of "$root" "$t")
    local dargs=()
    [ -n "$dict" ] && [ -f "$dict" ] && dargs=(-dict="$dict")
    "$bin" "$corpus" "${dargs[@]}" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 \
        -artifact_prefix="$art" -print_final_stats=1 >"$dir/logs/$t.log" 2>&1
}

targets=("$@")
i=0
while [ $i -lt ${#targets[@]} ]; do
    pids=()
    for ((k = 0; k < par && i < ${#targets[@]}; k++, i++)); do
        fuzz_one "${targets[$i]}" &
        pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p"; done
done
for t in "${targets[@]}"; do
    log="$dir/logs/$t.log"
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n1)
    crashes=$(find "$dir/artifacts/$t" -type f 2>/dev/null | wc -l)
    if grep -qE '^==[0-9]+==ERROR|runtime error|deadly signal|Test unit written|^fuzz' "$log"; then
        echo "FAIL: $t: ${execs:-?} executions, crash (see $log, artifacts in $dir/artifacts/$t/)"
        grep -E 'ERROR|runtime error|SUMMARY|^fuzz|Test unit written' "$log" | head -n 8
        status=1
    else
        echo "ok: $t: ${execs:-?} executions in ${seconds} s, corpus $(find "$dir/corpus/$t" -type f | wc -l) files, artifacts $crashes"
    fi
done
exit $status
