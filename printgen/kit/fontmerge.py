"""kit.pdf's fonts: one subset per face for the whole kit, instead of one per document joined.

Each document embeds its own subsets (reportlab: codes 0-127 are ASCII itself; the other characters
get codes 1-31, then 128-255, in the order the document first uses them), so a kit of twelve
documents held thirty-six copies of three faces. Here every face gets one subset holding the
characters of all its subsets, in a fixed order (sorted), and the text that used another code is
rewritten to the new one: only the escaped codes (\\001-\\037, \\200-\\377) change, the ASCII text stays
byte for byte. A face whose characters do not fit one subset, or that is not printgen's, is left
as it was."""

from __future__ import annotations

import re

import pikepdf

from printgen.draw import fonts, lean_font

_ENTRY = re.compile(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4})>")
_SHOWN = re.compile(rb"(/[^\s/\[\]()<>]+) ([\d.]+) Tf \(((?:\\[0-7]{1,3}|\\.|[^\\)])*)\) Tj")
_OTHER_SHOWING = re.compile(rb"[)\]>]\s*(?:Tj|TJ|'|\")")      # a string shown by any other operator
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|.)", re.S)
_SIMPLE = {b"n": 10, b"r": 13, b"t": 9, b"b": 8, b"f": 12}
OTHER_CODES = list(range(1, 32)) + list(range(128, 256))          # where reportlab puts non-ASCII characters


def one_subset_per_face(pdf: pikepdf.Pdf) -> None:
    """Rewrite `pdf` (every page and form) to use one font subset per face."""
    uses = _resources(pdf)
    if not all(_plain(owner) for _, owners in uses for owner in owners):
        return                                            # text shown some other way: leave every font as it is
    # each resource dictionary's fonts, read before any is replaced (pages may share one /Font table)
    named = [list((res.get("/Font") or {}).items()) for res, _ in uses]
    found: dict[tuple, dict | None] = {}                 # font object -> its face and code -> character
    for fonts_of in named:
        for _, font in fonts_of:
            if font.objgen not in found:
                found[font.objgen] = _read(font)
    faces: dict[str, set[int]] = {}
    for f in filter(None, found.values()):
        faces.setdefault(f["face"], set()).update(c for code, c in f["codes"].items() if code in OTHER_CODES and c)
    merged = {face: _merged(pdf, face, chars, [f for f in found.values() if f and f["face"] == face])
              for face, chars in faces.items() if len(chars) <= len(OTHER_CODES) and face in _STYLES}
    tables: dict[tuple, bytes] = {}                      # font object -> old code -> new code
    for key, f in found.items():
        if f is not None and f["face"] in merged:
            code_of, old = merged[f["face"]][1], f["codes"]
            tables[key] = bytes(code_of[old[b]] if b in OTHER_CODES and old.get(b) else b for b in range(256))
    for (res, owners), fonts_of in zip(uses, named):
        recode = {}
        for name, font in fonts_of:
            if font.objgen in tables:
                recode[str(name)[1:].encode()] = tables[font.objgen]
                res.Font[name] = merged[found[font.objgen]["face"]][0]
        for owner in owners:
            _rewrite(owner, recode)


_STYLES = {file[:-4]: style for style, file in fonts.FILES.items()}      # "DejaVuSans-Bold" -> "bold"


def _resources(pdf: pikepdf.Pdf) -> list[tuple[object, list]]:
    """Each resource dictionary with the pages and forms whose content uses it."""
    out: dict[tuple, tuple[object, list]] = {}
    forms: set[tuple] = set()

    def add(res, owner) -> None:
        key = res.objgen if res.is_indirect else ("direct", len(out))
        if key in out:
            out[key][1].append(owner)
            return
        out[key] = (res, [owner])
        for xobj in (res.get("/XObject") or {}).values():
            if xobj.get("/Subtype") == "/Form" and xobj.get("/Resources") is not None and xobj.objgen not in forms:
                forms.add(xobj.objgen)
                add(xobj.Resources, xobj)

    for page in pdf.pages:
        if page.obj.get("/Resources") is not None:
            add(page.obj.Resources, page)
    return list(out.values())


def _read(font) -> dict | None:
    """Face and code -> character of a reportlab TrueType subset (None: another kind of font)."""
    if font.get("/Subtype") != "/TrueType" or "/ToUnicode" not in font or not str(font.get("/Name", "")).endswith("+0"):
        return None
    base = str(font.BaseFont)[1:]
    face = base.split("+", 1)[1] if "+" in base else base
    first = int(font.get("/FirstChar", 0))
    widths = [float(w) for w in font.get("/Widths", [])]
    codes = {int(a, 16): int(b, 16) for a, b in _ENTRY.findall(font.ToUnicode.read_bytes())}
    return {"face": face, "codes": codes, "widths": {first + i: w for i, w in enumerate(widths)}, "font": font}


def _merged(pdf: pikepdf.Pdf, face: str, chars: set[int], subsets: list[dict]):
    """The face's one font object, and old character -> new code."""
    from reportlab.pdfbase.pdfmetrics import getFont

    fonts.register_pdf_fonts()
    lean_font.install(fonts.PDF_NAMES.values())
    order = sorted(chars)
    size = max(128, OTHER_CODES[len(order) - 1] + 1) if order else 128
    table = [0] * 32 + list(range(32, 128)) + [0] * (size - 128)          # as reportlab's: control codes unused
    codes = {}
    for c, code in zip(order, OTHER_CODES):
        table[code] = c
        codes[c] = code
    program = getFont(fonts.PDF_NAMES[_STYLES[face]]).face.makeSubset(table)
    widths = {}
    for f in subsets:
        for code, c in f["codes"].items():
            if code in f["widths"] and (code not in OTHER_CODES or c in codes):   # an unused code has no width
                widths[codes[c] if code in OTHER_CODES else code] = f["widths"][code]
    like = subsets[0]["font"]
    descriptor = pikepdf.Dictionary({k: v for k, v in like.FontDescriptor.items() if k != "/FontFile2"})
    descriptor.FontFile2 = pdf.make_stream(program, Length1=len(program))
    missing = float(like.FontDescriptor.get("/MissingWidth", 0))
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.TrueType, BaseFont=like.BaseFont,
                              Name=like.Name, FirstChar=0, LastChar=len(table) - 1,
                              Widths=pikepdf.Array([widths.get(i, missing) for i in range(len(table))]),
                              FontDescriptor=pdf.make_indirect(descriptor),
                              ToUnicode=pdf.make_stream(_cmap(str(like.BaseFont)[1:], table)))
    return pdf.make_indirect(font), codes


def _cmap(name: str, table: list[int]) -> bytes:
    entries = [f"<{code:02X}> <{c:04X}>" for code, c in enumerate(table)]
    blocks = "".join(f"{len(entries[i:i + 100])} beginbfchar\n" + "\n".join(entries[i:i + 100]) + "\nendbfchar\n"
                     for i in range(0, len(entries), 100))
    return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo\n"
            f"<< /Registry ({name})\n/Ordering ({name})\n/Supplement 0\n>> def\n/CMapName /{name} def\n"
            "/CMapType 2 def\n1 begincodespacerange\n<00> <FF>\nendcodespacerange\n" + blocks +
            "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend").encode()


def _rewrite(owner, recode: dict[bytes, bytes]) -> None:
    """The text of a page or form, shown in a merged face, with its new codes."""
    if not recode:
        return
    if isinstance(owner, pikepdf.Page):
        owner.contents_coalesce()
        stream = owner.obj.Contents
    else:
        stream = owner
    data = stream.read_bytes()

    def shown(m: re.Match) -> bytes:
        table = recode.get(m.group(1)[1:])
        if table is None or b"\\" not in m.group(3):          # ASCII alone: the same codes
            return m.group(0)
        text = _unescape(m.group(3)).translate(table)
        return m.group(1) + b" " + m.group(2) + b" Tf (" + _escape(text) + b") Tj"

    new = _SHOWN.sub(shown, data)
    if new != data:
        stream.write(new)


def _content(owner) -> bytes:
    if isinstance(owner, pikepdf.Page):
        contents = owner.obj.get("/Contents")
        parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents] if contents is not None else []
        return b"\n".join(c.read_bytes() for c in parts)
    return owner.read_bytes()


def _plain(owner) -> bool:
    """Whether every string the content shows is shown as printgen's PDF backend writes it (one
    `/F size Tf (text) Tj` each), so that recoding them all is recoding every one."""
    return _OTHER_SHOWING.search(_SHOWN.sub(b"", _content(owner))) is None


def _unescape(s: bytes) -> bytes:
    def one(m: re.Match) -> bytes:
        e = m.group(1)
        if e[:1].isdigit():
            return bytes([int(e, 8) & 0xFF])
        return bytes([_SIMPLE[e]]) if e in _SIMPLE else e
    return _ESCAPE.sub(one, s)


def _escape(s: bytes) -> bytes:
    out = bytearray()
    for b in s:
        if b in (0x28, 0x29, 0x5C):
            out += b"\\" + bytes([b])
        elif 32 <= b < 127:
            out.append(b)
        else:
            out += b"\\%03o" % b
    return bytes(out)
