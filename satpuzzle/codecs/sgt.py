"""Game IDs of Simon Tatham's Portable Puzzle Collection, whatever the game.

A game ID is `PARAMS:DESCRIPTION`, exactly what the game prints (Game > Specific) and takes
back; satpuzzle reads it as `sgt:GAME:ID`, `GAME:ID` or bare, as the game shows it (`7x7:...`:
the games whose parameters and description read it say which one it is), and writes
`sgt:GAME:ID`. Each kind that one of the games expresses gives an `SgtGame`
(satpuzzle/kinds/<kind>/codecs.py) that reads and writes that game's PARAMS and DESCRIPTION;
this module splits the line, finds the game and holds the encodings several games share:
Rectangles and Solo write cells as runs of empty cells a..z and decimal numbers separated by
`_` where two meet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

from satpuzzle.codecs import prefixes
from satpuzzle.codecs.lines import BadEntry, number, or_list, quoted
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance, InstanceT

PREFIX = prefixes.SGT_PREFIX
# a bare game ID (no GAME: before it) starts with the grid size, as every game's parameters
# do (`7x7`, `7x7m2`, `3x3`, `9j`), then `:` and the description, or `#` and a random seed
BARE = re.compile(r"[0-9]+(?:x[0-9]+)?[A-Za-z0-9]*[:#]")
_NAMED_OR_BARE = re.compile(r"(?:[A-Za-z][A-Za-z0-9]*:)?" + BARE.pattern)


@dataclass(frozen=True)
class SgtGame(Generic[InstanceT]):
    """One game of the collection as a kind's codec.

    `read(params, description, params_at, description_at)` is the instance of a game ID (the
    `_at` are the parts' character indices in the line, for BadEntry); `write(instance)` its
    game ID `PARAMS:DESCRIPTION` in the game's canonical encoding, a BadEntry when the game
    cannot express the instance. `title` is the game's name in the collection (read as an
    alias of `name`); `example` a game ID shown when one is malformed."""

    name: str
    title: str
    example: str
    read: Callable[[str, str, int, int], InstanceT]
    write: Callable[[InstanceT], str]


def looks_like(argument: str) -> bool:
    """Whether a command-line argument is a game ID by its `sgt:` prefix (any case, blanks
    before it allowed)."""
    return prefixes.is_game_id(argument)


def looks_like_bare(argument: str) -> bool:
    """Whether an argument has the shape of a game ID without the `sgt:` prefix: a bare ID
    (`7x7:...`, `7x7#SEED`) or one after a game's name (`rect:7x7:...`), whichever names a
    game (reading says). (A file of that name is the caller's to prefer.)"""
    return _NAMED_OR_BARE.match(argument.strip()) is not None


def games_wanted(games: Sequence[SgtGame]) -> str:
    """`rect, bridges or solo`: the game names accepted, as messages list them."""
    return or_list([game.name for game in games])


def read_game_id(text: str, games: Sequence[SgtGame],
                 bare: Sequence[SgtGame] | None = None) -> Instance:
    """The instance of one line `[sgt:]GAME:PARAMS:DESCRIPTION`, GAME one of `games` by its
    name or title (any case), or of a bare `PARAMS:DESCRIPTION` read by one of `bare` (by
    default `games`)."""
    by_name = {key.lower(): game for game in games for key in (game.name, game.title)}
    start = len(PREFIX) if looks_like(text) else 0
    name_end = text.find(":", start)
    name = text[start:name_end] if name_end >= 0 else text[start:]
    game = by_name.get(name.lower())
    if game is None and start == 0 and BARE.match(text):
        return read_bare_id(text, games if bare is None else bare)
    if game is None:
        raise BadEntry(f"expected sgt:GAME:PARAMS:DESCRIPTION with GAME {games_wanted(games)} "
                       f"(or {', '.join(game.title for game in games)}), found game "
                       f"{quoted(name)}", start)
    game_id = text[name_end + 1:]
    id_at = name_end + 1
    colon = game_id.find(":")
    if colon < 0:
        if "#" in game_id:
            raise BadEntry(f"sgt {game.name}: {quoted(game_id)} is a random seed (PARAMS#SEED), "
                           "not a puzzle: give the game ID (PARAMS:DESCRIPTION) the game shows "
                           "for it", id_at)
        raise BadEntry(f"sgt {game.name}: expected a game ID PARAMS:DESCRIPTION like "
                       f"{game.example}, found {quoted(game_id)}", id_at)
    params, desc = game_id[:colon], game_id[colon + 1:]
    return game.read(params, desc, id_at, id_at + colon + 1)


def read_bare_id(text: str, games: Sequence[SgtGame]) -> Instance:
    """The instance of a game ID without its game (`7x7:3_2a2...`, as the game shows it): the
    one game of `games` whose parameters and description read it. Read by several, it is
    refused naming them; by none, the error is that of the game that read furthest into it."""
    if not games:
        raise BadEntry("sgt: no game of the collection expresses this kind of puzzle", 0)
    colon = text.find(":")
    if colon < 0:
        raise BadEntry(f"sgt: {quoted(text)} is a random seed (PARAMS#SEED), not a puzzle: give "
                       "the game ID (PARAMS:DESCRIPTION) the game shows for it", 0)
    params, desc = text[:colon], text[colon + 1:]
    found, failures = [], []
    for game in games:
        try:
            found.append((game, game.read(params, desc, 0, colon + 1)))
        except BadEntry as bad:
            failures.append((game, bad))
        except InputError as error:  # an instance refused as built: the whole description
            failures.append((game, BadEntry(error.message)))
    if len(found) == 1:
        return found[0][1]
    if found:
        names = [game.name for game, _ in found]
        raise BadEntry(f"sgt: this game ID reads as a {' and as a '.join(names)} puzzle: "
                       f"write which game it is, {' or '.join(PREFIX + n + ':ID' for n in names)}"
                       " (or give --kind)", 0)
    # a fault in the description (or in its cell count, at None) comes after the parameters
    # were understood: that game read furthest
    def reach(failure: tuple[SgtGame, BadEntry]) -> int:
        return len(text) if failure[1].at is None else failure[1].at

    furthest = max(failures, key=reach)
    if reach(furthest) > colon:
        fault = furthest[1]
        raise BadEntry(fault.message, fault.at)
    raise BadEntry(f"sgt: expected a game ID PARAMS:DESCRIPTION of {games_wanted(games)} "
                   f"(like {games[0].example}), or sgt:GAME:PARAMS:DESCRIPTION; found "
                   f"{quoted(text)}", 0)


def write_game_id(game: SgtGame[InstanceT], instance: InstanceT) -> str:
    """`sgt:GAME:PARAMS:DESCRIPTION`; a BadEntry when the game cannot express the instance."""
    return f"{PREFIX}{game.name}:{game.write(instance)}"


# ---------------------------------------------------------------- cells as runs and numbers


def decode_numbers(game: str, desc: str, at: int, area: int,
                   stop: str = "") -> tuple[list[int], int, int]:
    """The cells of a Rectangles/Solo description (0 empty; only the first `area + 1` kept,
    so that a huge run cannot fill the memory), how many it describes, and the index where it
    ended (at a character of `stop`, or at the end)."""
    values: list[int] = []
    count = 0
    i = 0
    while i < len(desc):
        char = desc[i]
        if char in stop:
            break
        if "a" <= char <= "z":
            run = ord(char) - ord("a") + 1
            values.extend([0] * min(run, area + 1 - len(values)))
            count += run
            i += 1
        elif char == "_":
            i += 1
        elif "1" <= char <= "9":
            end = i + 1
            while end < len(desc) and desc[end].isascii() and desc[end].isdigit():
                end += 1
            values.append(number(desc[i:end], f"sgt {game}", at + i))
            count += 1
            i = end
        else:
            raise BadEntry(f"sgt {game}: unexpected character {char!r} in the description: "
                           "expected a..z (a run of empty cells), a number, or '_'", at + i)
    return values[:area], count, i


def check_cells(game: str, found: int, expected: int, size: str) -> None:
    if found != expected:
        raise BadEntry(f"sgt {game}: description has {found} cells, expected {expected} for {size}")


def encode_numbers(values: Sequence[int]) -> str:
    """Cells (0 empty) as Rectangles and Solo write them: runs of empty cells as a..z, numbers
    in decimal, `_` only between two numbers with no run between them."""
    out: list[str] = []
    run = 0
    for value in [*values, -1]:  # -1 closes the last run
        if value == 0:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                out.append(chr(ord("a") + step - 1))
                run -= step
        elif out and value > 0:
            out.append("_")
        if value > 0:
            out.append(str(value))
    return "".join(out)
