"""The jigsaw puzzle kind."""
