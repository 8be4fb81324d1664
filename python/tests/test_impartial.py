"""Grundy sequences, nim arithmetic, game graphs, the retrograde solver and
the rulesets against the `onag` command and brute force."""

import random
import sys
from functools import lru_cache

import numpy as np
import pytest

import onag
from conftest import cli, cli_json


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.7", "0.6", "0.004", "0.[3]", "0.31"])
def test_octal_sequences_equal_the_commands_json(code):
    seq = onag.octal(code, 400)
    expected = cli_json("octal", code, "--upto", "400")
    assert seq.values.dtype == np.uint32
    assert seq.values.tolist() == expected["sequence"]
    assert (seq.period, seq.preperiod, seq.saltus, seq.certified_at) == (
        expected["period"], expected["preperiod"], expected["saltus"], expected["certified_at"],
    )
    assert seq.game == expected["code"]


def test_octal_values_reach_numpy_without_a_copy():
    seq = onag.octal("0.07", 100_000)
    values = seq.values
    # The array does not own its buffer: it is the library's table.
    assert not values.flags.owndata and values.base is not None
    assert values is not None and len(seq) == 100_001


def test_heaps_past_u64_are_refused_with_the_limit_and_the_certificate_is_the_commands():
    """Issue 39: a certified period answers heaps up to 2^64 - 1, and the
    certificate is the line `onag octal` prints."""
    seq = onag.octal("0.77", 300)
    assert seq.value(2**64 - 1) == seq.value(2**64 - 1 - 12 * 10**15)
    with pytest.raises(onag.InvalidInput, match=r"^n=18446744073709551616: heap sizes go up to 2\^64 - 1 \(18446744073709551615\)$"):
        seq.value(2**64)
    printed = cli("octal", "0.77", "--upto", "300").stdout.splitlines()
    assert seq.certificate is not None and seq.certificate in printed, (seq.certificate, printed)
    assert seq.certificate.startswith("period 12, preperiod 71 (certified by the octal periodicity theorem")
    # Without a certified period there is none.
    assert onag.octal("0.007", 50).certificate is None


def test_values_past_the_table_follow_the_certified_period():
    seq = onag.octal("0.77", 300)
    expected = cli_json("octal", "0.77", "--upto", "300", "--values", "10000000000..10000000020")
    assert [seq.value(n) for n in range(10**10, 10**10 + 21)] == expected["values"]["values"]
    with pytest.raises(IndexError, match="beyond the computed values"):
        onag.octal("0.007", 50).value(10**6)


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def brute_subtraction(members, upto):
    g = []
    for n in range(upto + 1):
        g.append(mex({g[n - k] for k in members if k <= n}))
    return g


@pytest.mark.parametrize("members", [[1, 3, 4], [2, 5, 7], [1, 2], [3, 5, 8, 13]])
def test_subtraction_sequences_equal_brute_force_and_the_command(members):
    seq = onag.subtraction(members, 200)
    assert seq.values.tolist() == brute_subtraction(members, 200)
    expected = cli_json("subtraction", ",".join(map(str, members)), "--upto", "200")
    assert seq.values.tolist() == expected["sequence"]
    assert (seq.period, seq.preperiod, seq.saltus, seq.certificate) == (
        expected["period"], expected["preperiod"], expected["saltus"], expected["certificate"],
    )


def test_subtraction_rules_and_all_but_equal_the_command():
    for args, kwargs in [(["--all-but", "2,3,7"], {"all_but": [2, 3, 7]}),
                         (["--rule", "squares"], {"rule": "squares"})]:
        seq = onag.subtraction(upto=120, **kwargs)
        expected = cli_json("subtraction", *args, "--upto", "120")
        assert seq.values.tolist() == expected["sequence"]
        assert seq.period == expected["period"]


def test_winning_moves_of_sums_are_the_moves_to_zero():
    seq = onag.subtraction([1, 3, 4], 50)
    g = brute_subtraction([1, 3, 4], 50)
    rng = random.Random(7)
    for _ in range(30):
        heaps = [rng.randrange(0, 50) for _ in range(3)]
        expected = []
        total = 0
        for h in heaps:
            total ^= g[h]
        for i, h in enumerate(heaps):
            for k in (1, 3, 4):
                if k <= h and total ^ g[h] ^ g[h - k] == 0:
                    expected.append((i, [h - k] if h - k else []))
        assert sorted(seq.winning_moves(heaps)) == sorted(expected)
    json = cli_json("subtraction", "1,3,4", "7", "9", "12")
    got = seq.winning_moves([7, 9, 12])
    assert [(m["heap"], [m["to"]] if m["to"] else []) for m in json["winning_moves"]] == got
    # Kayles: a move may split a heap in two.
    kayles = onag.octal("0.77", 200)
    moves = kayles.winning_moves([10, 20])
    values = kayles.values
    for i, parts in moves:
        rest = [10, 20][1 - i]
        assert int(values[rest]) ^ int(np.bitwise_xor.reduce(values[parts] if parts else [0])) == 0


@lru_cache(maxsize=None)
def brute_nim_mul(a, b):
    """The nim product from its definition: mex of a'b + ab' + a'b'."""
    seen = set()
    for x in range(a):
        for y in range(b):
            seen.add(brute_nim_mul(x, b) ^ brute_nim_mul(a, y) ^ brute_nim_mul(x, y))
    return mex(seen)


def test_nim_products_equal_the_definition_and_the_command():
    a = np.array([x for x in range(16) for _ in range(16)], dtype=np.uint64)
    b = np.array([y for _ in range(16) for y in range(16)], dtype=np.uint64)
    got = onag.nim_mul(a, b)
    assert got.tolist() == [brute_nim_mul(int(x), int(y)) for x, y in zip(a, b)]
    rng = np.random.default_rng(5)
    a = rng.integers(0, 2**64, size=20, dtype=np.uint64)
    b = rng.integers(0, 2**64, size=20, dtype=np.uint64)
    got = onag.nim_mul(a, b)
    for x, y, z in list(zip(a, b, got))[:5]:
        assert cli_json("nimber", "mul", str(x), str(y))["result"] == int(z)
    inv = onag.nim_inv(a)
    assert (onag.nim_mul(a, inv) == 1).all()
    root = onag.nim_sqrt(a)
    assert (onag.nim_mul(root, root) == a).all()
    assert (onag.nim_pow(a, 3) == onag.nim_mul(onag.nim_mul(a, a), a)).all()
    assert (onag.nim_mul(a, 1) == a).all()
    assert (onag.nim_mul(a[::2], b[::2]) == got[::2]).all()  # strided arrays


def test_wrong_dtypes_are_one_line_errors():
    with pytest.raises(TypeError, match=r"^nim_mul\(a, b\): a: expected a one-dimensional numpy.uint64 array, not float64$"):
        onag.nim_mul(np.ones(3), np.ones(3, dtype=np.uint64))
    with pytest.raises(ValueError, match="lengths 3 and 2"):
        onag.nim_mul(np.ones(3, dtype=np.uint64), np.ones(2, dtype=np.uint64))
    with pytest.raises(ZeroDivisionError):
        onag.nim_inv(np.zeros(1, dtype=np.uint64))
    with pytest.raises(TypeError, match=r"^nim_mul\(a, b\): a: expected a one-dimensional numpy.uint64 array, not int64$"):
        onag.nim_mul(np.ones(3, dtype=np.int64), np.ones(3, dtype=np.uint64))
    with pytest.raises(TypeError, match=r"^nim_mul\(a, b\): a: expected a one-dimensional numpy.uint64 array, not a 2-dimensional array$"):
        onag.nim_mul(np.ones((2, 2), dtype=np.uint64), 3)
    with pytest.raises(TypeError, match=r"^nim_sqrt\(a\): expected a one-dimensional numpy.uint64 array, not <class 'list'>$"):
        onag.nim_sqrt([1, 2])
    with pytest.raises(ValueError, match=r"^nim_mul\(a, b\): b = -1 is not a 64-bit nimber \(0 to 2\^64 - 1\)$"):
        onag.nim_mul(np.ones(3, dtype=np.uint64), -1)
    with pytest.raises(onag.ParseError, match=r"^CODE:1:4: "):
        onag.octal("0.9x", 10)
    # A float where an int goes, a negative count: the package's one-line
    # InvalidInput naming the argument (issue 39), never pyo3's text.
    for call, message in [
        (lambda: onag.octal("0.77", 10.5), "upto: expected an int, 0 or more, not float 10.5"),
        (lambda: onag.subtraction([1.5, 2], 10), "subtraction_set[0]: expected an int, 0 or more, not float 1.5"),
        (lambda: onag.nim_pow(np.ones(3, dtype=np.uint64), 2.0), "nim_pow(a, e): e: expected an int, 0 or more, not float 2.0"),
        (lambda: onag.octal("0.77", 10, max_positions=1.5), "max_positions: expected an int, 0 or more, not float 1.5"),
        (lambda: onag.octal("0.77", 10, max_memory=1.5), "max_memory: expected a number of bytes or a size such as '4G'"),
        (lambda: onag.octal("0.77", -1), "upto=-1: expected an int, 0 or more"),
        (lambda: onag.octal(77, 10), "code: expected a str, not int 77"),
        (lambda: onag.subtraction("1,2", 10), "subtraction_set: expected a list of ints, not str '1,2'"),
        (lambda: onag.subtraction(all_but=[-2]), "all_but[0]=-2: expected an int, 0 or more"),
        (lambda: onag.subtraction(rule=3), "rule: expected a str, not int 3"),
        (lambda: onag.subtraction([1, 2], search=-5), "search=-5: expected an int, 0 or more"),
        (lambda: onag.octal("0.77", 10).value(-3), "n=-3: expected an int, 0 or more"),
        (lambda: onag.octal("0.77", 10).value("5"), "n: expected an int, 0 or more, not str '5'"),
        (lambda: onag.octal("0.77", 10).winning_moves("12"), "heaps: expected a list of ints, not str '12'"),
        (lambda: onag.octal("0.77", 10).winning_moves([1, -2]), "heaps[1]=-2: expected an int, 0 or more"),
        (lambda: onag.octal("0.77", 10, timeout="soon"), "timeout: expected a number of seconds, not str 'soon'"),
        (lambda: onag.Calculator()(5), "source: expected a str, not int 5"),
        (lambda: onag.Calculator(lib="dir"), "lib: expected a list of folders, not str 'dir'"),
        (lambda: onag.Position(3, ".."), "ruleset_name: expected a str, not int 3"),
        (lambda: onag._onag.graph_grundy([[1], "0"]), "successors[1]: expected a list of ints, not str '0'"),
        (lambda: onag._onag.graph_grundy([[1], [-1]]), "successors[1][0]=-1: expected an int, 0 or more"),
        (lambda: onag._onag.graph_retrograde([[]], misere=1), "misere: expected True or False, not 1"),
        (lambda: onag._onag.ruleset_rectangle("Domineering", -1, 2), "rows=-1: expected an int, 0 or more"),
    ]:
        with pytest.raises(onag.InvalidInput) as e:
            call()
        assert str(e.value) == message
    # Past the largest u64: said as a limit, not as pyo3's overflow.
    with pytest.raises(onag.InvalidInput, match=r"^upto=18446744073709551616: too large \(at most 18446744073709551615\)$"):
        onag.octal("0.77", 2**64)
    with pytest.raises(onag.ParseError, match=r"^1:3: "):
        onag.Domineering("..x.")
    # The interpreter goes on.
    assert list(onag.octal("0.77", 4).values) == [0, 1, 2, 3, 1]


def write_graph(path, graph):
    lines = [f"{u}: {' '.join(graph.get(u, []))}" for u in graph]
    path.write_text("\n".join(lines) + "\n")


def test_graph_values_equal_the_command(tmp_path):
    import networkx as nx

    rng = random.Random(3)
    names = [f"v{i}" for i in range(40)]
    succ = {u: sorted({names[j] for j in range(i + 1, 40) if rng.random() < 0.15}) for i, u in enumerate(names)}
    write_graph(tmp_path / "g.txt", succ)
    expected = cli_json("graph", str(tmp_path / "g.txt"))
    edges = [(u, v) for u in names for v in succ[u]]
    for graph in (onag.GameGraph(edges, nodes=names), onag.GameGraph(nx.DiGraph(edges))):
        values = graph.grundy_values()
        assert {p["name"]: p["grundy"] for p in expected["positions"]} == values
        assert graph.winning_moves("v0") == expected["winning_moves"]
        assert graph.outcome("v0") == expected["outcome"]
    with pytest.raises(onag.CycleError, match="cycle through position `[ab]`") as cycle:
        onag.GameGraph([("a", "b"), ("b", "a")]).grundy_values()
    assert not str(cycle.value).startswith("1:1"), str(cycle.value)
    with pytest.raises(onag.CycleError, match="cycle through position `p[01]`"):
        onag.GameGraph([(1, "1"), ("1", 1)]).grundy_values()
    assert onag.GameGraph([((0, 1), (0, 2))]).grundy_values() == {(0, 1): 1, (0, 2): 0}
    with pytest.raises(TypeError, match="DiGraph"):
        onag.GameGraph(nx.Graph(edges))


def test_retrograde_equals_the_command(tmp_path):
    rng = random.Random(11)
    names = [f"v{i}" for i in range(30)]
    succ = {u: sorted({rng.choice(names) for _ in range(rng.randrange(0, 3))}) for u in names}
    write_graph(tmp_path / "loopy.txt", succ)
    expected = cli_json("retro", str(tmp_path / "loopy.txt"))
    solved = onag.GameGraph([(u, v) for u in names for v in succ[u]], nodes=names).retrograde()
    for p in expected["positions"]:
        word, distance, best = solved[p["name"]]
        assert (word, distance) == (p["result"], p["distance"])
        if p["result"] != "draw":
            assert best == p["best_move"]


def test_every_ruleset_of_the_catalog_values_its_example_as_the_command():
    names = onag.rulesets()
    assert len(names) >= 10
    for name, package, _about, example in names:
        command = "".join("-" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(name))
        out = cli("--json", command, example, check=False)
        if out.returncode != 0:
            continue
        import json

        expected = json.loads(out.stdout)
        position = getattr(onag, name)(example)
        assert str(position.canonical_form) == expected["value"], name
    assert str(onag.Domineering("....|....").canonical_form) == cli_json("domineering", "....|....")["value"]
    with pytest.raises(onag.InvalidInput):
        onag.Position("NoSuchGame", "..")


def test_positions_print_as_the_call_that_makes_them():
    """Issue 39: a winning move of Clobber prints as Clobber("..."), not as
    an internal GenClobber.Position, and reads back as the same position."""
    position = onag.Clobber("xox|ox.")
    moves = position.left_winning_moves + position.right_winning_moves + position.left_options
    assert moves
    for move in moves:
        assert repr(move) == f'Clobber("{move}")', repr(move)
        assert eval(repr(move), {"Clobber": onag.Clobber}) == move
    assert repr(onag.GenToadsAndFrogs("tt..ff", maxJump=2)) == 'GenToadsAndFrogs("tt..ff", maxJump=2)'
    assert repr(onag.Domineering("..|..")) == 'Domineering("..|..")'


def test_an_analysis_within_limits_is_kept_by_the_position():
    # A board no other test values: the process-wide engine keeps what
    # earlier calls valued, and the limit counts new positions only.
    board = "#.....|......|....#."
    expected = cli_json("domineering", board)
    with pytest.raises(onag.LimitExceeded, match=r"raise max_positions="):
        onag.Domineering(board).analyse(max_positions=10)
    position = onag.Domineering(board)
    analysis = position.analyse(max_positions=10**6, timeout=60)
    assert str(analysis["value"]) == expected["value"]
    assert analysis["outcome"] == expected["outcome"] == position.outcome
    for side in ("left_winning_moves", "right_winning_moves"):
        assert [str(p) for p in analysis[side]] == [m["position"] for m in expected[side]]
        assert getattr(position, side) == analysis[side]


def test_the_stubs_name_every_ruleset_constructor():
    from pathlib import Path

    stub = (Path(onag.__file__).parent / "__init__.pyi").read_text()
    for name, *_ in onag.rulesets():
        assert f"def {name}(position: Any, **params: Any) -> Position: ..." in stub


def test_a_position_has_its_outcome_winning_moves_equality_and_sums_as_the_command():
    for name, command, board in [("Domineering", "domineering", "...|...|.#."),
                                 ("ToadsAndFrogs", "toads-and-frogs", "tt..f.f"),
                                 ("Clobber", "clobber", "xox|ox.")]:
        position = getattr(onag, name)(board)
        expected = cli_json(command, board)
        assert position.outcome == expected["outcome"]
        assert [str(p) for p in position.left_winning_moves] == [m["position"] for m in expected["left_winning_moves"]]
        assert [str(p) for p in position.right_winning_moves] == [m["position"] for m in expected["right_winning_moves"]]
        # A winning move is an option whose value the mover wins moving second.
        for p in position.left_winning_moves:
            assert p in position.left_options and p.canonical_form >= 0
        for p in position.right_winning_moves:
            assert p in position.right_options and p.canonical_form <= 0
    # Equal when ruleset, parameters and board agree; a set keeps one of each.
    a, b = onag.Domineering("..|.."), onag.Domineering("..|..")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != onag.Cram("..|..") and a != onag.Domineering("...")
    assert onag.GenToadsAndFrogs("t.f", maxJump=2) != onag.GenToadsAndFrogs("t.f", maxJump=3)
    # A subtraction set is a set: its order and repeats do not matter.
    sets = onag.PartizanSubtraction(6, leftSet=[1, 3], rightSet=[2, 3])
    assert sets == onag.PartizanSubtraction(6, leftSet=[3, 1, 3], rightSet=[3, 2])
    assert sets != onag.PartizanSubtraction(6, leftSet=[1, 3], rightSet=[2])
    with pytest.raises(onag.InvalidInput, match=r"^each entry of leftSet must be an integer, not \"x\"$"):
        onag.PartizanSubtraction(6, leftSet=[1, "x"], rightSet=[2])
    # Sums are canonical forms: the 2×2 board is 0, a column 1, a row -1.
    column, row = onag.Domineering(".|."), onag.Domineering("..")
    assert str(column + row) == "0" and column + row == onag.Game("0")
    assert str(column + column + 1) == "3" and str(2 + row) == "1"
    assert str(column + onag.Game("*")) == "1*"
