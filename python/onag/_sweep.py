"""Sweeps: one computation per item of a family, run on Dask distributed,
one row per item in a CSV table with its time and peak memory.

Dask distributed, because its ``LocalCluster`` starts worker processes on one
machine with no services to set up, the same ``Client`` reaches a cluster by
address, and it installs from PyPI as pure Python; the scheduler is Dask's.
"""

import csv
import hashlib
import io
import os
import resource
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

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


def run_item(family: str, item: str, upto: int, limits: Dict[str, Any]) -> Dict[str, Any]:
    """Computes one item and measures it: the row of the table."""
    _reset_peak()
    cpu, wall = time.process_time(), time.perf_counter()
    row: Dict[str, Any] = {"item": item, "family": family}
    try:
        if family == "octal":
            row.update(_octal_row(item, upto, limits))
        else:
            row.update(_ruleset_row(family, item, limits))
    except _onag.Error as e:
        row["error"] = f"{type(e).__name__}: {e}"
    row["cpu_s"] = round(time.process_time() - cpu, 6)
    row["wall_s"] = round(time.perf_counter() - wall, 6)
    row["peak_rss_bytes"] = _peak_bytes()
    return row


def _format(row: Dict[str, Any]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(
        ["" if row.get(c) is None else row.get(c) for c in COLUMNS]
    )
    return out.getvalue()


def _done(path: Path) -> set:
    """The items already in the table; a last line cut short by an
    interrupted run is removed."""
    if not path.exists():
        return set()
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        data = data[: data.rfind(b"\n") + 1]
        path.write_bytes(data)
    lines = data.decode().splitlines()
    if not lines:
        return set()
    if lines[0].split(",") != COLUMNS:
        raise _onag.InvalidInput(f"{path}: not a sweep table (its header is not {','.join(COLUMNS)})")
    return {row[0] for row in csv.reader(lines[1:]) if row}


def read_table(path: str) -> List[Dict[str, str]]:
    """The rows of a sweep table as dictionaries."""
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


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


def sweep(
    family: str,
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
    progress: Optional[Callable[[int, int], None]] = None,
) -> str:
    """Runs ``family`` on every item and writes one row per item to the CSV ``table``.

    ``family`` is ``"octal"`` (items are codes, each valued to heap ``upto``
    with its certified period) or a ruleset's name (items are positions, e.g.
    ``rectangles("Domineering", 3, 4)``). Items already in the table are
    skipped (a sweep resumes). ``address=None`` starts a local Dask cluster of
    ``workers`` worker processes; an address (``"tcp://host:8786"``) uses that
    cluster, failing with ``onag.Error`` when it does not answer within
    ``timeout`` seconds; ``workers=0`` runs in this process. Limits apply to
    each item. Returns the table's path.
    """
    if family != "octal" and family not in {r[0] for r in _onag.rulesets()}:
        raise _onag.InvalidInput(f"no family is called '{family}' (octal, or a ruleset's name)")
    items = list(dict.fromkeys(items))
    limits = {k: v for k, v in (("max_positions", max_positions), ("max_memory", max_memory),
                                ("timeout", item_timeout)) if v is not None}
    path = Path(table)
    done = _done(path)
    todo = [i for i in items if i not in done]
    client = cluster = None
    if workers > 0 and todo:
        client, cluster = _connect(address, workers, timeout)
    try:
        new = not path.exists() or path.stat().st_size == 0
        with open(path, "a", newline="") as out:
            if new:
                out.write(",".join(COLUMNS) + "\n")
                out.flush()
            count = 0
            if client is None:
                results: Iterable[Dict[str, Any]] = (run_item(family, i, upto, limits) for i in todo)
            else:
                from dask.distributed import as_completed

                futures = [client.submit(run_item, family, i, upto, limits, pure=False) for i in todo]
                results = (f.result() for f in as_completed(futures))
            for row in results:
                # One write per row: an interruption leaves whole rows (and at
                # most one cut line, which the next run removes).
                out.write(_format(row))
                out.flush()
                count += 1
                if progress is not None:
                    progress(count, len(todo))
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    return str(path)
