#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer executables of Fuzz/ into .build-fuzz, makes seed corpora,
# runs each harness for FUZZ_SECONDS (one after another, niced) and prints a summary table.
#
#   FUZZ_SECONDS   seconds per harness (default 60)
#   FUZZ_TARGET    harnesses to run, space-separated (default: all of them)
#   FUZZ_CORPUS    the books to cut excerpts from (default ../shared/corpus)
#
# Growing corpora stay in .fuzz/corpus/<harness> (ignored by git) and are reused by the next
# run; crashes go to .fuzz/crashes/<harness>; each run's output to .fuzz/logs/<harness>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGET:-decoder typesetter gesture-script state-file page-cache advance-table font-locations gesture-import epub epub-package epub-document epub-cache}
epubs=${FUZZ_EPUBS:-../shared/epub}
books=${FUZZ_CORPUS:-../shared/corpus}
out=$root/.fuzz
# Optimised (-O keeps Swift's bounds and overflow checks; only `assert` goes): 5 to 10 times
# the executions per second of a debug build.
bin=$root/.build-fuzz/release

# Instrumentation for coverage and AddressSanitizer; libFuzzer's runtime without its main
# (SwiftPM links each executable's own entry point as main: see Fuzz/Sources/FuzzDriver).
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
runtime=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
echo "building the fuzz executables into .build-fuzz (log: .fuzz/logs/build.log)"
mkdir -p "$out/logs"
if ! nice -n 19 swift build -c release --package-path Fuzz --scratch-path "$root/.build-fuzz" \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xlinker --whole-archive -Xlinker "$runtime" -Xlinker --no-whole-archive -Xlinker -lstdc++ \
    > "$out/logs/build.log" 2>&1; then
    # (gold warns about every AddressSanitizer symbol it cannot export: noise)
    grep -v "Cannot export local symbol" "$out/logs/build.log" | tail -30
    echo "the fuzz build failed" >&2
    exit 1
fi
for t in $targets; do [ -x "$bin/fuzz-$t" ] || { echo "no fuzz executable for '$t'" >&2; exit 1; }; done

# The harnesses' files (state files, page caches), in memory when /dev/shm is there; removed
# at the end even if a harness crashed.
scratch=$(mktemp -d /dev/shm/pageturn-fuzz.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export PAGETURN_FUZZ_SCRATCH=$scratch

# No leak checks: Foundation and the Swift runtime keep one-time caches that LeakSanitizer
# reports at exit. No Swift backtracer: libFuzzer reports a crash, and the backtracer's reads
# of the stack trip AddressSanitizer.
export ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no

# Seeds: the harnesses' own (hand-written, or made by the real writers), book excerpts of
# 2 KB from three places in each corpus book and the bundled assets, gesture recordings.
excerpts() {  # excerpts FOLDER FILE...
    local dir=$1; shift
    for f in "$@"; do
        [ -f "$f" ] || continue
        local size name
        size=$(stat -c %s "$f"); name=$(basename "$f")
        for part in 0 1 2; do
            # (tail is cut off by head's exit: its SIGPIPE is no failure)
            tail -c +$((size * part / 3 + 1)) "$f" | head -c 2048 > "$dir/$name.$part" || true
        done
    done
}
for t in $targets; do
    seeds=$out/seeds/$t
    rm -rf "$seeds"; mkdir -p "$seeds" "$out/corpus/$t" "$out/crashes/$t"
    PAGETURN_FUZZ_SEEDS=$seeds "$bin/fuzz-$t"
    case $t in
        decoder|typesetter) excerpts "$seeds" "$books"/*.txt assets/books/*.txt ;;
        gesture-script) for f in assets/gestures/*.txt; do head -n 80 "$f" > "$seeds/$(basename "$f")" || true; done ;;
        # The W3C's small test books whole; the books' own package and spine documents.
        epub) find "$epubs/w3c-epub-tests" -name '*.epub' -size -64k -exec cp {} "$seeds/" \; 2>/dev/null || true ;;
        epub-package|epub-document)
            [ $t = epub-package ] && pattern='\.opf$' || pattern='\.x?html$'
            for f in "$epubs"/books/*.epub; do
                /usr/bin/python3 - "$f" "$seeds" "$pattern" <<'PY' || true
import re, sys, zipfile
book, out, pattern = sys.argv[1:]
with zipfile.ZipFile(book) as z:
    for name in [n for n in z.namelist() if re.search(pattern, n)][:8]:
        open(f"{out}/{book.rsplit('/', 1)[-1]}-{name.replace('/', '_')}", "wb").write(z.read(name)[:65536])
PY
            done ;;
        # The W3C tests' fonts (OpenType, TrueType, WOFF, WOFF2, an obfuscated one).
        font)
            for f in "$epubs"/w3c-epub-tests/cnt-css-fonts_*.epub "$epubs"/w3c-epub-tests/ocf-font_obfuscation.epub; do
                /usr/bin/python3 - "$f" "$seeds" <<'PY' || true
import sys, zipfile
book, out = sys.argv[1:]
with zipfile.ZipFile(book) as z:
    for name in [n for n in z.namelist() if n.startswith("EPUB/fonts/")]:
        open(f"{out}/{book.rsplit('/', 1)[-1]}-{name.rsplit('/', 1)[-1]}", "wb").write(z.read(name))
PY
            done ;;
    esac
done

for t in $targets; do
    echo "fuzzing $t for $seconds s (log: .fuzz/logs/$t.log, crashes: .fuzz/crashes/$t/)"
    case $t in epub*) max_len=65536 ;; font) max_len=1048576 ;; *) max_len=4096 ;; esac
    nice -n 19 "$bin/fuzz-$t" -max_total_time="$seconds" -timeout=10 -max_len=$max_len -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="$out/crashes/$t/" "$out/corpus/$t" "$out/seeds/$t" \
        > "$out/logs/$t.log" 2>&1 || echo "  $t stopped on a finding: see .fuzz/logs/$t.log"
done

# corpus: libFuzzer's (units/bytes, after its reductions); files: what the folder holds.
printf '\n%-15s %8s %12s %9s %6s %7s %13s %7s %8s\n' harness seconds execs exec/s cov ft corpus files crashes
for t in $targets; do
    log=$out/logs/$t.log
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    # A run stopped by a finding prints no "Done" line: its time from its runs and rate.
    if [ -z "$secs" ] && [ "${rate:-0}" -gt 0 ]; then secs="~$((execs / rate))"; fi
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<< "$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<< "$last")
    corpus=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<< "$last")
    files=$(find "$out/corpus/$t" -type f | wc -l)
    crashes=$(find "$out/crashes/$t" -type f | wc -l)
    printf '%-15s %8s %12s %9s %6s %7s %13s %7s %8s\n' "$t" "${secs:--}" "${execs:--}" "${rate:--}" "${cov:--}" "${ft:--}" \
        "${corpus:--}" "$files" "$crashes"
done
if [ -n "$(find "$out/crashes" -type f 2>/dev/null)" ]; then
    echo
    echo "crashes in .fuzz/crashes/<harness>/. Reproduce: .build-fuzz/release/fuzz-<harness> FILE;"
    echo "minimise: .build-fuzz/release/fuzz-<harness> -minimize_crash=1 -runs=100000 FILE"
    echo "(with ASAN_OPTIONS=detect_leaks=0 and SWIFT_BACKTRACE=enable=no, as here);"
    echo "then add the minimised input to Tests/FuzzRegressions/<harness>/ (replayed by make test) and fix the bug."
fi
