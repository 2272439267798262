"""The kind-free framework of the exchange formats: what reading and writing game IDs, URLs,
JSON and native files needs whatever the puzzle. Each kind builds its codecs on it
(satpuzzle/kinds/<kind>/codecs.py) and hands them to its `Kind` (the "exchange formats"
hooks of satpuzzle/kinds/base.py); satpuzzle/formats names the formats and dispatches to the
kinds through the registry.

This package imports only satpuzzle.errors, satpuzzle.textio, satpuzzle.cnf and
satpuzzle.grammar: never a kind, never satpuzzle.formats or satpuzzle.loading.
"""
