"""The families' table (`compile --explain`, `solve --stats`): per family the constraints,
clauses, auxiliary variables, literal occurrences and encoding, with one example clause in
the puzzle's words; the totals are the formula's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from satpuzzle.cnf import FamilyStats

COLUMNS = ("family", "constraint", "encoding", "constraints", "clauses", "auxiliaries",
           "literals")


def literal_text(literal: int, names: Mapping[int, object]) -> str:
    """A literal as the puzzle names it: x(3,4,5), ¬x(3,4,6); others by number, v123."""
    name = names.get(abs(literal))
    word = (f"{name[0]}({','.join(map(str, name[1:]))})" if isinstance(name, tuple) and name
            else f"v{abs(literal)}")
    return word if literal > 0 else "¬" + word


def example_text(row: FamilyStats, names: Mapping[int, object], most: int = 6) -> str:
    """`cell r3c4 holds a digit: x(3,4,1) ∨ … (9 literals)`."""
    clause = row.example_clause
    if not clause:
        return ""
    shown = " ∨ ".join(literal_text(lit, names) for lit in clause[:most])
    if len(clause) > most:
        shown += " ∨ …"
    words = f"{row.example}: " if row.example else ""
    return f"{words}{shown} ({len(clause)} literal{'s' if len(clause) != 1 else ''})"


def table_lines(rows: Sequence[FamilyStats], names: Mapping[int, object],
                variables: int, clauses: int, puzzle_variables: int | None = None,
                ) -> list[str]:
    """The table as aligned text, one example line under each family, then the totals.
    `names`: the puzzle variables' names, for the examples (empty: examples in words and
    variable numbers)."""
    puzzle = len(names) if puzzle_variables is None else puzzle_variables
    cells = [list(COLUMNS)]
    for row in rows:
        cells.append([row.name, row.what or "-", row.encoding, str(row.constraints),
                      str(row.clauses), str(row.auxiliaries), str(row.literals)])
    cells.append(["total", "", "", str(sum(r.constraints for r in rows)), str(clauses),
                  str(variables - puzzle), str(sum(r.literals for r in rows))])
    widths = [max(len(line[i]) for line in cells) for i in range(len(COLUMNS))]

    def line(values: list[str]) -> str:
        left = [v.ljust(w) for v, w in zip(values[:3], widths)]
        right = [v.rjust(w) for v, w in zip(values[3:], widths[3:])]
        return "  ".join(left + right).rstrip()

    out = [line(cells[0])]
    for row, values in zip(rows, cells[1:-1]):
        out.append(line(values))
        example = example_text(row, names)
        if example:
            out.append("    e.g. " + example)
    out.append(line(cells[-1]))
    return out


def table_json(rows: Sequence[FamilyStats], names: Mapping[int, object], variables: int,
               clauses: int) -> dict[str, object]:
    """The same table for tools."""
    families = []
    for row in rows:
        entry = row.as_json()
        entry["example_text"] = example_text(row, names)
        families.append(entry)
    return {"variables": variables, "puzzle_variables": len(names), "clauses": clauses,
            "families": families}
