"""The partition puzzle kind."""
