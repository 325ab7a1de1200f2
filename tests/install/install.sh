# install.sh — the installed package works for a user outside the tree
# (docs/library.md): `cmake --install` into a temporary prefix, then
#  - the files are there: headers (include/ringmap.h + every
#    include/ringmap/*.h, each compiling alone, in C and in C++), libringmap.so
#    with SONAME libringmap.so.MAJOR, libringmap.a, ringmap, ringmap.pc,
#    ringmapConfig.cmake, the docs; with MPI also ringmap_mpi.h,
#    libringmap_mpi.so.MAJOR, ringmap-mpi.pc, iterapp; a staged install
#    (DESTDIR) has every command built, iterapp_smpi and ringmap-measure_smpi
#    (SimGrid SMPI) too when smpicc built them;
#  - the installed package says the version of CMakeLists.txt's project()
#    everywhere (ringmap --version, RINGMAP_VERSION*, ringmap.pc,
#    ringmapConfigVersion.cmake, the library's file name), and an outside
#    program requiring MAJOR.MINOR (find_package(ringmap 1.1), pkg-config
#    --atleast-version 1.1) builds against it and finds the reserved tails of
#    the option structs zeroed by their _init functions, while requiring the
#    next minor or major version fails;
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
# the version the tree says (CMakeLists.txt: project(ringmap VERSION M.m.p))
VERSION=$(sed -n 's/^project(ringmap VERSION \([0-9]*\.[0-9]*\.[0-9]*\).*/\1/p' "$SRC/CMakeLists.txt")
[ -n "$VERSION" ] || fail "no project(ringmap VERSION M.m.p) in $SRC/CMakeLists.txt"
MAJOR=${VERSION%%.*}
MINOR=${VERSION#*.}
MINOR=${MINOR%%.*}
CFLAGS_EXTRA=
case "$SANITIZE" in ON | on | 1 | TRUE | true) CFLAGS_EXTRA="-fsanitize=address,undefined -fno-omit-frame-pointer" ;; esac

P=$TMP/prefix
"$CMAKE" --install "$BUILD" --prefix "$P" >"$TMP/install.log" 2>&1 || { cat "$TMP/install.log"; fail "cmake --install"; }
ok "cmake --install into a temporary prefix"
LIB=$(find "$P" -name "libringmap.so.$MAJOR" | head -n 1)
[ -n "$LIB" ] || fail "no libringmap.so.$MAJOR installed"
LIBDIR=$(dirname "$LIB")

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
soname=$(readelf -d "$LIBDIR/libringmap.so.$MAJOR" 2>/dev/null | sed -n 's/.*SONAME.*\[\(.*\)\].*/\1/p')
[ "$soname" = "libringmap.so.$MAJOR" ] || fail "SONAME of libringmap.so is '$soname', expected libringmap.so.$MAJOR"
if [ "$HAVE_MPI" = 1 ]; then
    need include/ringmap_mpi.h
    need bin/iterapp
    [ -e "$LIBDIR/libringmap_mpi.so.$MAJOR" ] || fail "libringmap_mpi.so.$MAJOR not installed"
    [ -e "$LIBDIR/pkgconfig/ringmap-mpi.pc" ] || fail "ringmap-mpi.pc not installed"
fi
ok "headers, libraries (SONAME $soname), commands, pkg-config and CMake files, docs installed"
# a staged install (DESTDIR, as packagers do): every command, the SMPI builds
# of iterapp and ringmap-measure too when they were built (smpicc found)
D=$TMP/stage
DESTDIR=$D "$CMAKE" --install "$BUILD" --prefix /opt/rm >"$TMP/stage.log" 2>&1 ||
    { cat "$TMP/stage.log"; fail "DESTDIR=... cmake --install"; }
[ -x "$D/opt/rm/bin/ringmap" ] || fail "DESTDIR install: no bin/ringmap under $D/opt/rm"
staged="ringmap"
for b in iterapp/iterapp iterapp/iterapp_smpi measure/ringmap-measure measure/ringmap-measure_smpi; do
    [ -x "$BUILD/$b" ] || continue
    [ -x "$D/opt/rm/bin/${b#*/}" ] || fail "DESTDIR install: $b was built but not installed (bin/${b#*/})"
    [ -x "$P/bin/${b#*/}" ] || fail "$b was built but not installed (bin/${b#*/})"
    staged="$staged ${b#*/}"
done
ok "DESTDIR install under $D/opt/rm: $staged"
"$P/bin/ringmap" --version >/dev/null || fail "installed ringmap does not run"

# ------------------------------------------------------------ the version
# one number everywhere: the tree's project(VERSION) = $VERSION
got=$("$P/bin/ringmap" --version)
[ "$got" = "ringmap $VERSION" ] || fail "installed ringmap --version says '$got', expected 'ringmap $VERSION'"
[ -e "$LIBDIR/libringmap.so.$VERSION" ] || fail "no libringmap.so.$VERSION installed (the library's file name)"
for macro in "RINGMAP_VERSION \"$VERSION\"" "RINGMAP_VERSION_MAJOR $MAJOR" "RINGMAP_VERSION_MINOR $MINOR"; do
    grep -q "^#define $macro\$" "$P/include/ringmap/error.h" || fail "installed <ringmap/error.h> lacks '#define $macro'"
done
export PKG_CONFIG_PATH=$LIBDIR/pkgconfig
got=$(pkg-config --modversion ringmap) || fail "pkg-config does not find the installed ringmap.pc"
[ "$got" = "$VERSION" ] || fail "ringmap.pc says version '$got', expected $VERSION"
REQ=$MAJOR.$MINOR NEXT_MINOR=$MAJOR.$((MINOR + 1)) NEXT_MAJOR=$((MAJOR + 1)).0
pkg-config --atleast-version "$REQ" ringmap || fail "pkg-config --atleast-version $REQ ringmap fails on the installed $VERSION"
! pkg-config --atleast-version "$NEXT_MINOR" ringmap || fail "pkg-config --atleast-version $NEXT_MINOR ringmap passes on the installed $VERSION"
ok "version $VERSION: ringmap --version, libringmap.so.$VERSION, RINGMAP_VERSION*, ringmap.pc (--atleast-version $REQ yes, $NEXT_MINOR no)"

# an outside program that needs $REQ: the reserved tails (rm_reserved_slot)
# of the option structs, zeroed by their _init functions over garbage
# (rm_options': the slots of the 1.2 fields written as over zeros, the rest
# zeroed)
mkdir -p "$TMP/need"
cat >"$TMP/need/need_version.c" <<'EOF_C'
#include <ringmap.h>
#include <stdio.h>
#include <string.h>
#if RINGMAP_VERSION_MAJOR != NEED_MAJOR || RINGMAP_VERSION_MINOR < NEED_MINOR
#error "ringmap too old"
#endif
/* 1 when the bytes of tail (n slots) are all zero */
static int zero(const rm_reserved_slot *tail, size_t n)
{
    const unsigned char *b = (const unsigned char *)tail;
    for (size_t i = 0; i < n * sizeof *tail; i++)
        if (b[i])
            return 0;
    return 1;
}
#define GARBAGE(x) memset(&(x), 0xA5, sizeof(x))
#define TAIL(x) zero((x).reserved, sizeof((x).reserved) / sizeof((x).reserved[0]))
int main(void)
{
    rm_options o;
    rm_read_options ro;
    rm_matrix_options mo;
    rm_dfpa_options dfo;
    rm_fpm fpm;
    GARBAGE(o); GARBAGE(ro); GARBAGE(mo); GARBAGE(dfo); GARBAGE(fpm);
    rm_options_init(&o);
    /* the network model of 1.2: fair by default */
    int net_ok = o.network == RM_NETWORK_FAIR;
    rm_read_options_init(&ro);
    rm_matrix_options_init(&mo);
    rm_dfpa_options_init(&dfo);
    rm_fpm_init(&fpm);
    /* rm_options: its tail holds the fields of 1.2 (the network model, the
       search's budget ...), some with nonzero defaults: rm_options_init over
       garbage writes every byte of it as over zeros, and the slots after
       those fields are zero */
    rm_options z;
    memset(&z, 0, sizeof z);
    rm_options_init(&z);
    size_t used = 0, n_slots = sizeof o.reserved / sizeof o.reserved[0];
    for (size_t i = 0; i < n_slots; i++)
        if (!zero(&z.reserved[i], 1))
            used = i + 1;
    int ok = net_ok && memcmp(o.reserved, z.reserved, sizeof o.reserved) == 0 && used <= 4 &&
             zero(o.reserved + 4, n_slots - 4) && TAIL(o.final_limits) && TAIL(ro) &&
             TAIL(mo) && TAIL(dfo) && TAIL(fpm);
    rm_dfpa *a = NULL;
    rm_dfpa_stats st;
    GARBAGE(st);
    if (rm_dfpa_new(2, 10, &dfo, &a, NULL) != RM_OK)
        return 2;
    rm_dfpa_stats_get(a, &st);
    ok = ok && TAIL(st);
    rm_dfpa_free(a);
    printf("ringmap %s: reserved tails %s\n", RINGMAP_VERSION, ok ? "zeroed" : "NOT ZEROED");
    return ok ? 0 : 1;
}
EOF_C
cat >"$TMP/need/CMakeLists.txt" <<EOF_CMAKE
cmake_minimum_required(VERSION 3.18)
project(need_version LANGUAGES C)
find_package(ringmap \${NEED} REQUIRED)
add_executable(need_version need_version.c)
target_compile_definitions(need_version PRIVATE NEED_MAJOR=$MAJOR NEED_MINOR=$MINOR)
target_link_libraries(need_version PRIVATE ringmap::ringmap)
EOF_CMAKE
need_cmake() { # REQUIRED_VERSION BUILDDIR
    "$CMAKE" -S "$TMP/need" -B "$2" -DCMAKE_PREFIX_PATH="$P" -DNEED="$1" -DCMAKE_C_FLAGS="$CFLAGS_EXTRA" >"$TMP/need.log" 2>&1 &&
        "$CMAKE" --build "$2" >>"$TMP/need.log" 2>&1
}
need_cmake "$REQ" "$TMP/need-b" || { cat "$TMP/need.log"; fail "an outside project with find_package(ringmap $REQ REQUIRED) does not build"; }
out=$("$TMP/need-b/need_version") || fail "need_version (CMake, find_package(ringmap $REQ)): exit $?: $out"
[ "$out" = "ringmap $VERSION: reserved tails zeroed" ] || fail "need_version (CMake) says '$out'"
for v in "$NEXT_MINOR" "$NEXT_MAJOR"; do
    ! need_cmake "$v" "$TMP/need-$v" || fail "find_package(ringmap $v REQUIRED) accepts the installed $VERSION"
    grep -q 'version' "$TMP/need.log" || { cat "$TMP/need.log"; fail "find_package(ringmap $v) failed, but not on the version"; }
done
ok "an outside project: find_package(ringmap $REQ) builds and runs ('$out'); find_package(ringmap $NEXT_MINOR), ($NEXT_MAJOR) refused"
cc -std=c11 -Wall -Wextra -Werror $CFLAGS_EXTRA -DNEED_MAJOR="$MAJOR" -DNEED_MINOR="$MINOR" \
    $(pkg-config --cflags ringmap) "$TMP/need/need_version.c" -o "$TMP/need/need_pc" \
    $(pkg-config --libs ringmap) -Wl,-rpath,"$LIBDIR" 2>"$TMP/need.err" || { cat "$TMP/need.err"; fail "need_version with pkg-config"; }
out=$("$TMP/need/need_pc") || fail "need_version (pkg-config): exit $?: $out"
[ "$out" = "ringmap $VERSION: reserved tails zeroed" ] || fail "need_version (pkg-config) says '$out'"
! cc -std=c11 -DNEED_MAJOR="$MAJOR" -DNEED_MINOR="$((MINOR + 1))" $(pkg-config --cflags ringmap) \
    -fsyntax-only "$TMP/need/need_version.c" 2>/dev/null || fail "RINGMAP_VERSION_MINOR accepts a need of $NEXT_MINOR"
ok "an outside program with pkg-config ringmap >= $REQ builds and runs ('$out')"

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
check_symbols cc ringmap.h "$LIBDIR/libringmap.so.$MAJOR"

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
readelf -d "$TMP/b-shared/map_example" | grep -q "NEEDED.*libringmap.so.$MAJOR" || fail "map_example (CMake) does not load libringmap.so.$MAJOR"
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

# Makefile + pkg-config (PKG_CONFIG_PATH set above)
targets=(map_example dfpa_example mapping_dfpa_example)
[ $do_mpi = 1 ] && targets+=(ring_comm_example)
make -C "$TMP/ex" CFLAGS="-O2 -Wall -Wextra -Werror $CFLAGS_EXTRA" "${targets[@]}" >"$TMP/make.log" 2>&1 ||
    { cat "$TMP/make.log"; fail "examples with make (pkg-config)"; }
check_map_example "$TMP/ex/map_example" "map_example (Makefile, pkg-config ringmap)"
"$TMP/ex/mapping_dfpa_example" "$SRC/platforms/medium_tiers.gml" 1000 | grep -Eq '^DFPA: .*state (balanced|stable)' ||
    fail "mapping_dfpa_example (Makefile): DFPA seeded with the mapping's units did not end balanced or stable"
ok "mapping_dfpa_example (Makefile, pkg-config ringmap): DFPA from the mapping's units"
if [ $do_mpi = 1 ]; then
    run_ring_example "$TMP/ex/ring_comm_example" "ring_comm_example (Makefile, pkg-config ringmap-mpi)"
    check_symbols mpicc ringmap_mpi.h "$LIBDIR/libringmap_mpi.so.$MAJOR" ringmap.h
fi
ok "the installed package builds and runs both examples"
