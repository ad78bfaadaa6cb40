"""The small pieces the systems' pictures are drawn from (the interface's `picture`): an SVG document a page
scales to its column, text, and a bar with its numbers in words.

Pure Python: each piece is a plain `str`, every text given to it is escaped here (`html.escape`), so the Django
side may mark a picture safe to put it in a page. Nothing is told by colour alone: a bar's numbers are written
beside it and said in its <title>, the dead and the down are struck through and named so."""

from __future__ import annotations

from html import escape

INK, MUTED, PAPER, EDGE, LOST, DOWN = "#1f1b16", "#5f584e", "#fffdf8", "#7a2e1d", "#e3b3a8", "#8a8175"


def document(width: int, height: int, label: str, body: list[str], css_class: str) -> str:
    """The whole picture: `width` x `height` units drawn at a third over that size (like Magic Realm's sheets);
    the page's `.system-picture svg { max-width: 100% }` scales it down to a phone's width."""
    shown = width * 4 // 3
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{shown}" '
            f'height="{height * shown // width}" role="img" class="{css_class}" aria-label="{escape(label)}">'
            f'<title>{escape(label)}</title>'
            f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="6" fill="{PAPER}" stroke="{EDGE}"/>'
            + "".join(body) + "</svg>")


def text(x: float, y: float, words: str, size: int = 12, *, fill: str = INK, bold: bool = False, struck: bool = False,
         anchor: str = "start", title: str = "", css_class: str = "") -> str:
    """A line of text; `struck` draws it struck through (the dead, the down); `title` says it in full."""
    extra = (' font-weight="700"' if bold else "") + (' text-decoration="line-through"' if struck else "")
    extra += f' text-anchor="{anchor}"' if anchor != "start" else ""
    extra += f' class="{css_class}"' if css_class else ""
    told = f"<title>{escape(title)}</title>" if title else ""
    return f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}"{extra}>{told}{escape(words)}</text>'


def bar(x: float, y: float, width: float, height: float, value: int, scale: int, title: str, *,
        fill: str, lost_from: int | None = None, css_class: str = "bar") -> str:
    """A bar of `value` out of `scale` units in `width`; with `lost_from` (the value before) the part lost is
    drawn after it, shaded and hatched. The <title> says it in words."""
    unit = width / max(scale, 1)
    kept = max(value, 0) * unit
    parts = [f'<rect x="{x}" y="{y}" width="{width:.1f}" height="{height}" fill="none" stroke="{MUTED}" stroke-width="0.6"/>']
    if kept:
        parts.append(f'<rect x="{x}" y="{y}" width="{kept:.1f}" height="{height}" fill="{fill}"/>')
    if lost_from is not None and lost_from > max(value, 0):
        lost = (max(lost_from, 0) - max(value, 0)) * unit
        parts.append(f'<rect x="{x + kept:.1f}" y="{y}" width="{lost:.1f}" height="{height}" fill="{LOST}" '
                     f'stroke="{EDGE}" stroke-width="0.6" stroke-dasharray="2 2" class="{css_class}-lost"/>')
    return f'<g class="{css_class}"><title>{escape(title)}</title>{"".join(parts)}</g>'
