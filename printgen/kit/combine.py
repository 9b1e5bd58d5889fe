"""kit.pdf: the kit's documents joined page for page (their pages copied; nothing is drawn twice),
with one font subset per face for the whole kit (printgen/kit/fontmerge.py) instead of one per
document. The same documents give the same bytes (qpdf's writer, its ID a digest of the content)."""

from __future__ import annotations

import io


def combine_pdfs(parts: list[bytes]) -> bytes:
    import pikepdf

    from printgen.kit.fontmerge import one_subset_per_face

    out = pikepdf.Pdf.new()
    sources = [pikepdf.Pdf.open(io.BytesIO(data)) for data in parts]
    try:
        for src in sources:
            out.pages.extend(src.pages)
        one_subset_per_face(out)
        buf = io.BytesIO()
        out.save(buf, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)
    finally:
        out.close()
        for src in sources:
            src.close()
    return buf.getvalue()
