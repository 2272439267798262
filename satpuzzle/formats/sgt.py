"""Game IDs of Simon Tatham's Portable Puzzle Collection: Rectangles, Bridges and Solo.

A game ID is `PARAMS:DESCRIPTION`, exactly what the game prints (Game > Specific) and takes
back; satpuzzle reads it as `sgt:GAME:ID` or `GAME:ID`, GAME being rect (Rectangles, a Shikaku),
bridges (a Hashi) or solo (a Sudoku), and writes `sgt:GAME:ID` in the game's own encoding, so
that an ID the game generated comes back unchanged. Each game's encoding is its kind's codec
(`Kind.sgt_games`, in satpuzzle/kinds/<kind>/codecs.py); splitting an ID and the encodings
games share are satpuzzle/codecs/sgt.py.
"""

from __future__ import annotations

from satpuzzle.codecs import sgt as codec
from satpuzzle.codecs.lines import BadEntry, read_lines
from satpuzzle.codecs.sgt import PREFIX, SgtGame, looks_like
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance
from satpuzzle.kinds import registry
from satpuzzle.textio import shorten

__all__ = ["KINDS", "NAME", "PREFIX", "inline_path", "looks_like", "read", "write"]

NAME = "sgt"
# the order in which messages list the games; a game not listed here follows them
LISTED = ("rect", "bridges", "solo")


def _games() -> list[tuple[SgtGame, str]]:
    """Every game a kind gives, with the kind's name, in the order of LISTED."""
    found = [(game, kind.name) for kind in registry.KINDS.values() for game in kind.sgt_games]
    return sorted(found, key=lambda pair: (LISTED.index(pair[0].name)
                                           if pair[0].name in LISTED else len(LISTED)))


GAMES = tuple(game for game, _ in _games())
KINDS = tuple(dict.fromkeys(kind for _, kind in _games()))


def inline_path(source: str, path: str) -> str:
    """The name for errors: `path`, cut short when it is the inline source itself."""
    return shorten(path) if path == source.strip() else path


def read(source: str, path: str) -> list[Instance]:
    """The puzzles of one game ID, or of a text of game IDs one a line (blank and `#` lines
    skipped)."""
    return read_lines(source, inline_path(source, path),
                      lambda text: codec.read_game_id(text, GAMES),
                      "a game ID sgt:GAME:PARAMS:DESCRIPTION with GAME "
                      f"{codec.games_wanted(GAMES)}")


def write(instance: Instance) -> str:
    """`sgt:GAME:ID` in the game's canonical encoding; an InputError when the game cannot
    express the instance."""
    games = registry.kind_of(instance).sgt_games
    if not games:
        raise InputError(f"sgt game IDs hold {', '.join(KINDS)} puzzles, not {instance.KIND}")
    try:
        return codec.write_game_id(games[0], instance)
    except BadEntry as bad:
        raise InputError(bad.message) from None
