"""Sweeps: one computation per item of a family, run on Dask distributed,
one row per item in a Parquet (or CSV) table with its time and peak memory.

Dask distributed, because its ``LocalCluster`` starts worker processes on one
machine with no services to set up, the same ``Client`` reaches a cluster by
address, and it installs from PyPI as pure Python; the scheduler is Dask's.
"""

import csv
import hashlib
import os
import resource
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from . import _onag

#: The columns of every table: the item's key, its family, the result
#: (``value``: what the computation gave, as text), an error message if it
#: failed, then the measured CPU time, wall time and peak memory.
COLUMNS = ["item", "family", "value", "period", "preperiod", "saltus", "certified_at",
           "max_value", "digest", "error", "cpu_s", "wall_s", "peak_rss_bytes"]

#: The columns that depend on the run, not on the item.
MEASURED = ("cpu_s", "wall_s", "peak_rss_bytes")


def octal_codes(digits: int) -> List[str]:
    """Every octal code ``0.d1...dk`` with ``k = digits`` digits 0-7 (8^k codes)."""
    if not isinstance(digits, int) or not 1 <= digits <= 6:
        raise ValueError(f"digits={digits!r}: expected 1 to 6")
    codes = [""]
    for _ in range(digits):
        codes = [c + d for c in codes for d in "01234567"]
    return ["0." + c for c in codes]


def rectangles(ruleset: str, rows: int, columns: int) -> List[str]:
    """Every empty (or starting) rectangle of ``ruleset`` up to ``rows`` x ``columns``."""
    out = []
    for r in range(1, rows + 1):
        for c in range(1, columns + 1):
            board = _onag.ruleset_rectangle(ruleset, r, c)
            if board is not None:
                out.append(board)
    return out


def _reset_peak() -> bool:
    """Resets this process's peak resident memory (Linux), if allowed."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _peak_bytes() -> int:
    """This process's peak resident memory since the last reset (Linux: VmHWM),
    else since it started."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _octal_row(code: str, upto: int, limits: Dict[str, Any]) -> Dict[str, Any]:
    seq = _onag.octal(code, upto, **limits)
    values = seq.values
    return {
        "value": seq.game,
        "period": seq.period,
        "preperiod": seq.preperiod,
        "saltus": seq.saltus,
        "certified_at": seq.certified_at,
        "max_value": int(values.max()) if len(values) else 0,
        "digest": hashlib.sha256(values.tobytes()).hexdigest()[:16],
    }


def _ruleset_row(ruleset: str, board: str, limits: Dict[str, Any]) -> Dict[str, Any]:
    value = _onag.Position(ruleset, board).value(**limits)
    return {"value": str(value)}


def _family_name(family: Any) -> str:
    """A family as the table names it: its name, or a class's (or
    function's) qualified name."""
    if isinstance(family, str):
        return family
    return f"{family.__module__}.{family.__qualname__}"


def _own_row(make: Callable[[str], Any], item: str, limits: Dict[str, Any]) -> Dict[str, Any]:
    position = make(item)
    if not hasattr(position, "value"):
        raise TypeError(f"{_family_name(make)}({item!r}) is not a game: it has no value()")
    return {"value": str(position.value(**limits))}


def run_item(family: Any, item: str, upto: int, limits: Dict[str, Any]) -> Dict[str, Any]:
    """Computes one item and measures it: the row of the table."""
    _reset_peak()
    cpu, wall = time.process_time(), time.perf_counter()
    row: Dict[str, Any] = {"item": item, "family": _family_name(family)}
    try:
        if family == "octal":
            row.update(_octal_row(item, upto, limits))
        elif not isinstance(family, str):
            row.update(_own_row(family, item, limits))
        else:
            row.update(_ruleset_row(family, item, limits))
    except _onag.Error as e:
        row["error"] = f"{type(e).__name__}: {e}"
    row["cpu_s"] = round(time.process_time() - cpu, 6)
    row["wall_s"] = round(time.perf_counter() - wall, 6)
    row["peak_rss_bytes"] = _peak_bytes()
    return row


#: The type of each column: text, whole numbers, or seconds.
_TEXT = ("item", "family", "value", "digest", "error")
_FLOAT = ("cpu_s", "wall_s")


def _typed(column: str, text: str) -> Any:
    """A CSV cell as the value it holds (an empty cell is ``None``)."""
    if text == "":
        return None
    if column in _TEXT:
        return text
    return float(text) if column in _FLOAT else int(text)


def _is_csv(path: Path) -> bool:
    return path.suffix.lower() == ".csv"


def _not_a_table(path: Path, why: str) -> Exception:
    return _onag.InvalidInput(f"{path}: not a sweep table ({why})")


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise _onag.Error(
            "writing a Parquet table needs pyarrow (pip install pyarrow), "
            "or give a path ending in .csv"
        ) from None
    return pyarrow


def _schema(pa):
    types = {c: pa.string() if c in _TEXT else pa.float64() if c in _FLOAT else pa.int64()
             for c in COLUMNS}
    return pa.schema([(c, types[c]) for c in COLUMNS])


def _load(path: Path) -> List[Dict[str, Any]]:
    """The rows of the table at ``path`` (none when there is no file)."""
    if not path.exists():
        return []
    if _is_csv(path):
        with open(path, newline="") as f:
            lines = list(csv.reader(f))
        if not lines or lines[0] != COLUMNS:
            raise _not_a_table(path, f"its header is not {','.join(COLUMNS)}")
        rows = []
        for number, line in enumerate(lines[1:], start=2):
            if len(line) != len(COLUMNS):
                raise _not_a_table(path, f"line {number} has {len(line)} cells, not {len(COLUMNS)}")
            try:
                rows.append({c: _typed(c, v) for c, v in zip(COLUMNS, line)})
            except ValueError:
                raise _not_a_table(path, f"line {number} holds a cell of the wrong type") from None
        return rows
    pa = _pyarrow()
    try:
        # One read of the whole file: a table replaced while it is read (a
        # running sweep renames a new one over it) is then seen whole, old
        # or new, where reading it by parts could mix the two.
        table = pa.parquet.read_table(pa.BufferReader(path.read_bytes()))
    except (OSError, pa.ArrowException) as e:
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise _not_a_table(path, first) from None
    if table.column_names != COLUMNS:
        raise _not_a_table(path, f"its columns are not {','.join(COLUMNS)}")
    return table.to_pylist()


def read_table(path: str) -> List[Dict[str, Any]]:
    """The rows of a sweep table (Parquet, or CSV when the path ends in
    ``.csv``) as dictionaries: text, ints, floats, ``None`` where empty."""
    return _load(Path(path))


def _write(path: Path, rows: List[Dict[str, Any]]) -> None:
    """Writes the whole table atomically: a temporary file in the same
    folder, flushed to disk, then renamed over ``path``. A reader (or a run
    killed at any moment) sees the old table or the new one, never a part."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        if _is_csv(path):
            with open(tmp, "w", newline="") as f:
                out = csv.writer(f, lineterminator="\n")
                out.writerow(COLUMNS)
                for row in rows:
                    out.writerow(["" if row.get(c) is None else row[c] for c in COLUMNS])
                f.flush()
                os.fsync(f.fileno())
        else:
            pa = _pyarrow()
            columns = {c: [row.get(c) for row in rows] for c in COLUMNS}
            pa.parquet.write_table(pa.table(columns, schema=_schema(pa)), tmp)
            with open(tmp, "rb") as f:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def _remove_stale(path: Path) -> None:
    """Removes the temporary files of runs of this table killed while
    writing it (their process is gone)."""
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            pid = int(tmp.name[len(path.name) + 2 : -len(".tmp")])
            os.kill(pid, 0)
        except ProcessLookupError:
            tmp.unlink(missing_ok=True)
        except (ValueError, OSError):
            pass


def _ordered(rows: List[Dict[str, Any]], items: List[str]) -> List[Dict[str, Any]]:
    """Rows of items outside ``items`` first (as they were), then the others
    in the order of ``items``: the table does not depend on which worker
    finished first."""
    rank = {item: i for i, item in enumerate(items)}
    return sorted(rows, key=lambda r: rank.get(r["item"], -1))

def _connect(address: Optional[str], workers: int, timeout: float):
    from dask.distributed import Client, LocalCluster

    if address is None:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True,
            dashboard_address=None, silence_logs=40,
        )
        return Client(cluster, timeout=timeout), cluster
    try:
        return Client(address, timeout=timeout), None
    except (OSError, TimeoutError) as e:
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise _onag.Error(
            f"cannot reach the Dask scheduler at {address} within {timeout:g} s ({reason})"
        ) from None


def _check_int(name: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}={value!r}: expected an int, not {type(value).__name__}")
    if value < least:
        raise ValueError(f"{name}={value}: expected {least} or more")
    return value


def _check_seconds(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name}={value!r}: expected a number of seconds")
    if not value >= 0:
        raise ValueError(f"{name}={value}: expected a number of seconds, 0 or more")
    return float(value)


def sweep(
    family: Any,
    items: Sequence[str],
    table: str,
    *,
    upto: int = 100_000,
    address: Optional[str] = None,
    workers: int = 2,
    timeout: float = 30.0,
    max_positions: Optional[int] = None,
    max_memory: Optional[Any] = None,
    item_timeout: Optional[float] = None,
    checkpoint: float = 1.0,
    progress: Optional[Callable[[int, int], None]] = None,
) -> str:
    """Runs ``family`` on every item and writes one row per item to ``table``:
    a Parquet file, or CSV when the path ends in ``.csv``.

    ``family`` is ``"octal"`` (items are codes, each valued to heap ``upto``,
    with its period when one is certified by the values computed: the work
    of an item is bounded by ``upto``) or a ruleset's name (items are
    positions, e.g. ``rectangles("Domineering", 3, 4)``), or a game of the
    user's own: a class (or function) that makes a position from an item,
    ``MyGame.parse`` for a ``PartizanGame`` subclass; each row holds the
    position's value (defined at a module's top level so Dask's workers can
    import it; exceptions in its methods reach the caller). Items already in
    the table are skipped (a sweep resumes). ``address=None`` starts a local
    Dask cluster of ``workers`` worker processes; an address
    (``"tcp://host:8786"``) uses that cluster, failing with ``onag.Error``
    when it does not answer within ``timeout`` seconds; ``workers=0`` runs
    in this process. Limits apply to each item. In a script (not a notebook)
    call it under ``if __name__ == "__main__":``, since Dask starts the local
    workers as new interpreters that import the script.

    The table is rewritten whole and atomically (a temporary file renamed
    over it) at most every ``checkpoint`` seconds as rows arrive, at the end,
    and when the sweep stops on an error or Ctrl-C: it always holds whole
    rows, in the order of ``items``. Returns the table's path.

    Example: every three-digit octal code to 10^5 heaps on two local
    workers, ``sweep("octal", octal_codes(3), "octal3.parquet", upto=10**5)``:
    512 rows, 312 with a certified period; about 600 s of the workers' CPU
    (plus 70 s for the scheduler and client) against 495 s in one process
    (``workers=0``), as measured on a 2-core machine (release build).
    """
    if not isinstance(family, str) and not callable(family):
        raise TypeError(f"family={family!r}: expected a string, or a class that makes positions")
    if isinstance(family, str) and family != "octal" and family not in {r[0] for r in _onag.rulesets()}:
        raise _onag.InvalidInput(f"no family is called '{family}' (octal, or a ruleset's name)")
    if isinstance(items, str):
        raise TypeError("items: expected a list of strings, not one string")
    items = list(dict.fromkeys(items))
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"items: {item!r} is not a string")
    upto = _check_int("upto", upto, 0)
    workers = _check_int("workers", workers, 0)
    timeout = _check_seconds("timeout", timeout)
    checkpoint = _check_seconds("checkpoint", checkpoint)
    if address is not None and not isinstance(address, str):
        raise TypeError(f"address={address!r}: expected a string such as 'tcp://host:8786'")
    limits = {k: v for k, v in (("max_positions", max_positions), ("max_memory", max_memory),
                                ("timeout", item_timeout)) if v is not None}
    path = Path(table)
    if not _is_csv(path):
        _pyarrow()
    rows = _load(path)
    _remove_stale(path)
    done = {row["item"] for row in rows}
    todo = [i for i in items if i not in done]
    if not todo:
        if not path.exists():
            _write(path, rows)
        return str(path)
    client = cluster = None
    if workers > 0:
        client, cluster = _connect(address, workers, timeout)
    unwritten = 0
    last_write = time.monotonic()
    try:
        if client is None:
            results: Iterable[Dict[str, Any]] = (run_item(family, i, upto, limits) for i in todo)
        else:
            from dask.distributed import as_completed

            futures = [client.submit(run_item, family, i, upto, limits, pure=False) for i in todo]
            results = (f.result() for f in as_completed(futures))
        for count, row in enumerate(results, start=1):
            rows.append(row)
            unwritten += 1
            if time.monotonic() - last_write >= checkpoint:
                _write(path, _ordered(rows, items))
                unwritten, last_write = 0, time.monotonic()
            if progress is not None:
                progress(count, len(todo))
    finally:
        try:
            if unwritten:
                _write(path, _ordered(rows, items))
        finally:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
    return str(path)
