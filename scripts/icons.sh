#!/usr/bin/env bash
# Draws the PNG icons from the hand-drawn SVG, one per size of the hicolor theme that desktops
# ask for, into packaging/icons/hicolor/NxN/apps/pageturn.png. They are committed, so that
# `make install` needs no SVG converter; run this again after changing the SVG, and commit
# what it writes. Needs rsvg-convert (Debian librsvg2-bin, which `make test` installs).
set -euo pipefail
cd "$(dirname "$0")/.."
svg=packaging/icons/hicolor/scalable/apps/pageturn.svg
command -v rsvg-convert >/dev/null || { echo "icons.sh: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2; exit 1; }
for size in 16 24 32 48 64 128 256; do
    folder=packaging/icons/hicolor/${size}x${size}/apps
    mkdir -p "$folder"
    rsvg-convert --width "$size" --height "$size" "$svg" --output "$folder/pageturn.png"
done
echo "wrote the icons of 16 to 256 px from $svg"
