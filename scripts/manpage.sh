#!/usr/bin/env bash
# Writes pageturn's man page (section 1, every command and option) from its help, with
# swift-argument-parser's generate-manual, which reads `pageturn --experimental-dump-help`.
#
#   scripts/manpage.sh GENERATE_MANUAL PAGETURN OUTPUT
#
# GENERATE_MANUAL is the tool (`swift build --product generate-manual` builds it, as
# `make man` does), PAGETURN the built command. Needs only bash and perl (Debian's perl-base,
# on every system).
#
# Why not the package plugin (`swift package plugin generate-manual`): the tool keeps only
# ASCII, so "0–200" in the turn settings' help would read "0200" and every ×, …, → and CJK
# example would vanish. Here the tool reads the help through a wrapper that writes each other
# character as @@uXXXX@@, and the page gets them back as roff's \[uXXXX], which man shows as
# the character. The page is also cleaned of what man warns about: empty lines (each becomes
# a paragraph break, .Pp) and text lines that begin with ' or . (each gets roff's \& first).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: scripts/manpage.sh GENERATE_MANUAL PAGETURN OUTPUT" >&2; exit 2; }
tool=$1 output=$3
pageturn=$(realpath -e "$2") || { echo "manpage.sh: no pageturn at $2" >&2; exit 1; }
[ -x "$tool" ] || { echo "manpage.sh: no generate-manual at $tool (swift build --product generate-manual)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/pageturn" <<'WRAPPER'
#!/usr/bin/env bash
set -o pipefail
"$MANPAGE_PAGETURN" "$@" | perl -CS -pe 's/([^\x00-\x7F])/sprintf("\@\@u%04X\@\@", ord $1)/ge'
WRAPPER
chmod +x "$work/pageturn"

# The date of the last commit, so that the same sources give the same page.
date=$(git -C "$(dirname "$0")" log -1 --format=%cs 2>/dev/null || date +%F)
mkdir "$work/out"
MANPAGE_PAGETURN=$pageturn "$tool" "$work/pageturn" --date "$date" --output-directory "$work/out"
page=$work/out/pageturn.1
[ -s "$page" ] || { echo "manpage.sh: generate-manual wrote no pageturn.1" >&2; exit 1; }

# Only generate-manual's own macros (.Xx, and its comment .\") begin a line with a dot.
perl -pe 's/\@\@u([0-9A-F]{4,6})\@\@/\\[u$1]/g; s/^\x27/\\&\x27/; s/^\.(?![A-Z][a-z](\s|$)|\\")/\\&./; s/^$/.Pp/' \
    "$page" > "$work/pageturn.1.clean"
if grep -q '@@u' "$work/pageturn.1.clean"; then
    echo "manpage.sh: a character was not restored in the page" >&2
    exit 1
fi
mkdir -p "$(dirname "$output")"
mv -f "$work/pageturn.1.clean" "$output"
