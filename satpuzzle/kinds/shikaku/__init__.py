"""The shikaku puzzle kind."""
