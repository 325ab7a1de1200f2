# configs.bash — the configurations of the stored reference outputs (sourced by
# tests/cli/reference.sh and tools/update-reference; not a test itself).
# Every shipped platform (platforms/*.gml, platforms/test/*.gml,
# platforms/generated/*.gml) x the four D_c/D_w ratios of the paper's
# experiments x both heuristics, with the command's default options (routing
# widest, half duplex, default refinement). Platforms of more than 60 hosts are
# mapped with --max-q 20 so that the whole test stays a few seconds.

REF_RATIOS=(0.64 0.064 0.0064 0.00064)
REF_HEURISTICS=(shared slice)

# ref_platforms SRC: the platform files, one per line, relative to SRC.
ref_platforms() {
    local p
    for p in "$1"/platforms/*.gml "$1"/platforms/test/*.gml "$1"/platforms/generated/*.gml; do
        [ -f "$p" ] && echo "${p#"$1"/}"
    done
}

# ref_name RELPATH: the reference file's base name (platforms/test/star3.gml ->
# test_star3).
ref_name() {
    local r=${1#platforms/}
    r=${r%.gml}
    echo "${r//\//_}"
}

# ref_extra_options FILE: options added to the defaults for this platform
# (printed one per line).
ref_extra_options() {
    local hosts
    hosts=$(grep -cE '\b(w|speed) [0-9.eE+-]+' "$1")
    if [ "$hosts" -gt 60 ]; then
        printf '%s\n' --max-q 20
    fi
}

# The part of a mapping JSON that must not change: the ring (node order), each
# host's routes to its successor and predecessor (nodes and links), T_step
# (and SliceRing's unshared estimate). Shares and alphas follow from these
# up to ties and are not compared.
REF_REDUCE='{t_step_per_dw, t_step_per_dw_unshared,
  ring: [.ring[] | {node,
                    succ: (if .succ == null then null else {nodes: .succ.nodes, links: .succ.links} end),
                    pred: (if .pred == null then null else {nodes: .pred.nodes, links: .pred.links} end)}]}'
