"""Answer set programming peers for counting: each kind as a clingo program (instance facts
written by Python, rules written here from the puzzle rules, no code shared with the SAT
encoders), enumerated with models=0 and projected onto the shown puzzle atoms
(`--project=show`), so that auxiliary atoms never multiply the count.

- sudoku: x(R,C,V), exactly one digit per cell and one cell per (unit, digit); boxes or
  regions come as unit facts.
- crossword: letter(R,C,L) per white cell among its allowed letters; each slot uses one word
  of its length whose letters are the slot's; `distinct`: no word in two slots. Shown: letters.
- shikaku: candidate rectangles derived in ASP (area = clue, inside the grid, no other clue),
  one pick per clue, every cell covered exactly once. Shown: pick/5.
- hashi: pairs of islands that see each other derived in ASP, b(R1,C1,R2,C2,K) with K = 1..2
  at most one K per pair, degrees by #sum, crossing pairs excluded, connectivity by
  reachability from the first island. Shown: b/5.
- jigsaw (all six variants): put(Piece,Turn,R,C), every puzzle cell one piece, every piece
  one cell; show(R,C,Side,Label) the labels it shows; touching labels fit; outside labels 0
  with border zero. Shown: show/4, the visible board (what satpuzzle counts), so identical or
  symmetric pieces do not multiply the count.
- one-in-three-sat: t(V) per occurring variable, per clause exactly one true occurrence.
- kakuro: d(R,C,V) one digit per white cell; the runs (maximal lines of white cells, and
  the clue of the block before each) written as facts; no digit twice in a run, #sum of a
  run's digits = its clue. Shown: d/3.
- nurikabe: sea(R,C) chosen on cells without a number; each number reaches, through
  unshaded cells fewer than n steps away, its island; an unshaded cell beside a reached one
  is reached too (islands never touch, nor grow past n − 1 steps); every unshaded cell is
  reached by exactly one number and each number reaches n cells (so each island is
  connected, holds one number and has its size); the sea is reached from its first cell in row-major order
  through sea cells; no 2×2 block all sea. Shown: sea/2.
- partition: side(I), side(0) fixed, #sum of the side's numbers = half the total (clingo's
  integers are 32-bit: totals of 2³¹ or more are refused).

`count(instance, time_limit)` → ("complete" | "timeout", models found). The time limit covers
solving (async solve, wait, cancel); grounding is not interruptible and comes on top.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

try:
    import clingo
except ImportError:  # optional: pip install clingo
    clingo = None

AVAILABLE = clingo is not None
SUPPORTED = ("sudoku", "crossword", "shikaku", "hashi", "jigsaw", "one-in-three-sat",
             "partition", "kakuro", "nurikabe")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
MAX_INT = 2**31 - 1

SUDOKU = """
val(1..N) :- size(N).
{ x(R,C,V) : val(V) } = 1 :- cell(R,C).
:- given(R,C,V), not x(R,C,V).
{ x(R,C,V) : unit(U,R,C) } = 1 :- unit(U,_,_), val(V).
#show x/3.
"""

CROSSWORD = """
{ letter(R,C,L) : allowed(R,C,L) } = 1 :- white(R,C).
{ use(S,W) : word(W,N) } = 1 :- slot(S,N).
:- use(S,W), at(S,K,R,C), spelled(W,K,L), not letter(R,C,L).
:- distinct, use(S1,W), use(S2,W), S1 < S2.
#show letter/3.
"""

SHIKAKU = """
shape(I,H,A/H) :- clue(I,_,_,A), H = 1..A, A \\ H = 0, H <= rows, A/H <= cols.
placed(I,T,L,H,W) :- clue(I,R,C,_), shape(I,H,W), T = R-H+1..R, L = C-W+1..C,
                     T >= 0, L >= 0, T+H <= rows, L+W <= cols.
crowded(I,T,L,H,W) :- placed(I,T,L,H,W), clue(J,R,C,_), J != I,
                      T <= R, R < T+H, L <= C, C < L+W.
option(I,T,L,H,W) :- placed(I,T,L,H,W), not crowded(I,T,L,H,W).
{ pick(I,T,L,H,W) : option(I,T,L,H,W) } = 1 :- clue(I,_,_,_).
cover(R,C,I) :- pick(I,T,L,H,W), R = T..T+H-1, C = L..L+W-1.
:- R = 0..rows-1, C = 0..cols-1, #count { I : cover(R,C,I) } != 1.
#show pick/5.
"""

HASHI = """
pair(R,C1,R,C2) :- island(R,C1,_), island(R,C2,_), C1 < C2,
                   #count { C : island(R,C,_), C1 < C, C < C2 } = 0.
pair(R1,C,R2,C) :- island(R1,C,_), island(R2,C,_), R1 < R2,
                   #count { R : island(R,C,_), R1 < R, R < R2 } = 0.
{ b(R1,C1,R2,C2,1..2) } <= 1 :- pair(R1,C1,R2,C2).
:- island(R,C,N), N != #sum { K,out,R2,C2 : b(R,C,R2,C2,K); K,in,R1,C1 : b(R1,C1,R,C,K) }.
:- b(R,C1,R,C2,_), b(R1,C,R2,C,_), C1 < C, C < C2, R1 < R, R < R2.
linked(R1,C1,R2,C2) :- b(R1,C1,R2,C2,_).
reach(R,C) :- root(R,C).
reach(R2,C2) :- reach(R1,C1), linked(R1,C1,R2,C2).
reach(R1,C1) :- reach(R2,C2), linked(R1,C1,R2,C2).
:- island(R,C,_), not reach(R,C).
#show b/5.
"""

JIGSAW = """
turned(I,K,(S+K)\\4,V) :- label(I,S,V), turn(K).
{ put(I,K,R,C) : allowed(I,R,C), turn(K) } = 1 :- place(R,C).
:- piece(I), #count { R,C : put(I,K,R,C) } != 1.
show(R,C,S,V) :- put(I,K,R,C), turned(I,K,S,V).
value(V) :- label(_,_,V).
fits(A,-A) :- value(A), value(-A), A != 0, opposite.
fits(A,A) :- value(A), equal, A != 0.
fits(0,0) :- equal, free.
:- place(R,C), place(R,C+1), show(R,C,1,A), show(R,C+1,3,B), not fits(A,B).
:- place(R,C), place(R+1,C), show(R,C,2,A), show(R+1,C,0,B), not fits(A,B).
:- zero, show(0,C,0,V), V != 0.
:- zero, show(R,C,1,V), C = cols-1, V != 0.
:- zero, show(R,C,2,V), R = rows-1, V != 0.
:- zero, show(R,0,3,V), V != 0.
#show show/4.
"""

ONE_IN_THREE = """
{ t(V) } :- var(V).
true(J,P) :- occ(J,P,L), L > 0, t(L).
true(J,P) :- occ(J,P,L), L < 0, not t(-L).
:- clause(J), #count { P : true(J,P) } != 1.
#show t/1.
"""

KAKURO = """
{ d(R,C,V) : V = 1..9 } = 1 :- white(R,C).
:- in(I,R1,C1), in(I,R2,C2), (R1,C1) < (R2,C2), d(R1,C1,V), d(R2,C2,V).
:- total(I,T), T != #sum { V,R,C : in(I,R,C), d(R,C,V) }.
#show d/3.
"""

NURIKABE = """
cell(R,C) :- R = 0..rows-1, C = 0..cols-1.
numbered(R,C) :- clue(_,R,C,_).
{ sea(R,C) } :- cell(R,C), not numbered(R,C).
land(R,C) :- cell(R,C), not sea(R,C).
next(R,C,R+D,C) :- cell(R,C), cell(R+D,C), D = -1..1, D != 0.
next(R,C,R,C+D) :- cell(R,C), cell(R,C+D), D = -1..1, D != 0.
in(I,R,C) :- clue(I,R,C,_).
in(I,R2,C2) :- in(I,R1,C1), next(R1,C1,R2,C2), land(R2,C2), clue(I,R,C,N),
               |R2-R| + |C2-C| < N.
:- in(I,R1,C1), next(R1,C1,R2,C2), land(R2,C2), not in(I,R2,C2).
:- land(R,C), #count { I : in(I,R,C) } != 1.
:- clue(I,_,_,N), #count { R,C : in(I,R,C) } != N.
seen(K+1) :- order(K,R,C), sea(R,C).
seen(K+1) :- order(K,_,_), seen(K).
wet(R,C) :- order(K,R,C), sea(R,C), not seen(K).
wet(R2,C2) :- wet(R1,C1), next(R1,C1,R2,C2), sea(R2,C2).
:- sea(R,C), not wet(R,C).
:- sea(R,C), sea(R+1,C), sea(R,C+1), sea(R+1,C+1).
#show sea/2.
"""

PARTITION = """
{ side(I) } :- number(I,_), I > 0.
side(0).
:- half(H), #sum { A,I : side(I), number(I,A) } != H.
:- odd.
#show side/1.
"""


def count(instance: Any, time_limit: float | None = None) -> tuple[str, int]:
    """("complete", number of solutions) or ("timeout", solutions found before the limit)."""
    if clingo is None:
        raise RuntimeError("clingo is not installed: pip install clingo")
    writers: dict[str, Callable[[Any], list[str]]] = {
        "sudoku": _sudoku, "crossword": _crossword, "shikaku": _shikaku, "hashi": _hashi,
        "jigsaw": _jigsaw, "one-in-three-sat": _one_in_three, "partition": _partition,
        "kakuro": _kakuro, "nurikabe": _nurikabe,
    }
    if instance.KIND not in writers:
        raise ValueError(f"no clingo program for kind {instance.KIND!r}")
    rules = {"sudoku": SUDOKU, "crossword": CROSSWORD, "shikaku": SHIKAKU, "hashi": HASHI,
             "jigsaw": JIGSAW, "one-in-three-sat": ONE_IN_THREE, "partition": PARTITION,
             "kakuro": KAKURO, "nurikabe": NURIKABE}
    program = "\n".join(writers[instance.KIND](instance)) + rules[instance.KIND]
    return count_program(program, time_limit)


def count_program(program: str, time_limit: float | None = None) -> tuple[str, int]:
    """Models of an ASP program, projected onto its shown atoms."""
    started = time.monotonic()
    control = clingo.Control(["0", "--project=show", "--warn=none"])
    control.add("base", [], program)
    control.ground([("base", [])])
    found = 0

    def on_model(_model: Any) -> None:
        nonlocal found
        found += 1

    with control.solve(on_model=on_model, async_=True) as handle:
        left = None if time_limit is None else max(0.0, time_limit - (time.monotonic() - started))
        finished = handle.wait() if left is None else handle.wait(left)
        if not finished:
            handle.cancel()
            return "timeout", found
        result = handle.get()
    return ("complete" if result.exhausted else "timeout"), found


# ---------------------------------------------------------------- instance facts


def _sudoku(instance: Any) -> list[str]:
    size = instance.box_rows * instance.box_cols
    facts = [f"size({size})."]
    for r, row in enumerate(instance.givens):
        for c, value in enumerate(row):
            facts.append(f"cell({r},{c}).")
            if value:
                facts.append(f"given({r},{c},{value}).")
            facts.append(f"unit(row({r}),{r},{c}). unit(col({c}),{r},{c}).")
            if instance.regions is not None:
                facts.append(f"unit(region({instance.regions[r][c]}),{r},{c}).")
            else:
                box = (r // instance.box_rows, c // instance.box_cols)
                facts.append(f"unit(box{box},{r},{c}).")
    return facts


def _crossword(instance: Any) -> list[str]:
    grid = instance.grid
    facts = ["distinct."] if instance.distinct else []
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            if token == "0":
                continue
            facts.append(f"white({r},{c}).")
            letters = LETTERS if token == "1" else token.strip("[]")
            facts += [f"allowed({r},{c},{letter})." for letter in letters]
    height, width = len(grid), len(grid[0])
    lines = ([[(r, c) for c in range(width)] for r in range(height)]
             + [[(r, c) for r in range(height)] for c in range(width)])
    lengths = set()
    slot = 0
    for line in lines:
        run: list[tuple[int, int]] = []
        for cell in [*line, None]:
            if cell is not None and grid[cell[0]][cell[1]] != "0":
                run.append(cell)
                continue
            if len(run) >= 2:
                facts.append(f"slot({slot},{len(run)}).")
                facts += [f"at({slot},{k},{r},{c})." for k, (r, c) in enumerate(run)]
                lengths.add(len(run))
                slot += 1
            run = []
    for number, word in enumerate(dict.fromkeys(instance.words)):
        if len(word) in lengths:
            facts.append(f"word({number},{len(word)}).")
            facts += [f"spelled({number},{k},{letter})." for k, letter in enumerate(word)]
    return facts


def _shikaku(instance: Any) -> list[str]:
    facts = [f"#const rows = {instance.rows}.", f"#const cols = {instance.cols}."]
    facts += [f"clue({i},{r},{c},{area})." for i, (r, c, area) in enumerate(instance.clues)]
    return facts


def _hashi(instance: Any) -> list[str]:
    islands = [(r, c, value) for r, row in enumerate(instance.grid)
               for c, value in enumerate(row) if value]
    facts = [f"island({r},{c},{value})." for r, c, value in islands]
    if islands:
        facts.append(f"root({islands[0][0]},{islands[0][1]}).")
    return facts


def _jigsaw(instance: Any) -> list[str]:
    rows, cols = instance.rows, instance.cols
    variant = instance.variant
    if variant.startswith("contour") and rows > 2 and cols > 2:
        cells = ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
                 + [(rows - 1, c) for c in range(cols - 2, -1, -1)]
                 + [(r, 0) for r in range(rows - 2, 0, -1)])
    else:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
    facts = [f"#const rows = {rows}.", f"#const cols = {cols}.", f"{instance.matching}.",
             f"{instance.border}."]
    facts += ["turn(0)."] if variant.endswith("orientation") else ["turn(0..3)."]
    for index, piece in enumerate(instance.pieces):
        facts.append(f"piece({index}).")
        facts += [f"label({index},{side},{value})." for side, value in enumerate(piece)]
    for index, (r, c) in enumerate(cells):
        facts.append(f"place({r},{c}).")
        if variant.endswith("position"):
            facts.append(f"allowed({index},{r},{c}).")
        else:
            facts.append(f"allowed(I,{r},{c}) :- piece(I).")
    return facts


def _one_in_three(instance: Any) -> list[str]:
    facts = []
    variables = sorted({abs(literal) for clause in instance.clauses for literal in clause})
    facts += [f"var({v})." for v in variables]
    for j, clause in enumerate(instance.clauses):
        facts.append(f"clause({j}).")
        facts += [f"occ({j},{p},{literal})." for p, literal in enumerate(clause)]
    return facts


def _partition(instance: Any) -> list[str]:
    total = sum(instance.numbers)
    if total > MAX_INT:
        raise ValueError(f"clingo's integers are 32-bit: a total of {total} does not fit")
    facts = [f"number({i},{a})." for i, a in enumerate(instance.numbers)]
    facts.append("odd." if total % 2 else f"half({total // 2}).")
    return facts


def _kakuro(instance: Any) -> list[str]:
    from benchmarks.baselines.cpsat import kakuro_runs  # the runs as the rules define them

    facts = [f"white({r},{c})." for r, row in enumerate(instance.grid)
             for c, cell in enumerate(row) if cell is None]
    for i, (clue, cells) in enumerate(kakuro_runs(instance.grid)):
        facts += [f"in({i},{r},{c})." for r, c in cells]
        if clue is not None:
            facts.append(f"total({i},{clue}).")
    return facts


def _nurikabe(instance: Any) -> list[str]:
    facts = [f"#const rows = {instance.rows}.", f"#const cols = {instance.cols}."]
    facts += [f"clue({i},{r},{c},{n})." for i, (r, c, n) in enumerate(instance.clues)]
    facts += [f"order({r * instance.cols + c},{r},{c})." for r in range(instance.rows)
              for c in range(instance.cols)]
    return facts
