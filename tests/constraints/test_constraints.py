"""The constraint library (satpuzzle/constraints/) against brute force.

Every encoding of the registry that writes at-most-one, cardinality or pseudo-Boolean
constraints must have exactly the right models once projected on its input literals:
enumerated with a PySAT solver, blocking on the inputs only (auxiliaries may take several
values per projected model), and compared with the assignments of the inputs that satisfy
the constraint, for small sizes including n = 0, 1, 2 and bounds below 0, 0 and above n.
Integer views, all-different, sums, connectivity and acyclicity are checked the same way,
with a component check written here (no graph library), and the formula's bookkeeping
(`explanation`, `family_ranges`, the DIMACS header) against the clauses it holds.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from satpuzzle.cnf import Formula
from satpuzzle.constraints import ENCODINGS, Model, parse_choices
from satpuzzle.constraints.graphs import connected, forest
from satpuzzle.constraints.integers import IntVar, all_different, different_sum, sum_equals
from satpuzzle.errors import InputError

AMO = [name for name, e in ENCODINGS.items() if e.writes("amo")]
CARD = [name for name, e in ENCODINGS.items() if e.writes("card")]
PB = [name for name, e in ENCODINGS.items() if e.writes("pb")]
CONNECTED = [name for name, e in ENCODINGS.items() if e.writes("connected")]
HOWS = ("atmost", "atleast", "equals")
# enough to notice an encoding that loops, never reached by a correct one here
MAX_MODELS = 5000


# ---------------------------------------------------------------- enumeration


def projected_models(formula: Formula, inputs: Sequence[int],
                     refine: Callable[[frozenset[int]], list[list[int]]] | None = None,
                     ) -> set[tuple[bool, ...]]:
    """Every assignment of the input variables that extends to a model of the formula (and,
    with `refine`, that the lazy constraint accepts), each found once: blocking clauses name
    the inputs only."""
    found: set[tuple[bool, ...]] = set()
    variables = sorted({abs(v) for v in inputs})
    refine = refine or formula.refine
    with Solver(name="minisat22", bootstrap_with=list(formula.all_clauses())) as solver:
        # variables no clause mentions still belong to the projection
        solver.add_clause([formula.num_vars + 1, -(formula.num_vars + 1)])
        while solver.solve():
            model = solver.get_model()
            true = {lit for lit in model if lit > 0}
            if refine is not None:
                cuts = refine(frozenset(v for v in variables if v in true))
                if cuts:
                    for cut in cuts:
                        solver.add_clause(cut)
                    continue
            values = tuple(v in true for v in variables)
            assert values not in found, "a projected model came twice"
            found.add(values)
            assert len(found) <= MAX_MODELS
            solver.add_clause([-v if v in true else v for v in variables])
    return found


def expected_models(variables: Sequence[int],
                    holds: Callable[[dict[int, bool]], bool]) -> set[tuple[bool, ...]]:
    """The assignments of `variables` (sorted) for which `holds` is true."""
    variables = sorted(variables)
    return {values for values in itertools.product((False, True), repeat=len(variables))
            if holds(dict(zip(variables, values)))}


def truth(assignment: dict[int, bool], lit: int) -> bool:
    return assignment[abs(lit)] == (lit > 0)


def signed_inputs(model: Model, n: int, signs: Sequence[bool] | None = None) -> list[int]:
    """n puzzle variables as literals, some negated when `signs` says so (an encoding must
    take negative literals as inputs too)."""
    signs = signs or [True] * n
    return [model.var("x", i) * (1 if signs[i] else -1) for i in range(n)]


def compare(relation: str, total: int, bound: int) -> bool:
    return {"atmost": total <= bound, "atleast": total >= bound,
            "equals": total == bound}[relation]


def assert_accounted(formula: Formula) -> None:
    """The formula's bookkeeping adds up: explanation rows to its clauses and literals, the
    family ranges cover every clause exactly once, the DIMACS header names the families."""
    rows = formula.explanation()
    assert all(row.name != "(unattributed)" for row in rows)
    assert sum(row.clauses for row in rows) == formula.num_clauses
    assert sum(row.literals for row in rows) == sum(map(len, formula.all_clauses()))
    ranges = formula.family_ranges()
    covered = [n for _family, low, high in ranges for n in range(low, high + 1)]
    assert covered == list(range(1, formula.num_clauses + 1))
    assert {family for family, _low, _high in ranges} <= set(formula.families)
    per_family: dict[str, int] = {}
    for family, low, high in ranges:
        per_family[family] = per_family.get(family, 0) + high - low + 1
    assert per_family == {row.name: row.clauses for row in rows if row.clauses}
    text = formula.to_dimacs()
    header = [line for line in text.splitlines() if line.startswith("c ")]
    named = {m.group(1) for line in header if (m := re.match(r"c family: (\S+) \(", line))}
    assert named == set(formula.families)
    ranged = []  # `c clauses of FAMILY: A-B C D-E ...`, a family's lines in clause order
    for line in header:
        if (m := re.match(r"c clauses of (\S+): (.*)$", line)):
            for word in m.group(2).split():
                low, _, high = word.partition("-")
                ranged.append((m.group(1), int(low), int(high or low)))
    assert sorted(ranged, key=lambda r: r[1]) == ranges
    problem = next(line for line in text.splitlines() if line.startswith("p cnf"))
    assert problem.split()[2:] == [str(formula.num_vars), str(formula.num_clauses)]


# ---------------------------------------------------------------- at most one


@pytest.mark.parametrize("name", AMO)
@pytest.mark.parametrize("n", range(8))
def test_at_most_one(name: str, n: int) -> None:
    formula = Formula("test")
    model = Model(formula, {"f": name}, {"f": "amo"})
    lits = signed_inputs(model, n, [i % 3 != 1 for i in range(n)])
    model.at_most_one("f", lits)
    variables = [abs(lit) for lit in lits]
    expected = expected_models(variables, lambda a: sum(truth(a, x) for x in lits) <= 1)
    assert projected_models(formula, variables) == expected
    assert len(expected) == n + 1
    if n:
        assert_accounted(formula)


@pytest.mark.parametrize("name", AMO)
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 9, 13])
def test_exactly_one(name: str, n: int) -> None:
    formula = Formula("test")
    model = Model(formula, {"f": name}, {"f": "amo"})
    lits = signed_inputs(model, n)
    model.exactly_one("f", lits)
    expected = expected_models(lits, lambda a: sum(truth(a, x) for x in lits) == 1)
    assert projected_models(formula, lits) == expected
    assert len(expected) == n
    assert_accounted(formula)


@pytest.mark.parametrize("n", [2, 31, 40])
def test_default_at_most_one_is_pairwise_then_ladder(n: int) -> None:
    formula = Formula("test")
    model = Model(formula)
    lits = signed_inputs(model, n)
    model.at_most_one("f", lits)
    assert formula.families["f"].encoding == ("pairwise" if n <= 30 else "ladder")
    if n <= 30:
        assert formula.families["f"].auxiliaries == 0
        assert formula.num_clauses == n * (n - 1) // 2
    else:
        assert 0 < formula.families["f"].auxiliaries and formula.num_clauses <= 5 * n


@pytest.mark.parametrize("share", [False, True])
@pytest.mark.parametrize("name", ["pairwise", "ladder"])
def test_exactly_one_each_shares_pairs_soundly(name: str, share: bool) -> None:
    # a 3×3 Latin square: rows and columns of cells, and per cell its values
    formula = Formula("test")
    model = Model(formula, {"v": name}, {"v": "amo"})
    x = {(r, c, d): model.var("x", r, c, d) for r in range(3) for c in range(3) for d in range(3)}
    parts = [("v", [[x[r, c, d] for d in range(3)] for r in range(3) for c in range(3)], ""),
             ("v", [[x[r, c, d] for c in range(3)] for r in range(3) for d in range(3)], ""),
             ("v", [[x[r, c, d] for r in range(3)] for c in range(3) for d in range(3)], "")]
    if share:  # one bulk: a pair two groups share is written once
        model.exactly_one_families(parts)
    else:
        for family, groups, example in parts:
            model.exactly_one_each(family, groups, example)
    squares = projected_models(formula, list(x.values()))
    assert len(squares) == 12  # the 3×3 Latin squares
    assert_accounted(formula)


# ---------------------------------------------------------------- cardinality


def check_count(name: str, n: int, how: str, bound: int,
                signs: Sequence[bool] | None = None) -> None:
    formula = Formula("test")
    model = Model(formula, {"f": name}, {"f": "card"})
    lits = signed_inputs(model, n, signs)
    model.count("f", lits, how, bound)
    variables = [abs(lit) for lit in lits]
    expected = expected_models(variables, lambda a: compare(
        how, sum(truth(a, x) for x in lits), bound))
    assert projected_models(formula, variables) == expected, (name, n, how, bound)
    assert_accounted(formula)


@pytest.mark.parametrize("name", CARD)
@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("n", [0, 1, 2, 4])
def test_cardinality_every_bound(name: str, how: str, n: int) -> None:
    for bound in range(-1, n + 2):
        check_count(name, n, how, bound)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(CARD), how=st.sampled_from(HOWS),
       signs=st.lists(st.booleans(), min_size=0, max_size=8), data=st.data())
def test_cardinality_property(name: str, how: str, signs: list[bool], data) -> None:
    bound = data.draw(st.integers(-1, len(signs) + 1))
    check_count(name, len(signs), how, bound, signs)


# ---------------------------------------------------------------- pseudo-Boolean


def check_linear(name: str, weights: Sequence[int], how: str, bound: int,
                 signs: Sequence[bool] | None = None, conditional: bool = False) -> None:
    formula = Formula("test")
    model = Model(formula, {"f": name}, {"f": "pb"})
    lits = signed_inputs(model, len(weights), signs)
    condition = model.var("condition") if conditional else None
    model.linear("f", lits, weights, how, bound, condition=condition)
    variables = [abs(lit) for lit in lits] + ([condition] if condition else [])

    def holds(a: dict[int, bool]) -> bool:
        if condition is not None and not a[condition]:
            return True
        return compare(how, sum(w for w, x in zip(weights, lits) if truth(a, x)), bound)

    expected = expected_models(variables, holds)
    assert projected_models(formula, variables) == expected, (name, weights, how, bound)
    assert_accounted(formula)


@pytest.mark.parametrize("name", PB)
@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("weights", [[], [1], [2], [1, 1], [3, 2], [1, 2, 3, 4], [5, 1, 1, 3]])
def test_linear_every_bound(name: str, how: str, weights: list[int]) -> None:
    for bound in range(-1, sum(weights) + 2):
        check_linear(name, weights, how, bound)


@pytest.mark.parametrize("name", PB)
@pytest.mark.parametrize("how", HOWS)
def test_linear_under_a_condition(name: str, how: str) -> None:
    for bound in (0, 3, 7, 12):
        check_linear(name, [4, 1, 2, 3], how, bound, [True, False, True, True],
                     conditional=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(PB), how=st.sampled_from(HOWS),
       terms=st.lists(st.tuples(st.integers(-5, 9), st.booleans()), min_size=0, max_size=6),
       data=st.data(), conditional=st.booleans())
def test_linear_property(name: str, how: str, terms: list[tuple[int, bool]], data,
                         conditional: bool) -> None:
    """Any weights, negative and zero ones too, any bound around the reachable sums."""
    weights = [w for w, _sign in terms]
    low = sum(w for w in weights if w < 0)
    bound = data.draw(st.integers(low - 1, sum(weights) - low + 1))
    check_linear(name, weights, how, bound, [s for _w, s in terms], conditional)


# ---------------------------------------------------------------- integers


DOMAINS = [[5], [0, 1], [1, 2, 3], [2, 3, 5, 7], [-2, 0, 1, 4, 9], list(range(1, 10))]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("first", ["direct", "order", "bits"])
def test_int_views_agree(domain: list[int], first: str) -> None:
    """Whichever view is made first, the three views describe the same value, one model per
    value of the domain."""
    formula = Formula("test")
    model = Model(formula)
    x = IntVar(model, "x", domain, name=("x",))
    views = {"direct": x.direct, "order": x.order, "bits": x.bits}
    views[first]()
    direct, order, bits = x.direct(), x.order(), x.bits()
    inputs = [*direct.values(), *order.values(), *bits]
    found = projected_models(formula, inputs)
    variables = sorted(inputs)
    low = domain[0]
    wanted = set()
    for value in domain:
        a = {direct[v]: v == value for v in domain}
        a.update({order[v]: value >= v for v in order})
        a.update({bit: bool((value - low) >> k & 1) for k, bit in enumerate(bits)})
        wanted.add(tuple(a[v] for v in variables))
    assert found == wanted
    assert x.eq(domain[0]) == direct[domain[0]] and x.eq(max(domain) + 1) is None
    assert x.ge(domain[0]) is None  # decided by the domain
    assert_accounted(formula)


@pytest.mark.parametrize("name", AMO)
def test_all_different(name: str) -> None:
    domains = [[1, 2, 3], [2, 3], [1, 3, 4], [3]]
    formula = Formula("test")
    model = Model(formula, {"diff": name}, {"diff": "amo"})
    xs = [IntVar(model, "value", d, name=("x", i)) for i, d in enumerate(domains)]
    all_different(model, "diff", xs)
    brute = {values for values in itertools.product(*domains)
             if len(set(values)) == len(values)}
    assert decoded(formula, xs) == brute
    assert_accounted(formula)


def decoded(formula: Formula, xs: Sequence[IntVar]) -> set[tuple[int, ...]]:
    """The values of `xs` in each projected model of the formula."""
    inputs = sorted(lit for x in xs for lit in x.direct().values())
    out = set()
    for values in projected_models(formula, inputs):
        true = {v for v, value in zip(inputs, values) if value}
        row = tuple(v for x in xs for v, lit in x.direct().items() if lit in true)
        assert len(row) == len(xs)
        out.add(row)
    return out


@pytest.mark.parametrize("name", PB)
@pytest.mark.parametrize("total", [-1, 3, 6, 8, 11, 13, 14])
def test_sum_equals(name: str, total: int) -> None:
    domains = [[1, 2, 3], [2, 4], [1, 3, 5, 6]]
    formula = Formula("test")
    model = Model(formula, {"sum": name}, {"sum": "pb"})
    xs = [IntVar(model, "value", d, name=("x", i)) for i, d in enumerate(domains)]
    sum_equals(model, "sum", xs, total)
    brute = {values for values in itertools.product(*domains) if sum(values) == total}
    assert decoded(formula, xs) == brute
    assert_accounted(formula)


@pytest.mark.parametrize("name", [n for n, e in ENCODINGS.items() if e.writes("distinct-sum")])
@pytest.mark.parametrize("total", [2, 6, 9, 11, 14, 30])
def test_different_sum(name: str, total: int) -> None:
    """Different values adding up to `total`: the table (or a PB encoding) with an
    all-different beside it has exactly the brute force's assignments."""
    domains = [[1, 2, 3, 4], [2, 4, 5], [1, 3, 5, 6], [4, 6]]
    formula = Formula("test")
    model = Model(formula, {"sum": name}, {"sum": "distinct-sum"})
    xs = [IntVar(model, "value", d, name=("x", i)) for i, d in enumerate(domains)]
    all_different(model, "diff", xs)
    different_sum(model, "sum", xs, total)
    brute = {values for values in itertools.product(*domains)
             if len(set(values)) == len(values) and sum(values) == total}
    assert decoded(formula, xs) == brute
    assert_accounted(formula)


# ---------------------------------------------------------------- graphs


def components(nodes: Iterable[int], edges: Iterable[tuple[int, int]]) -> int:
    """How many connected components the graph has (a depth-first search)."""
    nodes = set(nodes)
    neighbours: dict[int, list[int]] = {v: [] for v in nodes}
    for a, b in edges:
        if a in nodes and b in nodes:
            neighbours[a].append(b)
            neighbours[b].append(a)
    seen: set[int] = set()
    count = 0
    for start in nodes:
        if start in seen:
            continue
        count += 1
        stack = [start]
        seen.add(start)
        while stack:
            for w in neighbours[stack.pop()]:
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
    return count


def grid(rows: int, cols: int) -> list[tuple[int, int]]:
    """The edges of a rows×cols grid graph, nodes numbered row by row."""
    edges = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                edges.append((r * cols + c, r * cols + c + 1))
            if r + 1 < rows:
                edges.append((r * cols + c, (r + 1) * cols + c))
    return edges


@pytest.mark.parametrize("method", CONNECTED)
@pytest.mark.parametrize("shape", [(1, 1), (1, 3), (2, 2), (3, 3)])
def test_connected_optional_nodes(method: str, shape: tuple[int, int]) -> None:
    """Vertex connectivity: the present cells of a grid form one region (at least one)."""
    rows, cols = shape
    n = rows * cols
    edges = grid(rows, cols)
    formula = Formula("test")
    model = Model(formula, {"region": method}, {"region": "connected"})
    present = [model.var("p", v) for v in range(n)]
    model.at_least_one("some", present)
    connected(model, "region", n, [(a, b, None) for a, b in edges], present=present)
    brute = expected_models(present, lambda a: components(
        [v for v in range(n) if a[present[v]]], edges) == 1)
    assert projected_models(formula, present) == brute
    if shape == (3, 3):
        assert len(brute) == 218
    assert_accounted(formula)


@pytest.mark.parametrize("method", CONNECTED)
@pytest.mark.parametrize("root", [None, 0, 4])
def test_connected_edge_literals(method: str, root: int | None) -> None:
    """Edge connectivity: the chosen edges of a 2×3 grid join all six nodes."""
    edges = grid(2, 3)
    formula = Formula("test")
    model = Model(formula, {"links": method}, {"links": "connected"})
    used = [model.var("e", i) for i in range(len(edges))]
    connected(model, "links", 6, [(a, b, x) for (a, b), x in zip(edges, used)], root=root)
    brute = expected_models(used, lambda a: components(
        range(6), [e for e, x in zip(edges, used) if a[x]]) == 1)
    assert len(brute) == 23
    assert projected_models(formula, used) == brute
    assert_accounted(formula)


@pytest.mark.parametrize("method", CONNECTED)
@pytest.mark.parametrize("root", [None, 3])
def test_connected_optional_nodes_and_edges(method: str, root: int | None) -> None:
    """Both: optional cells of a 2×3 grid, an optional link along each grid edge; the present
    cells are joined by links between present cells (the root, when given, present)."""
    edges = grid(2, 3)
    formula = Formula("test")
    model = Model(formula, {"net": method}, {"net": "connected"})
    present = [model.var("p", v) for v in range(6)]
    used = [model.var("e", i) for i in range(len(edges))]
    if root is None:
        model.at_least_one("some", present)
    else:
        model.clause("root", [present[root]])
    connected(model, "net", 6, [(a, b, x) for (a, b), x in zip(edges, used)],
              present=present, root=root)

    def holds(a: dict[int, bool]) -> bool:
        here = [v for v in range(6) if a[present[v]]]
        if not here or (root is not None and root not in here):
            return False
        return components(here, [e for e, x in zip(edges, used) if a[x]]) == 1

    assert projected_models(formula, present + used) == expected_models(present + used, holds)
    assert_accounted(formula)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(1, 5), data=st.data())
def test_connected_random_graphs(n: int, data) -> None:
    """Random graphs: each node always or optionally present, each edge always usable
    between present ends or only when its literal is true; every method gives the subsets
    of present nodes and usable edges whose present nodes are connected (none is too)."""
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = data.draw(st.lists(st.sampled_from(pairs), unique=True, max_size=6)) if pairs else []
    optional = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    literal = data.draw(st.lists(st.booleans(), min_size=len(edges), max_size=len(edges)))
    fixed = [v for v in range(n) if not optional[v]]
    root = data.draw(st.sampled_from([None, *fixed]))
    for method in CONNECTED:
        formula = Formula("test")
        model = Model(formula, {"g": method}, {"g": "connected"})
        present = [model.var("p", v) if optional[v] else None for v in range(n)]
        used = [model.var("e", i) if literal[i] else None for i in range(len(edges))]
        connected(model, "g", n, [(a, b, x) for (a, b), x in zip(edges, used)],
                  present=present, root=root)
        inputs = [x for x in present + used if x is not None]

        def holds(a: dict[int, bool], present=present, used=used) -> bool:
            here = [v for v in range(n) if present[v] is None or a[present[v]]]
            chosen = [e for e, x in zip(edges, used) if x is None or a[x]]
            return components(here, chosen) <= 1

        assert projected_models(formula, inputs) == expected_models(inputs, holds), method
        if formula.num_clauses:
            assert_accounted(formula)


def test_spanning_tree_only_gives_the_spanning_trees() -> None:
    edges = grid(2, 3)
    formula = Formula("test")
    model = Model(formula)
    used = [model.var("e", i) for i in range(len(edges))]
    connected(model, "tree", 6, [(a, b, x) for (a, b), x in zip(edges, used)], root=0,
              method="tree", spanning_tree_only=True)

    def is_tree(a: dict[int, bool]) -> bool:
        chosen = [e for e, x in zip(edges, used) if a[x]]
        return len(chosen) == 5 and components(range(6), chosen) == 1

    brute = expected_models(used, is_tree)
    assert len(brute) == 15
    assert projected_models(formula, used) == brute
    assert_accounted(formula)


@pytest.mark.parametrize("shape", [(1, 2), (2, 2), (2, 3)])
def test_forest(shape: tuple[int, int]) -> None:
    rows, cols = shape
    n = rows * cols
    edges = grid(rows, cols)
    formula = Formula("test")
    model = Model(formula)
    used = [model.var("e", i) for i in range(len(edges))]
    forest(model, "acyclic", n, [(a, b, x) for (a, b), x in zip(edges, used)])

    def acyclic(a: dict[int, bool]) -> bool:
        chosen = [e for e, x in zip(edges, used) if a[x]]
        return components(range(n), chosen) == n - len(chosen)  # a forest: one per edge less

    brute = expected_models(used, acyclic)
    if shape == (2, 3):
        assert len(brute) == 112
    assert projected_models(formula, used) == brute
    assert_accounted(formula)


# ---------------------------------------------------------------- bookkeeping


def test_every_clause_is_accounted_for_in_a_mixed_model() -> None:
    """A model using every kind of constraint: the families add up to the formula, clause
    blocks (the mixed-radix sum) included, and the DIMACS header names each range."""
    formula = Formula("test")
    model = Model(formula, {"row": "commander", "count": "totalizer", "sum": "bdd"},
                  {"row": "amo", "count": "card", "sum": "pb"})
    lits = [model.var("x", i) for i in range(12)]
    model.exactly_one("row", lits[:6], example="one of the first six")
    model.count("count", lits[6:], "equals", 2)
    model.linear("sum", lits[:8], [1, 2, 3, 4, 5, 6, 7, 8], "atmost", 11)
    model.linear("weights", lits[4:], [3, 1, 4, 1, 5, 9, 2, 6], "equals", 12)  # mixed radix
    model.clause("given", [lits[0], lits[7]])
    model.implies("rule", [lits[1]], [lits[9], lits[10]])
    model.equal("same", lits[2], lits[11])
    model.clauses("rule", [[lits[3], -lits[4]], [lits[5]]], what="rule clauses")
    model.exactly_one("row", lits[6:])  # the family again, after others: a second range
    x = IntVar(model, "digit", range(1, 6), name=("d",))
    x.order()
    x.bits()
    connected(model, "links", 4, [(0, 1, lits[0]), (1, 2, lits[1]), (2, 3, lits[2]),
                                  (3, 0, lits[3])], method="tree")
    forest(model, "acyclic", 3, [(0, 1, lits[4]), (1, 2, lits[5]), (2, 0, lits[6])])
    assert formula.blocks  # the mixed-radix sum is stored as a block
    assert_accounted(formula)
    rows = {row.name: row for row in formula.explanation()}
    assert rows["row"].encoding == "commander" and rows["row"].constraints == 2
    assert rows["weights"].encoding == "mixedradix" and rows["count"].encoding == "totalizer"
    assert rows["digit"].constraints == 3  # the direct view's exactly-one, two channellings
    ranges = [family for family, _low, _high in formula.family_ranges()]
    assert ranges.count("row") == 2


def test_an_encoding_for_another_constraint_is_refused() -> None:
    with pytest.raises(InputError, match="choose one of pairwise, seqcounter"):
        Model(Formula("test"), {"f": "bdd"}, {"f": "amo"})
    with pytest.raises(InputError, match="has no family 'g'"):
        Model(Formula("test"), {"g": "ladder"}, {"f": "amo"})
    assert parse_choices(" cell=ladder, sum=bdd ") == {"cell": "ladder", "sum": "bdd"}
    with pytest.raises(InputError, match="unknown encoding 'nope'"):
        parse_choices("cell=nope")


# ---------------------------------------------------------------- bulk constraints


def group_models(sizes: Sequence[int], exactly: bool) -> Callable[[dict[int, bool]], bool]:
    """Whether an assignment of x_0.. (consecutive groups of `sizes`) has at most (or
    exactly) one true literal in each group."""
    def holds(a: dict[int, bool]) -> bool:
        values = [a[v] for v in sorted(a)]
        at = 0
        for size in sizes:
            total = sum(values[at:at + size])
            at += size
            if total > 1 or (exactly and total != 1):
                return False
        return True

    return holds


def few_true_models(variables: Sequence[int], sizes: Sequence[int],
                    exactly: bool) -> set[tuple[bool, ...]]:
    """The same set as expected_models(variables, group_models(...)), built group by group
    (a group longer than 20 has too many assignments to filter)."""
    choices = []
    for size in sizes:
        options = [tuple(i == k for i in range(size)) for k in range(size)]
        choices.append(options if exactly else [(False,) * size, *options])
    return {tuple(v for part in parts for v in part) for parts in itertools.product(*choices)}


BULK_NAMES = [None, *AMO]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(BULK_NAMES), exactly=st.booleans(),
       sizes=st.lists(st.integers(0, 5), min_size=1, max_size=4), long=st.booleans())
def test_bulk_groups(name: str | None, exactly: bool, sizes: list[int], long: bool) -> None:
    """at_most_one_groups / exactly_one_groups / at_most_one_each on consecutive groups, with
    the default (pairwise, then a sequential counter past PAIRWISE_LIMIT) or a chosen
    encoding: exactly the assignments with at most (exactly) one true literal per group."""
    import numpy as np

    from satpuzzle.constraints import bulk
    from satpuzzle.constraints.encodings import PAIRWISE_LIMIT

    if long:
        sizes = [*sizes, PAIRWISE_LIMIT + 3]
    if exactly and 0 in sizes:
        sizes = [max(1, size) for size in sizes]
    assume(math.prod(size + 1 for size in sizes) <= 2000)  # models to enumerate
    formula = Formula("test")
    model = Model(formula, {"g": name} if name else {}, {"g": "amo"})
    lits = [model.var("x", i) for i in range(sum(sizes))]
    array, counts = np.array(lits, dtype=np.int64), np.array(sizes, dtype=np.int64)
    if exactly:
        bulk.exactly_one_groups(model, "g", array, counts)
    elif long:
        bulk.at_most_one_groups(model, "g", array, counts)
    else:
        groups, at = [], 0
        for size in sizes:
            groups.append(lits[at:at + size])
            at += size
        bulk.at_most_one_each(model, "g", groups)
    wanted = few_true_models(lits, sizes, exactly)
    if sum(sizes) <= 12:
        assert wanted == expected_models(lits, group_models(sizes, exactly))
    assert projected_models(formula, lits) == wanted
    if formula.num_clauses:
        assert_accounted(formula)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(BULK_NAMES),
       triples=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 7), st.integers(0, 2)),
                        min_size=1, max_size=12))
def test_one_group_per_item(name: str | None, triples: list[tuple[int, int, int]]) -> None:
    """One group per item: literal l of group g claims item i when true; an item is claimed
    by at most one group."""
    import numpy as np

    from satpuzzle.constraints import bulk

    formula = Formula("test")
    model = Model(formula, {"claim": name} if name else {}, {"claim": "amo"})
    x = [model.var("x", i) for i in range(8)]
    items = np.array([t[0] for t in triples], dtype=np.int64)
    lits = np.array([x[t[1]] for t in triples], dtype=np.int64)
    groups = np.array([t[2] for t in triples], dtype=np.int64)
    bulk.one_group_per_item(model, "claim", items, lits, groups, 3)

    def holds(a: dict[int, bool]) -> bool:
        claimed: dict[int, set[int]] = {}
        for item, lit, group in triples:
            if a[x[lit]]:
                claimed.setdefault(item, set()).add(group)
        return all(len(gs) <= 1 for gs in claimed.values())

    assert projected_models(formula, x) == expected_models(x, holds)
    if formula.num_clauses:
        assert_accounted(formula)


def test_exactly_one_families_takes_negative_literals() -> None:
    """The bulk packs pairs of positive literals; groups with a negative one go one by
    one, with the same models as the definition."""
    formula = Formula("test")
    model = Model(formula)
    a, b, c = (model.var("x", i) for i in range(3))
    model.exactly_one_families([("f", [[-a, -b], [a, -c]], "")])
    found = projected_models(formula, [a, b, c])
    truth = set()
    for bits in itertools.product([False, True], repeat=3):
        value = dict(zip((a, b, c), bits))
        if (not value[a]) + (not value[b]) == 1 and value[a] + (not value[c]) == 1:
            truth.add(bits)
    assert found == truth


def test_reachability_is_handed_over_only_when_alone() -> None:
    """clasp takes Formula.reachable instead of the cuts: with a second lazy constraint
    beside it, handing it over would drop the other, so it is withdrawn."""
    formula = Formula("test")
    model = Model(formula)
    edges = [(0, 1, model.var("e", 0)), (1, 2, model.var("e", 1))]
    connected(model, "first", 3, edges, method="reachability")
    assert formula.reachable is not None
    other = [(0, 1, model.var("f", 0)), (1, 2, model.var("f", 1))]
    connected(model, "second", 3, other, method="reachability")
    assert formula.reachable is None and formula.refine is not None
    both = Formula("test")
    model = Model(both)
    connected(model, "cuts", 3, [(0, 1, model.var("g", 0)), (1, 2, model.var("g", 1))],
              method="cuts")
    connected(model, "reach", 3, [(0, 1, model.var("h", 0)),
                                  (1, 2, model.var("h", 1))], method="reachability")
    assert both.reachable is None
