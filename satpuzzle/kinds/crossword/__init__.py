"""The crossword puzzle kind."""
