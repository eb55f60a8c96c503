#!/usr/bin/python3
"""Pango's line starts in logical order, for comparing line breaking in any direction.

The peer script (../shared/bench/pango_paginate.py) takes each line's start from a
PangoLayoutIter, whose index at the start of a line is its leftmost character: for a
right-to-left line that is the line's logical end, so its starts for Hebrew or Persian are
not the characters lines begin with. This script lays the text out with the peer's own
functions (same font, size, width and wrap mode) and reads each line's logical start
(PangoLayoutLine.start_index) instead.

usage: pango_line_starts.py PEER FILE --out JSON [--encoding utf-8] [--width 800]
                            [--margin 40] [--font PATH_OR_FAMILY] [--size 18]
Writes a JSON array of the line starts, as character offsets.
"""
import argparse
import importlib.util
import json


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("peer")
    ap.add_argument("file")
    ap.add_argument("--out", required=True)
    ap.add_argument("--encoding", default="utf-8")
    ap.add_argument("--width", type=float, default=800)
    ap.add_argument("--margin", type=float, default=40)
    ap.add_argument("--font", default="DejaVu Sans")
    ap.add_argument("--size", type=float, default=18)
    a = ap.parse_args()

    spec = importlib.util.spec_from_file_location("pango_paginate", a.peer)
    peer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(peer)
    Pango = peer.Pango

    text = peer.load(a.file, a.encoding)
    ctx, fd = peer.make_context(peer.family_of(a.font), a.size)
    layout = Pango.Layout.new(ctx)
    layout.set_font_description(fd)
    layout.set_width(int((a.width - 2 * a.margin) * Pango.SCALE))
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    starts = []
    offset = 0
    for para in text.split("\n"):
        if para:
            layout.set_text(para, -1)
            raw = para.encode("utf-8")
            for line in layout.get_lines_readonly():
                starts.append(offset + len(raw[:line.start_index].decode("utf-8")))
        else:
            starts.append(offset)
        offset += len(para) + 1
    with open(a.out, "w") as f:
        json.dump(starts, f)


if __name__ == "__main__":
    main()
