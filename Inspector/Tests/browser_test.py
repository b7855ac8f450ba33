#!/usr/bin/env python3
"""The Flow Inspector tested as a person uses it.

Starts the real inspector server and the real Notes example (`--inspect`), drives the page in
Debian's chromium through Playwright, and checks what the page shows and what the app does.

    python3 Inspector/Tests/browser_test.py --server PATH --notes PATH --out DIR

Closes with one line: `browser test: N passed, M failed`. Exits 1 on any failure, and 2 when
the browser cannot start (never a silent skip).
"""
import argparse
import json
import os
import queue
import re
import secrets
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

results = []


def check(name, condition, detail=""):
    results.append((name, bool(condition)))
    print(f"{'ok  ' if condition else 'FAIL'} {name}{'' if condition else f'  ({detail})'}", flush=True)
    return bool(condition)


class Process:
    """A child process whose output lines are collected as they come."""

    def __init__(self, args, name):
        self.name = name
        self.lines = []
        self.queue = queue.Queue()
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            self.queue.put(line)

    def wait_for(self, pattern, timeout=30):
        """The first line (new or already seen) matching `pattern`; None on timeout."""
        regex = re.compile(pattern)
        seen = 0
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            # Index by index: lines that arrive while scanning are scanned too.
            while seen < len(self.lines):
                line = self.lines[seen]
                seen += 1
                if regex.search(line):
                    return line
            try:
                self.queue.get(timeout=0.2)
            except queue.Empty:
                if self.process.poll() is not None and seen == len(self.lines):
                    return None
        return None

    def block(self, start, after_index=0, timeout=30):
        """The lines from one matching `start` up to `end state`, after line `after_index`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.lines[after_index:]
            for i, line in enumerate(lines):
                if line == start:
                    for j in range(i + 1, len(lines)):
                        if lines[j] == "end state":
                            return "\n".join(lines[i + 1:j]), after_index + j
            try:
                self.queue.get(timeout=0.2)
            except queue.Empty:
                pass
        return None, after_index

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()


def shows(expect, locator, text, timeout=20_000):
    """Whether `locator` shows `text` within `timeout` ms (a check, not an exception)."""
    try:
        expect(locator).to_have_text(text, timeout=timeout)
        return True
    except AssertionError:
        return False


# The log is virtualised: only the rows in view, and a margin, are in the DOM. The test reads
# it as a person does, scrolling the panel from top to bottom and reading the rows in view;
# each row's `data-pos` is its place in the (filtered) log, and `top` the scroll position at
# which it was in view.
LOG_ROWS_JS = """async () => {
  const panel = document.getElementById("log-panel");
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const seen = new Map();
  let top = 0;
  for (let step = 0; step < 5000; step++) {
    panel.scrollTop = top;
    await frames();
    const view = panel.getBoundingClientRect(), header = document.getElementById("log-header").getBoundingClientRect();
    for (const r of document.querySelectorAll("#log .row")) {
      const pos = Number(r.dataset.pos), box = r.getBoundingClientRect();
      // Only the rows in view: the margin's rows are read when they are scrolled to.
      if (box.top < header.bottom - 1 || box.bottom > view.bottom + 1) continue;
      if (!seen.has(pos)) seen.set(pos, { pos, seq: r.dataset.seq === undefined ? null : Number(r.dataset.seq), kind: r.dataset.kind || null,
        index: r.dataset.index || null, text: r.textContent, classes: r.className.split(/\\s+/), top: panel.scrollTop });
    }
    if (panel.scrollTop + panel.clientHeight >= panel.scrollHeight - 1) break;
    top = panel.scrollTop + Math.max(20, panel.clientHeight - 80);
  }
  return [...seen.values()].sort((a, b) => a.pos - b.pos);
}"""

SCROLL_LOG_JS = """async (top) => {
  const panel = document.getElementById("log-panel");
  panel.scrollTop = top;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return panel.scrollTop;
}"""


def log_rows(page):
    """Every row of the log (as filtered), read by scrolling through it."""
    return page.evaluate(LOG_ROWS_JS)


def show_row(page, row):
    """Scrolls the log to a row `log_rows` read, and returns its locator."""
    page.evaluate(SCROLL_LOG_JS, row["top"])
    return page.locator(f"#log .row[data-pos='{row['pos']}']")


def find_row(page, kind=None, text="", classes=(), last=False):
    """The first (or last) row of the log of that kind, with that text and classes, scrolled
    into view; None when there is none."""
    rows = [r for r in log_rows(page) if (kind is None or r["kind"] == kind) and text in r["text"] and all(c in r["classes"] for c in classes)]
    return show_row(page, rows[-1] if last else rows[0]) if rows else None


def in_view(locator):
    """Whether the one row of `locator` is in the DOM and inside the log panel's view, below
    its header."""
    return locator.count() == 1 and locator.evaluate(
        "r => { const p = document.getElementById('log-panel').getBoundingClientRect(), h = document.getElementById('log-header').getBoundingClientRect(),"
        " b = r.getBoundingClientRect(); return b.height > 0 && b.top >= h.bottom - 1 && b.bottom <= p.bottom + 1; }")


def event_count(page):
    """How many events the log holds, as its header says."""
    return int(page.locator("#log-count").inner_text().strip("()") or 0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def upgrade_status(port, path, origin):
    """The status code of a WebSocket upgrade request."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        key = "dGhlIHNhbXBsZSBub25jZQ=="
        request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n")
        s.sendall(request.encode())
        status = s.recv(1024).decode(errors="replace").split("\r\n")[0]
        return int(status.split()[1]) if len(status.split()) > 1 else 0


def run_copied_test(package, source):
    """Puts the copied test in the package's DestinationsTestingTests for one run of
    `swift test`, then removes it."""
    path = os.path.join(package, "Tests", "DestinationsTestingTests", "GeneratedInspectorSessionTest.swift")
    with open(path, "w") as file:
        file.write(source)
    try:
        run = subprocess.run(["swift", "test", "--package-path", package, "--filter", "replaysInspectorSession"],
                             capture_output=True, text=True, timeout=900)
        output = run.stdout + run.stderr
        passed = run.returncode == 0 and re.search(r"Test run with 1 test .*passed", output) is not None
        if not passed:
            print(output[-2000:])
        return passed
    finally:
        os.remove(path)


def post(base, path, token, body, timeout=10):
    """POSTs bytes (or a JSON-able value) to the server; (status, parsed JSON answer or None)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}{path}?token={token}", data=data, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            text = answer.read()
            return answer.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, None


def raw_status(port, request):
    """The status code the server answers to a raw HTTP request."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(request.encode())
        line = s.recv(1024).decode(errors="replace").split("\r\n")[0]
        return int(line.split()[1]) if len(line.split()) > 1 else 0


def open_session(base, token, hello):
    status, answer = post(base, "/app/sessions", token, hello)
    return answer["session"] if status == 200 else None


def keep_polling(base, token, key):
    """Polls a session's commands in the background, as an app does, so that the server does not
    take it for gone while the test looks at the page; ends when the key is refused."""
    def run():
        while True:
            try:
                with urllib.request.urlopen(f"{base}/app/sessions/{key}/commands?token={token}", timeout=10) as answer:
                    answer.read()
            except (urllib.error.URLError, OSError):
                return
    threading.Thread(target=run, daemon=True).start()


def select_session(page, app_name):
    page.wait_for_function("(name) => [...document.querySelectorAll('#sessions option')].some((o) => o.textContent.startsWith(name))", arg=app_name)
    value = page.eval_on_selector_all("#sessions option", "(os, name) => os.find((o) => o.textContent.startsWith(name)).value", app_name)
    page.locator("#sessions").select_option(value=value)


HOSTILE_SVG = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400pt" height="300pt" viewBox="0 0 400 300">
<g id="graph0" class="graph"><g id="n0" class="node" onclick="location='http://evil.example/'"><title>home</title><polygon points="0,0 10,0 10,10" fill="white" stroke="black"/><text x="5" y="5">home</text></g>
<a xlink:href="http://evil.example/" href="http://evil.example/"><rect x="0" y="0" width="400" height="300" fill="transparent"/></a>
<foreignObject x="0" y="0" width="400" height="300"><form xmlns="http://www.w3.org/1999/xhtml" action="http://evil.example/steal" method="post"><button>Restore in app</button></form></foreignObject>
<script>document.title = "pwned"</script><image href="http://evil.example/x.png" width="10" height="10"/>
<g class="edge" style="fill:url(http://evil.example/)"><title>home->home</title><path d="M0,0 L10,10" stroke="url(http://evil.example/x)"/></g></g></svg>"""


# Texts a route's payload can put in a rendering or a cause: quotes, backslashes, an
# interpolation, carriage returns, control characters, other line breaks.
AWKWARD_TEXTS = ["plain", 'a\\b "q" """ \\(x)', "cr\rlf\r\nend", "ctrl\u0001\u0000\u001b\u007f", "tab\tx",
                 "ls\u2028ps\u2029nel\u0085", "trail \\", "multi\nline\n\n", "emoji \U0001F469\u200d\U0001F467 \u00e9", "end\n"]

SWIFT_LITERALS_JS = """(texts) => {
  let out = "var ok = true\\n";
  texts.forEach((text, i) => {
    const scalars = [...text].map((c) => c.codePointAt(0)).join(", ");
    out += `let c${i} = ${swiftString(text)}\\n// ${swiftComment("comment " + text)}\\n`;
    out += `if c${i}.unicodeScalars.map(\\\\.value) != [${scalars}] { print("text ${i} differs"); ok = false }\\n`;
    out += `let l${i} = ${swiftLine(text)}\\n`;
    out += `if l${i}.unicodeScalars.map(\\\\.value) != [${scalars}] { print("line ${i} differs"); ok = false }\\n`;
  });
  return out + `print(ok ? "literals equal" : "literals differ")\\n`;
}"""


def swift_literals_compile(page, out):
    """Copy as test's Swift literals and comments, for awkward texts, compile and hold the text."""
    source = page.evaluate(SWIFT_LITERALS_JS, AWKWARD_TEXTS)
    path = os.path.join(out, "SwiftLiterals.swift")
    with open(path, "w") as file:
        file.write(source)
    binary = os.path.join(out, "swift-literals")
    build = subprocess.run(["swiftc", path, "-o", binary], capture_output=True, text=True, timeout=600)
    if build.returncode != 0:
        print(build.stderr[-2000:])
        return False
    run = subprocess.run([binary], capture_output=True, text=True, timeout=60)
    return run.stdout.strip() == "literals equal"


def minimal_event(seq, state_text):
    """An event line as an app writes it, with the state's text as given."""
    return ('{"type":"event","seq":%d,"t":0,"skipped":0,"cause":{"kind":"event","summary":"event go","description":"event go"},'
            '"changes":{"added":[],"removed":[],"touched":[],"removedIDs":[]},"tree":{"id":1,"kind":"screen","label":"home","name":"home"},'
            '"focused":1,"visible":[1],"rendered":"home","url":null,"state":%s}') % (seq, state_text)


def copied_test_of_a_posted_session(page, base, token, out):
    """Opens a session over HTTP whose state holds an integer above 2^53 and whose route type
    is nested and generic, and copies it as a test."""
    hello = {"type": "hello", "protocol": 1, "app": "bigint", "pid": 4242, "scene": "main", "canRestore": False,
             "routeType": "Big.Outer.Route<Swift.Int>", "testSetup": {"module": "Big", "layout": "Big.layout", "providers": "Big.providers"}}
    answer = urllib.request.urlopen(urllib.request.Request(f"{base}/app/sessions?token={token}", data=json.dumps(hello).encode(), method="POST"), timeout=5)
    key = json.load(answer)["session"]
    body = minimal_event(1, '{"root":{"id":9007199254740993}}').encode()
    urllib.request.urlopen(urllib.request.Request(f"{base}/app/sessions/{key}/messages?token={token}", data=body, method="POST"), timeout=5)
    return copy_test_of(page, "bigint", out, "BigIntSessionTest.swift")


def copy_test_of(page, app_name, out, file_name, trust=False):
    select_session(page, app_name)
    page.locator("#copy-test").click()
    if trust and page.locator("#test-trust").is_visible():
        page.locator("#test-trust-setup").check()
    source = page.locator("#test-output").input_value()
    page.locator("#close-test").click()
    with open(os.path.join(out, file_name), "w") as file:
        file.write(source)
    return source


def copied_test_of_a_hostile_file(page, out):
    """Imports a session file whose setup, names and causes are code, and copies it as a test."""
    file = {"format": "destinations-session", "protocol": 1,
            "hello": {"app": "hostile\npwned()", "routeType": "A>.self, from: pwned()); let x = (Array<Int",
                      "testSetup": {"module": "Foundation\npwned()", "layout": "pwned()", "providers": "pwned()"}},
            "graph": {"svg": HOSTILE_SVG, "mermaid": None},
            "log": [json.loads(minimal_event(1, '{"root":{"id":1}}'))]}
    file["log"][0]["cause"] = {"kind": "k\npwned()", "summary": "s", "description": "d\rpwned()\u2028pwned()"}
    path = os.path.join(out, "hostile.destinations-session.json")
    with open(path, "w") as f:
        json.dump(file, f)
    page.locator("#import").set_input_files(path)
    return copy_test_of(page, "hostile", out, "HostileSessionTest.swift", trust=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--notes", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--server-build", default="unknown build", help="how the server was built, printed beside the figures")
    parser.add_argument("--app-build", default="unknown build", help="how the example app was built, printed beside the figures")
    parser.add_argument("--package", help="the Destinations package: run the copied test there with `swift test`")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)

    try:
        from playwright.sync_api import sync_playwright, expect
    except ImportError:
        print("browser test: Playwright for Python is missing; run Inspector/Scripts/install-test-deps.sh", file=sys.stderr)
        return 2

    port = free_port()
    token = secrets.token_hex(8)
    base = f"http://127.0.0.1:{port}"
    server = Process([options.server, "--port", str(port), "--token", token], "server")
    app = None
    try:
        # 1. Security.
        check("the server prints its page address with the token", server.wait_for(re.escape(f"{base}/?token={token}"), 60))
        try:
            urllib.request.urlopen(urllib.request.Request(f"{base}/app/sessions", data=b'{"type":"hello"}', method="POST"), timeout=5)
            status = 200
        except urllib.error.HTTPError as error:
            status = error.code
        check("an app without the token is refused (403)", status == 403, status)
        wrong = upgrade_status(port, "/ui?token=wrong", base)
        check("the page socket with a wrong token is not upgraded", wrong != 101, wrong)
        evil = upgrade_status(port, f"/ui?token={token}", "http://evil.example")
        check("the page socket from another origin is not upgraded", evil != 101, evil)
        own = upgrade_status(port, f"/ui?token={token}", base)
        check("the page socket from its own origin is upgraded (101)", own == 101, own)
        policy = urllib.request.urlopen(f"{base}/?token={token}", timeout=5).headers.get("Content-Security-Policy", "")
        check("the page's policy forbids forms and plugins and names no host", "form-action 'none'" in policy and "object-src 'none'" in policy
              and "127.0.0.1" not in policy, policy)
        at = raw_status(port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}@evil.example\r\nConnection: close\r\n\r\n")
        check("a Host with more after its port is refused", at == 403, at)
        two = raw_status(port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        check("two Host headers are refused", two in (400, 403), two)

        with sync_playwright() as playwright:
            try:
                browser = playwright.chromium.launch(executable_path=options.chromium, args=["--no-sandbox", "--disable-gpu"])
            except Exception as error:  # noqa: BLE001
                print(f"browser test: chromium could not start ({options.chromium}): {error}", file=sys.stderr)
                print("browser test: install it with Inspector/Scripts/install-test-deps.sh", file=sys.stderr)
                return 2
            context = browser.new_context(viewport={"width": 1600, "height": 1000}, accept_downloads=True)
            page = context.new_page()
            errors = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            expect.set_options(timeout=20_000)

            # 2. Page load and the app.
            page.goto(f"{base}/?token={token}")
            check("the page loads and its socket connects", shows(expect, page.locator("#status"), "server connected"))
            hint = page.locator("#connect-hint").inner_text() if page.locator("#connect-hint").is_visible() else ""
            check("the first view shows how to connect an app", f"DESTINATIONS_INSPECTOR=http://127.0.0.1:{port}" in hint and token in hint, hint)
            app = Process([options.notes, "--inspect", base, "--token", token, "--delay", "40", "--churn", "40", "--interval", "15"], "app")
            check("the app appears as connected", shows(expect, page.locator("#status"), "app connected"))
            check("the app finished its walkthrough", app.wait_for("^walkthrough done$", 90), "\n".join(app.lines[-5:]))
            app_state, mark = app.block("state:")
            check("the app printed its final state", app_state)

            # 3. The tree matches the app's state.
            try:
                expect(page.locator("#tree")).to_have_attribute("data-rendered", app_state or "", timeout=20_000)
                same = True
            except AssertionError:
                same = False
            check("the page's state is the app's state after the last step", same and bool(app_state))
            # The churn returns to the final state more than once: a page still catching up can
            # show an earlier copy of it first, so the tab bar is waited for, not read once.
            check("the tab bar is drawn with notes selected", shows(expect, page.locator("#tree .tabs .strip .selected").first, "notes"))
            check("the focused screen is marked", page.locator("#tree .card.focused").count() == 1)
            check("unselected tabs are dimmed", page.locator("#tree .tab.dimmed").count() == 2)

            # 4. The log.
            # `rows` are the event rows in the DOM: while the page is live and the log scrolled
            # to its newest row, the last of them is the newest.
            rows = page.locator("#log .row[data-seq]")
            all_rows = log_rows(page)
            event_rows = [r for r in all_rows if r["seq"] is not None]
            kinds = {r["kind"] for r in event_rows}
            check("the log shows connect, event, presentation and user causes",
                  {"connect", "event", "presentation"} <= kinds, kinds)
            seqs = [r["seq"] for r in event_rows][1:]
            check("the log holds every change in order, none missing", seqs and seqs == list(range(seqs[0], seqs[0] + len(seqs)))
                  and len(event_rows) == event_count(page), seqs[:5])
            refusals = [r for r in all_rows if "refusal" in r["classes"]]
            # The walkthrough's URL refusals (a source a link does not accept) come first; the
            # deep link to a missing tab is among the refusals after them.
            check("a refusal appears in red", any("archive" in r["text"] for r in refusals),
                  [r["text"][:60] for r in refusals])

            # 5. The graph.
            check("the flow graph is a Graphviz drawing", page.locator("#graph[data-kind=svg] g.node").count() >= 8)
            check("the focused route's node is highlighted", page.locator("#graph g.node.current").count() == 1)
            lit = False
            for row in [r for r in log_rows(page) if r["kind"] == "event"]:
                show_row(page, row).click()
                if page.locator("#graph g.edge.taken").count() >= 1:
                    lit = True
                    break
            check("an event's row lights up the edge it took", lit)
            folded = page.eval_on_selector_all("#graph g.node text", "ts => ts.filter((t) => /^\\d+ routes$/.test(t.textContent)).length")
            check("repeated edges into one route are folded", folded >= 1, folded)
            panel_box = page.locator("#graph").bounding_box()
            drawn = page.eval_on_selector("#graph svg > g", "g => { const r = g.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }")
            check("the graph is fitted into its panel", drawn[0] >= panel_box["x"] - 1 and drawn[1] >= panel_box["y"] - 1
                  and drawn[0] + drawn[2] <= panel_box["x"] + panel_box["width"] + 1 and drawn[1] + drawn[3] <= panel_box["y"] + panel_box["height"] + 1,
                  (drawn, panel_box))
            page.locator("#graph-zoom-in").click()
            page.locator("#graph-zoom-in").click()
            zoomed = float(page.locator("#graph").get_attribute("data-zoom"))
            before_pan = page.locator("#graph svg").get_attribute("viewBox")
            cx, cy = panel_box["x"] + panel_box["width"] / 2, panel_box["y"] + panel_box["height"] / 2
            page.mouse.move(cx, cy)
            page.mouse.down()
            page.mouse.move(cx + 60, cy + 30, steps=4)
            page.mouse.up()
            page.mouse.wheel(0, -200)
            check("the graph zooms with buttons and the wheel, and pans by dragging", zoomed > 1.2
                  and page.locator("#graph svg").get_attribute("viewBox") != before_pan and float(page.locator("#graph").get_attribute("data-zoom")) > zoomed)
            page.locator("#graph-fit").click()
            check("Fit shows the whole graph again", page.locator("#graph").get_attribute("data-zoom") == "1.00")

            # 5b. The log's tools.
            page.locator("#log-filter").fill("archive")
            shown = [r["text"].lower() for r in log_rows(page)]
            check("the log filter shows only the rows that match", shown and all("archive" in t for t in shown)
                  and len(shown) < int(page.locator("#log").get_attribute("data-entries")), shown[:3])
            page.locator("#log-filter").fill("")
            page.locator("#refusals-only").check()
            shown = [r["classes"] for r in log_rows(page)]
            check("refusals only shows refusals and errors", shown and all("refusal" in c or "notice" in c for c in shown), shown[:3])
            page.locator("#refusals-only").uncheck()
            refused_row = find_row(page, classes=("refusal",))
            label = refused_row.evaluate("r => { const k = r.querySelector('.kind'), s = r.querySelector('.summary');"
                                         " return [k.getBoundingClientRect().right, s.getBoundingClientRect().left, k.scrollWidth, k.clientWidth]; }")
            check("a refused row's label does not overlap its summary", label[0] <= label[1] and label[2] <= label[3] + 1, label)
            page.eval_on_selector("#log-panel", "p => { p.scrollTop = p.scrollHeight; }")
            header, log_panel = page.locator("#log-header").bounding_box(), page.locator("#log-panel").bounding_box()
            check("the log's header stays visible when it scrolls", abs(header["y"] - log_panel["y"]) <= 2 and page.eval_on_selector("#log-panel", "p => p.scrollTop") > 0,
                  (header, log_panel))
            first_event = find_row(page, kind="event")
            timing = first_event.locator(".timing").inner_text()
            first_event.click()
            check("each transaction shows how long its commit and builds took", re.match(r"^\d+\.\d ms$", timing) is not None
                  and "commit" in page.locator("#change .timing-line").inner_text() and "provider builds" in page.locator("#change .timing-line").inner_text(), timing)
            page.keyboard.press("Escape")

            # 6. The change panel and time travel.
            deep = find_row(page, kind="opened", text="licenses")
            deep.click()
            expect(page.locator("#mode")).to_contain_text("VIEWING")
            check("the change panel lists what the deep link added", "+ licenses" in page.locator("#change").inner_text())
            check("the diff shows added lines", page.locator("#change pre.diff .plus").count() >= 1)
            check("the past view shows the settings tab", page.locator("#tree .tabs .strip .selected").first.inner_text() == "settings")
            # Restore a state of the churn (about pushed on the settings tab): it shares the
            # tab bar and the stacks' roots with the app's state now.
            page.keyboard.press("Escape")
            expect(page.locator("#mode")).to_have_text("LIVE")
            find_row(page, kind="presentation", text="push", last=True).click()
            expect(page.locator("#mode")).to_contain_text("VIEWING")
            target = page.locator("#tree").get_attribute("data-rendered")
            target_seq = page.locator("#tree").get_attribute("data-seq")
            before_rows = event_count(page)
            page.locator("#restore").click()
            restored, mark = app.block("restored:", mark, 30)
            check("restore from the page changes the app's state", restored == target, f"{restored!r} != {target!r}")
            kept = app.wait_for(r"^kept \d+ of \d+", 10) or ""
            numbers = [int(n) for n in re.findall(r"\d+", kept)]
            check("the restore keeps unchanged screens' Destinations", len(numbers) == 2 and numbers[0] > 0, kept)
            expect(page.locator("#restore-status")).to_have_text("restored")
            expect(page.locator("#log-count")).to_have_text(f"({before_rows + 1})")
            check("the restore appears as a new row and the page goes live", rows.last.get_attribute("data-kind") == "restore"
                  and page.locator("#mode").inner_text() == "LIVE")
            check("the restore's row names the state it restored", f"restore of #{target_seq}" in rows.last.inner_text(), rows.last.inner_text())

            # 6b. Open a URL in the app, through its flow's one door for links.
            before_rows = event_count(page)
            page.locator("#open-url-text").fill("https://notes.example.com/licenses")
            page.locator("#open-url").click()
            expect(page.locator("#restore-status")).to_have_text(re.compile(r"^(opened|refused)"))
            opened = page.locator("#restore-status").inner_text()
            if opened.startswith("opened"):
                expect(page.locator("#log-count")).to_have_text(f"({before_rows + 1})")
            check("a URL opened from the page goes through the app's flow", opened.startswith("opened") and rows.last.get_attribute("data-kind") == "opened",
                  opened)
            page.wait_for_timeout(300)  # let the flash settle before the screenshot
            page.screenshot(path=os.path.join(options.out, "inspector.png"))
            # Everything the test writes goes under its output folder, never into the repository
            # (Inspector/Docs holds pictures a person chose, copied from here by hand).
            page.locator("#graph-panel").screenshot(path=os.path.join(options.out, "inspector-graph.png"))
            page.locator("#log-panel").screenshot(path=os.path.join(options.out, "inspector-log.png"))

            # 7. A second page gets the whole history.
            second = context.new_page()
            second.goto(f"{base}/?token={token}")
            expect(second.locator("#log-count")).to_have_text(f"({event_count(page)})")
            check("a page opened later gets the whole history", True)
            second.close()

            # 8. Export and import.
            with page.expect_download() as download_info:
                page.locator("#export").click()
            path = os.path.join(options.out, "session.destinations-session.json")
            download_info.value.save_as(path)
            with open(path) as file:
                exported = json.load(file)
            check("export writes the whole session", len(exported["log"]) == event_count(page) and exported["format"] == "destinations-session")
            live_rendered = page.locator("#tree").get_attribute("data-rendered")
            page.locator("#import").set_input_files(path)
            expect(page.locator("#status")).to_have_text("imported session")
            check("import shows the same session", event_count(page) == len(exported["log"])
                  and page.locator("#tree").get_attribute("data-rendered") == live_rendered)
            check("an imported session cannot restore", page.locator("#restore").is_disabled())

            # 9. Copy as test, of the live session.
            page.locator("#sessions").select_option(index=0)
            expect(page.locator("#status")).to_have_text("app connected")
            page.locator("#copy-test").click()
            untrusted = page.locator("#test-output").input_value()
            check("copy as test writes the app's setup as code only when asked", "FlowHarness(<#layout#>, providers: <#providers#>)" in untrusted
                  and page.locator("#test-trust").is_visible())
            page.locator("#test-trust-setup").check()
            source = page.locator("#test-output").input_value()
            seqs_in_test = [int(n) for n in re.findall(r"^    // #(\d+) ", source, re.M)]
            page.locator("#test-from").fill(str(seqs_in_test[2]))
            page.locator("#test-to").fill(str(seqs_in_test[5]))
            ranged = [int(n) for n in re.findall(r"^    // #(\d+) ", page.locator("#test-output").input_value(), re.M)]
            check("copy as test takes the range picked", ranged == seqs_in_test[2:6], ranged)
            sent_again = len(re.findall(r"^    try send\(", source, re.M))
            actions = len(re.findall(r"^    try harness\.flow\.apply\(UserAction<", source, re.M))
            applied = len(re.findall(r"^    try harness\.flow\.apply\(\.", source, re.M))
            print(f"copy as test: {sent_again} events sent again, {actions} user actions, {applied} presentations", flush=True)
            check("copy as test replays the events and user actions that caused each state, with the states as checkpoints",
                  sent_again >= 2 and actions >= 1 and source.count("rendered(ids: false)") == sent_again + actions + applied
                  and source.count("// replayed: the event") == sent_again and source.count("// replayed: the user's action") == actions,
                  (sent_again, actions, applied))
            check("copy as test says where it replays a presentation instead of its event",
                  "// replayed: the presentation it led to (the event's response reads content" in source)
            with open(os.path.join(options.out, "InspectorSessionTest.swift"), "w") as file:
                file.write(source)
            states = sum(1 for event in exported["log"] if event.get("state") and not event.get("refusal"))
            check("copy as test produces a FlowHarness test of every state",
                  "@Test func replaysInspectorSession()" in source and "FlowHarness(NotesAppConfiguration.layout" in source
                  and source.count("try harness.flow.restore(") == states, states)
            page.locator("#close-test").click()
            check("copy as test writes any text as a Swift literal and comment that compile to it",
                  swift_literals_compile(page, options.out))
            if options.package:
                check("the copied test passes in swift test", run_copied_test(options.package, source))

            # 10. Copy as test takes states as the app wrote them, type names as the app sent
            # them, and no code from an imported file.
            source = copied_test_of_a_posted_session(page, base, token, options.out)
            check("copy as test keeps integers above 2^53 exact", "9007199254740993" in source and "9007199254740992" not in source,
                  [line for line in source.splitlines() if "decode(" in line][:1])
            check("copy as test uses the route type's name as the app sent it",
                  "NavigationState<Big.Outer.Route<Swift.Int>>.self" in source, [line for line in source.splitlines() if "decode(" in line][:1])
            source = copied_test_of_a_hostile_file(page, options.out)
            injected = [line for line in source.splitlines() if "pwned" in line and ("//" not in line or line.index("//") > line.index("pwned"))]
            check("copy as test of an imported file writes none of its code", not injected and "FlowHarness(<#layout#>, providers: <#providers#>)" in source
                  and "NavigationState<<#Route#>>" in source and "import Foundation" in source.split("import Testing")[0], injected[:3])

            check("an imported drawing keeps no link, form, script, image or handler",
                  page.locator("#graph svg").count() == 1 and page.locator("#graph a, #graph form, #graph foreignObject, #graph script, #graph image, #graph [onclick], #graph [href], #graph [style]").count() == 0
                  and page.title() != "pwned")
            url_before = page.url
            graph_box = page.locator("#graph").bounding_box()
            page.mouse.click(graph_box["x"] + graph_box["width"] / 2, graph_box["y"] + graph_box["height"] / 2)
            page.wait_for_timeout(300)
            check("a click on an imported graph goes nowhere", page.url == url_before, page.url)

            # 11. Hostile and malformed input from a live connection.
            notes_hello = {"type": "hello", "protocol": 1, "app": "NotesExample", "scene": "main", "canRestore": True}
            select_session(page, "NotesExample")
            tags = page.eval_on_selector_all("#app-tags .tag", "ts => ts.map((t) => t.textContent)")
            notes_pid = next((int(t.split()[1]) for t in tags if t.startswith("pid ")), 0)
            taker = open_session(base, token, {**notes_hello, "pid": notes_pid, "platform": "Linux"})
            page.wait_for_function("() => [...document.querySelectorAll('#sessions option')].filter((o) => o.textContent.startsWith('NotesExample')"
                                   " && !o.textContent.includes('(file)')).length === 2")
            options_text = page.eval_on_selector_all("#sessions option", "os => os.map((o) => o.textContent)")
            check("a hello that repeats an app's name, process and scene gets a session of its own",
                  taker is not None and sum(1 for t in options_text if t.startswith("NotesExample") and "(file)" not in t) == 2
                  and any(t.startswith("NotesExample") and "(gone)" not in t for t in options_text[:1]), options_text)
            post(base, f"/app/sessions/{taker}/bye", token, b"")

            hostile = open_session(base, token, {"type": "hello", "protocol": 1, "app": "malformed", "pid": 31337, "scene": "main", "canRestore": False,
                                                 "graph": {"routes": ["a", "b"], "edges": [{"from": "a", "to": "b", "event": 'x" URL="http://evil.example', "presentation": "push"}]}})
            big = minimal_event(5, '{"s":"%s"}' % ("x" * (9 << 20)))  # over the wire's 8 MiB
            deep = minimal_event(6, '{"a":' * 600 + "1" + "}" * 600)
            batch = "\n".join(['{"type":"event"}', minimal_event(2, '{"root":{"id":1}}').replace('"tree":{"id":1', '"tree":{"id":"\\"]"'),
                               "\ufeff" + minimal_event(3, '{"root":{"id":3}}'), big, deep, minimal_event(7, '{"root":{"id":7}}')]).encode()
            status, answer = post(base, f"/app/sessions/{hostile}/messages", token, batch, timeout=30)
            refused = [r["line"] for r in (answer or {}).get("refused", [])]
            reasons = " | ".join(r["reason"] for r in (answer or {}).get("refused", []))
            check("malformed, oversize and too deep messages are refused, each with its reason", refused == [0, 1, 3, 4]
                  and "seq" in reasons and "tree.id" in reasons and "bytes" in reasons and "nested deeper" in reasons, reasons)
            select_session(page, "malformed")
            expect(page.locator("#log .row[data-seq]")).to_have_count(2)
            check("the page shows each refusal as an error row and draws the rest", page.locator("#log .row.notice.error").count() >= 4
                  and page.locator("#tree").get_attribute("data-seq") == "7")
            check("a graph's names cannot add links to the drawing", page.locator("#graph [href], #graph a").count() == 0)
            status, answer = post(base, f"/app/sessions/{hostile}/messages", token, "\n".join(["garbage"] * 150).encode())
            check("a flood of refusals is answered in full to the app", status == 200 and len((answer or {}).get("refused", [])) == 150, status)
            summary = page.locator("#log .row.notice.error", has_text="more refused messages not shown")
            expect(summary).to_have_count(1)
            error_rows = sum(1 for r in log_rows(page) if "notice" in r["classes"] and "error" in r["classes"])
            check("a flood of refusals shows the first 100 as rows and counts the others in one",
                  error_rows <= 102 and "54 more refused messages not shown" in (summary.text_content() or ""), (error_rows, summary.text_content()))
            too_big = {"type": "hello", "protocol": 1, "app": "big", "pid": 1, "graph": {"routes": ["r%d" % i for i in range(80_000)]}}
            status, answer = post(base, "/app/sessions", token, too_big)
            check("a hello too large is refused with its reason, for the app to say it without its graph",
                  status == 413 and "the most a hello may have" in str((answer or {}).get("reason")), (status, answer))
            late = context.new_page()
            late.goto(f"{base}/?token={token}")
            select_session(late, "malformed")
            expect(late.locator("#log .row[data-seq]")).to_have_count(2)
            check("a page opened after a byte-order-mark line shows every session", late.locator("#log .row[data-seq='3']").count() == 1)
            late.close()

            # 12. A burst of 500 events a second: the page batches per frame.
            burst = open_session(base, token, {"type": "hello", "protocol": 1, "app": "burst", "pid": 4343, "scene": "main", "canRestore": False})
            keep_polling(base, token, burst)
            select_session(page, "burst")
            expect(page.locator("#status")).to_have_text("app connected")
            page.evaluate("() => { model.latencies.length = 0; model.relayLatencies.length = 0; model.pageLatencies.length = 0; model.frameLatencies = []; model.frameGaps = []; model.hops = [];"
                          " let last = performance.now(); const tick = () => { const now = performance.now(); model.frameGaps.push(now - last); last = now;"
                          " if (model.frameGaps.length < 2000) requestAnimationFrame(tick); }; requestAnimationFrame(tick); }")
            load_before = os.getloadavg()
            sent, start = 0, time.monotonic()
            for tick in range(300):
                now_ms = int(time.time() * 1000)
                lines = []
                for _ in range(5):
                    sent += 1
                    lines.append(minimal_event(sent, '{"root":{"id":%d}}' % sent).replace('"t":0', f'"t":{now_ms}'))
                post(base, f"/app/sessions/{burst}/messages", token, "\n".join(lines).encode())
                delay = start + (tick + 1) * 0.01 - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            rate = sent / (time.monotonic() - start)
            expect(page.locator("#log-count")).to_have_text(f"({sent})", timeout=30_000)
            # At any moment the footer shows the current count or has its write pending: the
            # page's pong (once a second) draws the page again, so waiting for the line alone
            # would pass without the held-back write.
            footer = page.evaluate("() => ({ text: document.getElementById('metrics').textContent, pending: metrics.timer !== null })")
            check("the footer's state count is current or its write is pending, never left behind by a burst",
                  footer["text"].startswith(f"{sent} states ") or footer["pending"], str(footer))
            latencies = sorted(page.evaluate("() => model.latencies.slice()"))
            relayed = sorted(page.evaluate("() => model.relayLatencies.slice()"))
            in_page = sorted(page.evaluate("() => model.pageLatencies.slice()"))
            page_p95 = in_page[int(len(in_page) * 0.95)] if in_page else -1
            gaps = sorted(page.evaluate("() => model.frameGaps.slice()"))
            gap_p95 = gaps[int(len(gaps) * 0.95)] if gaps else -1
            print(f"latency: server relay -> DOM p95 {relayed[int(len(relayed) * 0.95)] if relayed else -1:.1f} ms; "
                  f"page (frame received -> DOM) p95 {page_p95:.1f} ms; the browser's frame interval p95 {gap_p95:.1f} ms; "
                  f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
            # The same events hop by hop (p50/p95): the app's post to the server's relay, the relay to
            # the page's socket handler (the browser's own delivery), and the handler to the DOM
            # (the page's own part).
            hops = page.evaluate("() => model.hops.splice(0)")
            def quantiles(values):
                values = sorted(values)
                return f"{values[len(values) // 2]:.1f}/{values[min(len(values) - 1, int(len(values) * 0.95))]:.1f}" if values else "-1/-1"
            print("latency: per hop p50/p95 ms: app -> server relay " + quantiles([h[0] for h in hops])
                  + "; server relay -> page's socket handler " + quantiles([h[1] for h in hops])
                  + "; handler -> DOM " + quantiles([h[2] for h in hops]), flush=True)
            p50 = latencies[len(latencies) // 2] if latencies else -1
            p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))] if latencies else -1
            print(f"latency: event -> DOM p50 {p50:.1f} ms, p95 {p95:.1f} ms over {len(latencies)} events at {rate:.0f} events/s", flush=True)
            # The latency is a figure, printed for the record, not a pass/fail test: it depends on
            # the machine's load (performance targets live in measurements, not in timed checks).
            # Measured over the whole path, from the moment the app wrote the event to the frame
            # whose DOM shows it (the page applies messages in batches, once per animation frame).
            frame_worst = sorted(page.evaluate("() => (model.frameLatencies || []).slice()"))
            frame_p95 = frame_worst[min(len(frame_worst) - 1, int(len(frame_worst) * 0.95))] if frame_worst else -1
            print(f"latency: per frame (its slowest event) p95 {frame_p95:.1f} ms over {len(frame_worst)} frames", flush=True)
            load_after = os.getloadavg()
            print(f"figure: event -> DOM p95 {p95:.1f} ms (target 50 ms) at {rate:.0f} events/s, "
                  f"load average {load_before[0]:.2f} before and {load_after[0]:.2f} after the burst "
                  f"(1/5/15 min before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}) on {os.cpu_count()} cores; "
                  f"server {options.server_build}, app {options.app_build}", flush=True)
            check("a burst at 500 events a second reaches the page's DOM, every event, batched per frame",
                  len(latencies) == sent and rate >= 400 and len(frame_worst) < len(latencies),
                  f"{len(latencies)} of {sent} events, {len(frame_worst)} frames, {rate:.0f}/s")
            check("the footer's state count, written at most four times a second, catches up with the burst",
                  shows(expect, page.locator("#metrics"), re.compile(f"^{sent} states ")), page.locator("#metrics").inner_text())

            # The log stays virtualised: thousands of events leave a few dozen rows in the DOM,
            # and any of them is there once scrolled to.
            for batch_start in range(sent + 1, sent + 3001, 500):
                lines = [minimal_event(n, '{"root":{"id":%d}}' % n) for n in range(batch_start, batch_start + 500)]
                post(base, f"/app/sessions/{burst}/messages", token, "\n".join(lines).encode(), timeout=30)
            sent += 3000
            expect(page.locator("#log-count")).to_have_text(f"({sent})", timeout=30_000)
            newest = page.locator(f"#log .row[data-seq='{sent}']")
            bounded = page.locator("#log .row").count()
            check(f"a log of {sent} events keeps only the rows in view in the DOM, following the newest",
                  bounded <= 80 and in_view(newest), bounded)
            page.evaluate(SCROLL_LOG_JS, 0)
            oldest = page.locator("#log .row[data-seq='1']")
            check("scrolling to the oldest of thousands of rows shows it, the DOM still bounded",
                  in_view(oldest) and page.locator("#log .row").count() <= 80
                  and page.locator("#mode").inner_text() == "LIVE", page.locator("#log .row").count())
            check("scrolled away from the newest row, the log stays where it is as events arrive",
                  post(base, f"/app/sessions/{burst}/messages", token, minimal_event(sent + 1, "{}").encode())[0] in (200, 204)
                  and shows(expect, page.locator("#log-count"), f"({sent + 1})") and in_view(oldest))
            sent += 1
            row_height = page.eval_on_selector("#log .row", "r => r.offsetHeight")
            page.evaluate(SCROLL_LOG_JS, 2499 * row_height)
            middle = page.locator("#log .row[data-seq='2500']")
            check("a row in the middle of the log is drawn where it belongs", in_view(middle)
                  and page.locator("#log .row").count() <= 80, page.locator("#log .row").count())
            middle.click()
            check("a row far back in the log selects its state for time travel",
                  page.locator("#mode").inner_text().startswith("VIEWING #2500") and page.locator("#tree").get_attribute("data-seq") == "2500"
                  and "selected" in (middle.get_attribute("class") or ""), page.locator("#mode").inner_text())
            page.keyboard.press("ArrowLeft")
            stepped = page.locator("#log .row.selected")
            check("stepping back selects the row before it", in_view(stepped) and stepped.get_attribute("data-seq") == "2499")
            page.locator("#log-filter").fill("#1234")
            filtered = log_rows(page)
            check("the filter finds a row among thousands", [r["seq"] for r in filtered] == [1234], [r["seq"] for r in filtered][:5])
            page.locator("#log-filter").fill("")
            page.locator("#live").click()
            check("back to live, the log follows the newest row again", shows(expect, page.locator("#mode"), "LIVE")
                  and in_view(page.locator(f"#log .row[data-seq='{sent}']")), page.locator("#log .row").count())
            # Past 10,000 events the page lets the oldest go; a log scrolled up stays on the row
            # the user reads, in live mode, while the rows above it are trimmed.
            page.evaluate(SCROLL_LOG_JS, 3999 * row_height)
            reading = page.locator("#log .row[data-seq='4000']")
            kept = sent
            for batch_start in range(sent + 1, sent + 7001, 500):
                lines = [minimal_event(n, '{"root":{"id":%d}}' % n) for n in range(batch_start, batch_start + 500)]
                post(base, f"/app/sessions/{burst}/messages", token, "\n".join(lines).encode(), timeout=30)
                for _ in range(500):
                    kept = 10000 if kept + 1 > 11000 else kept + 1
            sent += 7000
            check("trimming the oldest rows keeps a scrolled-up log on the row it shows",
                  shows(expect, page.locator("#log-count"), f"({kept})") and kept < sent and in_view(reading)
                  and page.locator("#mode").inner_text() == "LIVE" and page.locator("#log .row").count() <= 80,
                  page.locator("#log .row").first.get_attribute("data-seq"))
            post(base, f"/app/sessions/{burst}/bye", token, b"")

            # The policy blocks the hostile drawing's handlers and styles, and says so.
            blocked = [e for e in errors if "Content Security Policy" in e]
            check("the page's console has no errors but the policy's blocks", len(blocked) == len(errors), [e for e in errors if e not in blocked][:3])

            # 13. Honest about failure: a killed app, a restarted server (the browser logs the
            # refused connections of this part as errors).
            select_session(page, "NotesExample")
            expect(page.locator("#status")).to_have_text("app connected")
            killed = time.monotonic()
            app.process.kill()
            expect(page.locator("#status")).to_have_text("app disconnected", timeout=15_000)
            gone_after = time.monotonic() - killed
            print(f"disconnect shown {gone_after:.1f} s after the app was killed", flush=True)
            check("a killed app is shown disconnected within 5 seconds, and cannot be restored into", gone_after <= 5.0 and page.locator("#restore").is_disabled(),
                  f"{gone_after:.1f} s")
            history = event_count(page)
            server.stop()
            expect(page.locator("#status")).to_have_text("server offline")
            server = Process([options.server, "--port", str(port), "--token", secrets.token_hex(8)], "server")
            server.wait_for("page:", 60)
            check("a server restarted with another token is shown as such", shows(expect, page.locator("#status"), "token changed")
                  and "another token" in (page.locator("#status").get_attribute("title") or ""), page.locator("#status").inner_text())
            server.stop()
            server = Process([options.server, "--port", str(port), "--token", token], "server")
            server.wait_for("page:", 60)
            expect(page.locator("#status")).to_have_text("earlier server run", timeout=20_000)
            check("a restart keeps the history the page holds", event_count(page) == history, history)
            unexpected = [e for e in errors if "WebSocket" not in e and "Failed to load resource" not in e and "ERR_CONNECTION_REFUSED" not in e
                          and "Content Security Policy" not in e]
            check("the page's console has no errors but the refused connections", not unexpected, unexpected[:3])
            browser.close()
    finally:
        if app:
            app.stop()
        server.stop()

    passed = sum(1 for _, ok in results if ok)
    failed = len(results) - passed
    print(f"browser test: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
