"""Puzzle kinds: one package each (satpuzzle/kinds/<kind>/)."""
