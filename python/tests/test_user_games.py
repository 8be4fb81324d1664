"""Games defined as Python classes (onag.PartizanGame, onag.ImpartialGame),
checked against the catalog's rulesets and the octal engine on random
positions, and CGScript classes through Calculator(lib=...)."""

import random
from pathlib import Path

import pytest

import onag

CLASSES = Path(__file__).resolve().parents[2] / "crates" / "onag" / "tests" / "it" / "data" / "classes"


class Nim(onag.ImpartialGame):
    def __init__(self, n):
        self.n = n

    def options(self):
        return [Nim(k) for k in range(self.n)]

    def __eq__(self, other):
        return isinstance(other, Nim) and self.n == other.n

    def __hash__(self):
        return hash(self.n)

    def __repr__(self):
        return f"Nim({self.n})"


class Kayles(onag.ImpartialGame):
    """Knock down one pin or two adjacent ones: the rest is a sum of rows."""

    def __init__(self, n):
        self.n = n

    def options(self):
        return [Kayles(a) + Kayles(self.n - k - a) for k in (1, 2) for a in range(self.n - k + 1)]

    def __eq__(self, other):
        return isinstance(other, Kayles) and self.n == other.n

    def __hash__(self):
        return hash(("Kayles", self.n))


class Domineering(onag.PartizanGame):
    """Left places vertical dominoes, Right horizontal ones; a board splits
    into the regions a domino cannot bridge."""

    def __init__(self, cells):
        self.cells = frozenset(cells)

    @staticmethod
    def parse(text):
        return Domineering(
            (r, c) for r, row in enumerate(text.split("|")) for c, ch in enumerate(row) if ch == "."
        )

    def _moves(self, dr, dc):
        return [
            Domineering(self.cells - {(r, c), (r + dr, c + dc)})
            for (r, c) in sorted(self.cells)
            if (r + dr, c + dc) in self.cells
        ]

    def left_options(self):
        return self._moves(1, 0)

    def right_options(self):
        return self._moves(0, 1)

    def components(self):
        left, parts = set(self.cells), []
        while left:
            stack, part = [left.pop()], set()
            while stack:
                r, c = stack.pop()
                part.add((r, c))
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in left:
                        left.remove(n)
                        stack.append(n)
            top, lef = min(r for r, _ in part), min(c for _, c in part)
            parts.append(Domineering((r - top, c - lef) for r, c in part))
        return parts

    def __eq__(self, other):
        return isinstance(other, Domineering) and self.cells == other.cells

    def __hash__(self):
        return hash(self.cells)


class Sub(onag.PartizanGame):
    """Partizan subtraction: Left takes an amount in left, Right in right."""

    def __init__(self, n, left, right):
        self.n, self.left, self.right = n, tuple(left), tuple(right)

    def left_options(self):
        return [Sub(self.n - k, self.left, self.right) for k in self.left if k <= self.n]

    def right_options(self):
        return [Sub(self.n - k, self.left, self.right) for k in self.right if k <= self.n]

    def __eq__(self, other):
        return isinstance(other, Sub) and (self.n, self.left, self.right) == (other.n, other.left, other.right)

    def __hash__(self):
        return hash((self.n, self.left, self.right))


def test_impartial_games_are_nimbers_and_sums_add_by_nim_sum():
    assert [Nim(n).nim_value for n in range(8)] == list(range(8))
    assert str(Nim(5).canonical_form) == "*5"
    assert str((Nim(3) + Nim(5)).canonical_form) == "*6"
    assert Nim(4).winning_moves == [Nim(0)]
    assert (Nim(2) + Nim(2)).outcome == "P"


def test_an_impartial_class_with_sums_as_options_matches_its_octal_code():
    kayles = onag.octal("0.77", 30).values
    assert [Kayles(n).nim_value for n in range(31)] == [int(v) for v in kayles]


def test_a_partizan_class_matches_the_catalog_on_random_boards():
    rng = random.Random(36)
    for _ in range(40):
        rows, cols = rng.randint(1, 3), rng.randint(1, 4)
        board = "|".join("".join(rng.choice("...#") for _ in range(cols)) for _ in range(rows))
        mine = Domineering.parse(board).canonical_form
        assert mine == onag.Domineering(board).canonical_form, board
    assert str(Domineering.parse("....|....|....|....").canonical_form) == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"


def test_partizan_subtraction_matches_the_catalog():
    rng = random.Random(7)
    for _ in range(6):
        left = sorted({rng.randint(1, 4) for _ in range(rng.randint(1, 3))})
        right = sorted({rng.randint(1, 4) for _ in range(rng.randint(1, 3))})
        for n in range(13):
            theirs = onag.Game(f"game.heap.PartizanSubtraction({left},{right})({n})")
            assert Sub(n, left, right).canonical_form == theirs, (left, right, n)


def test_winning_moves_and_analysis():
    g = Sub(10, [1, 3], [2, 3])
    assert g.outcome == "L"
    assert [o.n for o in g.left_winning_moves] == [9, 7]
    result = g.analyse(max_positions=10_000)
    assert result["outcome"] == "L" and result["value"] == g.canonical_form
    assert [o.n for o in result["left_winning_moves"]] == [9, 7]


def test_options_may_be_games():
    class Switch(onag.PartizanGame):
        def left_options(self):
            return [onag.Game(1)]

        def right_options(self):
            return [onag.Game("-1"), -2]

        def __eq__(self, other):
            return isinstance(other, Switch)

        def __hash__(self):
            return 1

    # Right's -1 is dominated by -2.
    assert str(Switch().canonical_form) == "{1|-2}"


def test_exceptions_in_methods_reach_the_caller_with_their_traceback():
    class Broken(onag.PartizanGame):
        def left_options(self):
            raise ValueError("no moves here")

        def right_options(self):
            return []

        def __eq__(self, other):
            return isinstance(other, Broken)

        def __hash__(self):
            return 2

    with pytest.raises(ValueError, match="no moves here") as info:
        Broken().canonical_form
    assert any(frame.name == "left_options" for frame in info.traceback)


def test_bad_options_are_clear_errors():
    class Words(onag.PartizanGame):
        def left_options(self):
            return ["three"]

        def right_options(self):
            return []

        def __eq__(self, other):
            return isinstance(other, Words)

        def __hash__(self):
            return 3

    with pytest.raises(TypeError, match="an option must be a position"):
        Words().canonical_form

    class NotAList(Words):
        def left_options(self):
            return 3

        def __eq__(self, other):
            return isinstance(other, NotAList)

        def __hash__(self):
            return 6

    with pytest.raises(TypeError, match="must return a list"):
        NotAList().canonical_form

    class Undefined(onag.PartizanGame):
        def __eq__(self, other):
            return isinstance(other, Undefined)

        def __hash__(self):
            return 4

    with pytest.raises(NotImplementedError, match="must define left_options"):
        Undefined().canonical_form


def test_a_game_that_repeats_has_no_canonical_form():
    class Loop(onag.PartizanGame):
        def left_options(self):
            return [Loop()]

        def right_options(self):
            return []

        def __eq__(self, other):
            return isinstance(other, Loop)

        def __hash__(self):
            return 5

    with pytest.raises(onag.CycleError, match="reached from itself"):
        Loop().canonical_form


class PassSub(onag.PartizanGame):
    """Partizan subtraction in which the player to move may also pass
    while the heap is not empty: positions repeat."""

    def __init__(self, n, left, right):
        self.n, self.left, self.right = n, tuple(left), tuple(right)

    def _moves(self, amounts):
        moves = [PassSub(self.n - k, self.left, self.right) for k in amounts if k <= self.n]
        return moves + [self] if self.n > 0 else moves

    def left_options(self):
        return self._moves(self.left)

    def right_options(self):
        return self._moves(self.right)

    def __eq__(self, other):
        return isinstance(other, PassSub) and (self.n, self.left, self.right) == (
            other.n,
            other.left,
            other.right,
        )

    def __hash__(self):
        return hash((self.n, self.left, self.right))


def test_a_game_that_repeats_has_a_loopy_game_value():
    class Loop(onag.PartizanGame):
        def left_options(self):
            return [Loop()]

        def right_options(self):
            return []

        def __eq__(self, other):
            return isinstance(other, Loop)

        def __hash__(self):
            return 5

    value = Loop().game_value
    assert isinstance(value, onag.LoopyValue)
    assert str(value) == "on" and value.is_stopper and Loop().outcome == "L"
    # The same game as a CGScript class gives the same values.
    calc = onag.Calculator(lib=[str(CLASSES)])
    rng = random.Random(38)
    for _ in range(6):
        left = sorted(rng.sample([1, 2, 3], rng.randint(1, 2)))
        right = sorted(rng.sample([1, 2, 3], rng.randint(1, 2)))
        ruleset = f"mine.PassSubtraction({left}, {right})".replace(" ", "")
        for n in range(5):
            mine = PassSub(n, left, right)
            assert str(mine.game_value) == calc(f"{ruleset}({n}).GameValue"), (ruleset, n)
            assert mine.outcome == calc(f"{ruleset}({n}).OutcomeClass"), (ruleset, n)
        total = (PassSub(3, left, right) + PassSub(1, left, right)).game_value
        assert str(total) == calc(f"({ruleset}(3) + {ruleset}(1)).GameValue")
    # A game that ends keeps its canonical form.
    assert PassSub(0, [1], [2]).game_value == onag.Game(0)


def test_limits_stop_a_search():
    big = Domineering.parse("......|......|......|......")
    with pytest.raises(onag.LimitExceeded, match="max_positions="):
        big.value(max_positions=50)
    with pytest.raises(TypeError, match="unexpected keyword argument"):
        big.value(max_position=50)


def test_calculator_reads_cgscript_classes_from_lib():
    calc = onag.Calculator(lib=[str(CLASSES)])
    assert calc("mine.Nim(6).NimValue") == "6"
    assert calc('mine.Clobber("xox|ox.").CanonicalForm') == "{^^*|*,v}"
    assert calc('mine.Clobber("xox|ox.").CanonicalForm') == calc('game.grid.Clobber("xox|ox.").CanonicalForm')
    with pytest.raises(onag.InvalidInput, match="overrides nothing"):
        calc("bad.ExtraneousOverride")


def test_the_benchmark_class_agrees_with_the_built_in_ruleset():
    """The bitboard Domineering of python/benches/user_games.py, with its
    regions turned to their least mirror image, against the built-in
    ruleset on every small rectangle and on boards with holes."""
    import importlib.util

    path = Path(__file__).parent.parent / "benches" / "user_games.py"
    spec = importlib.util.spec_from_file_location("user_games", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for rows in range(1, 4):
        for cols in range(1, 5):
            mine = bench.Domineering.rectangle(rows, cols)
            text = "|".join(["." * cols] * rows)
            assert mine.canonical_form == onag.Domineering(text).canonical_form, text
    rng = random.Random(39)
    for _ in range(20):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        cells = [[rng.random() < 0.75 for _ in range(cols)] for _ in range(rows)]
        bits = bench.from_rows([sum(1 << c for c in range(cols) if row[c]) for row in cells])
        text = "|".join("".join("." if x else "#" for x in row) for row in cells)
        assert bench.Domineering(bits).canonical_form == onag.Domineering(text).canonical_form, text


def test_a_sweep_takes_a_class_of_the_users_own(tmp_path):
    """onag.sweep with a class's maker as the family: one row per board,
    each the value the built-in ruleset gives."""
    boards = onag.rectangles("Domineering", 2, 3) + ["..#|...", "...|..."]
    path = onag.sweep(Domineering.parse, boards, str(tmp_path / "mine.csv"), workers=0)
    rows = {row["item"]: row for row in onag.read_table(path)}
    assert set(rows) == set(boards)
    for board in boards:
        assert rows[board]["value"] == str(onag.Domineering(board).canonical_form), board
        assert rows[board]["family"].endswith("Domineering.parse")
    with pytest.raises(TypeError, match="is not a game"):
        onag.sweep(len, ["ab"], str(tmp_path / "bad.csv"), workers=0)
