"""Speed of the Python package, against the command and the library's bulk
path (run with a release build: `pip install ./python`).

    python python/benches/speed.py [--cli target/release/onag] [--sweep]

Prints CPU and wall times: the calling overhead of Game arithmetic, a Grundy
sequence of 10^7 values reaching NumPy against `onag octal`, vectorised nim
products against `onag nimber mul -` (the library's bulk path), and with
--sweep every 3-digit octal code to 10^5 heaps on two local Dask workers
and in one process.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
import timeit

import numpy as np

import onag


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_cli(cli, *args, stdin=None):
    cpu, wall = child_cpu(), time.perf_counter()
    subprocess.run([cli, *args], check=True, stdout=subprocess.DEVNULL, input=stdin)
    return child_cpu() - cpu, time.perf_counter() - wall


def measure(f):
    cpu, wall = time.process_time(), time.perf_counter()
    result = f()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def per_call(stmt, number, globals_):
    return min(timeit.repeat(stmt, number=number, repeat=5, globals=globals_)) / number * 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="target/release/onag")
    ap.add_argument("--code", default="0.16")
    ap.add_argument("--sweep", action="store_true")
    args = ap.parse_args()

    a, b = onag.Game("{2|1}"), onag.Game("*")
    g = globals() | {"a": a, "b": b}
    print(f"Game + Game (existing games):          {per_call('a + b', 200_000, g):.2f} us")
    both = per_call("onag.Game('{2|1}') + onag.Game('*')", 100_000, g)
    print(f"Game('{{2|1}}') + Game('*') (read before): {both:.2f} us")
    print(f"a <= b:                                {per_call('a <= b', 200_000, g):.2f} us")
    texts = [f"{{{i}|{i - 1}}}" for i in range(2000, 4000)]
    _, cpu, wall = measure(lambda: [onag.Game(t) for t in texts])
    print(f"Game(new text), first read:            {wall / len(texts) * 1e6:.1f} us wall")

    n = 10**7
    seq, cpu, wall = measure(lambda: onag.octal(args.code, n))
    assert seq.values.base is not None and not seq.values.flags.owndata
    out = os.path.join(tempfile.mkdtemp(), "seq.bin")
    ccpu, cwall = run_cli(args.cli, "-q", "octal", args.code, "--upto", str(n), "--output", out)
    print(f"octal {args.code} to 10^7 into NumPy:          {cpu:.2f} s CPU, {wall:.2f} s wall "
          f"(period {seq.period}, certified at {seq.certified_at})")
    print(f"onag octal {args.code} --upto 10^7 --output .bin: {ccpu:.2f} s CPU, {cwall:.2f} s wall "
          f"(ratio {cpu / ccpu:.2f})")
    expected = np.fromfile(out, dtype="<u4") if os.path.getsize(out) == 4 * (n + 1) else None
    if expected is not None:
        assert (expected == seq.values).all()

    rng = np.random.default_rng(1)
    m = 10**6
    x = rng.integers(0, 2**64, size=m, dtype=np.uint64)
    y = rng.integers(0, 2**64, size=m, dtype=np.uint64)
    onag.nim_mul(x, y)
    _, cpu, wall = measure(lambda: [onag.nim_mul(x, y) for _ in range(10)])
    print(f"nim_mul of 10^6 uint64 pairs:          {cpu / 10 * 1e3:.1f} ms CPU "
          f"({cpu / 10 / m * 1e9:.1f} ns per product)")

    if args.sweep:
        # Per item: values to 10^5 heaps, a period only when the values
        # computed certify it (the work of an item is bounded by `upto`).
        codes = onag.octal_codes(3)
        d = tempfile.mkdtemp()
        _, cpu, wall = measure(lambda: onag.sweep("octal", codes, os.path.join(d, "one.parquet"),
                                                  upto=10**5, workers=0))
        print(f"sweep 512 codes to 10^5, one process:   {cpu:.1f} s CPU, {wall:.1f} s wall")
        children = child_cpu()
        _, cpu, wall = measure(lambda: onag.sweep("octal", codes, os.path.join(d, "two.parquet"),
                                                  upto=10**5))
        rows = onag.read_table(os.path.join(d, "two.parquet"))
        items = sum(r["cpu_s"] for r in rows)
        print(f"sweep 512 codes to 10^5, 2 Dask workers: {cpu + child_cpu() - children:.1f} s CPU "
              f"(the workers' and this process's, cluster start included; the items' own "
              f"{items:.1f} s), {wall:.1f} s wall")

if __name__ == "__main__":
    sys.exit(main())
