"""Partition pictures: the numbers as bars of proportional length, part 1 above part 2 (equal
sums make equal lengths), each with its sum; the puzzle alone is one row of all the numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.drawing import svg as shapes

if TYPE_CHECKING:
    from satpuzzle.kinds.partition.puzzle import PartitionInstance, Solution

LABEL_WIDTH = 64  # the row's name, left of its bar
BAR_WIDTH = 560  # the longest row's bar
SUM_WIDTH = 120  # "sum N", right of the bar
ROW = 32
ROW_GAP = 12
SHADES = {"part 1": ("#4f81bd", "#a7c0de"), "part 2": ("#e07b39", "#f2c09c"),
          "numbers": ("#7f7f7f", "#c8c8c8")}  # alternating, so that neighbours stay apart


def parts(instance: PartitionInstance, solution: Solution | None) -> list[tuple[str, list[int]]]:
    """(row name, indices of its numbers) for every row drawn."""
    everything = list(range(len(instance.numbers)))
    if solution is None:
        return [("numbers", everything)]
    chosen = set(solution)
    return [("part 1", sorted(chosen)), ("part 2", [i for i in everything if i not in chosen])]


def bar_scale(instance: PartitionInstance, solution: Solution | None) -> float:
    """Pixels per unit: the longest row fills BAR_WIDTH."""
    longest = max((sum(instance.numbers[i] for i in indices)
                   for _, indices in parts(instance, solution)), default=0)
    return BAR_WIDTH / longest if longest else 0.0


def svg(instance: PartitionInstance, solution: Solution | None) -> shapes.Drawing:
    scale = bar_scale(instance, solution)
    body = []
    rows = parts(instance, solution)
    for row, (name, indices) in enumerate(rows):
        y = row * (ROW + ROW_GAP)
        body.append(shapes.text(0, y + ROW / 2, name, size=13, anchor="start", bold=True))
        x = float(LABEL_WIDTH)
        for k, index in enumerate(indices):
            value = instance.numbers[index]
            width = value * scale
            body.append(shapes.rect(x, y, width, ROW, fill=SHADES[name][k % 2]))
            label = str(value)
            if width >= 8 * len(label) + 4:  # the number only where it fits
                body.append(shapes.text(x + width / 2, y + ROW / 2, label, size=12))
            x += width
        body.append(shapes.rect(LABEL_WIDTH, y, x - LABEL_WIDTH, ROW, stroke="#000000",
                                stroke_width=2, crisp=True))
        total = sum(instance.numbers[i] for i in indices)
        body.append(shapes.text(LABEL_WIDTH + BAR_WIDTH + 10, y + ROW / 2, f"sum {total}",
                                size=13, anchor="start"))
    height = len(rows) * (ROW + ROW_GAP) - ROW_GAP
    return shapes.Drawing(body, LABEL_WIDTH + BAR_WIDTH + SUM_WIDTH, height)


def pretty(instance: PartitionInstance, solution: Solution | None) -> str:
    """Each row as a strip of boxed numbers followed by its sum."""
    blocks = []
    for name, indices in parts(instance, solution):
        values = [instance.numbers[i] for i in indices]
        if not values:
            blocks.append(f"{name}: (empty)  sum 0")
            continue
        cells = [f" {value} " for value in values]
        top = "┌" + "┬".join("─" * len(cell) for cell in cells) + "┐"
        middle = "│" + "│".join(cells) + "│"
        bottom = "└" + "┴".join("─" * len(cell) for cell in cells) + "┘"
        pad = " " * (len(name) + 2)
        blocks.append("\n".join([pad + top, f"{name}: {middle}  sum {sum(values)}",
                                 pad + bottom]))
    return "\n".join(blocks)

