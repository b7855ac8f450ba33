// "Copy as test": the session, or a range of it, as a Swift Testing test. Nothing an app or a
// file sends becomes code unless it is a plain name, or a presentation made only of case names
// and integer literals; everything else is a string literal or a comment.
"use strict";

// Characters a Swift literal or comment cannot hold as they are: control characters (the
// compiler refuses them), and carriage returns and other line breaks (the compiler reads them
// as the end of a line, so a comment would end and a string would change).
const SWIFT_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f\u0085\u2028\u2029]/g;

function swiftString(text) {
  // Backslashes and quotes escaped, so that no text (a route's payload) can close the literal;
  // tabs, carriage returns and control characters as escapes, so that it compiles to the text.
  const escaped = String(text).replace(/\\/g, "\\\\").replace(/"/g, "\\\"").replace(/\t/g, "\\t")
    .replace(SWIFT_UNSAFE, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
  return "\"\"\"\n" + escaped.split("\n").map((line) => "            " + line).join("\n") + "\n            \"\"\"";
}

// Text for a `//` comment: on one line, whatever it holds.
function swiftComment(text) {
  return String(text).replace(/\n/g, " ").replace(SWIFT_UNSAFE, " ");
}

// A one-line Swift string literal that compiles to `text`, whatever it holds.
function swiftLine(text) {
  return "\"" + String(text).replace(/\\/g, "\\\\").replace(/"/g, "\\\"").replace(/\t/g, "\\t").replace(/\n/g, "\\n")
    .replace(SWIFT_UNSAFE, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`) + "\"";
}

// A type or module name that may stand in Swift code as it is: `NotesApp.AppRoute`,
// `Outer.Route<Swift.Int>`. Anything else (an imported file can say anything) is left out.
const SWIFT_NAME = /^[A-Za-z_][A-Za-z0-9_.<>, ]*$/;
function swiftName(text) { return typeof text === "string" && SWIFT_NAME.test(text) ? text : null; }

// A presentation a replay may write as code: a Presentation case, with arguments that are
// only case names (`.about`), case names with one integer (`.note(id: 12)`) or integers.
const PRESENTATION_CASES = new Set(["push", "back", "popToRoot", "popTo", "selectTab", "presentInTab", "dismiss", "dismissPresented", "dismissAll", "replaceCurrent"]);
const REPLAY_ARGUMENT = String.raw`(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\((?:[A-Za-z_][A-Za-z0-9_]*: )?-?\d{1,15}\))?|-?\d{1,15})`;
const REPLAY_PRESENTATION = new RegExp(String.raw`^([a-zA-Z]+)(?:\(${REPLAY_ARGUMENT}(?:, ${REPLAY_ARGUMENT})*\))?$`);

// The Swift of an event's presentation, or null when it cannot be replayed as code.
function replayCode(event) {
  const cause = event.cause || {};
  if (cause.kind !== "presentation" && cause.kind !== "event") return null;
  const description = String(cause.description || "");
  const text = cause.kind === "presentation" ? description.replace(/^apply /, "").replace(/ from #\d+$/, "") : description.split(" → ").pop();
  const match = REPLAY_PRESENTATION.exec(text);
  if (!match || !PRESENTATION_CASES.has(match[1]) || text.length > 200) return null;
  const origin = Number.isSafeInteger(cause.from) && cause.from >= 0 ? `, from: ElementID(rawValue: ${cause.from})` : "";
  return `try harness.flow.apply(.${text}${origin})`;
}

// A user action as code: the case and the ids (and tab) the app reported, or null.
function userActionCode(action, route) {
  if (!action || typeof action !== "object") return null;
  const id = (n) => Number.isSafeInteger(n) && n >= 0 ? `ElementID(rawValue: ${n})` : null;
  let code = null;
  switch (action.case) {
    case "popped": if (id(action.stack) && id(action.to)) code = `.popped(stack: ${id(action.stack)}, to: ${id(action.to)})`; break;
    case "dismissed": if (id(action.modal)) code = `.dismissed(modal: ${id(action.modal)})`; break;
    case "selectedTab": if (typeof action.tab === "string" && action.tab.length <= 200 && id(action.tabs)) code = `.selectedTab(TabID(rawValue: ${swiftLine(action.tab)}), tabs: ${id(action.tabs)})`; break;
    case "closedColumn": if (id(action.showing)) code = `.closedColumn(showing: ${id(action.showing)})`; break;
    case "changedWidth": if (typeof action.isCompact === "boolean" && id(action.split)) code = `.changedWidth(isCompact: ${action.isCompact}, split: ${id(action.split)})`; break;
    default: break;
  }
  return code && `try harness.flow.apply(UserAction<${route}>${code})`;
}

// How a change is made again in the test: the event itself, sent by name to the screen that
// sent it (when the app says a test can: its response reads no content); the user's action;
// else the presentation it led to, when it can be written as code. Null when it is restored.
// `why` says which, in the generated code.
function replayOf(event, route) {
  const cause = event.cause || {};
  if (Number.isSafeInteger(event.skipped) && event.skipped > 0) return { code: null, why: `restored: ${event.skipped} changes before it were coalesced, so the state before it is not in the log` };
  if (cause.kind === "event" && cause.replay === "event" && typeof cause.name === "string" && cause.name.length <= 200
      && Number.isSafeInteger(cause.from) && cause.from >= 0) {
    return { code: `try send(${swiftLine(cause.name)}, to: ${cause.from})`, why: "replayed: the event, sent to the screen that sent it", sends: true };
  }
  if (cause.kind === "user") {
    const code = userActionCode(cause.action, route);
    return code ? { code, why: "replayed: the user's action" } : { code: null, why: "restored: a user action a test cannot write" };
  }
  const code = replayCode(event);
  if (code && cause.kind === "event") return { code, why: "replayed: the presentation it led to (the event's response reads content the inspector does not see)" };
  if (code) return { code, why: "replayed: the presentation" };
  return { code: null, why: `restored: ${cause.kind === "event" ? "the event's response reads content, and its presentation cannot be written as code" : `a ${String(cause.kind).slice(0, 40)} change has no code to replay`}` };
}

// The session's events from seq `from` to seq `to` as a test: the state before the range is
// restored, then each change is replayed where the log has what caused it (the event, the
// user's action), from the state before it; where it has not, the presentation the change
// applied, or else the state is restored. Every state is a checkpoint: the harness must render
// what the app rendered. The states are embedded as the app wrote them
// (`stateText`, from the server), so that no number is rounded. Setup from a file, or from
// an app's hello, is not trusted as code: a layout or providers text that is not a plain
// Swift expression of names becomes a placeholder.
function sessionAsTest(from, to) {
  const s = model.sessions.get(model.current);
  if (!s) return "";
  const setup = s.hello.testSetup && typeof s.hello.testSetup === "object" ? s.hello.testSetup : {};
  // The app's setup is its own text: it becomes code only when the user says so, and only
  // when it is a plain expression.
  const trusted = !s.imported && !s.earlier && $("test-trust-setup").checked;
  const module = swiftName(setup.module);
  const route = swiftName(s.hello.routeType) || "<#Route#>";
  const layout = trusted && swiftExpression(setup.layout) || "<#layout#>";
  const providers = trusted && swiftExpression(setup.providers) || "<#providers#>";
  const all = s.log.filter((e) => e.state && !e.refusal && Number.isSafeInteger(e.seq));
  const low = Number.isSafeInteger(from) ? from : all.length ? all[0].seq : 0;
  const high = Number.isSafeInteger(to) ? to : all.length ? all[all.length - 1].seq : 0;
  const steps = all.filter((e) => e.seq >= low && e.seq <= high);
  // A replay makes new elements with the harness's ids: its checkpoint leaves ids out.
  const replays = steps.map((event, i) => i > 0 && typeof event.renderedWithoutIDs === "string" ? replayOf(event, route)
    : { code: null, why: i === 0 ? "restored: the first state" : "restored: the app sent no rendering without ids" });
  const count = (prefix) => replays.filter((r) => r.code && r.why.startsWith(prefix)).length;
  const events = count("replayed: the event"), actions = count("replayed: the user"), presentations = count("replayed: the presentation");
  const restored = replays.filter((r) => !r.code).length;
  const lines = [
    "import Destinations",
    "import DestinationsTesting",
    "import Foundation",
    module ? `import ${module}` : "// import the module that defines the app's routes and providers",
    "import Testing",
    "",
    `/// Replays the inspector session of ${swiftComment(s.hello.app || "the app")}, #${low} to #${high} (${steps.length} states):`,
    `/// ${events} events and ${actions} user actions are made again from the state before them,`,
    `/// ${presentations} changes by the presentation they applied (the log has no event to send`,
    `/// again), and ${restored} states are restored. Every state the app went through is a checkpoint`,
    "/// the harness must render as the app did; each step says how it is made.",
    "@MainActor",
    ...(layout === "<#layout#>" || providers === "<#providers#>") && typeof setup.layout === "string"
      ? [`// The app suggests: layout ${swiftComment(setup.layout)}, providers ${swiftComment(setup.providers)}`] : [],
    `@Test func replaysInspectorSession() async throws {`,
    `    let harness = try FlowHarness(${layout}, providers: ${providers})`,
    `    let decoder = JSONDecoder()`,
    `    func state(_ text: String) throws -> NavigationState<${route}> {`,
    `        try decoder.decode(NavigationState<${route}>.self, from: Data(text.utf8))`,
    `    }`,
    ...replays.some((r) => r.sends) ? [
      `    // Sends an event by name to the screen with \`id\`, as its view did, without content.`,
      `    func send(_ event: String, to id: UInt64) throws {`,
      `        let screen = ElementID(rawValue: id)`,
      `        let route = try #require(harness.state.node(screen)?.route, "no screen #\\(id) to send \\(event) to")`,
      `        let provider = try #require(harness.flow.configuration.providers.provider(for: route), "no provider for \\(route)")`,
      `        let destination = try #require(harness.flow.destination(screen), "no Destination for #\\(id)")`,
      `        try provider.send(eventNamed: event, to: destination, content: nil)`,
      `    }`,
    ] : [],
  ];
  const stateText = (event) => typeof event.stateText === "string" ? event.stateText : JSON.stringify(event.state);
  steps.forEach((event, i) => {
    const cause = event.cause || {};
    const { code, why } = replays[i];
    lines.push("", `    // ${swiftComment(`#${event.seq} ${cause.kind}: ${cause.description || cause.summary}`)}`, `    // ${swiftComment(why)}`);
    if (code) {
      lines.push(`    try harness.flow.restore(try state(${swiftLine(stateText(steps[i - 1]))}))`);
      lines.push(`    ${code}`);
    } else {
      lines.push(`    try harness.flow.restore(try state(${swiftLine(stateText(event))}))`);
    }
    if (code) {
      lines.push(`    #expect(harness.state.rendered(ids: false) == ${swiftString(event.renderedWithoutIDs)})`);
    } else {
      lines.push(`    #expect(harness.state.rendered() == ${swiftString(String(event.rendered))})`);
    }
  });
  lines.push("}", "");
  return lines.join("\n");
}

// What a layout or providers expression can be: a static member of a type, called or not,
// with arguments that are integers, a type's `()` or a static member
// (`NotesAppConfiguration.providers(datasource: NotesDatasource())`). Anything else from an
// app's hello (statements, closures, interpolation, a chain of calls on an instance such as
// `FileManager.default.removeItem(…)`, a free function such as `exit(0)`) is not written as
// code: it stays a comment beside the placeholders.
const SETUP_TYPE = "[A-Z][A-Za-z0-9_]*";
const SETUP_MEMBER = "[a-z_][A-Za-z0-9_]*";
const SETUP_VALUE = `(?:${SETUP_TYPE}\\(\\)|${SETUP_TYPE}\\.${SETUP_MEMBER}|\\d+)`;
const SETUP_ARGUMENT = `(?:${SETUP_MEMBER}: )?${SETUP_VALUE}`;
const SWIFT_EXPRESSION = new RegExp(`^${SETUP_TYPE}\\.${SETUP_MEMBER}(?:\\((?:${SETUP_ARGUMENT}(?:, ${SETUP_ARGUMENT})*)?\\))?$`);
function swiftExpression(text) { return typeof text === "string" && text.length <= 300 && SWIFT_EXPRESSION.test(text) ? text : null; }

function refreshTest() {
  const from = parseInt($("test-from").value, 10);
  const to = parseInt($("test-to").value, 10);
  $("test-output").value = sessionAsTest(Number.isSafeInteger(from) ? from : undefined, Number.isSafeInteger(to) ? to : undefined);
}

async function copyAsTest() {
  const s = model.sessions.get(model.current);
  const setup = s && s.hello.testSetup && typeof s.hello.testSetup === "object" ? s.hello.testSetup : null;
  const offered = !!setup && !s.imported && !s.earlier && !!swiftExpression(setup.layout) && !!swiftExpression(setup.providers);
  $("test-trust").hidden = !offered;
  $("test-trust-setup").checked = false;
  $("test-setup-text").textContent = offered ? `${setup.layout}, providers: ${setup.providers}` : "";
  const seqs = s ? s.log.filter((e) => e.state && !e.refusal && Number.isSafeInteger(e.seq)).map((e) => e.seq) : [];
  $("test-from").value = seqs.length ? String(seqs[0]) : "";
  $("test-to").value = seqs.length ? String(seqs[seqs.length - 1]) : "";
  refreshTest();
  $("test-dialog").showModal();
  try { await navigator.clipboard.writeText($("test-output").value); } catch (_) { /* the dialog shows it */ }
}

window.addEventListener("DOMContentLoaded", () => {
  $("test-from").oninput = refreshTest;
  $("test-to").oninput = refreshTest;
  $("test-trust-setup").onchange = refreshTest;
  $("close-test").onclick = () => $("test-dialog").close();
  $("test-copy").onclick = () => navigator.clipboard && navigator.clipboard.writeText($("test-output").value).catch(() => {});
});
