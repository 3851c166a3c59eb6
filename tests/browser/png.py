"""Just enough of PNG to read a screenshot's pixels (8-bit RGBA, as Chromium writes
them), so that the overlay's transparency is checked without an image library."""

from __future__ import annotations

import struct
import zlib


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def rgba_rows(png: bytes) -> list[bytes]:
    """The image's rows, 4 bytes a pixel."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, data, width, height = 8, b"", 0, 0
    while offset < len(png):
        (length,) = struct.unpack(">I", png[offset : offset + 4])
        kind = png[offset + 4 : offset + 8]
        body = png[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 6), "an 8-bit RGBA PNG expected"
        elif kind == b"IDAT":
            data += body
        offset += 12 + length
    raw = zlib.decompress(data)
    stride = width * 4
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - 4] if i >= 4 else 0
            up = previous[i]
            corner = previous[i - 4] if i >= 4 else 0
            line[i] = (line[i] + (0, left, up, (left + up) // 2, _paeth(left, up, corner))[kind]) & 0xFF
        rows.append(bytes(line))
        previous = line
    return rows


def alpha(rows: list[bytes], x: int, y: int) -> int:
    return rows[y][x * 4 + 3]
