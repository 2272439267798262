"""puzz.link / pzprjs URLs of Sudoku, Shikaku and Hashi puzzles.

A URL is `https://puzz.link/p?KIND/[FLAGS/]COLS/ROWS/BODY` (also read: `http:`, the hosts
pzv.jp `p.html?` and pzprxs.vercel.app, any other host with the same query, and a trailing `/`).
KIND is `sudoku`, `shikaku` or `hashi` (read also as `hashikake` and `bridges`). The URL and its
number16 body are satpuzzle/codecs/puzzlink.py; what a body means for each kind is that kind's
codec (`Kind.url_codec`, in satpuzzle/kinds/<kind>/codecs.py).
"""

from __future__ import annotations

from satpuzzle.codecs import puzzlink as codec
from satpuzzle.codecs.lines import BadEntry, read_lines
from satpuzzle.codecs.puzzlink import (
    CANONICAL,
    MAX_NUMBER,
    UNKNOWN,
    decode_number16,
    encode_number16,
    looks_like,
    url_box,
)
from satpuzzle.errors import InputError
from satpuzzle.formats.sgt import inline_path
from satpuzzle.instances import Instance
from satpuzzle.kinds import registry

__all__ = ["CANONICAL", "KINDS", "MAX_NUMBER", "NAME", "UNKNOWN", "decode_number16",
           "encode_number16", "looks_like", "read", "url_box", "write"]

NAME = "url"
EXAMPLE = "https://puzz.link/p?hashi/7/7/BODY"
CODECS = tuple(kind.url_codec for kind in registry.KINDS.values() if kind.url_codec)
KINDS = tuple(kind.name for kind in registry.KINDS.values() if kind.url_codec)


def read(source: str, path: str) -> list[Instance]:
    """The puzzles of one URL, or of a text of URLs one a line (blank and `#` lines skipped)."""
    return read_lines(source, inline_path(source, path),
                      lambda text: codec.read_url(text, CODECS, EXAMPLE),
                      f"a puzz.link URL like {EXAMPLE}")


def write(instance: Instance) -> str:
    """The canonical `https://puzz.link/p?KIND/COLS/ROWS/BODY` of the instance; an InputError
    when a URL cannot express it."""
    url_codec = registry.kind_of(instance).url_codec
    if url_codec is None:
        raise InputError(f"puzz.link URLs hold {', '.join(KINDS)} puzzles here, not "
                         f"{instance.KIND}")
    try:
        return codec.write_url(url_codec, instance)
    except BadEntry as bad:
        raise InputError(bad.message) from None
