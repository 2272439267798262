"""What a command-line argument says it is by its start: a URL (`http://`, `https://`) or a
game ID (`sgt:`), in any case, blanks before it allowed. Apart from the codecs, whose import
costs milliseconds, so that a file read by its name needs neither."""

from __future__ import annotations

SGT_PREFIX = "sgt:"


def is_url(argument: str) -> bool:
    """Whether an argument starts as a URL (see puzzlink.looks_like_bare for one without a
    scheme)."""
    return argument.lstrip()[:8].lower().startswith(("http://", "https://"))


def is_game_id(argument: str) -> bool:
    """Whether an argument starts as a game ID (`sgt:`; see sgt.looks_like_bare)."""
    return argument.lstrip()[:len(SGT_PREFIX)].lower() == SGT_PREFIX


def is_explicit_link(argument: str) -> bool:
    """Whether an argument says by its start that it is a link, not a file's name."""
    return is_url(argument) or is_game_id(argument)
