#!/usr/bin/env python3
"""Generates Sources/Pagination/LineBreaking/LineBreakTables.generated.swift.

Reads the Unicode 17.0 data files in /work/shared/unicode (or the folder given as the
first argument): LineBreak, EastAsianWidth, emoji-data and DerivedGeneralCategory.

Every code point gets one property byte:

    bits 0-5  refined line-break class (the 49 UAX #14 classes, then a few refinements
              that the rules need: QU split by Pi/Pf, SA marks, U+25CC, unassigned
              Extended_Pictographic, and the characters CSS Text 3 `line-break` tailors)
    bit  6    East_Asian_Width is F, W or H   (UAX #14 "East Asian", LB19a and LB30)
    bit  7    East_Asian_Width is F or W      (wide, for the typesetter and kinsoku)

The bytes are stored as a two-stage table: stage 1 maps each block of 2^SHIFT code
points to a block number (one byte: the shift is chosen among those needing at most 256
distinct blocks, for the smallest total), stage 2 holds the de-duplicated blocks. Both are emitted as
one base64 string literal (Swift compiles big array literals very slowly) that the
Swift side decodes once, lazily.
"""
import base64
import os
import sys

SRC = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/unicode"
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Sources", "Pagination", "LineBreaking",
                   "LineBreakTables.generated.swift")
VERSION = "17.0.0"
FILES = ["LineBreak", "EastAsianWidth", "emoji-data", "DerivedGeneralCategory"]
NCP = 0x110000

# The 49 Line_Break values of Unicode 17.0, in the order of `LineBreakClass` raw values.
CLASSES = ("AI AK AL AP AS B2 BA BB BK CB CJ CL CM CP CR EB EM EX GL H2 H3 HH HL HY ID "
           "IN IS JL JT JV LF NL NS NU OP PO PR QU RI SA SG SP SY VF VI WJ XX ZW ZWJ").split()
assert len(CLASSES) == 49
CODE = {c: i for i, c in enumerate(CLASSES)}

# Refinements (codes 49...): (name, underlying Line_Break value, description).
REFINED = [
    ("quPi", "QU", "QU with General_Category Pi (LB15a, LB19)"),
    ("quPf", "QU", "QU with General_Category Pf (LB15b, LB19)"),
    ("dottedCircle", "AL", "U+25CC DOTTED CIRCLE (LB28a)"),
    ("saMark", "SA", "SA with General_Category Mn or Mc, resolved to CM (LB1)"),
    ("pictographicID", "ID", "unassigned Extended_Pictographic with lb=ID (LB30b)"),
    ("pictographicXX", "XX", "unassigned Extended_Pictographic with lb=XX (LB30b)"),
    # The characters CSS Text 3 §5.3 (`line-break`) tailors; see `Kinsoku`.
    ("iterationMark", "NS", "iteration marks 々〻ゝゞヽヾ: loose, Chinese or Japanese, allows a break before"),
    ("cjkHyphenLike", "NS", "〜 U+301C, ゠ U+30A0: normal and loose, Chinese or Japanese, allow a break before"),
    ("centeredNS", "NS", "centred punctuation ・：；･‼⁇⁈⁉: loose, Chinese or Japanese, allows a break before"),
    ("centeredEX", "EX", "centred punctuation ！？: loose, Chinese or Japanese, allows a break before"),
    ("looseHyphen", "HH", "U+2010, U+2013: loose allows a break before after an ideograph (ID)"),
    ("wideSuffix", "PO", "PO with East_Asian_Width A, F or W: loose, Chinese or Japanese, allows a break before"),
    ("widePrefix", "PR", "PR with East_Asian_Width A, F or W: loose, Chinese or Japanese, allows a break after"),
]
RCODE = {name: 49 + i for i, (name, _, _) in enumerate(REFINED)}
assert 49 + len(REFINED) <= 64

ITERATION_MARKS = [0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE]
CJK_HYPHEN_LIKE = [0x301C, 0x30A0]
CENTERED_NS = [0x30FB, 0xFF1A, 0xFF1B, 0xFF65, 0x203C, 0x2047, 0x2048, 0x2049]
CENTERED_EX = [0xFF01, 0xFF1F]
LOOSE_HYPHEN = [0x2010, 0x2013]


def records(name):
    """Yields (first, last, value) for every data line of a UCD file."""
    path = os.path.join(SRC, f"{name}-{VERSION}.txt")
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(";")]
            cps = fields[0]
            if ".." in cps:
                lo, hi = (int(x, 16) for x in cps.split(".."))
            else:
                lo = hi = int(cps, 16)
            yield lo, hi, fields[1]


def missing_value(name):
    """The value of the file's single `# @missing: 0000..10FFFF; X` line."""
    path = os.path.join(SRC, f"{name}-{VERSION}.txt")
    with open(path, encoding="utf-8") as f:
        found = [line.split(";")[1].strip() for line in f if line.startswith("# @missing:")]
    assert len(found) == 1, found
    return found[0]


def fill(name, default, accept=None):
    table = [default] * NCP
    for lo, hi, v in records(name):
        if accept is not None:
            if v != accept:
                continue
            v = True
        for c in range(lo, hi + 1):
            table[c] = v
    return table


def main():
    gc = fill("DerivedGeneralCategory", "Cn")
    eaw = fill("EastAsianWidth", missing_value("EastAsianWidth"))
    pict = fill("emoji-data", False, accept="Extended_Pictographic")

    # Line_Break: the file's `@missing` default (XX), then its explicit values. The file
    # already lists the block defaults its header describes (ID for unassigned CJK and
    # pictographic ranges, PR in Currency Symbols); code points it leaves out (a few
    # unassigned ones in Supplemental Arrows-C) are XX, as LineBreakTest expects.
    lb = [missing_value("LineBreak")] * NCP
    for lo, hi, v in records("LineBreak"):
        assert v in CODE, v
        for c in range(lo, hi + 1):
            lb[c] = v

    for c in ITERATION_MARKS + CJK_HYPHEN_LIKE + CENTERED_NS:
        assert lb[c] == "NS", hex(c)
    for c in CENTERED_EX:
        assert lb[c] == "EX", hex(c)
    for c in LOOSE_HYPHEN:
        assert lb[c] == "HH", hex(c)

    props = bytearray(NCP)
    for c in range(NCP):
        v = lb[c]
        code = CODE[v]
        if v == "QU" and gc[c] == "Pi":
            code = RCODE["quPi"]
        elif v == "QU" and gc[c] == "Pf":
            code = RCODE["quPf"]
        elif c == 0x25CC:
            code = RCODE["dottedCircle"]
        elif v == "SA" and gc[c] in ("Mn", "Mc"):
            code = RCODE["saMark"]
        elif pict[c] and gc[c] == "Cn":
            assert v in ("ID", "XX"), (hex(c), v)
            code = RCODE["pictographicID" if v == "ID" else "pictographicXX"]
        elif c in ITERATION_MARKS:
            code = RCODE["iterationMark"]
        elif c in CJK_HYPHEN_LIKE:
            code = RCODE["cjkHyphenLike"]
        elif c in CENTERED_NS:
            code = RCODE["centeredNS"]
        elif c in CENTERED_EX:
            code = RCODE["centeredEX"]
        elif c in LOOSE_HYPHEN:
            code = RCODE["looseHyphen"]
        elif v == "PO" and eaw[c] in ("A", "F", "W"):
            code = RCODE["wideSuffix"]
        elif v == "PR" and eaw[c] in ("A", "F", "W"):
            code = RCODE["widePrefix"]
        w = eaw[c]
        if w in ("F", "W", "H"):
            code |= 0x40
        if w in ("F", "W"):
            code |= 0x80
        props[c] = code

    best = None
    for shift in range(4, 11):
        size = 1 << shift
        blocks, index = {}, []
        for start in range(0, NCP, size):
            blk = bytes(props[start:start + size])
            index.append(blocks.setdefault(blk, len(blocks)))
        if len(blocks) > 256:
            continue  # stage 1 holds one byte per entry
        total = len(index) + len(blocks) * size
        if best is None or total < best[0]:
            best = (total, shift, blocks, index)
    total, shift, blocks, index = best
    stage1 = bytes(index)
    stage2 = b"".join(sorted(blocks, key=blocks.get))
    blob = base64.b64encode(bytes(stage1) + stage2).decode("ascii")
    lines = [blob[i:i + 150] for i in range(0, len(blob), 150)]

    raw_of_refined = list(range(49)) + [CODE[u] for _, u, _ in REFINED]
    raw_of_refined += [CODE["XX"]] * (64 - len(raw_of_refined))

    out = []
    w = out.append
    w("// GENERATED FILE, DO NOT EDIT. Regenerate with `python3 scripts/gen_linebreak_tables.py`.")
    w("//")
    w(f"// Generated from the Unicode {VERSION} Character Database files")
    w("// " + ", ".join(f"{n}-{VERSION}.txt" for n in FILES) + ".")
    w("// The data is © 2025 Unicode®, Inc., used under the Unicode License v3;")
    w("// see LICENSE-Unicode-3.0.txt next to this file.")
    w("")
    w("/// The refined line-break codes (49 and up) that the property table uses on top of")
    w("/// the 49 `LineBreakClass` raw values.")
    w("@usableFromInline")
    w("enum RefinedClass {")
    for name, under, desc in REFINED:
        w(f"    /// {desc}; its Line_Break value is {under}.")
        w(f"    @usableFromInline static let {name}: UInt8 = {RCODE[name]}")
    w("}")
    w("")
    w("/// Property tables for line breaking: one byte per code point (see `ScalarProperties`).")
    w("@usableFromInline")
    w("enum LineBreakTables {")
    w(f"    /// Stage 1 maps `scalar >> shift` to a block of stage 2.")
    w(f"    @inlinable static var shift: UInt32 {{ {shift} }}")
    w(f"    /// Number of stage-1 entries (one byte each).")
    w(f"    static let stage1Count = {len(index)}")
    w(f"    /// Number of stage-2 bytes ({len(blocks)} de-duplicated blocks of {1 << shift}).")
    w(f"    static let stage2Count = {len(stage2)}")
    w("    /// The `LineBreakClass` raw value of every refined code.")
    w("    @usableFromInline static let rawClassOfRefined: [UInt8] = [")
    for i in range(0, 64, 16):
        w("        " + ", ".join(str(x) for x in raw_of_refined[i:i + 16]) + ",")
    w("    ]")
    w(f"    /// Stage 1 then stage 2, base64 ({len(stage1) + len(stage2)} bytes).")
    w("    static let blob: StaticString = \"\"\"")
    for ln in lines:
        w("        " + ln)
    w("        \"\"\"")
    w("}")
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"shift {shift}: {len(index)} stage-1 entries, {len(blocks)} blocks, {total} bytes -> {OUT}")


if __name__ == "__main__":
    main()
