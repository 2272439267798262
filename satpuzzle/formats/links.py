"""Puzzle links as people paste them: puzz.link URLs and Simon Tatham game IDs, one given in
place of a file name or a file of them one a line (blank and `#` lines skipped), URLs and IDs
mixed. A URL may come without its scheme, with its host in capitals, as an editor or player
link (satpuzzle/codecs/puzzlink.py); a game ID with `sgt:GAME:`, `GAME:` or bare, as the game
shows it (`7x7:3_2a2...`: the games that read it say which it is; `--kind` narrows them to
the kind's games). Each fault is an InputError at its line and column.
"""

from __future__ import annotations

from types import ModuleType

from satpuzzle.codecs import prefixes, puzzlink, sgt
from satpuzzle.codecs.lines import BadEntry, source_lines
from satpuzzle.errors import InputError
from satpuzzle.grammar.transformer import check_puzzle_lines
from satpuzzle.instances import Instance
from satpuzzle.kinds import registry
from satpuzzle.textio import check_number_lengths

EXPECTED = ("a puzz.link URL (https://puzz.link/p?KIND/COLS/ROWS/BODY) or a game ID "
            "(sgt:GAME:PARAMS:DESCRIPTION)")


def _sgt() -> ModuleType:
    from satpuzzle.formats import sgt as games

    return games


def _url() -> ModuleType:
    from satpuzzle.formats import puzzlink as urls

    return urls


def explicit(argument: str) -> bool:
    """Whether a command-line argument says by its prefix that it is a link (`http://`,
    `https://`, `sgt:`; any case, blanks around it allowed)."""
    return prefixes.is_explicit_link(argument)


def shaped(argument: str) -> bool:
    """Whether an argument has the shape of a link without saying so: a URL without its
    scheme, `GAME:ID`, or a bare game ID. The caller prefers a file of that name."""
    return puzzlink.looks_like_bare(argument) or sgt.looks_like_bare(argument)


def names_a_link(argument: str, exists: bool) -> bool:
    """Whether a command-line argument is a link rather than a file's name: by its prefix,
    or by its shape when no file has that name (`exists`)."""
    return explicit(argument) or (not exists and shaped(argument))


def read_if_links(text: str, path: str,
                  kind: str | None = None) -> tuple[list[Instance], list[int]] | None:
    """The puzzles of a text of links one a line, and each one's line (`read`); None when
    the text is not one."""
    return read(text, path, kind) if is_links_text(text) else None


def is_link(line: str) -> bool:
    return explicit(line) or shaped(line)


def is_links_text(text: str) -> bool:
    """Whether every entry of `text` (blank and `#` lines aside) is a link: a file of links
    (stops at the first line that is not one, so a large file of something else costs one
    line)."""
    found = False
    for _, line, _ in source_lines(text):
        if not is_link(line):
            return False
        found = True
    return found


def read(source: str, path: str, kind: str | None = None,
         ) -> tuple[list[Instance], list[int]]:
    """The puzzles of one link or of a text of links one a line, and the line of each; `kind`
    (--kind) narrows the games a bare game ID is tried as."""
    check_number_lengths(source, path)
    check_puzzle_lines(source, path)  # as many as a .puz file holds, counted before reading
    games = _sgt().GAMES
    bare = games
    if kind is not None:
        bare = tuple(game for game in registry.kind(kind).sgt_games) or games
    instances, numbers = [], []
    for number, text, indent in source_lines(source):
        try:
            if puzzlink.looks_like(text) or puzzlink.looks_like_bare(text):
                instances.append(puzzlink.read_url(text, _url().CODECS, _url().EXAMPLE))
            else:
                instances.append(sgt.read_game_id(text, games, bare))
        except BadEntry as bad:
            column = None if bad.at is None else indent + bad.at + 1
            raise InputError(bad.message, path, number, column) from None
        numbers.append(number)
    if not instances:
        raise InputError(f"nothing to read: expected {EXPECTED}", path, 1, 1)
    return instances, numbers
