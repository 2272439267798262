"""The α-approximations of Behague (2024), §4.1 (PUZZLE-ORIENTATION: pieces keep their
listed orientation, the variant `orientation`) and §5.1 (PUZZLE-POSITION: piece i stays at
cell i, the variant `position`), for instances that have a solution, as the paper assumes.

What is counted (docs/APPROXIMATIONS.md):
- orientation: *valid pieces* of a partial board (§4.1's definition, read literally): a placed
  piece is valid when every face meeting a placed neighbour fits it, and every face on the
  board's outside shows 0 (border zero; border free asks nothing there). Faces meeting an
  empty cell ask nothing. An α-approximation places at least α·mn valid pieces.
- position: *matched face pairs* of a complete board (§5.1): the 2mn − m − n shared edges
  whose two faces fit, plus the 2m + 2n outside faces that show 0 (all of them with border
  free), out of 2mn + m + n. An α-approximation matches at least α·(2mn + m + n).

The algorithms:
- `checkerboard` (Proposition 4.1, α = 1/2): the cells (r + c) even, which touch no other
  cell of theirs, each get a piece whose zeros face the outside; the frame cells are matched
  to pieces by augmenting paths (the solution is one such matching, so all are filled).
- `frame_and_checkerboard` (Corollary 4.3, α = (mn + 2(m + n) − 12) / 2mn, m, n ≥ 3 and
  border zero): the frame by Eulerian trails (euler.py, Théorème 4.2), then the interior's
  checkerboard, each cell next to the frame given a piece fitting it (a maximum matching; the
  better of the two colourings). Elsewhere it is the checkerboard, with α = 1/2.
- `blocks_and_singles` (Théorème 4.4, α = (5mn − 2(m + n)) / 9mn for m ≡ n ≡ 1 (mod 3), the
  case the paper's proof counts; no bound claimed for the other residues): valid 2×2 blocks
  (annex 7.3.3) packed disjointly by local search (annex 7.3.2) and laid out one row and
  column apart, plus an isolated piece at every (3i, 3j). Worth it only beyond about 42×42,
  where its α passes Corollary 4.3's.
- `orient_by_path` (Théorème 5.2, α = (mn + 4m + 4n − 9) / (2mn + m + n), m, n ≥ 3 and border
  zero): frame pieces turned by their zeros, then the interior cells in a snake, each turned
  so that it fits its frame neighbours and its predecessor on the snake: the best path through
  the layered graph of orientations (dynamic programming over four states a cell, which is
  what the paper's cycle through that graph amounts to). On thin boards or border free the
  snake covers every cell and α = (mn − 1 + 2m + 2n) / (2mn + m + n) (ours, same argument).
Each may then be improved without losing what it proved (`improve=True`): the orientation
boards get every leftover piece that is valid in an empty cell, the position boards turn a
piece whenever that matches strictly more pairs.
All run in polynomial time: the matching O(cells · pieces · frame), the rest linear or
quadratic in mn."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from typing import Literal

from satpuzzle.kinds.jigsaw.euler import classify, decide_contour_orientation
from satpuzzle.kinds.jigsaw.puzzle import (
    STEPS,
    Cell,
    JigsawInstance,
    Piece,
    Placement,
    Solution,
    fits,
    frame_cells,
    partner,
    rotated,
)

VALID = "valid pieces"
MATCHED = "neighbouring face pairs matched"


@dataclass(frozen=True)
class Approximation:
    """A board an approximation built and what it guarantees: `score` of `total` (valid
    pieces of mn, or face pairs matched of 2mn + m + n) against the proven `alpha`."""

    algorithm: str
    board: Solution
    score: int
    total: int
    alpha: Fraction
    counted: str  # VALID or MATCHED
    section: str  # where the paper proves the bound

    @property
    def bound(self) -> Fraction:
        """α · total: the score the algorithm guarantees on a solvable instance."""
        return self.alpha * self.total

    def report(self) -> str:
        return (f"{self.algorithm}: {self.score} of {self.total} {self.counted} (bound "
                f"{_number(self.bound)}: α = {self.alpha}, Behague (2024), {self.section})")


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _need(instance: JigsawInstance, variant: str) -> None:
    if instance.variant != variant:
        raise ValueError(f"a {variant} instance is needed, not {instance.variant}")


# ---------------------------------------------------------------- shared geometry


def outside_faces(rows: int, cols: int, cell: Cell) -> tuple[int, ...]:
    """The faces of `cell` on the board's outside."""
    r, c = cell
    return tuple(side for side, (dr, dc) in enumerate(STEPS)
                 if not (0 <= r + dr < rows and 0 <= c + dc < cols))


def neighbour(cell: Cell, side: int) -> Cell:
    return cell[0] + STEPS[side][0], cell[1] + STEPS[side][1]


def _shows(instance: JigsawInstance, board: Sequence[Sequence[Placement | None]],
           cell: Cell) -> Piece | None:
    placement = board[cell[0]][cell[1]]
    return None if placement is None else rotated(instance.pieces[placement[0]], placement[1])


def valid_at(instance: JigsawInstance, board: Sequence[Sequence[Placement | None]],
             cell: Cell, labels: Piece) -> bool:
    """Whether labels shown at `cell` make a valid piece there (module docstring)."""
    rows, cols = instance.rows, instance.cols
    for side in range(4):
        r, c = neighbour(cell, side)
        if not (0 <= r < rows and 0 <= c < cols):
            if instance.border == "zero" and labels[side] != 0:
                return False
            continue
        other = _shows(instance, board, (r, c))
        if other is not None and not fits(labels[side], other[(side + 2) % 4], instance):
            return False
    return True


def _freeze(board: list[list[Placement | None]]) -> Solution:
    return tuple(tuple(row) for row in board)


# ---------------------------------------------------------------- PUZZLE-ORIENTATION, §4.1


def valid_count(instance: JigsawInstance, board: Sequence[Sequence[Placement | None]]) -> int:
    """The valid pieces of a partial board (module docstring)."""
    count = 0
    for r in range(instance.rows):
        for c in range(instance.cols):
            labels = _shows(instance, board, (r, c))
            if labels is not None and valid_at(instance, board, (r, c), labels):
                count += 1
    return count


def max_matching(cells: Sequence[Cell], candidates: dict[Cell, list[int]]) -> dict[Cell, int]:
    """A maximum matching of cells to pieces (Kuhn's augmenting paths): cell → piece."""
    owner: dict[int, Cell] = {}

    def augment(cell: Cell, seen: set[int]) -> bool:
        for piece in candidates[cell]:
            if piece in seen:
                continue
            seen.add(piece)
            if piece not in owner or augment(owner[piece], seen):
                owner[piece] = cell
                return True
        return False

    for cell in cells:
        augment(cell, set())
    return {cell: piece for piece, cell in owner.items()}


def _fill_cells(instance: JigsawInstance, board: list[list[Placement | None]],
                cells: Sequence[Cell], free: list[int]) -> None:
    """Put pieces of `free` (then removed from it) at `cells`, each fitting its placed
    neighbours and the outside: the constrained cells by a maximum matching, then the cells
    asking nothing (no outside face, no placed neighbour) with any piece left."""
    constrained: list[Cell] = []
    open_cells: list[Cell] = []
    for cell in cells:
        (constrained if _asks(instance, board, cell) else open_cells).append(cell)
    candidates = {cell: [p for p in free if valid_at(instance, board, cell, instance.pieces[p])]
                  for cell in constrained}
    chosen = max_matching(constrained, candidates)
    used = set(chosen.values())
    rest = [p for p in free if p not in used]
    for cell in open_cells:
        if rest:
            chosen[cell] = rest.pop(0)
    for (r, c), piece in chosen.items():
        board[r][c] = (piece, 0)
    free[:] = [p for p in free if p not in set(chosen.values())]


def _inside(instance: JigsawInstance, cell: Cell) -> bool:
    return 0 <= cell[0] < instance.rows and 0 <= cell[1] < instance.cols


def _asks(instance: JigsawInstance, board: Sequence[Sequence[Placement | None]],
          cell: Cell) -> bool:
    """Whether a piece at `cell` must fit something: an outside face (border zero) or a
    placed neighbour."""
    if instance.border == "zero" and outside_faces(instance.rows, instance.cols, cell):
        return True
    return any(_inside(instance, there := neighbour(cell, side))
               and board[there[0]][there[1]] is not None for side in range(4))


def _fill_leftovers(instance: JigsawInstance, board: list[list[Placement | None]],
                    free: list[int]) -> None:
    """Every empty cell (row-major) gets the first leftover piece valid there: fitting is
    symmetric, so the pieces already valid stay valid. The leftovers are indexed by the
    label on each side, so a cell with a demand looks only at the pieces meeting one."""
    showing: dict[tuple[int, int], list[int]] = {}  # (side, label) → free pieces, in order
    for piece in free:
        for side in range(4):
            showing.setdefault((side, instance.pieces[piece][side]), []).append(piece)
    left = set(free)
    for r in range(instance.rows):
        for c in range(instance.cols):
            if board[r][c] is not None:
                continue
            demand = _demand(instance, board, (r, c))
            if demand is False:
                continue  # no label fits a neighbour's face
            options = free if demand is None else showing.get(demand, [])
            for piece in options:
                if piece in left and valid_at(instance, board, (r, c), instance.pieces[piece]):
                    board[r][c] = (piece, 0)
                    left.discard(piece)
                    break
    free[:] = [piece for piece in free if piece in left]


def _demand(instance: JigsawInstance, board: Sequence[Sequence[Placement | None]],
            cell: Cell) -> tuple[int, int] | Literal[False] | None:
    """One (side, label) a piece at `cell` must show: 0 outside (border zero) or what fits a
    placed neighbour; None when nothing is asked, False when no label fits."""
    for side in range(4):
        there = neighbour(cell, side)
        if not _inside(instance, there):
            if instance.border == "zero":
                return side, 0
            continue
        shown = _shows(instance, board, there)
        if shown is not None:
            facing = shown[(side + 2) % 4]
            wanted = partner(facing, instance.matching)
            return (side, wanted) if fits(wanted, facing, instance) else False
    return None


def _orientation_result(instance: JigsawInstance, name: str,
                        board: list[list[Placement | None]], alpha: Fraction,
                        section: str) -> Approximation:
    return Approximation(name, _freeze(board), valid_count(instance, board),
                         instance.rows * instance.cols, alpha, VALID, section)


def checkerboard(instance: JigsawInstance, improve: bool = False) -> Approximation:
    """Proposition 4.1: half the cells, none touching another, α = 1/2."""
    _need(instance, "orientation")
    rows, cols = instance.rows, instance.cols
    board: list[list[Placement | None]] = [[None] * cols for _ in range(rows)]
    free = list(range(len(instance.pieces)))
    _fill_cells(instance, board, [(r, c) for r in range(rows) for c in range(cols)
                                  if (r + c) % 2 == 0], free)
    if improve:
        _fill_leftovers(instance, board, free)
    return _orientation_result(instance, "approx-orientation (checkerboard)", board,
                               Fraction(1, 2), "§4.1, Proposition 4.1")


def frame_alpha(rows: int, cols: int) -> Fraction:
    """Corollary 4.3's α(m, n) = (mn + 2(m + n) − 12) / 2mn (m, n ≥ 3)."""
    return Fraction(rows * cols + 2 * (rows + cols) - 12, 2 * rows * cols)


def _frame(instance: JigsawInstance) -> dict[Cell, int] | None:
    """The frame of a solvable orientation instance by Eulerian trails: frame cell → piece,
    or None where the method does not apply (pieces with zeros not 2m + 2n − 4, a piece that
    fits two sides, which only an unsolvable instance has, or no frame at all)."""
    rows, cols = instance.rows, instance.cols
    framed = [p for p, piece in enumerate(instance.pieces) if 0 in piece]
    cells = frame_cells(rows, cols)
    if len(framed) != len(cells):
        return None
    contour = JigsawInstance(rows, cols, tuple(instance.pieces[p] for p in framed),
                             "contour-orientation", instance.matching, instance.border)
    sides = classify(contour)
    if sides is None or any(sides.ambiguous.values()):
        return None  # keep it linear: no branching over ambiguous pieces
    verdict = decide_contour_orientation(contour)
    if verdict.solution is None:
        return None
    return {(r, c): framed[placement[0]] for r, c in cells
            if (placement := verdict.solution[r][c]) is not None}


def frame_and_checkerboard(instance: JigsawInstance, improve: bool = False) -> Approximation:
    """Corollary 4.3: the frame by Eulerian trails, then a checkerboard inside it."""
    _need(instance, "orientation")
    rows, cols = instance.rows, instance.cols
    frame = (_frame(instance) if min(rows, cols) >= 3 and instance.border == "zero"
             else None)
    if frame is None:
        fallback = checkerboard(instance, improve)
        return Approximation("approx-orientation (checkerboard: the frame method does not "
                             "apply)", fallback.board, fallback.score, fallback.total,
                             fallback.alpha, VALID, fallback.section)
    best: list[list[Placement | None]] | None = None
    best_free: list[int] = []
    for parity in (0, 1):
        board: list[list[Placement | None]] = [[None] * cols for _ in range(rows)]
        for (r, c), piece in frame.items():
            board[r][c] = (piece, 0)
        free = [p for p in range(len(instance.pieces)) if p not in set(frame.values())]
        _fill_cells(instance, board, [(r, c) for r in range(1, rows - 1)
                                      for c in range(1, cols - 1) if (r + c) % 2 == parity],
                    free)
        if best is None or valid_count(instance, board) > valid_count(instance, best):
            best, best_free = board, free
    assert best is not None
    if improve:
        _fill_leftovers(instance, best, best_free)
    return _orientation_result(instance, "approx-orientation (frame and checkerboard)", best,
                               max(frame_alpha(rows, cols), Fraction(1, 2)),
                               "§4.1, Corollaire 4.3")


Block = tuple[int, int, int, int]  # pieces at top-left, top-right, bottom-left, bottom-right
MAX_BLOCKS = 100_000  # valid 2×2 blocks listed at most (few labels: up to (mn)^4 of them)
PER_PIECE = 32  # blocks listed per top-left piece: enough to pack, few to look at
MAX_NEAR = 200  # sets tried per swap of the set packing's local search (pairs: its square)


def blocks_alpha(rows: int, cols: int) -> Fraction:
    """Théorème 4.4's α(m, n) = (5mn − 2(m + n)) / 9mn: the paper prints 5/9 − 2(m + n)/9,
    which its own last line, N ≥ (5mn − 2(m + n))/9, contradicts (a typo); 0 when negative."""
    return max(Fraction(0), Fraction(5 * rows * cols - 2 * (rows + cols), 9 * rows * cols))


def valid_blocks(instance: JigsawInstance, allowed: Sequence[int] | None = None,
                 limit: int = MAX_BLOCKS) -> list[Block]:
    """Valid 2×2 blocks of four distinct pieces (of `allowed`, all by default; as listed):
    annex 7.3.3's E₂,₂, one arrangement per set of pieces, at most `limit`. For each
    top-left piece, its right and lower neighbours are looked up by label, and the fourth
    piece by the two labels it must show; at most PER_PIECE blocks (and 20 times as many
    tries) per top-left piece, each list read from an offset varying with the pieces,
    so that few labels, where nearly every arrangement fits, still give blocks spread over
    all pieces (a packing needs disjoint ones)."""
    pieces = instance.pieces
    firsts = list(range(len(pieces)) if allowed is None else allowed)
    by_left: dict[int, list[int]] = {}
    by_top: dict[int, list[int]] = {}
    by_top_left: dict[tuple[int, int], list[int]] = {}
    for p in firsts:
        by_left.setdefault(pieces[p][3], []).append(p)
        by_top.setdefault(pieces[p][0], []).append(p)
        by_top_left.setdefault((pieces[p][0], pieces[p][3]), []).append(p)

    def across(label: int) -> int | None:
        """The label a neighbour must show to fit `label`; None when nothing fits it."""
        wanted = partner(label, instance.matching)
        return wanted if fits(label, wanted, instance) else None

    def blocks_from(p1: int, share: int) -> Iterator[Block]:
        right, below = across(pieces[p1][1]), across(pieces[p1][2])
        seconds = by_left.get(right, []) if right is not None else []
        thirds = by_top.get(below, []) if below is not None else []
        tries = 20 * share
        for step in range(len(seconds)):
            p2 = seconds[(p1 + step) % len(seconds)]
            above = across(pieces[p2][2])
            for turn in range(len(thirds)):
                tries -= 1
                if tries < 0:
                    return
                p3 = thirds[(3 * p1 + turn) % len(thirds)]
                left = across(pieces[p3][1])
                if p2 == p1 or p3 in (p1, p2) or above is None or left is None:
                    continue
                p4 = _pick(by_top_left.get((above, left), []), p1 + p2 + p3, {p1, p2, p3})
                if p4 is not None:
                    yield p1, p2, p3, p4

    found: dict[frozenset[int], Block] = {}
    share = min(PER_PIECE, limit)
    for p1 in firsts:
        for block in islice(blocks_from(p1, share), share):
            found.setdefault(frozenset(block), block)
        if len(found) >= limit:
            break
    return list(found.values())


def _pick(options: list[int], offset: int, taken: set[int]) -> int | None:
    """The first of `options` from `offset` on (cyclically) not in `taken`."""
    for step in range(min(len(options), len(taken) + 1)):
        option = options[(offset + step) % len(options)]
        if option not in taken:
            return option
    return None


def set_packing(sets: Sequence[Block], wanted: int) -> list[Block]:
    """Disjoint sets among `sets` (annex 7.3.2): a greedy maximal packing, then, while fewer
    than `wanted`, a set of the packing swapped for two disjoint sets that meet nothing else
    of it, keeping the packing maximal. Each swap adds a set, so at most |pieces|/4 rounds."""
    owner: dict[int, int] = {}  # piece → its set's position in `sets`
    packed: set[int] = set()

    def add_greedily() -> None:
        for number, chosen in enumerate(sets):
            if number not in packed and not any(p in owner for p in chosen):
                packed.add(number)
                owner.update((p, number) for p in chosen)

    add_greedily()
    while len(packed) < wanted and _swap(sets, owner, packed):
        add_greedily()
    return [sets[number] for number in sorted(packed)]


def _swap(sets: Sequence[Block], owner: dict[int, int], packed: set[int]) -> bool:
    """One swap of a packed set for two (see set_packing); whether one was made."""
    for old in sorted(packed):
        near = [number for number, chosen in enumerate(sets) if number not in packed
                and all(owner.get(p, old) == old for p in chosen)][:MAX_NEAR]
        for first, one in enumerate(near):
            for two in near[first + 1:]:
                if set(sets[one]).isdisjoint(sets[two]):
                    for p in sets[old]:
                        del owner[p]
                    packed.discard(old)
                    for number in (one, two):
                        packed.add(number)
                        owner.update((p, number) for p in sets[number])
                    return True
    return False


def blocks_and_singles(instance: JigsawInstance, improve: bool = False) -> Approximation:
    """Théorème 4.4: valid 2×2 blocks at rows and columns 3i + 1, 3i + 2 (never on the
    border: ⌊(m − 1)/3⌋·⌊(n − 1)/3⌋ of them, found by set packing), one row and one column
    left empty between them, and a single piece at each (3i, 3j), which touches no other
    (Figure 15's layout as we read it: 5 pieces per 3×3 square, and the first row and
    column). With every block and single placed: 5BmBn + Bm + Bn + 1 ≥ (5mn − 2(m + n))/9
    pieces when m ≡ n ≡ 1 (mod 3), the case the paper's proof counts."""
    _need(instance, "orientation")
    rows, cols = instance.rows, instance.cols
    down, across = (rows - 1) // 3, (cols - 1) // 3
    board: list[list[Placement | None]] = [[None] * cols for _ in range(rows)]
    singles = [(r, c) for r in range(0, rows, 3) for c in range(0, cols, 3)]
    free = list(range(len(instance.pieces)))
    # the singles on the border first: blocks may hold the few pieces with their zeros
    outer = [cell for cell in singles if outside_faces(rows, cols, cell)]
    _fill_cells(instance, board, outer, free)
    if down * across:
        blocks = valid_blocks(instance, free)
        spots = [(3 * i + 1, 3 * j + 1) for i in range(down) for j in range(across)]
        for (r, c), block in zip(spots, set_packing(blocks, down * across)):
            for (dr, dc), piece in zip(((0, 0), (0, 1), (1, 0), (1, 1)), block):
                board[r + dr][c + dc] = (piece, 0)
                free.remove(piece)
    _fill_cells(instance, board, [cell for cell in singles if cell not in outer], free)
    if improve:
        _fill_leftovers(instance, board, free)
    # the paper's count covers m ≡ n ≡ 1 (mod 3); its other eight layouts are not in the text
    proven = rows % 3 == 1 and cols % 3 == 1
    return _orientation_result(instance, "approx-orientation (2×2 blocks)", board,
                               blocks_alpha(rows, cols) if proven else Fraction(0),
                               "§4.1, Théorème 4.4")


def approx_orientation(instance: JigsawInstance, improve: bool = True) -> Approximation:
    """The best of Proposition 4.1, Corollary 4.3 and Théorème 4.4 (each where it applies),
    with the largest of their bounds."""
    results = [checkerboard(instance, improve), frame_and_checkerboard(instance, improve),
               blocks_and_singles(instance, improve)]
    best = max(results, key=lambda result: result.score)
    return Approximation("approx-orientation", best.board, best.score, best.total,
                         max(result.alpha for result in results), VALID, best.section)


# ---------------------------------------------------------------- PUZZLE-POSITION, §5.1


def face_pairs(rows: int, cols: int) -> int:
    """The face pairs §5.1 counts: 2mn − m − n shared edges and 2m + 2n outside faces."""
    return 2 * rows * cols + rows + cols


def matched_count(instance: JigsawInstance, board: Sequence[Sequence[Placement | None]]) -> int:
    """The face pairs of a complete board that fit (shared edges once, outside faces)."""
    count = 0
    for r in range(instance.rows):
        for c in range(instance.cols):
            labels = _shows(instance, board, (r, c))
            assert labels is not None, "a position board is complete"
            count += _cell_matches(instance, board, (r, c), labels, (1, 2))
    return count


def _cell_matches(instance: JigsawInstance, board: Sequence[Sequence[Placement | None]],
                  cell: Cell, labels: Piece, towards: Sequence[int]) -> int:
    """The cell's outside faces that are right plus its fitting edges on the sides
    `towards` (right and bottom: each edge once; all four: the cell's own pairs)."""
    count = 0
    for side in range(4):
        other = neighbour(cell, side)
        if not _inside(instance, other):
            count += instance.border == "free" or labels[side] == 0
        elif side in towards:
            shown = _shows(instance, board, other)
            count += shown is not None and fits(labels[side], shown[(side + 2) % 4], instance)
    return count


def position_alpha(rows: int, cols: int, border: str) -> Fraction:
    """Théorème 5.2's α = (mn + 4m + 4n − 9) / (2mn + m + n) for m, n ≥ 3 and border zero;
    elsewhere (the snake through every cell) α = (mn − 1 + 2m + 2n) / (2mn + m + n)."""
    if min(rows, cols) >= 3 and border == "zero":
        return Fraction(rows * cols + 4 * rows + 4 * cols - 9, face_pairs(rows, cols))
    return Fraction(rows * cols - 1 + 2 * rows + 2 * cols, face_pairs(rows, cols))


def snake(cells: Sequence[Cell]) -> list[Cell]:
    """The cells row by row, every other row right to left (Figure 16's walk): each next to
    the one before."""
    rows = sorted({r for r, _ in cells})
    walk: list[Cell] = []
    for number, r in enumerate(rows):
        row = sorted(c for rr, c in cells if rr == r)
        walk += [(r, c) for c in (row if number % 2 == 0 else reversed(row))]
    return walk


def _turns(instance: JigsawInstance, board: Sequence[Sequence[Placement | None]],
           cell: Cell) -> list[int]:
    """The turns of the cell's piece that are right on the outside and fit the neighbours
    already placed; all four when none is (only on an unsolvable instance)."""
    piece = instance.pieces[cell[0] * instance.cols + cell[1]]
    good = [turns for turns in range(4)
            if valid_at(instance, board, cell, rotated(piece, turns))]
    return good or [0, 1, 2, 3]


def _best_path(instance: JigsawInstance, board: list[list[Placement | None]],
               walk: Sequence[Cell]) -> None:
    """Turn the pieces along `walk` so that the most consecutive pairs fit, each turn among
    `_turns` (dynamic programming over the layered graph of turns)."""
    if not walk:
        return
    options = [_turns(instance, board, cell) for cell in walk]
    pieces = [instance.pieces[r * instance.cols + c] for r, c in walk]
    score = {turns: 0 for turns in options[0]}
    back: list[dict[int, int]] = []
    for step in range(1, len(walk)):
        side = STEPS.index((walk[step][0] - walk[step - 1][0], walk[step][1] - walk[step - 1][1]))
        nxt, came = {}, {}
        for turns in options[step]:
            facing = rotated(pieces[step], turns)[(side + 2) % 4]
            nxt[turns], came[turns] = max(
                (score[before] + fits(rotated(pieces[step - 1], before)[side], facing,
                                      instance), before) for before in options[step - 1])
        score = nxt
        back.append(came)
    turns = max(score, key=lambda key: score[key])
    for step in range(len(walk) - 1, -1, -1):
        r, c = walk[step]
        board[r][c] = (r * instance.cols + c, turns)
        if step:
            turns = back[step - 1][turns]


def _climb(instance: JigsawInstance, board: list[list[Placement | None]]) -> None:
    """Turn a piece whenever that matches strictly more of its pairs, until none does: the
    total only grows, so at most 2mn + m + n rounds."""
    changed = True
    while changed:
        changed = False
        for r in range(instance.rows):
            for c in range(instance.cols):
                piece, now = instance.pieces[r * instance.cols + c], board[r][c]
                assert now is not None
                gain = {turns: _cell_matches(instance, board, (r, c), rotated(piece, turns),
                                             range(4)) for turns in range(4)}
                best = max(range(4), key=lambda turns: (gain[turns], turns == now[1]))
                if gain[best] > gain[now[1]]:
                    board[r][c] = (now[0], best)
                    changed = True


def orient_by_path(instance: JigsawInstance, improve: bool = False) -> Approximation:
    """Théorème 5.2: the frame by its zeros, the interior along a snake."""
    _need(instance, "position")
    rows, cols = instance.rows, instance.cols
    board: list[list[Placement | None]] = [[None] * cols for _ in range(rows)]
    if min(rows, cols) >= 3 and instance.border == "zero":
        for r, c in frame_cells(rows, cols):  # turned by their zeros (Proposition 5.1)
            board[r][c] = (r * cols + c, _turns(instance, board, (r, c))[0])
        walk = snake([(r, c) for r in range(1, rows - 1) for c in range(1, cols - 1)])
    else:
        walk = snake([(r, c) for r in range(rows) for c in range(cols)])
    _best_path(instance, board, walk)
    if improve:
        _climb(instance, board)
    return Approximation("approx-position", _freeze(board), matched_count(instance, board),
                         face_pairs(rows, cols), position_alpha(rows, cols, instance.border),
                         MATCHED, "§5.1, Théorème 5.2")


def approx_position(instance: JigsawInstance, improve: bool = True) -> Approximation:
    return orient_by_path(instance, improve)
