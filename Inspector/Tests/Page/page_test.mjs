// The page's logic without a browser: loads the page's scripts into a Node context whose DOM
// is a stand-in that absorbs every call, then checks what the log's filter matches, what its
// count says, and which app setups "copy as test" writes as code.
//
//   node Inspector/Tests/Page/page_test.mjs        # exits 1 when a check fails
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const page = process.env.PAGE_DIR || join(dirname(fileURLToPath(import.meta.url)), "../../Sources/destinations-inspector/Page");

// Anything: every property is another stand-in, every call returns one.
function standIn() {
  const target = function () {};
  return new Proxy(target, {
    get: (_, key) => (key === Symbol.toPrimitive ? () => "" : key === "then" ? undefined : standIn()),
    set: () => true,
    apply: () => standIn(),
    construct: () => standIn(),
  });
}

// Elements keep what is written to them; what was never written is a stand-in.
const elements = new Map();
function element(id) {
  if (!elements.has(id)) {
    const stored = {};
    elements.set(id, new Proxy(stored, {
      get: (_, key) => (key in stored ? stored[key] : key === Symbol.toPrimitive ? () => "" : key === "then" ? undefined : standIn()),
      set: (_, key, value) => { stored[key] = value; return true; },
    }));
  }
  return elements.get(id);
}
const document = new Proxy({}, { get: (_, key) => (key === "getElementById" ? element : standIn()) });

const context = vm.createContext({
  document, window: standIn(), location: { search: "", host: "127.0.0.1:1" },
  setInterval: () => 0, setTimeout: () => 0, performance: { now: () => 0, timeOrigin: 0 },
  URLSearchParams, Map, Set, WeakMap, JSON, Math, Number, String, Array, Object, RegExp, Date, console,
});
for (const file of ["inspector.js", "graph.js", "test.js"]) {
  vm.runInContext(readFileSync(join(page, file), "utf8"), context, { filename: file });
}
const run = (code) => vm.runInContext(code, context);

let failures = 0;
function check(name, ok) {
  let passed = false;
  try { passed = typeof ok === "function" ? ok() : ok; } catch (error) { console.log(`  ${error.message}`); }
  console.log(`${passed ? "PASS" : "FAIL"} ${name}`);
  if (!passed) failures++;
}

// The log's search matches what a row says.
const refused = { event: { seq: 7, index: 6, cause: { kind: "event", summary: "note.edit" }, refusal: { code: "guardDenied", message: "signed out" }, changes: { added: [], removed: [] }, skipped: 0 } };
const coalesced = { event: { seq: 8, index: 7, cause: { kind: "presentation", summary: "push(.about)" }, changes: { added: [{}], removed: [] }, skipped: 3 } };
context.entries = [refused, coalesced];
const matches = (filter, entry) => run(`model.filter = ${JSON.stringify(filter)}; model.refusalsOnly = false; rowMatches(${entry})`);
check("\"refused\" finds a REFUSED row", () => matches("refused", "entries[0]") && !matches("refused", "entries[1]"));
check("the row's reason is found", () => matches("signed out", "entries[0]"));
check("\"coalesced\" finds a coalesced row", () => matches("coalesced", "entries[1]"));
check("the counts a row shows are found", () => matches("+1 −0", "entries[1]"));

// The count follows the filter.
const logCount = (filter) => run(`(() => {
  model.filter = ${JSON.stringify(filter)}; model.refusalsOnly = false;
  renderLog({ uid: 1, version: ${JSON.stringify(filter)}, entries, log: entries.map((e) => e.event) }, null);
  return $("log-count").textContent;
})()`);
check("the log's count is every row without a filter", () => logCount("") === "(2)");
check("the log's count follows the filter", () => logCount("refused") === "(1 of 2)");

// What the app waits on shows while it waits and goes when it stops.
const waitingText = (message) => run(`(() => {
  const s = { waiting: null };
  s.waiting = waitingOf(${JSON.stringify(message)});
  renderWaiting(s);
  return { text: $("waiting").textContent, hidden: $("waiting").hidden };
})()`);
check("a wait is shown with its kind, name, cause and age", () => {
  const shown = waitingText({ type: "waiting", items: [{ id: 1, kind: "resolution", name: "lookup", cause: "opened s/{code}", ageMillis: 120 }], more: 0 });
  return shown.text === "waiting on resolving lookup for opened s/{code} · 120 ms" && shown.hidden === false;
});
check("an empty list hides the waits", () => {
  const shown = waitingText({ type: "waiting", items: [], more: 0 });
  return shown.text === "" && shown.hidden === true;
});
check("items left out are counted", () => waitingText({ type: "waiting", items: [], more: 3 }).text === "and 3 more");

check("a waiting message sets its session's waits and an empty one clears them", () => run(`(() => {
  receive({ type: "waiting", session: 41, items: [{ id: 2, kind: "asyncGuard", name: "sharing", cause: "push", ageMillis: 0 }], more: 0 });
  const during = session(41).waiting && session(41).waiting.items.length === 1;
  receive({ type: "waiting", session: 41, items: [], more: 0 });
  return during && session(41).waiting === null;
})()`));

// "Copy as test" writes only a layout or providers expression as code.
const expression = (text) => run(`swiftExpression(${JSON.stringify(text)})`) !== null;
check("a static layout is code", () => expression("NotesAppConfiguration.layout"));
check("a static providers call is code", () => expression("NotesAppConfiguration.providers(datasource: NotesDatasource())"));
check("a free function is not code", () => !expression("exit(0)") && !expression("fatalError()"));
check("a chain of calls on an instance is not code", () =>
  !expression("FileManager.default.removeItem(atPath: NSHomeDirectory())") && !expression("Process.run().terminate()"));
check("statements, closures and strings are not code", () =>
  !expression("A.b; exit(0)") && !expression("A.b { exit(0) }") && !expression("A.b(\"x\")") && !expression("A.b(c: \\(x))"));

if (failures) { console.log(`${failures} failed`); process.exit(1); }
console.log("all passed");
