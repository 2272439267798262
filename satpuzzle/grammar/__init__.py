"""The .puz language: a Lark grammar (puzzle.lark), its parser (parser.py, imported by the
first parse) and the typed objects a text parses to (transformer.py)."""

from satpuzzle.grammar.transformer import Block, Field, PuzzleSpec, Token, parse_specs

__all__ = ["Block", "Field", "PuzzleSpec", "Token", "parse_specs"]
