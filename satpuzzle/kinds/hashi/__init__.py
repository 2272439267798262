"""The hashi puzzle kind."""
