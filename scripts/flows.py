#!/usr/bin/env python3
"""Draws the two flows of ARCHITECTURE.md end to end (docs/flows.svg): a book's bytes to the
pixels of a page, and a pointer event to a frame. Each step is a box naming what it holds,
its type and its file; each box has a <title> "Type — path", which FlowsPictureTests holds to
the sources (the file exists and defines the type). Run it after moving a step:

    python3 scripts/flows.py > docs/flows.svg
"""
from xml.sax.saxutils import escape

FLOWS = [
    ("From a book's bytes to a page's pixels", [
        ("bytes → decoded text", "TextDecoder", "Sources/TextDecoding/TextDecoder.swift"),
        ("text and its scalar index", "BookText", "Sources/Pagination/Text/BookText.swift"),
        ("or an EPUB's text and structure", "EPUBBook", "Sources/EPUB/EPUBBook.swift"),
        ("paragraphs and their kinds", "ParagraphKind", "Sources/Pagination/Typesetting/ParagraphKind.swift"),
        ("break opportunities (UAX #14)", "LineBreaker", "Sources/Pagination/LineBreaking/LineBreaker.swift"),
        ("bidi levels (UAX #9)", "BidiLevels", "Sources/Pagination/Shaping/BidiLevels.swift"),
        ("shaped runs (HarfBuzz)", "ShapeCache", "Sources/Pagination/Shaping/ShapeCache.swift"),
        ("lines (total fit)", "Typesetter", "Sources/Pagination/Typesetting/Typesetter.swift"),
        ("pages", "PageSplitter", "Sources/Pagination/Pages/PageSplitter.swift"),
        ("positioned glyphs, head, folio", "PageLayout", "Sources/Pagination/Layout/PageLayout.swift"),
        ("the page at the place kept", "BookLayout", "Sources/Reader/Layout/BookLayout.swift"),
        ("pixels (glyph atlas)", "PageTextures", "Sources/Rendering/Pages/PageTextures.swift"),
    ]),
    ("From a pointer event to a frame", [
        ("an SDL event", "SDLInput", "Sources/Rendering/Window/SDLInput.swift"),
        ("the platform's event", "PlatformEvent", "Sources/Reader/Session/PlatformEvent.swift"),
        ("translated once", "InputTranslator", "Sources/Reader/Session/InputTranslator.swift"),
        ("the reader's input", "ReaderInput", "Sources/Reader/Session/ReaderInput.swift"),
        ("routed: panel, toolbar, link, page", "ReaderSession", "Sources/Reader/Session/ReaderSession.swift"),
        ("drags into turns", "TurnMachine", "Sources/PageTurner/TurnMachine.swift"),
        ("where the page is", "TurnPose", "Sources/PageTurner/TurnPose.swift"),
        ("curl geometry", "CurlRenderer", "Sources/PageTurner/CurlModel.swift"),
        ("what the frame shows", "ReaderScene", "Sources/Reader/Session/ReaderScene.swift"),
        ("the curl drawn", "CurlDrawer", "Sources/Rendering/Turning/CurlDrawer.swift"),
        ("the frame presented", "EventLoop", "Sources/Rendering/Window/EventLoop.swift"),
    ]),
]

BOX_W, BOX_H, GAP, COLUMNS, MARGIN = 250, 64, 34, 4, 20
out = []
y = MARGIN
for title, steps in FLOWS:
    out.append(f'<text x="{MARGIN}" y="{y + 16}" font-size="16" font-weight="bold">{escape(title)}</text>')
    y += 30
    rows = (len(steps) + COLUMNS - 1) // COLUMNS
    for k, (what, type_name, path) in enumerate(steps):
        row, column = divmod(k, COLUMNS)
        # Rows run left to right, then the next row: a reader follows the arrows in order.
        x = MARGIN + column * (BOX_W + GAP)
        top = y + row * (BOX_H + GAP)
        out.append(f'<g><title>{escape(type_name)} — {escape(path)}</title>')
        out.append(f'<rect x="{x}" y="{top}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="#f6f3ec" stroke="#555"/>')
        out.append(f'<text x="{x + 10}" y="{top + 20}" font-size="13">{escape(what)}</text>')
        out.append(f'<text x="{x + 10}" y="{top + 38}" font-size="13" font-weight="bold">{escape(type_name)}</text>')
        short = path.removeprefix("Sources/")
        out.append(f'<text x="{x + 10}" y="{top + 54}" font-size="10" fill="#555">{escape(short)}</text></g>')
        if k + 1 < len(steps):
            if column + 1 < COLUMNS:
                out.append(f'<line x1="{x + BOX_W}" y1="{top + BOX_H / 2}" x2="{x + BOX_W + GAP}" y2="{top + BOX_H / 2}" '
                           'stroke="#333" marker-end="url(#arrow)"/>')
            else:
                # Down to the next row's first box.
                nx, ny = MARGIN + BOX_W / 2, top + BOX_H + GAP
                out.append(f'<polyline points="{x + BOX_W / 2},{top + BOX_H} {x + BOX_W / 2},{top + BOX_H + GAP / 2} '
                           f'{nx},{top + BOX_H + GAP / 2} {nx},{ny}" fill="none" stroke="#333" marker-end="url(#arrow)"/>')
    y += rows * (BOX_H + GAP) + 10

width = 2 * MARGIN + COLUMNS * BOX_W + (COLUMNS - 1) * GAP
print(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" font-family="sans-serif">')
print('<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto">'
      '<path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>')
print(f'<rect width="{width}" height="{y}" fill="white"/>')
print("\n".join(out))
print("</svg>")
