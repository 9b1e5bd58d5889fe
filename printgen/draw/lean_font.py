"""Leaner font subsets in the PDF: reportlab's TrueType subsets keep the hinting (instructions in
every glyph, and the fpgm/prep/cvt programs), the name table and kerning tables, which the PDF never
uses: two thirds of each subset. Hinting only snaps outlines to a coarse screen grid; print and
today's viewers do without it. The outlines, advance widths and character map are kept byte for byte.

The tables a PDF's embedded TrueType font needs are listed in the PDF specification (9.9); this
keeps them, with empty instructions."""

from __future__ import annotations

import struct

DROP = {b"name", b"fpgm", b"prep", b"cvt ", b"hdmx", b"kern", b"gasp", b"PCLT", b"LTSH", b"VDMX", b"GPOS", b"GSUB",
        b"GDEF", b"DSIG"}

# composite glyph flags
_WORDS, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO, _INSTRUCTIONS = 0x0001, 0x0008, 0x0020, 0x0040, 0x0080, 0x0100


def install(font_names) -> None:
    """Make reportlab embed lean subsets of these registered TrueType fonts (once per font)."""
    from reportlab.pdfbase.pdfmetrics import getFont

    for name in font_names:
        face = getFont(name).face
        if getattr(face, "_printgen_lean", False):
            continue
        full = face.makeSubset
        face.makeSubset = lambda subset, full=full: lean(full(subset))
        face._printgen_lean = True


def lean(ttf: bytes) -> bytes:
    """The font without hinting and without the tables a PDF does not read."""
    n = struct.unpack(">H", ttf[4:6])[0]
    tables = {}
    for i in range(n):
        tag, _, off, length = struct.unpack(">4sIII", ttf[12 + 16 * i:28 + 16 * i])
        tables[tag] = ttf[off:off + length]
    if b"glyf" not in tables or b"loca" not in tables or b"head" not in tables:
        return ttf
    head = tables[b"head"]
    short = struct.unpack(">h", head[50:52])[0] == 0
    loca = tables[b"loca"]
    if short:
        offsets = [2 * v for v in struct.unpack(f">{len(loca) // 2}H", loca)]
    else:
        offsets = list(struct.unpack(f">{len(loca) // 4}I", loca))
    glyf, new_offsets, pos = [], [0], 0
    for a, b in zip(offsets, offsets[1:]):
        g = _bare(tables[b"glyf"][a:b])
        g += b"\0" * (-len(g) % 4)
        glyf.append(g)
        pos += len(g)
        new_offsets.append(pos)
    tables[b"glyf"] = b"".join(glyf)
    tables[b"loca"] = struct.pack(f">{len(new_offsets)}I", *new_offsets)
    tables[b"head"] = head[:8] + b"\0\0\0\0" + head[12:50] + struct.pack(">h", 1) + head[52:]
    for tag in DROP:
        tables.pop(tag, None)
    return _write(tables)


def _bare(g: bytes) -> bytes:
    """One glyph's outline without its instructions."""
    if len(g) < 10:
        return g
    contours = struct.unpack(">h", g[:2])[0]
    if contours >= 0:                                     # simple glyph: endPts, instructionLength, instructions
        p = 10 + 2 * contours
        length = struct.unpack(">H", g[p:p + 2])[0]
        return g[:p] + b"\0\0" + g[p + 2 + length:]
    out, p = bytearray(g[:10]), 10                        # composite: clear each component's instruction flag
    while True:
        flags = struct.unpack(">H", g[p:p + 2])[0]
        size = 4 + (4 if flags & _WORDS else 2)
        size += 2 if flags & _SCALE else 4 if flags & _XY_SCALE else 8 if flags & _TWO_BY_TWO else 0
        out += struct.pack(">H", flags & ~_INSTRUCTIONS) + g[p + 2:p + size]
        p += size
        if not flags & _MORE:
            return bytes(out)


def _checksum(data: bytes) -> int:
    data += b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF


def _write(tables: dict[bytes, bytes]) -> bytes:
    tags = sorted(tables)
    n = len(tags)
    entry = 1 << (n.bit_length() - 1)
    header = struct.pack(">IHHHH", 0x00010000, n, entry * 16, entry.bit_length() - 1, n * 16 - entry * 16)
    offset = 12 + 16 * n
    directory, body = [], []
    for tag in tags:
        data = tables[tag]
        directory.append(struct.pack(">4sIII", tag, _checksum(data), offset, len(data)))
        padded = data + b"\0" * (-len(data) % 4)
        body.append(padded)
        offset += len(padded)
    font = bytearray(header + b"".join(directory) + b"".join(body))
    head_at = 12 + 16 * n + sum(len(b) for t, b in zip(tags, body) if t < b"head")
    adjust = (0xB1B0AFBA - _checksum(bytes(font))) & 0xFFFFFFFF
    font[head_at + 8:head_at + 12] = struct.pack(">I", adjust)
    return bytes(font)
