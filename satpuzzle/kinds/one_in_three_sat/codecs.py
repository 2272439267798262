"""1-in-3 SAT in the exchange formats: JSON and DIMACS CNF."""

from __future__ import annotations

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.codecs.native import NativeFormat
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.one_in_three_sat import puzzle as one_in_three
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance


def read_json(f: Fields, title: str | None) -> OneInThreeInstance:
    r = f.reader
    items = r.array(f.data["clauses"], f.at("clauses"), nonempty=True)
    declared = None
    if f.get("num_vars") is not None:
        declared = r.integer(f.data["num_vars"], f.at("num_vars"), 1)
    clauses = []
    for i, item in enumerate(items):
        literals = r.integers(item, f.at("clauses", i))
        if not 1 <= len(literals) <= one_in_three.MAX_LITERALS:
            raise r.fail(f.at("clauses", i), f"a clause has 1 to {one_in_three.MAX_LITERALS} "
                                             f"literals, this one {len(literals)}")
        tokens = [f.token("clauses", i, k, text=str(v)) for k, v in enumerate(literals)]
        clauses.append(one_in_three.clause_literals(tokens, declared))
    largest = max(abs(literal) for clause in clauses for literal in clause)
    return OneInThreeInstance(declared or largest, tuple(clauses), title)


def write_json(instance: OneInThreeInstance) -> dict[str, JSONOut]:
    return {"num_vars": instance.num_vars, "clauses": [list(c) for c in instance.clauses]}


JSON = JsonCodec(("num_vars", "clauses"), ("clauses",), read_json, write_json)


def read_dimacs(text: str, path: str) -> list[OneInThreeInstance]:
    return [one_in_three.read_dimacs(text, path)]


def write_dimacs(instance: OneInThreeInstance) -> str:
    lines = [f"p cnf {instance.num_vars} {len(instance.clauses)}"]
    lines += [" ".join(map(str, clause)) + " 0" for clause in instance.clauses]
    return "\n".join(lines) + "\n"


NATIVE = (NativeFormat("dimacs", read_dimacs, write_dimacs),)


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = ()
URL = None
