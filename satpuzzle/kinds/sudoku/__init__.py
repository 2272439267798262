"""The sudoku puzzle kind."""
