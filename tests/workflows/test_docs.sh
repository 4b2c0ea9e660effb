# docs/workflows.md: every command on the page runs, in order, in a fresh folder (with data/ and
# workflows/ of the repository), and prints what the page shows (tests/cli/docs_examples.py).
source "$(dirname "$0")/lib.sh"
command -v samtools >/dev/null 2>&1 || skip "samtools is not installed"

# The page's commands call `snakemake`: the one lib.sh found, after everything else on the PATH.
export PATH="$PATH:$(dirname "$SNAKEMAKE")"
python3 "$REPO/tests/cli/docs_examples.py" "$TROPIC" "$REPO" "$REPO/docs/workflows.md" ||
    fail "docs/workflows.md: an example does not run as the page shows"
finish
