"""Outcomes by search: `Position.outcome` without the canonical form, and
`onag.solve`, whose dict is the JSON of `onag solve`."""

import random
import time

import pytest

import onag
from conftest import cli_json


def test_outcome_by_search_agrees_with_the_canonical_form():
    rng = random.Random(37)
    for name, cells in [("Domineering", ".#"), ("Clobber", "xo."), ("Cram", ".#")]:
        for _ in range(40):
            rows, columns = rng.randint(1, 3), rng.randint(1, 4)
            board = "|".join(
                "".join(rng.choice(cells + cells[0]) for _ in range(columns)) for _ in range(rows)
            )
            searched = getattr(onag, name)(board).outcome
            # A fresh position asks the search; its canonical form says the same.
            valued = getattr(onag, name)(board).canonical_form.outcome
            assert searched == valued, (name, board)


def test_outcome_does_not_build_the_canonical_form_of_a_large_board():
    # 6×6 Domineering: half a minute for its canonical form with an
    # optimised build, a fraction of a second for the search.
    started = time.monotonic()
    assert onag.Domineering("|".join(["......"] * 6)).outcome == "N"
    assert time.monotonic() - started < 60


def test_solve_is_the_json_of_the_command():
    expr = 'Domineering("....|....|....") + Clobber("xo|ox") + *2 + 1/2'
    solved = onag.solve(expr)
    expected = cli_json("solve", expr)
    for key in ("positions", "outcome", "left_first", "right_first", "nodes"):
        assert solved[key] == expected[key], key
    assert solved["outcome"] == "R"
    assert isinstance(solved["seconds"], float)


def test_solve_errors_and_limits():
    with pytest.raises(onag.InvalidInput, match="1:21"):
        onag.solve('Domineering("..") + [1]')
    with pytest.raises(onag.LimitExceeded):
        onag.solve('Domineering("' + "|".join(["........"] * 8) + '")', max_positions=2000)
