#!/usr/bin/env python3
"""Draws the module graph (docs/modules.svg) from `swift package dump-package`.

Each Swift module of Sources/ is a box, a row below the lowest of the modules that import it;
each arrow no other path implies is a line
with a <title> "A → B", which PackageArrowsTests holds to Package.swift. The C shims and products a module uses are
written under its box. Run it after changing a dependency:

    swift package dump-package | python3 scripts/module_graph.py > docs/modules.svg
"""
import json
import sys
from xml.sax.saxutils import escape

package = json.load(sys.stdin)
targets = {}
for target in package["targets"]:
    if target["type"] not in ("regular", "executable") or (target.get("path") or "").startswith("Tests/"):
        continue
    names = []
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    targets[target["name"]] = names

# Swift modules: the targets that are not C shims (a C target has no Swift module of its own to draw).
c_targets = {"SDLLoader", "CZip", "CXML", "CTemporaryFiles", "CWorkerThreads"}
modules = [name for name in targets if name not in c_targets]
edges = [(a, b) for a in modules for b in targets[a] if b in modules]
others = {a: [b for b in targets[a] if b not in modules] for a in modules}

# Only the arrows no other path implies (the transitive reduction): a module's other imports
# are drawn through the modules in between.
def reaches(a, b, skip):
    stack, seen = [x for x in (y for x, y in edges if x == a) if (a, x) != skip], set()
    while stack:
        n = stack.pop()
        if n == b:
            return True
        if n not in seen:
            seen.add(n)
            stack.extend(y for x, y in edges if x == n)
    return False
drawn = [(a, b) for a, b in edges if not reaches(a, b, (a, b))]

# Each module one row below the lowest of the modules that import it (the command and the
# fuzz harnesses, which nothing imports, at the top).
depth = {}
def row_of(name):
    if name not in depth:
        above = [a for a, b in edges if b == name]
        depth[name] = 0 if not above else 1 + max(row_of(a) for a in above)
    return depth[name]
for name in modules:
    row_of(name)
rows = {}
for name in sorted(modules, key=lambda n: (depth[n], n)):
    rows.setdefault(depth[name], []).append(name)
# Each row in the order of its modules' importers above (their mean place), twice over, so
# that fewer arrows cross.
for _ in range(2):
    for row in sorted(rows)[1:]:
        def place(name):
            above = [r.index(a) / max(1, len(r) - 1) for r in (rows[k] for k in sorted(rows) if k < row)
                     for a in r if (a, name) in drawn]
            return sum(above) / len(above) if above else 0.5
        rows[row].sort(key=lambda n: (place(n), n))

box_width, box_height, gap_x, gap_y, margin = 150, 34, 28, 64, 20
width = margin * 2 + max(len(r) for r in rows.values()) * (box_width + gap_x) - gap_x
height = margin * 2 + len(rows) * (box_height + gap_y) - gap_y + 14
position = {}
for row, names in rows.items():
    row_width = len(names) * (box_width + gap_x) - gap_x
    left = (width - row_width) / 2
    for k, name in enumerate(names):
        position[name] = (left + k * (box_width + gap_x), margin + row * (box_height + gap_y))

out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
       f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
       '<title>PageTurn modules: arrows point down, from a module to the modules it imports</title>',
       '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
       'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#666"/></marker></defs>',
       '<rect width="100%" height="100%" fill="#fff"/>']
for a, b in sorted(drawn):
    (ax, ay), (bx, by) = position[a], position[b]
    out.append(f'<g><title>{escape(a)} → {escape(b)}</title><line x1="{ax + box_width / 2:.1f}" y1="{ay + box_height:.1f}" '
               f'x2="{bx + box_width / 2:.1f}" y2="{by:.1f}" stroke="#8a8a8a" stroke-width="1.2" marker-end="url(#arrow)"/></g>')
for name in modules:
    x, y = position[name]
    out.append(f'<g><rect x="{x:.1f}" y="{y:.1f}" width="{box_width}" height="{box_height}" rx="5" fill="#eef3fb" fill-opacity="0.75" stroke="#4a6fa5"/>'
               f'<text x="{x + box_width / 2:.1f}" y="{y + 21:.1f}" font-size="14" text-anchor="middle">{escape(name)}</text>')
    if others[name]:
        out.append(f'<text x="{x + box_width / 2:.1f}" y="{y + box_height + 12:.1f}" font-size="9" fill="#555" '
                   f'text-anchor="middle">{escape(", ".join(others[name]))}</text>')
    out.append('</g>')
out.append('</svg>')
print("\n".join(out))
