"""onag.sweep on a local Dask cluster of two workers against the same sweep
in one process; resuming after an interruption; tables written whole; a
cluster that does not answer."""

import signal
import subprocess
import sys
import textwrap
import time

import pytest

import onag
from conftest import cli_json

pytest.importorskip("dask.distributed")
pytest.importorskip("pyarrow")

CODES = onag.octal_codes(2)
MEASURED = ("cpu_s", "wall_s", "peak_rss_bytes")


def comparable(path):
    """The rows without the measured columns, in item order."""
    rows = onag.read_table(path)
    return sorted(({k: v for k, v in r.items() if k not in MEASURED} for r in rows),
                  key=lambda r: r["item"])


@pytest.fixture(scope="module")
def cluster():
    """A local Dask cluster of two worker processes, reached by its address."""
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=40) as c:
        yield c.scheduler_address


def test_a_sweep_on_two_workers_equals_the_sweep_in_one_process(tmp_path):
    local = onag.sweep("octal", CODES, str(tmp_path / "local.parquet"), upto=2000)
    single = onag.sweep("octal", CODES, str(tmp_path / "single.parquet"), upto=2000, workers=0)
    rows = comparable(local)
    assert rows == comparable(single)
    assert len(rows) == 64 and [r["item"] for r in rows] == sorted(CODES)
    # The table is in the order of the items, whichever worker finished first.
    assert [r["item"] for r in onag.read_table(local)] == CODES
    for raw in onag.read_table(local):
        assert raw["cpu_s"] >= 0 and raw["wall_s"] >= 0
        assert raw["peak_rss_bytes"] > 0
    # Each row against the command.
    for row in rows[::5]:
        assert row["error"] is None
        expected = cli_json("octal", row["item"], "--upto", "2000")
        assert row["period"] == expected["period"]
        assert row["max_value"] == expected["max_value"]


@pytest.mark.parametrize("ruleset,rows,columns", [
    ("Domineering", 4, 4), ("Cram", 4, 4), ("Clobber", 3, 4),
])
def test_a_rulesets_rectangles_on_two_workers_equal_one_process(cluster, tmp_path,
                                                                ruleset, rows, columns):
    boards = onag.rectangles(ruleset, rows, columns)
    assert len(boards) == rows * columns
    two = onag.sweep(ruleset, boards, str(tmp_path / "two.parquet"), address=cluster)
    one = onag.sweep(ruleset, boards, str(tmp_path / "one.parquet"), workers=0)
    assert comparable(two) == comparable(one)
    values = {r["item"]: r["value"] for r in onag.read_table(two)}
    assert set(values) == set(boards)
    for board in boards[::2]:
        assert values[board] == cli_json(ruleset.lower(), board)["value"]


def test_a_csv_path_writes_csv(tmp_path):
    table = tmp_path / "t.csv"
    onag.sweep("octal", CODES[:8], str(table), upto=300, workers=0)
    lines = table.read_text().splitlines()
    assert lines[0] == ",".join(onag._sweep.COLUMNS) and len(lines) == 9
    parquet = onag.sweep("octal", CODES[:8], str(tmp_path / "t.parquet"), upto=300, workers=0)
    assert comparable(str(table)) == comparable(parquet)


def start_sweep(table, codes_digits, upto):
    script = textwrap.dedent(f"""
        import onag
        onag.sweep("octal", onag.octal_codes({codes_digits}), {str(table)!r}, upto={upto},
                   workers=0, checkpoint=0)
    """)
    return subprocess.Popen([sys.executable, "-c", script])


def wait_for_rows(table, count):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if table.exists() and len(onag.read_table(str(table))) >= count:
            return
        time.sleep(0.02)
    pytest.fail(f"{table} did not reach {count} rows")


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_an_interrupted_sweep_resumed_gives_the_same_table(cluster, tmp_path, suffix):
    full = comparable(onag.sweep("octal", CODES, str(tmp_path / f"full{suffix}"),
                                 upto=4000, workers=0))
    table = tmp_path / f"resumed{suffix}"
    proc = start_sweep(table, 2, 4000)
    wait_for_rows(table, 10)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    # Whatever the moment of the kill, the table holds whole rows.
    written = onag.read_table(str(table))
    assert 10 <= len(written) < 64
    onag.sweep("octal", CODES, str(table), upto=4000, address=cluster)
    assert comparable(str(table)) == full
    assert [r["item"] for r in onag.read_table(str(table))] == CODES
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([f"full{suffix}", table.name])
    # Nothing is recomputed once every item is there.
    before = table.read_bytes()
    onag.sweep("octal", CODES, str(table), upto=4000)
    assert table.read_bytes() == before


def test_ctrl_c_during_a_sweep_keeps_the_rows_done(tmp_path):
    table = tmp_path / "t.parquet"
    proc = start_sweep(table, 2, 4000)
    wait_for_rows(table, 5)
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=60) != 0
    rows = onag.read_table(str(table))
    assert 5 <= len(rows) < 64
    full = {r["item"]: r for r in comparable(onag.sweep(
        "octal", CODES[:len(rows)], str(tmp_path / "ref.parquet"), upto=4000, workers=0))}
    for row in comparable(str(table)):
        assert row == full[row["item"]]


def test_a_cluster_that_does_not_answer_is_a_clear_error_and_writes_nothing(tmp_path):
    table = tmp_path / "t.parquet"
    start = time.monotonic()
    with pytest.raises(onag.Error, match=r"^cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 2 s"):
        onag.sweep("octal", CODES, str(table), address="tcp://127.0.0.1:9", timeout=2)
    assert time.monotonic() - start < 20
    assert list(tmp_path.iterdir()) == []


def test_bad_families_items_and_tables_are_errors(tmp_path):
    with pytest.raises(onag.InvalidInput, match="no family is called 'chess'"):
        onag.sweep("chess", ["x"], str(tmp_path / "t.parquet"))
    with pytest.raises(TypeError, match=r"^upto=1.5: expected an int, not float$"):
        onag.sweep("octal", CODES, str(tmp_path / "t.parquet"), upto=1.5)
    with pytest.raises(TypeError, match=r"^items: 7 is not a string$"):
        onag.sweep("octal", ["0.7", 7], str(tmp_path / "t.parquet"))
    with pytest.raises(TypeError, match="not one string"):
        onag.sweep("octal", "0.77", str(tmp_path / "t.parquet"))
    with pytest.raises(ValueError, match=r"^workers=-1: expected 0 or more$"):
        onag.sweep("octal", CODES, str(tmp_path / "t.parquet"), workers=-1)
    assert list(tmp_path.iterdir()) == []
    # A code that does not parse is an error in its row, not the end of the sweep.
    table = onag.sweep("octal", ["0.7", "0.9x"], str(tmp_path / "t.parquet"), upto=10, workers=0)
    rows = {r["item"]: r for r in onag.read_table(table)}
    assert rows["0.7"]["error"] is None and rows["0.7"]["period"] == 2
    assert rows["0.9x"]["error"].startswith("ParseError: ") and "\n" not in rows["0.9x"]["error"]
    # Files that are not sweep tables are left as they are.
    bad = tmp_path / "other.csv"
    bad.write_text("a,b\n1,2\n")
    with pytest.raises(onag.InvalidInput, match="not a sweep table"):
        onag.sweep("octal", CODES, str(bad), workers=0)
    assert bad.read_text() == "a,b\n1,2\n"
    junk = tmp_path / "junk.parquet"
    junk.write_bytes(b"not parquet")
    with pytest.raises(onag.InvalidInput, match=r"junk.parquet: not a sweep table"):
        onag.sweep("octal", CODES, str(junk), workers=0)
    assert junk.read_bytes() == b"not parquet"
