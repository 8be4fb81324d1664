"""Speed of a game of the user's own, written as a Python class, on
onag's engine: Domineering on rectangles, against the built-in ruleset
and, when the Python library pycgt is installed, against pycgt's own
Domineering (run with a release build: `pip install ./python`).

    python python/benches/user_games.py [5x5 4x5 ...]

The class keeps a board's empty cells as the bits of an integer, eight
bits to a row, and splits a board into regions, each moved to the top
left corner and turned to the least of its mirror images (mirrors do not
change a Domineering value), so equal regions are valued once.
"""

import sys
import time

import onag

WIDTH = 8  # bits to a row: a column of padding keeps rows apart
FULL_ROW = (1 << WIDTH) - 1


def rows_of(bits):
    """The board's rows, top first, each as an integer of WIDTH bits."""
    rows = []
    while bits:
        rows.append(bits & FULL_ROW)
        bits >>= WIDTH
    return rows


def from_rows(rows):
    bits = 0
    for r in reversed(rows):
        bits = bits << WIDTH | r
    return bits


def mirror(row, width):
    return int(format(row, f"0{width}b")[::-1], 2)


class Domineering(onag.PartizanGame):
    """Left places vertical dominoes, Right horizontal ones."""

    __slots__ = ("bits",)

    def __init__(self, bits):
        self.bits = bits

    @staticmethod
    def rectangle(rows, cols):
        return Domineering(from_rows([(1 << cols) - 1] * rows))

    def _moves(self, shift):
        bits, out = self.bits, []
        pairs = bits & (bits >> shift)
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            out.append(Domineering(bits & ~(low | low << shift)))
        return out

    def left_options(self):
        return self._moves(WIDTH)

    def right_options(self):
        return self._moves(1)

    def components(self):
        rest, parts = self.bits, []
        while rest:
            part = rest & -rest
            while True:
                grown = (part | part << 1 | part >> 1 | part << WIDTH | part >> WIDTH) & rest
                if grown == part:
                    break
                part = grown
            rest &= ~part
            parts.append(Domineering(normal(part)))
        return parts

    def __eq__(self, other):
        return isinstance(other, Domineering) and self.bits == other.bits

    def __hash__(self):
        return hash(self.bits)


def normal(bits):
    """The region moved to the top left corner, then the least of it and
    its mirror images (left-right, top-bottom, both)."""
    rows = rows_of(bits)
    while rows and rows[0] == 0:
        rows.pop(0)
    low = min((r & -r).bit_length() for r in rows if r) - 1
    rows = [r >> low for r in rows]
    width = max(r.bit_length() for r in rows)
    flipped = [mirror(r, width) for r in rows]
    return min(
        from_rows(rows),
        from_rows(flipped),
        from_rows(rows[::-1]),
        from_rows(flipped[::-1]),
    )


def timed(f):
    cpu = time.process_time()
    value = f()
    return value, time.process_time() - cpu


def main():
    boards = sys.argv[1:] or ["4x5", "5x5"]
    for board in boards:
        rows, cols = map(int, board.split("x"))
        mine, mine_cpu = timed(lambda: Domineering.rectangle(rows, cols).canonical_form)
        text = "|".join(["." * cols] * rows)
        built_in, built_in_cpu = timed(lambda: onag.Domineering(text).canonical_form)
        assert mine == built_in, (board, mine, built_in)
        line = f"{board}: Python class {mine_cpu:.2f} s CPU, built-in {built_in_cpu:.2f} s"
        try:
            from pycgt.rulesets import domineering

            _, theirs = timed(lambda: domineering.rectangle(rows, cols).canonical)
            line += f", pycgt {theirs:.2f} s"
        except ImportError:
            pass
        print(line, flush=True)


if __name__ == "__main__":
    main()
