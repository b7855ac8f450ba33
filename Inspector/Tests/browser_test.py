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


def copy_test_of(page, app_name, out, file_name):
    page.wait_for_function("(name) => [...document.querySelectorAll('#sessions option')].some((o) => o.textContent.startsWith(name))", arg=app_name)
    value = page.eval_on_selector_all("#sessions option", "(os, name) => os.find((o) => o.textContent.startsWith(name)).value", app_name)
    page.locator("#sessions").select_option(value=value)
    page.locator("#copy-test").click()
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
            "graph": None,
            "log": [json.loads(minimal_event(1, '{"root":{"id":1}}'))]}
    file["log"][0]["cause"] = {"kind": "k\npwned()", "summary": "s", "description": "d\rpwned()\u2028pwned()"}
    path = os.path.join(out, "hostile.destinations-session.json")
    with open(path, "w") as f:
        json.dump(file, f)
    page.locator("#import").set_input_files(path)
    return copy_test_of(page, "hostile", out, "HostileSessionTest.swift")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--notes", required=True)
    parser.add_argument("--out", required=True)
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
            expect(page.locator("#status")).to_have_text("server connected")
            check("the page loads and its socket connects", True)
            app = Process([options.notes, "--inspect", base, "--token", token, "--delay", "40", "--churn", "40", "--interval", "15"], "app")
            expect(page.locator("#status")).to_have_text("app connected")
            check("the app appears as connected", True)
            check("the app finished its walkthrough", app.wait_for("^walkthrough done$", 90), "\n".join(app.lines[-5:]))
            app_state, mark = app.block("state:")
            check("the app printed its final state", app_state)

            # 3. The tree matches the app's state.
            expect(page.locator("#tree")).to_have_attribute("data-rendered", app_state or "", timeout=20_000)
            check("the page's state is the app's state after the last step", True)
            check("the tab bar is drawn with notes selected", page.locator("#tree .tabs .strip .selected").first.inner_text() == "notes")
            check("the focused screen is marked", page.locator("#tree .card.focused").count() == 1)
            check("unselected tabs are dimmed", page.locator("#tree .tab.dimmed").count() == 2)

            # 4. The log.
            rows = page.locator("#log .row")
            kinds = set(page.eval_on_selector_all("#log .row", "rows => rows.map(r => r.dataset.kind)"))
            check("the log shows connect, event, presentation and user causes",
                  {"connect", "event", "presentation"} <= kinds, kinds)
            seqs = [int(s) for s in page.eval_on_selector_all("#log .row", "rows => rows.map(r => r.dataset.seq)")][1:]
            check("the log holds every change in order, none missing", seqs == list(range(seqs[0], seqs[0] + len(seqs))), seqs[:5])
            check("a refusal appears in red", page.locator("#log .row.refusal").count() >= 1 and "archive" in page.locator("#log .row.refusal").first.inner_text())

            # 5. The graph.
            check("the flow graph is a Graphviz drawing", page.locator("#graph[data-kind=svg] g.node").count() >= 8)
            check("the focused route's node is highlighted", page.locator("#graph g.node.current").count() == 1)
            lit = False
            for index in page.eval_on_selector_all("#log .row[data-kind=event]", "rows => rows.map(r => r.dataset.index)"):
                page.locator(f"#log .row[data-index='{index}']").click()
                if page.locator("#graph g.edge.taken").count() >= 1:
                    lit = True
                    break
            check("an event's row lights up the edge it took", lit)

            # 6. The change panel and time travel.
            deep = page.locator("#log .row[data-kind=url]", has_text="licenses").first
            deep.click()
            expect(page.locator("#mode")).to_contain_text("VIEWING")
            check("the change panel lists what the deep link added", "+ licenses" in page.locator("#change").inner_text())
            check("the diff shows added lines", page.locator("#change pre.diff .plus").count() >= 1)
            check("the past view shows the settings tab", page.locator("#tree .tabs .strip .selected").first.inner_text() == "settings")
            # Restore a state of the churn (about pushed on the settings tab): it shares the
            # tab bar and the stacks' roots with the app's state now.
            page.keyboard.press("Escape")
            expect(page.locator("#mode")).to_have_text("LIVE")
            page.locator("#log .row[data-kind=presentation]", has_text="push").last.click()
            expect(page.locator("#mode")).to_contain_text("VIEWING")
            target = page.locator("#tree").get_attribute("data-rendered")
            before_rows = rows.count()
            page.locator("#restore").click()
            restored, mark = app.block("restored:", mark, 30)
            check("restore from the page changes the app's state", restored == target, f"{restored!r} != {target!r}")
            kept = app.wait_for(r"^kept \d+ of \d+", 10) or ""
            numbers = [int(n) for n in re.findall(r"\d+", kept)]
            check("the restore keeps unchanged screens' Destinations", len(numbers) == 2 and numbers[0] > 0, kept)
            expect(page.locator("#restore-status")).to_have_text("restored")
            expect(rows).to_have_count(before_rows + 1)
            check("the restore appears as a new row and the page goes live", page.locator("#log .row").last.get_attribute("data-kind") == "restore"
                  and page.locator("#mode").inner_text() == "LIVE")
            page.wait_for_timeout(300)  # let the flash settle before the screenshot
            page.screenshot(path=os.path.join(options.out, "inspector.png"))

            # 7. A second page gets the whole history.
            second = context.new_page()
            second.goto(f"{base}/?token={token}")
            expect(second.locator("#log .row")).to_have_count(rows.count())
            check("a page opened later gets the whole history", True)
            second.close()

            # 8. Export and import.
            with page.expect_download() as download_info:
                page.locator("#export").click()
            path = os.path.join(options.out, "session.destinations-session.json")
            download_info.value.save_as(path)
            with open(path) as file:
                exported = json.load(file)
            check("export writes the whole session", len(exported["log"]) == rows.count() and exported["format"] == "destinations-session")
            live_rendered = page.locator("#tree").get_attribute("data-rendered")
            page.locator("#import").set_input_files(path)
            expect(page.locator("#status")).to_have_text("imported session")
            check("import shows the same session", page.locator("#log .row").count() == len(exported["log"])
                  and page.locator("#tree").get_attribute("data-rendered") == live_rendered)
            check("an imported session cannot restore", page.locator("#restore").is_disabled())

            # 9. Copy as test, of the live session.
            page.locator("#sessions").select_option(index=0)
            expect(page.locator("#status")).to_have_text("app connected")
            page.locator("#copy-test").click()
            source = page.locator("#test-output").input_value()
            with open(os.path.join(options.out, "InspectorSessionTest.swift"), "w") as file:
                file.write(source)
            states = sum(1 for event in exported["log"] if event.get("state") and not event.get("refusal"))
            check("copy as test produces a FlowHarness test of every state",
                  "@Test func replaysInspectorSession()" in source and "FlowHarness(NotesAppConfiguration.layout" in source
                  and source.count("try harness.flow.restore(state)") == states, states)
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

            check("the page's console has no errors", not errors, errors[:3])
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
