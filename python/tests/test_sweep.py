"""onag.sweep on a local Dask cluster of two workers against the same sweep
in one process; resuming after an interruption; a cluster that does not answer."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import onag
from conftest import cli_json

pytest.importorskip("dask.distributed")

CODES = onag.octal_codes(2)


def comparable(path):
    """The rows without the measured columns, in item order."""
    rows = onag.read_table(path)
    return sorted(({k: v for k, v in r.items() if k not in ("cpu_s", "wall_s", "peak_rss_bytes")}
                   for r in rows), key=lambda r: r["item"])


def test_a_sweep_on_two_workers_equals_the_sweep_in_one_process(tmp_path):
    local = onag.sweep("octal", CODES, str(tmp_path / "local.csv"), upto=2000)
    single = onag.sweep("octal", CODES, str(tmp_path / "single.csv"), upto=2000, workers=0)
    rows = comparable(local)
    assert rows == comparable(single)
    assert len(rows) == 64 and [r["item"] for r in rows] == sorted(CODES)
    for raw in onag.read_table(local):
        assert float(raw["cpu_s"]) >= 0 and float(raw["wall_s"]) >= 0
        assert int(raw["peak_rss_bytes"]) > 0
    # Each row against the command.
    for row in rows[::9]:
        if row["error"]:
            continue
        expected = cli_json("octal", row["item"], "--upto", "2000")
        assert row["period"] == ("" if expected["period"] is None else str(expected["period"]))
        assert row["max_value"] == str(expected["max_value"])


def test_rulesets_sweep_over_rectangles(tmp_path):
    boards = onag.rectangles("Domineering", 2, 3)
    assert len(boards) == 6
    table = onag.sweep("Domineering", boards, str(tmp_path / "dom.csv"), workers=0)
    rows = {r["item"]: r["value"] for r in onag.read_table(table)}
    for board in boards:
        assert rows[board] == cli_json("domineering", board)["value"]


def test_an_interrupted_sweep_resumed_gives_the_same_table(tmp_path):
    full = comparable(onag.sweep("octal", CODES, str(tmp_path / "full.csv"), upto=6000, workers=0))
    table = tmp_path / "resumed.csv"
    script = textwrap.dedent(f"""
        import onag
        onag.sweep("octal", onag.octal_codes(2), {str(table)!r}, upto=6000, workers=0)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if table.exists() and table.read_text().count("\n") > 10:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    written = table.read_text().count("\n") - 1
    assert 0 < written < 64
    # A line cut short as a kill might leave it.
    with open(table, "a") as f:
        f.write("0.77,octal,0.7")
    onag.sweep("octal", CODES, str(table), upto=6000)
    assert comparable(str(table)) == full
    # Nothing is recomputed once every item is there.
    before = table.read_text()
    onag.sweep("octal", CODES, str(table), upto=6000)
    assert table.read_text() == before


def test_a_cluster_that_does_not_answer_is_a_clear_error_and_writes_nothing(tmp_path):
    table = tmp_path / "t.csv"
    start = time.monotonic()
    with pytest.raises(onag.Error, match=r"^cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 2 s"):
        onag.sweep("octal", CODES, str(table), address="tcp://127.0.0.1:9", timeout=2)
    assert time.monotonic() - start < 20
    assert not table.exists()


def test_bad_families_and_tables_are_errors(tmp_path):
    with pytest.raises(onag.InvalidInput, match="no family is called 'chess'"):
        onag.sweep("chess", ["x"], str(tmp_path / "t.csv"))
    bad = tmp_path / "other.csv"
    bad.write_text("a,b\n1,2\n")
    with pytest.raises(onag.InvalidInput, match="not a sweep table"):
        onag.sweep("octal", CODES, str(bad), workers=0)
    assert bad.read_text() == "a,b\n1,2\n"
