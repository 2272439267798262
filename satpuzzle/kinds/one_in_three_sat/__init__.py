"""The one_in_three_sat puzzle kind."""
