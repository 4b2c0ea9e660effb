# Helpers for the workflow tests: each runs one Snakemake workflow of workflows/ locally on small
# data and compares its merged outputs, byte for byte, with one `tropic` run on the same inputs.
# Source from a test script run as
#   bash test_x.sh <path-to-tropic> <repo-root>
# The tool under test is first on the PATH as `tropic` (the workflows' default); Snakemake is
# the one in the repository's .venv (scripts/setup installs it), or on the PATH.
source "$(dirname "${BASH_SOURCE[0]}")/../cli/lib.sh"  # TROPIC, REPO, TMP, fail, finish, skip
# Workflows run in folders of their own: every path they are given is absolute.
REPO=$(realpath "$REPO")

SNAKEMAKE="$REPO/.venv/bin/snakemake"
[ -x "$SNAKEMAKE" ] || SNAKEMAKE=$(command -v snakemake || true)
[ -n "$SNAKEMAKE" ] || skip "snakemake is not installed (scripts/setup puts it into .venv)"
WORKFLOWS="$REPO/workflows"

mkdir -p "$TMP/bin"
ln -s "$(realpath "$TROPIC")" "$TMP/bin/tropic"
export PATH="$TMP/bin:$PATH"
# Snakemake keeps its state and caches under the working folder and XDG_CACHE_HOME.
export XDG_CACHE_HOME="$TMP/cache"

# run_workflow NAME FOLDER ARGS...: the workflow NAME run locally in FOLDER with 2 cores and
# the local profile's settings; its log is shown when it fails.
run_workflow() {
    local name=$1 folder=$2
    shift 2
    mkdir -p "$folder"
    if ! "$SNAKEMAKE" -s "$WORKFLOWS/$name/Snakefile" --directory "$folder" \
        --profile "$WORKFLOWS/profiles/local" --cores 2 "$@" \
        >"$folder/snakemake.log" 2>&1; then
        cat "$folder/snakemake.log" >&2
        fail "the $name workflow failed"
        return 1
    fi
}

# dry_run_slurm NAME FOLDER ARGS...: the workflow NAME planned (-n) for the SLURM profile: the
# profile parses, every job is planned, and the GPU rules ask for a GPU in the GPU partition.
# Nothing is submitted (a dry run calls neither sbatch nor sinfo).
dry_run_slurm() {
    local name=$1 folder=$2 plan
    shift 2
    mkdir -p "$folder"
    if ! plan=$("$SNAKEMAKE" -s "$WORKFLOWS/$name/Snakefile" --directory "$folder" \
        --profile "$WORKFLOWS/profiles/slurm" -n "$@" 2>&1); then
        echo "$plan" >&2
        fail "the $name workflow's SLURM dry run failed"
        return 1
    fi
    case "$plan" in
        *"slurm_partition=<gpu-partition>"*"gpu=1"*) ;;
        *) fail "$name: the SLURM dry run plans no GPU job in the GPU partition:"$'\n'"$plan" ;;
    esac
}

# same_bytes MERGED SINGLE WHAT: the workflow's merged file is the single run's, byte for byte.
same_bytes() {
    if [ ! -f "$1" ]; then
        fail "$3: the workflow wrote no $1"
    elif ! cmp "$1" "$2"; then
        diff <(head -c 100000 "$2") <(head -c 100000 "$1") | head -20 >&2 || true
        fail "$3: the merged output differs from one tropic run"
    fi
}

# not_empty FILE WHAT: a comparison of two empty files would prove nothing.
not_empty() {
    [ -s "$1" ] || fail "$2: $1 is empty"
}
