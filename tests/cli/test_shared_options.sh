#!/usr/bin/env bash
# The options every command shares (src/cli/shared_options.cpp): the same names, help and defaults
# in every command's --help; --max-memory sizes on every command; the same output for any --chunk
# and --threads; usage hints that name only options the command has; --version.
source "$(dirname "$0")/lib.sh"

COMMANDS=(fold eval subopt rri mirscan align align3 syntenic search makedb index map)
SHARED=(--backend --device --threads --max-memory --json --output --quiet)

# The --help entry of OPTION in the help text HELP: its names, type, default and text on one line
# (CLI11 puts the text on the next line when the names are long), spaces squeezed; empty when
# the help has no such option.
option_entry() {  # help option
    printf '%s\n' "$1" | awk -v opt="$2" '
        function show() { gsub(/ +/, " ", entry); print entry; done = 1 }
        entry != "" && !done {
            if (substr($0, 1, 30) ~ /^ +$/) { sub(/^ +/, ""); entry = entry " " $0 }
            show()
        }
        entry == "" && $0 ~ ("^ +(-[A-Za-z],)?" opt "([ =]|$)") { entry = $0; sub(/^ +/, "", entry) }
        END { if (entry != "" && !done) show() }'
}

declare -A HELP
for command in "${COMMANDS[@]}" device; do
    run "$TROPIC" "$command" --help
    assert_eq "$RC" 0 "$command --help: exit code"
    HELP[$command]=$OUT
done

# Every shared option, in the same words (names, type, default and text) in every command that
# takes it; eval, which runs on the CPU alone, takes no --backend, --device or
# --max-memory, makedb only --max-memory and -q, index no --backend, --device or --json (its -o
# names the index's prefix) and map no --json (it writes SAM or BAM).
for option in "${SHARED[@]}"; do
    reference=$(option_entry "${HELP[fold]}" "$option")
    [ -n "$reference" ] || fail "fold --help lacks $option"
    for command in "${COMMANDS[@]}"; do
        entry=$(option_entry "${HELP[$command]}" "$option")
        case "$command $option" in
            "eval --backend" | "eval --device" | "eval --max-memory" | "makedb --backend" | \
                "makedb --device" | "makedb --threads" | "makedb --json" | "makedb --output" | \
                "index --backend" | "index --device" | "index --json" | "map --json")
                assert_eq "$entry" "" "$command --help lists $option, which it cannot honour"
                continue
                ;;
            "align3 --device" | "syntenic --device" | "subopt --device")
                assert_contains "$entry" "this command's one problem uses the first" \
                    "$command --device: one problem, on the first device of a list"
                continue
                ;;
            "index --output")
                assert_contains "$entry" "-o,--output PREFIX " "index -o names a prefix"
                continue
                ;;
        esac
        assert_eq "$entry" "$reference" "$command --help: $option as fold has it"
    done
done
assert_eq "$(option_entry "${HELP[device]}" --json)" "$(option_entry "${HELP[fold]}" --json)" \
    "device --help: --json as fold has it"
assert_eq "$(option_entry "${HELP[device]}" --chunk)" "" "device has no --chunk"
assert_contains "$(option_entry "${HELP[rri]}" --backend)" \
    "Where to compute: auto (a GPU when one is present and the work is large enough), cpu or cuda" \
    "--backend help"
# The default an --help entry shows: CLI11 2.3 (Debian 12) writes TYPE=DEFAULT, CLI11 2.4 (e.g.
# Ubuntu 24.04) TYPE [DEFAULT].
default_of() {
    awk '{ if (index($2, "=")) { sub(/^[^=]*=/, "", $2); print $2 }
           else if ($3 ~ /^\[/) { gsub(/[][]/, "", $3); print $3 } }' <<<"$1"
}
# An entry without its default, in either form.
without_default() { sed -E 's/^([^ ]+ [^ =]+)=[^ ]*/\1/; s/^([^ ]+ [^ ]+) \[[^]]*\]/\1/' <<<"$1"; }
assert_eq "$(default_of "$(option_entry "${HELP[rri]}" --backend)")" auto "--backend default"
assert_eq "$(default_of "$(option_entry "${HELP[rri]}" --threads)")" 0 "--threads default"
assert_contains "$(option_entry "${HELP[rri]}" --threads)" " CPU threads; 0 uses all cores" \
    "--threads help"
assert_contains "$(option_entry "${HELP[eval]}" --output)" "-o,--output FILE " "-o takes a FILE"
# --chunk: the same text everywhere; rri's default is its own (targets are far costlier).
chunk_text() { without_default "$(option_entry "$1" --chunk)"; }
for command in eval rri; do
    assert_eq "$(chunk_text "${HELP[$command]}")" "$(chunk_text "${HELP[fold]}")" \
        "$command --help: --chunk as fold has it"
done
assert_eq "$(default_of "$(option_entry "${HELP[fold]}" --chunk)")" 65536 "fold --chunk default"
assert_eq "$(default_of "$(option_entry "${HELP[eval]}" --chunk)")" 65536 "eval --chunk default"
assert_eq "$(default_of "$(option_entry "${HELP[rri]}" --chunk)")" 256 "rri --chunk default"

# Inputs for each command.
printf '>a\nGGGAAACCC\n>b\nGGGGAAAACCCCAUGCAUGC\n>c\nAUGCAUGCAUGCAUGCGGGAAACCC\n' >"$TMP/seqs.fa"
printf '>a\nGGGAAACCC\n(((...)))\n>b\nGGGGAAAACCCC\n((((....))))\n>c\nAGGGAAACCCA\n.(((...))).\n' \
    >"$TMP/structures.txt"
printf '>q\nGGGAUCCCAAGG\n' >"$TMP/q.fa"
args_of() {  # command: its arguments on the inputs above
    case "$1" in
        fold) echo "$TMP/seqs.fa" ;;
        eval) echo "$TMP/structures.txt" ;;
        rri) echo "$TMP/q.fa $TMP/seqs.fa" ;;
    esac
}

# --max-memory: the sizes users give are taken by every command that has it; others are refused,
# clearly.
for command in fold rri; do
    # shellcheck disable=SC2046  # the arguments are split on purpose
    for size in 4G 512M 1.5G 1.5g 2000000 4GB 2MB 0; do
        run "$TROPIC" "$command" --max-memory "$size" $(args_of "$command")
        assert_eq "$RC" 0 "$command --max-memory $size: exit code ($ERR)"
    done
    for size in lots -1 inf 4X 99999999T 1.G .5G 0x10 ""; do
        run "$TROPIC" "$command" --max-memory "$size" $(args_of "$command")
        assert_eq "$RC" 1 "$command --max-memory '$size': exit code"
        assert_contains "$ERR" "--max-memory '$size': expected a size such as 4G, 512M, 1.5G" \
            "$command --max-memory '$size': message"
    done
done

# --device: an index, all (every device found) or a list, repeats allowed; on the cpu backend
# any of them is accepted and changes nothing. Anything else is refused clearly, exit 1.
for command in fold rri; do
    # shellcheck disable=SC2046
    run "$TROPIC" "$command" --backend cpu $(args_of "$command")
    expected=$OUT
    for devices in 0 3 all 0,0 0,2,3 1,0,1; do
        # shellcheck disable=SC2046
        run "$TROPIC" "$command" --backend cpu --device "$devices" $(args_of "$command")
        assert_eq "$RC" 0 "$command --device $devices: exit code ($ERR)"
        assert_eq "$OUT" "$expected" "$command --device $devices: the same output"
    done
    for devices in 0,x x -1 0,-1 "" , 0, ,1 "0,,1" "0, 1" 1.5 ALL all,1 +1; do
        # shellcheck disable=SC2046
        run "$TROPIC" "$command" --device "$devices" $(args_of "$command")
        assert_eq "$RC" 1 "$command --device '$devices': exit code"
        assert_contains "$ERR" \
            "--device: '$devices' is not a device list: expected N, all or N,M,..." \
            "$command --device '$devices': message"
    done
done
run "$TROPIC" device
if ! printf '%s\n' "$OUT" | grep -q '^device [0-9]'; then
    # Without a device, cuda is refused for any device of a list, before any work.
    run "$TROPIC" fold --backend cuda --device 0,0 "$TMP/seqs.fa"
    assert_eq "$RC" 2 "fold --backend cuda --device 0,0 without a device: exit code"
    assert_contains "$ERR" "--backend cuda" "the refusal names the option"
    run "$TROPIC" fold --device all "$TMP/seqs.fa"
    assert_eq "$RC" 0 "fold --device all without a device: auto runs on the CPU ($ERR)"
fi

# The pipeline's output does not depend on the chunk size or the threads.
for command in fold eval rri; do
    # shellcheck disable=SC2046
    run "$TROPIC" "$command" $(args_of "$command")
    expected=$OUT
    assert_eq "$RC" 0 "$command: exit code"
    for chunk in 1 2; do
        for threads in 1 2; do
            # shellcheck disable=SC2046
            run "$TROPIC" "$command" --chunk "$chunk" --threads "$threads" $(args_of "$command")
            assert_eq "$OUT" "$expected" "$command --chunk $chunk --threads $threads: same output"
        done
    done
    # shellcheck disable=SC2046
    run "$TROPIC" "$command" --chunk 1 -o "$TMP/$command.out" $(args_of "$command")
    assert_eq "$(cat "$TMP/$command.out")" "$expected" "$command -o: the same output in the file"
done

# Usage hints: where to read the command's options, and for a misspelt option the nearest one
# of that command, never an option it lacks.
hint_of() { printf '%s\n' "$ERR" | tail -1; }
run "$TROPIC" device --chunk 5
assert_eq "$RC" 1 "device --chunk: exit code"
assert_eq "$(hint_of)" "Run 'tropic device --help' for its options." "device --chunk: hint"
for command in "${COMMANDS[@]}" device; do
    for word in --thread --jsn --chunks --weight --verbos --windo1 --dangle --tread --qiet; do
        run "$TROPIC" "$command" "$word"
        assert_eq "$RC" 1 "$command $word: exit code"
        suggestion=$(hint_of | sed -n 's/.*Did you mean \(--[a-zA-Z0-9-]*\)?$/\1/p')
        if [ -n "$suggestion" ]; then
            [ -n "$(option_entry "${HELP[$command]}" "$suggestion")" ] ||
                fail "$command $word: the hint suggests $suggestion, which $command lacks"
        fi
    done
done
run "$TROPIC" eval --thread 2
assert_contains "$(hint_of)" "Run 'tropic eval --help' for its options. Did you mean --threads?" \
    "eval --thread: suggests --threads"
run "$TROPIC" device --jsn
assert_contains "$(hint_of)" "Did you mean --json?" "device --jsn: suggests --json"
run "$TROPIC" --no-such-option
assert_eq "$(hint_of)" "Run 'tropic --help' for the commands." "no command: hint"

# --version: the version, the build and the devices, as `tropic device` shows them.
run "$TROPIC" --version
assert_eq "$RC" 0 "--version: exit code"
version=$OUT
run "$TROPIC" device
# A device's free memory moves between the two runs when other GPU tests run beside them.
without_free() { sed -E 's/ \([0-9.]+ [KMGT]?i?B free\)$//' <<<"$1"; }
assert_eq "$(without_free "$version")" "$(without_free "$OUT")" \
    "--version prints what tropic device prints"
assert_contains "$version" "tropic 0." "--version: the version"
for line in "CUDA backend: " "SIMD: " "CPU threads: " "CUDA devices: "; do
    assert_contains "$version" "$line" "--version: $line"
done
project_version=$(sed -n 's/^project(tropic VERSION \([0-9.]*\).*/\1/p' "$REPO/CMakeLists.txt")
assert_eq "$(printf '%s\n' "$version" | head -1)" "tropic $project_version" \
    "--version: the project's version"

finish
