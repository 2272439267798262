"""The .puz language: a Lark grammar (puzzle.lark) and a transformer to typed objects."""

from satpuzzle.grammar.transformer import Block, Field, PuzzleSpec, Token, parse_specs

__all__ = ["Block", "Field", "PuzzleSpec", "Token", "parse_specs"]
