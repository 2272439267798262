"""The exchange formats the crossword kind owns: crossword constructors' files (Across Lite,
ipuz, xd, Crossword Compiler's .jpz, the JSON of puzzle sites), each a module with NAME,
KINDS, read(source, path) and, unless read-only, write(instance), declared in the kind's
`exchange_formats` (satpuzzle/kinds/crossword/__init__.py) and found by satpuzzle.formats
through the registry; `constructors` tells them apart by content for the loader."""
