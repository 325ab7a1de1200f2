# install.sh — the installed package works for a user outside the tree
# (issue 10, item 6): `cmake --install` into a temporary prefix, then
#  - the files are there: headers (include/ringmap.h + every
#    include/ringmap/*.h, each compiling alone, in C and in C++), libringmap.so
#    with SONAME libringmap.so.1, libringmap.a, ringmap, ringmap.pc,
#    ringmapConfig.cmake, the docs; with MPI also ringmap_mpi.h,
#    libringmap_mpi.so.1, ringmap-mpi.pc, iterapp;
#  - libringmap.so exports exactly the functions the public headers declare
#    (-fvisibility=hidden: nothing internal leaks, nothing public is missing);
#  - examples/ built as an outside project with CMake (find_package(ringmap):
#    ringmap::ringmap, ringmap::ringmap_static, ringmap::mpi) and with its
#    Makefile (pkg-config), and run: map_example's T_step/D_w equals the
#    installed ringmap's on platforms/test/star3.gml and medium_tiers.gml;
#    ring_comm_example passes its token around the ring under mpirun -np 4.
# Usage: bash install.sh CMAKE BUILD_DIR SOURCE_DIR SANITIZE(ON/OFF) HAVE_MPI(0/1)
# A missing tool (cc, pkg-config, make, jq; mpicc/mpirun for the MPI part)
# makes the test SKIP (exit 77) or skip the MPI part with a notice.
set -u
CMAKE=$1 BUILD=$2 SRC=$3 SANITIZE=$4 HAVE_MPI=$5
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
skip() { echo "SKIP: $*"; exit 77; }
for tool in cc pkg-config make jq nm; do
    command -v $tool >/dev/null || skip "$tool is not installed"
done
CFLAGS_EXTRA=
case "$SANITIZE" in ON | on | 1 | TRUE | true) CFLAGS_EXTRA="-fsanitize=address,undefined -fno-omit-frame-pointer" ;; esac

P=$TMP/prefix
"$CMAKE" --install "$BUILD" --prefix "$P" >"$TMP/install.log" 2>&1 || { cat "$TMP/install.log"; fail "cmake --install"; }
ok "cmake --install into a temporary prefix"
LIBDIR=$(dirname "$(find "$P" -name 'libringmap.so.1' | head -n 1)")
[ -n "$LIBDIR" ] && [ -d "$LIBDIR" ] || fail "no libringmap.so.1 installed"

# ------------------------------------------------------------ the files
need() { [ -e "$P/$1" ] || fail "not installed: $1"; }
need include/ringmap.h
for h in "$SRC"/include/ringmap/*.h; do need "include/ringmap/$(basename "$h")"; done
need bin/ringmap
need share/doc/ringmap/README.md
need share/doc/ringmap/examples/CMakeLists.txt
[ -e "$LIBDIR/libringmap.a" ] || fail "libringmap.a not installed"
[ -e "$LIBDIR/libringmap.so" ] || fail "libringmap.so (development link) not installed"
[ -e "$LIBDIR/pkgconfig/ringmap.pc" ] || fail "ringmap.pc not installed"
[ -e "$LIBDIR/cmake/ringmap/ringmapConfig.cmake" ] || fail "ringmapConfig.cmake not installed"
soname=$(readelf -d "$LIBDIR/libringmap.so.1" 2>/dev/null | sed -n 's/.*SONAME.*\[\(.*\)\].*/\1/p')
[ "$soname" = libringmap.so.1 ] || fail "SONAME of libringmap.so is '$soname', expected libringmap.so.1"
if [ "$HAVE_MPI" = 1 ]; then
    need include/ringmap_mpi.h
    need bin/iterapp
    [ -e "$LIBDIR/libringmap_mpi.so.1" ] || fail "libringmap_mpi.so.1 not installed"
    [ -e "$LIBDIR/pkgconfig/ringmap-mpi.pc" ] || fail "ringmap-mpi.pc not installed"
fi
ok "headers, libraries (SONAME $soname), commands, pkg-config and CMake files, docs installed"
"$P/bin/ringmap" --version >/dev/null || fail "installed ringmap does not run"

# every public header compiles on its own, in C and C++
for h in "$P"/include/ringmap.h "$P"/include/ringmap/*.h; do
    rel=${h#"$P/include/"}
    printf '#include <%s>\n#include <%s>\nint main(void) { return 0; }\n' "$rel" "$rel" >"$TMP/h.c"
    cc -std=c11 -Wall -Wextra -Werror -I"$P/include" -c "$TMP/h.c" -o "$TMP/h.o" 2>"$TMP/h.err" ||
        { cat "$TMP/h.err"; fail "<$rel> does not compile alone (C11)"; }
    if [ "$rel" = ringmap.h ] && command -v c++ >/dev/null; then
        cp "$TMP/h.c" "$TMP/h.cpp"
        c++ -Wall -Wextra -Werror -I"$P/include" -c "$TMP/h.cpp" -o "$TMP/h.o" 2>"$TMP/h.err" ||
            { cat "$TMP/h.err"; fail "<$rel> does not compile alone (C++)"; }
    fi
done
ok "each public header compiles alone (C11; <ringmap.h> also as C++: $(command -v c++ >/dev/null && echo yes || echo 'no c++'))"

# ------------------------------------------------------------ exported symbols
# declared: every rm_ identifier followed by '(' in the preprocessed public headers
declared() { # CC HEADER LIB
    printf '#include <%s>\n' "$2" >"$TMP/decl.c"
    $1 -E -P -I"$P/include" "$TMP/decl.c" 2>/dev/null |
        grep -oE '\brm_[A-Za-z0-9_]+[[:space:]]*\(' | tr -d '( \t' | sort -u
}
exported() { nm -D --defined-only "$1" | awk '$2 ~ /^[TWDBRVi]$/ {print $3}' | grep -v '^_' | sort -u; }
check_symbols() { # CC HEADER LIB [HEADER_OF_ANOTHER_LIB]
    declared "$1" "$2" >"$TMP/decl"
    if [ $# -ge 4 ]; then
        declared "$1" "$4" >"$TMP/other"
        comm -23 "$TMP/decl" "$TMP/other" >"$TMP/d2"
        mv "$TMP/d2" "$TMP/decl"
    fi
    exported "$3" >"$TMP/exp"
    [ -s "$TMP/decl" ] || fail "no function found in <$2>"
    missing=$(comm -23 "$TMP/decl" "$TMP/exp" | tr '\n' ' ')
    extra=$(comm -13 "$TMP/decl" "$TMP/exp" | tr '\n' ' ')
    [ -z "$missing" ] || fail "$(basename "$3"): declared in the public headers but not exported: $missing(a new public header without '#pragma GCC visibility push(default)'? see include/ringmap.h)"
    [ -z "$extra" ] || fail "$(basename "$3"): exported but not declared in a public header: $extra"
    ok "$(basename "$3") exports exactly the $(wc -l <"$TMP/decl") functions <$2> declares"
}
check_symbols cc ringmap.h "$LIBDIR/libringmap.so.1"

# ------------------------------------------------------------ the examples
cp -r "$P/share/doc/ringmap/examples" "$TMP/ex"
reference_t() { "$P/bin/ringmap" "$1" --json - --quiet | jq -r '.t_step_per_dw'; }
check_map_example() { # BINARY DESCRIPTION
    local plat t_ex t_ref
    for plat in "$SRC/platforms/test/star3.gml" "$SRC/platforms/medium_tiers.gml"; do
        "$1" "$plat" >"$TMP/ex.out" 2>"$TMP/ex.err" || { cat "$TMP/ex.err"; fail "$2 on $plat: exit $?"; }
        t_ex=$(sed -n 's/^t_step_per_dw //p' "$TMP/ex.out")
        t_ref=$(reference_t "$plat")
        jq -ne --argjson a "$t_ex" --argjson b "$t_ref" '(($a - $b) | fabs) <= 1e-12 * $b' >/dev/null ||
            fail "$2 on $(basename "$plat"): T_step/D_w $t_ex, the installed ringmap says $t_ref"
    done
    ok "$2 runs and matches the installed ringmap's T_step/D_w (star3, medium_tiers)"
}
MPIRUN=$(command -v mpirun || true)
MPICC=$(command -v mpicc || true)
run_ring_example() { # BINARY DESCRIPTION
    "$MPIRUN" --allow-run-as-root --oversubscribe --mca btl self,vader -np 4 "$1" \
        "$SRC/platforms/test/shared4.gml" >"$TMP/mpi.out" 2>"$TMP/mpi.err" ||
        { cat "$TMP/mpi.out" "$TMP/mpi.err"; fail "$2: exit $?"; }
    grep -q 'token from .* ok' "$TMP/mpi.out" || { cat "$TMP/mpi.out"; fail "$2: no ring position reported"; }
    ! grep -q WRONG "$TMP/mpi.out" || { cat "$TMP/mpi.out"; fail "$2: a token came from the wrong process"; }
    ok "$2 under mpirun -np 4: $(grep -c 'token from' "$TMP/mpi.out") ring positions, tokens from the predecessors"
}
do_mpi=0
if [ "$HAVE_MPI" = 1 ]; then
    if [ -n "$MPIRUN" ] && [ -n "$MPICC" ]; then do_mpi=1; else echo "note: mpirun/mpicc missing, MPI example not built"; fi
fi

# CMake, shared (ringmap::ringmap, ringmap::mpi)
cmake_ex() { # BUILDDIR EXTRA...
    local b=$1
    shift
    "$CMAKE" -S "$TMP/ex" -B "$b" -DCMAKE_PREFIX_PATH="$P" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_FLAGS="$CFLAGS_EXTRA" "$@" >"$TMP/cmake.log" 2>&1 &&
        "$CMAKE" --build "$b" >>"$TMP/cmake.log" 2>&1 || { cat "$TMP/cmake.log"; fail "examples with CMake ($*)"; }
}
cmake_ex "$TMP/b-shared"
check_map_example "$TMP/b-shared/map_example" "map_example (CMake, find_package, ringmap::ringmap)"
readelf -d "$TMP/b-shared/map_example" | grep -q 'NEEDED.*libringmap.so.1' || fail "map_example (CMake) does not load libringmap.so.1"
"$TMP/b-shared/dfpa_example" 2000 0.02 | grep -q 'state balanced' || fail "dfpa_example (CMake) did not balance"
ok "dfpa_example (CMake, ringmap::ringmap) balances"
if [ $do_mpi = 1 ]; then
    [ -x "$TMP/b-shared/ring_comm_example" ] || fail "CMake did not build ring_comm_example (ringmap::mpi missing?)"
    run_ring_example "$TMP/b-shared/ring_comm_example" "ring_comm_example (CMake, ringmap::mpi)"
fi
# CMake, static (ringmap::ringmap_static: its dependencies through find_dependency)
cmake_ex "$TMP/b-static" -DRINGMAP_EXAMPLES_STATIC=ON
! readelf -d "$TMP/b-static/map_example" | grep -q 'NEEDED.*libringmap' || fail "static map_example still needs libringmap.so"
check_map_example "$TMP/b-static/map_example" "map_example (CMake, ringmap::ringmap_static)"

# Makefile + pkg-config
export PKG_CONFIG_PATH=$LIBDIR/pkgconfig
targets=(map_example dfpa_example)
[ $do_mpi = 1 ] && targets+=(ring_comm_example)
make -C "$TMP/ex" CFLAGS="-O2 -Wall -Wextra -Werror $CFLAGS_EXTRA" "${targets[@]}" >"$TMP/make.log" 2>&1 ||
    { cat "$TMP/make.log"; fail "examples with make (pkg-config)"; }
check_map_example "$TMP/ex/map_example" "map_example (Makefile, pkg-config ringmap)"
if [ $do_mpi = 1 ]; then
    run_ring_example "$TMP/ex/ring_comm_example" "ring_comm_example (Makefile, pkg-config ringmap-mpi)"
    check_symbols mpicc ringmap_mpi.h "$LIBDIR/libringmap_mpi.so.1" ringmap.h
fi
ok "the installed package builds and runs both examples"
