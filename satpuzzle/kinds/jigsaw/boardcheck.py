"""Whether the edge labels read from outlines allow any board, asked before they are kept.

The default grouping (`auto`) labels the sides by the cheap least-cost pairing of tabs and
blanks, and turns to the assembly by candidate pairs (5 times its CPU and more) where that
pairing merged the classes of unlike tabs (noise: board._merged_unlike) or provably allows no
board, asked here: one tab paired with the wrong blank leaves a piece no cell can take,
and the depth-first search (satpuzzle.kinds.jigsaw.search) sees it at once, most often before
its first placement, while the cell candidates are narrowed. Measured on pairings that failed
(docs/benchmarks/DETAILS.md, "Pieces cut by Draradech's generator"): no board proven in 0
placements; pairings that fit: a board in one placement a cell.
"""

from __future__ import annotations

from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance
from satpuzzle.kinds.jigsaw.search import EdgeSearch, engine_arguments

# a board of unique labels is found in one placement a cell: this is 200 times a 1000-piece
# board's, about a tenth of a second of the Python loop, beyond which nothing is concluded
PLACEMENTS = 200_000


def no_board(instance: JigsawInstance, placements: int = PLACEMENTS) -> bool:
    """True when the search proves, within `placements`, that no board fits the labels;
    False when it finds one, or spends the budget first (nothing proven)."""
    search = EdgeSearch(*engine_arguments(instance))
    for _board_or_pause in search.boards(pause=placements):
        return False
    return True
