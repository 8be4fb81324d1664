"""Drives the built site (web/dist) in headless Chromium and checks what the
page shows against the `onag` command.

Run by web/test/run.sh, after web/build.sh. It serves web/dist with
`python3 -m http.server` and talks WebDriver to chromedriver (Debian's
`chromium-driver`) with the standard library alone. The command under test
is `ONAG_CLI` (default target/debug/onag).
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "web", "dist")
CLI = os.environ.get("ONAG_CLI", os.path.join(ROOT, "target", "debug", "onag"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port}")


class Browser:
    """A WebDriver session of chromedriver."""

    def __init__(self, driver_port):
        self.base = f"http://127.0.0.1:{driver_port}"
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,1000"]
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
        }}}
        self.session = self.request("POST", "/session", caps)["sessionId"]

    def request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                return json.loads(resp.read())["value"]
        except urllib.error.HTTPError as err:
            raise RuntimeError(f"WebDriver {method} {path}: {err.read().decode()[:500]}") from None

    def cmd(self, method, path, body=None):
        return self.request(method, f"/session/{self.session}{path}", body)

    def go(self, url):
        self.cmd("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        found = self.cmd("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(found.values()))

    def click(self, css):
        self.cmd("POST", f"/element/{self.find(css)}/click", {})

    def type(self, css, text):
        element = self.find(css)
        self.cmd("POST", f"/element/{element}/clear", {})
        self.cmd("POST", f"/element/{element}/value", {"text": text})

    def wait(self, script, *args, seconds=60):
        """Waits until `script` returns a true value, and returns it."""
        end = time.time() + seconds
        while True:
            value = self.js(script, *args)
            if value:
                return value
            if time.time() > end:
                raise AssertionError(f"timed out waiting for: {script}")
            time.sleep(0.1)

    def screenshot(self, path):
        import base64
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.cmd("GET", "/screenshot")))

    def close(self):
        try:
            self.cmd("DELETE", "")
        except Exception:
            pass


def cli_lines(*inputs):
    """The lines `onag eval` prints for `inputs`, one session."""
    out = subprocess.run([CLI, "eval", "--", *inputs], capture_output=True, text=True)
    return out.stdout.splitlines()


def cli_report(ruleset, position):
    """What `onag RULESET --json POSITION` prints (`onag hackenbush` reads
    files, and a string with `--string`)."""
    args = ["--string", position] if ruleset == "hackenbush" else ["--", position]
    out = subprocess.run([CLI, ruleset, "--json", *args], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


HISTORY = "return [...document.querySelectorAll('#history .out')].map(e => e.textContent);"


def answers(b, count):
    return b.wait(f"const a = (() => {{ {HISTORY} }})(); return a.length >= {count} ? a : null;")


def evaluate(b, text):
    """Types `text` into the worksheet, submits it and returns its answer."""
    before = len(b.js(HISTORY))
    b.type("#calc-input", text)
    b.click("#calc-form button[type=submit]")
    return answers(b, before + 1)[before]


def test_worksheet_answers_and_keeps_variables(b, url):
    b.go(url + "#eval=" + urllib.parse.quote("{2|1}+*"))
    assert answers(b, 1) == ["{2*|1*}"], b.js(HISTORY)
    assert b.js("return decodeURIComponent(location.hash)") == "#eval={2|1}+*"
    assert evaluate(b, "x := ^") == "^"
    assert evaluate(b, "x + x + *") == "^^*"


def test_worksheet_draws_thermographs_and_grundy_values(b, url):
    b.go(url)
    b.wait("return document.body.dataset.ready")
    evaluate(b, "{3||2*|1*}")
    evaluate(b, "game.heap.Kayles.NimValueSequence(12)")
    evaluate(b, "true")
    pictures = "return [...document.querySelectorAll('#history .picture')].map(p => p.textContent);"
    for i in range(3):
        b.click(f"#history li:nth-child({i + 1}) button.draw")
    shown = b.wait(f"const p = (() => {{ {pictures} }})(); return p.every(t => t) ? p : null;")
    assert "Thermograph of {3||2*|1*}" in shown[0], shown[0]
    assert "Grundy values of game.heap.Kayles.NimValueSequence(12)" in shown[1], shown[1]
    assert shown[2] == "error: a boolean is not a game", shown[2]
    assert b.js("return document.querySelectorAll('#history .picture svg').length") == 2


def test_bad_input_shows_the_one_line_error_beside_the_input(b, url):
    b.go(url)
    b.wait("return document.body.dataset.ready")
    answer = evaluate(b, "1 +")
    expected = cli_lines("1 +")[0]
    assert answer == expected, (answer, expected)
    shown = b.js("return document.getElementById('calc-error').textContent")
    assert shown == expected, shown
    # The input stays there to be corrected.
    assert b.js("return document.getElementById('calc-input').value") == "1 +"


# Inputs whose answers the worksheet and `onag eval` must print alike, in
# one session (variables carry over, errors are numbered as arguments are).
CROSS_CHECK = [
    "{2|1}+*",
    "{3||2*|1*}.Thermograph",
    "{3||2*|1*}.Temperature",
    "x := {0|v*}",
    "x + x",
    "game.heap.Kayles.NimValueSequence(20)",
    "game.grid.Domineering(\"...|...|...\").CanonicalForm",
    "game.strip.ToadsAndFrogs(\"tt..ff\").CanonicalForm",
    "(+-1).Thermograph",
    "^.AtomicWeight",
    "[n*n for n from 1 to 5]",
    "*3 NimProduct *5",
    "1/0",
    "{1|",
    "2^100 + 1/3",
    "game.grid.Clobber(\"xox|oxo\").LeftWinningMoves",
    "Tiny(2) + Miny(2)",
    "nosuch.Member",
]


def test_answers_are_the_commands(b, url):
    b.go(url)
    b.wait("return document.body.dataset.ready")
    shown = [evaluate(b, text) for text in CROSS_CHECK]
    expected = cli_lines(*CROSS_CHECK)
    assert len(expected) == len(CROSS_CHECK), expected
    for text, got, want in zip(CROSS_CHECK, shown, expected):
        assert got == want, f"{text}: page {got!r}, command {want!r}"


def board_value(b):
    return b.wait("const v = document.getElementById('analysis-value'); return v && v.textContent;")


def test_a_play_link_opens_the_board_and_a_click_plays(b, url):
    position = "...|...|..."
    b.go(url + "#play=domineering:" + urllib.parse.quote(position))
    report = cli_report("domineering", position)
    assert board_value(b) == report["value"]
    assert b.js("return document.getElementById('analysis-outcome').textContent").startswith(
        report["outcome"])
    assert b.js("return document.querySelectorAll('#board .cell').length") == 9
    # The library's picture of its thermograph.
    title = b.wait("const s = document.querySelector('#thermograph svg'); return s && s.textContent;")
    assert "Thermograph of " + report["value"] in title, title
    # The winning moves of Left (who moves first) are marked on the board.
    winning = b.js("return document.querySelectorAll('#board .cell.win').length")
    assert (winning > 0) == bool(report["left_winning_moves"]), winning
    # Wait for the options, then Left's vertical domino in the top left
    # corner: the cell below the corner (a domino above it or below it),
    # then the corner, which leaves one move.
    b.wait("return document.querySelectorAll('#moves button.move').length > 0")
    b.click('#board .cell[data-index="3"]')
    assert b.js("return document.querySelectorAll('#board .cell.picked').length") == 1
    assert b.js("return document.getElementById('position').value") == position
    b.click('#board .cell[data-index="0"]')
    after = "#..|#..|..."
    b.wait("return document.getElementById('position').value === arguments[0]", after)
    assert board_value(b) == cli_report("domineering", after)["value"]
    assert b.js("return document.getElementById('to-move').value") == "Right"
    assert b.js("return decodeURIComponent(location.hash)") == "#play=domineering:" + after
    # Undo brings the first position back.
    b.click("#undo")
    b.wait("return document.getElementById('position').value === arguments[0]", position)
    assert board_value(b) == report["value"]


# Positions whose board the page values as `onag NAME --json` does.
BOARDS = [
    ("clobber", "xox|oxo|x.."),
    ("toads-and-frogs", "tt.t.ff.f"),
    ("konane", "xoxo|oxox|xo.."),
    ("amazons", "x...|o..."),
    ("toppling-dominoes", "lrrlrrl"),
    ("cram", "...|...|..."),
    ("hackenbush", "l(l;rl)"),
    ("cutcake", "(8,3)"),
    ("partizan-euclid", "(9,6)"),
    ("snort", "L-.-.-.-L"),
    ("col", "R-.-R-.-L-.-R-.-R-."),
]

MOVES = """return [...document.querySelectorAll(`#moves [data-list="${arguments[0]}"] li`)]
    .map(li => [li.querySelector('button').textContent, li.querySelector('.then').textContent]);"""


def test_boards_are_the_commands(b, url):
    for ruleset, position in BOARDS:
        b.go(url + "#play=" + ruleset + ":" + urllib.parse.quote(position))
        # A new page for each, so the value shown is this position's.
        b.js("location.reload()")
        want = cli_report(ruleset, position)
        got = board_value(b)
        assert got == want["value"], (ruleset, position, got, want["value"])
        for key in ["mean", "temperature"]:
            shown = b.js(f"return document.getElementById('analysis-{key}').textContent")
            assert shown == want[key], (ruleset, key, shown, want[key])
        for key, side in [("left-winning", "left_winning_moves"),
                          ("right-winning", "right_winning_moves")]:
            shown = b.js(MOVES, key)
            expected = [[m["position"], m["value"]] for m in want[side]]
            assert shown == expected, (ruleset, key, shown, expected)


def test_the_explorer_shows_each_players_options_with_their_values(b, url):
    position = "..|.."
    b.go(url + "#play=domineering:" + urllib.parse.quote(position))
    board_value(b)
    b.wait("return document.querySelector('#explorer button.expand')")
    b.click("#explorer button.expand")
    rows = """return [...document.querySelectorAll('#explorer > li > ul > li')].map(li =>
        [li.querySelector('.who').textContent, li.querySelector('.pos').textContent,
         li.querySelector('.value').textContent]);"""
    shown = b.wait(f"const r = (() => {{ {rows} }})(); return r.length ? r : null;")
    # Every option of this position wins for its mover: they are the
    # command's winning moves, with the same values.
    report = cli_report("domineering", position)
    expected = [["L", m["position"], m["value"]] for m in report["left_winning_moves"]]
    expected += [["R", m["position"], m["value"]] for m in report["right_winning_moves"]]
    assert shown == expected, (shown, expected)
    # An option of an option, one level down.
    b.click("#explorer > li > ul > li:first-child button.expand")
    deeper = b.wait("const u = document.querySelector('#explorer > li > ul > li:first-child ul');"
                    "return u && u.textContent;")
    assert "##|##" in deeper and "0" in deeper, deeper


def test_the_engine_answers_with_a_winning_move(b, url):
    position = "...|...|..."
    b.go(url + "#play=domineering:" + urllib.parse.quote(position))
    board_value(b)
    b.js("const s = document.getElementById('engine-side'); s.value = 'Left';"
         "s.dispatchEvent(new Event('change'));")
    report = cli_report("domineering", position)
    moves = [m["position"] for m in report["left_winning_moves"]]
    assert moves, report
    b.wait("return document.getElementById('to-move').value === 'Right'")
    played = b.js("return document.getElementById('position').value")
    assert played in moves, (played, moves)


def test_bad_position_shows_the_commands_error(b, url):
    b.go(url + "#play=domineering:" + urllib.parse.quote("..|..."))
    shown = b.wait("return document.getElementById('board-error').textContent")
    out = subprocess.run([CLI, "domineering", "..|..."], capture_output=True, text=True)
    assert shown == out.stderr.strip(), (shown, out.stderr)


def test_stop_ends_a_long_computation(b, url):
    b.go(url)
    b.wait("return document.body.dataset.ready")
    assert evaluate(b, "y := *2") == "*2"
    before = len(b.js(HISTORY))
    b.type("#calc-input", "n := 0; while true do n := n + 1 end")
    b.click("#calc-form button[type=submit]")
    b.wait("return !document.getElementById('stop').disabled")
    time.sleep(1.0)
    assert len(b.js(HISTORY)) == before, "the long computation ended by itself"
    b.click("#stop")
    assert answers(b, before + 1)[before] == "error: interrupted"
    b.wait("return document.getElementById('stop').disabled")
    # The new worker has the variables back.
    assert evaluate(b, "y + *1") == "*3"


def test_a_time_limit_ends_a_long_computation(b, url):
    b.go(url)
    b.wait("return document.body.dataset.ready")
    b.js("document.getElementById('timeout').value = '1'")
    started = time.time()
    answer = evaluate(b, "n := 0; while true do n := n + 1 end")
    assert answer.endswith("time limit reached (raise --timeout)"), answer
    assert time.time() - started < 20


TESTS = [
    test_worksheet_answers_and_keeps_variables,
    test_worksheet_draws_thermographs_and_grundy_values,
    test_bad_input_shows_the_one_line_error_beside_the_input,
    test_answers_are_the_commands,
    test_a_play_link_opens_the_board_and_a_click_plays,
    test_boards_are_the_commands,
    test_the_explorer_shows_each_players_options_with_their_values,
    test_the_engine_answers_with_a_winning_move,
    test_bad_position_shows_the_commands_error,
    test_stop_ends_a_long_computation,
    test_a_time_limit_ends_a_long_computation,
]


def main():
    if not os.path.exists(os.path.join(DIST, "pkg", "onag_web_bg.wasm")):
        sys.exit("error: web/dist is not built (run web/build.sh)")
    if not os.path.exists(CLI):
        sys.exit(f"error: no onag command at {CLI} (set ONAG_CLI)")
    http_port, driver_port = free_port(), free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(http_port), "--bind",
                               "127.0.0.1", "--directory", DIST],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    log = tempfile.NamedTemporaryFile(prefix="chromedriver-", suffix=".log", delete=False)
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={driver_port}"], stdout=log, stderr=log)
    passed = failed = 0
    try:
        wait_for_port(http_port)
        wait_for_port(driver_port)
        url = f"http://127.0.0.1:{http_port}/index.html"
        for test in TESTS:
            b = Browser(driver_port)
            started = time.time()
            try:
                test(b, url)
                passed += 1
                print(f"ok {test.__name__} ({time.time() - started:.1f} s)")
            except Exception:
                failed += 1
                print(f"FAILED {test.__name__}")
                traceback.print_exc()
                shot = os.path.join(tempfile.gettempdir(), f"{test.__name__}.png")
                try:
                    b.screenshot(shot)
                    print(f"  screenshot: {shot}")
                except Exception:
                    pass
            finally:
                b.close()
    finally:
        driver.terminate()
        server.terminate()
        driver.wait()
        server.wait()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
