// The Destinations Inspector page: draws each connected app's navigation, its transactions
// and flow graph, steps through history and asks the server to restore a state in the app.
// Text from apps is always written with textContent, never as HTML.
"use strict";

const PAGE_PROTOCOL = 1;
const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
const model = { sessions: new Map(), current: null, viewing: null, latencies: [] };
let socket = null;
let retry = 0;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// MARK: Connection

function connect() {
  socket = new WebSocket(`ws://${location.host}/ui?token=${encodeURIComponent(token)}`);
  socket.onopen = () => { retry = 0; setStatus(); };
  socket.onclose = () => { socket = null; setStatus(); setTimeout(connect, Math.min(5000, 250 * 2 ** retry++)); };
  socket.onmessage = (message) => receive(JSON.parse(message.data));
}

function session(id) {
  if (!model.sessions.has(id)) model.sessions.set(id, { id, hello: {}, log: [], connected: true, graph: null });
  return model.sessions.get(id);
}

function receive(message) {
  switch (message.type) {
    case "snapshot":
      if (message.protocol !== PAGE_PROTOCOL) showError(`the server speaks v${message.protocol}; this page speaks v${PAGE_PROTOCOL}`);
      for (const [id, s] of model.sessions) if (!s.imported) model.sessions.delete(id);
      for (const entry of message.sessions) {
        const s = session(entry.session);
        s.hello = entry.hello; s.connected = entry.connected; s.graph = entry.graph;
        // `index` is the hub's number for the event, which stays the same when the hub's log
        // lets its oldest events go; restores ask for it, never for a row's position.
        s.log = entry.log.map((event, i) => ({ ...event, index: (entry.first || 0) + i }));
      }
      if (model.current === null && model.sessions.size) model.current = [...model.sessions.keys()].pop();
      break;
    case "hello": {
      const s = session(message.session);
      s.hello = message.hello; s.connected = true;
      if (message.hello.protocol !== PAGE_PROTOCOL) showError(`${message.hello.app} speaks v${message.hello.protocol}; this page speaks v${PAGE_PROTOCOL}`);
      const shown = model.current !== null ? model.sessions.get(model.current) : null;
      if (!shown || (!shown.connected && !shown.imported)) model.current = message.session;
      break;
    }
    case "event": {
      const s = session(message.session);
      const event = { ...message.event, index: message.index };
      s.log.push(event);
      if (message.session === model.current && model.viewing === null) {
        model.latencies.push(Date.now() - event.t);
      }
      break;
    }
    case "graph": session(message.session).graph = { svg: message.svg, mermaid: message.mermaid }; break;
    case "bye": session(message.session).connected = false; break;
    case "forget":
      // The server let an old disconnected session go.
      model.sessions.delete(message.session);
      if (model.current === message.session) { model.current = model.sessions.size ? [...model.sessions.keys()].pop() : null; model.viewing = null; }
      break;
    case "restoring": $("restore-status").textContent = `restoring #${message.index}…`; break;
    case "result": {
      const result = message.result;
      $("restore-status").textContent = result.ok ? "restored" : `refused: ${result.error ? result.error.message : "?"}`;
      $("restore-status").dataset.result = result.ok ? "ok" : "error";
      if (result.ok) model.viewing = null;
      break;
    }
    case "error": showError(message.message); break;
  }
  render();
}

function showError(text) { $("restore-status").textContent = text; }

function setStatus() {
  const status = $("status");
  const s = model.current !== null ? model.sessions.get(model.current) : null;
  if (s && s.imported) { status.className = "pill server"; status.textContent = "imported session"; }
  else if (!socket || socket.readyState !== WebSocket.OPEN) { status.className = "pill offline"; status.textContent = "server offline"; }
  else if (!s) { status.className = "pill server"; status.textContent = "server connected"; }
  else if (s.connected) { status.className = "pill connected"; status.textContent = "app connected"; }
  else { status.className = "pill disconnected"; status.textContent = "app disconnected"; }
}

// MARK: Rendering

function render() {
  setStatus();
  renderSessions();
  const s = model.current !== null ? model.sessions.get(model.current) : null;
  if (!s) return;
  $("app-name").textContent = s.hello.app || "app";
  const tags = $("app-tags"); tags.replaceChildren();
  for (const tag of [s.hello.platform, s.hello.pid && `pid ${s.hello.pid}`, s.hello.routeType, s.hello.scene, `protocol v${s.hello.protocol}`]) {
    if (tag) tags.append(el("span", "tag", String(tag)));
  }
  const log = s.log;
  const last = log.length - 1;
  const index = model.viewing === null ? last : Math.min(model.viewing, last);
  const slider = $("history");
  slider.max = Math.max(0, last); slider.value = Math.max(0, index);
  const mode = $("mode");
  if (model.viewing === null) { mode.className = "badge live"; mode.textContent = "LIVE"; }
  else { mode.className = "badge past"; mode.textContent = `VIEWING #${log[index].seq} OF ${log.length}`; }
  $("restore").disabled = model.viewing === null || !s.connected || !s.hello.canRestore || !log[index] || !log[index].state || !!s.imported;
  renderLog(s, index);
  if (index < 0) return;
  const event = stateEvent(log, index);
  renderTree(event, log[index]);
  renderChange(log, index);
  renderGraph(s, event, log[index]);
  const lat = model.latencies.slice().sort((a, b) => a - b);
  const pct = (p) => lat.length ? lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] : 0;
  $("metrics").textContent = `${log.length} states · app→page p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms`;
}

// A row's one-line summary: the cause as code would write it, without the leading verb.
function rowSummary(event) {
  const text = event.cause.description || event.cause.summary;
  return text.replace(/^(apply|event|user) /, "");
}

// A refusal carries the state the flow kept; it is drawn like any state.
function stateEvent(log, index) { return log[index]; }

function renderSessions() {
  const select = $("sessions");
  const ids = [...model.sessions.keys()];
  if (select.options.length !== ids.length || ids.some((id, i) => select.options[i].value !== String(id) || select.options[i].dataset.connected !== String(model.sessions.get(id).connected))) {
    select.replaceChildren(...ids.map((id) => {
      const s = model.sessions.get(id);
      const option = el("option", "", `${s.hello.app || "app"} #${id}${s.connected ? "" : " (gone)"}`);
      option.value = String(id); option.dataset.connected = String(s.connected);
      return option;
    }));
  }
  if (model.current !== null) select.value = String(model.current);
  select.hidden = ids.length < 2;
}

function renderLog(s, selected) {
  const log = $("log");
  $("log-count").textContent = `(${s.log.length})`;
  // Rows are appended as events arrive; a new session or an import redraws them all.
  if (log.dataset.session !== String(s.id) || log.children.length > s.log.length) { log.replaceChildren(); log.dataset.session = String(s.id); }
  for (let i = log.children.length; i < s.log.length; i++) {
    const event = s.log[i];
    const row = el("div", "row" + (event.refusal ? " refusal" : ""));
    row.setAttribute("role", "listitem");
    row.dataset.index = String(i); row.dataset.seq = String(event.seq); row.dataset.kind = event.cause.kind;
    row.append(el("span", "seq", `#${event.seq}`), el("span", "kind", event.refusal ? `refused ${event.cause.kind}` : event.cause.kind),
      el("span", "summary", rowSummary(event) + (event.refusal ? ` — ${event.refusal.message || event.refusal.code}` : "") + (event.skipped ? ` (+${event.skipped} coalesced)` : "")),
      el("span", "counts", `+${event.changes.added.length} −${event.changes.removed.length}`));
    row.title = event.cause.description || event.cause.summary;
    row.onclick = () => { model.viewing = i === s.log.length - 1 ? null : i; render(); };
    log.append(row);
  }
  for (const row of log.querySelectorAll(".row.selected")) row.classList.remove("selected");
  const row = log.children[selected];
  if (row) { row.classList.add("selected"); if (model.viewing === null) row.scrollIntoView({ block: "nearest" }); }
}

function renderTree(event, current) {
  const tree = $("tree");
  const added = new Set(current.changes.added.map((a) => a.id));
  const touched = new Set(current.changes.touched);
  const visible = new Set(event.visible || []);
  const context = { focused: event.focused, visible, added, touched };
  tree.replaceChildren(node(event.tree, context, 0, true));
  tree.dataset.rendered = event.rendered;
  tree.dataset.seq = String(event.seq);
  const labelOf = (id) => { const n = tree.querySelector(`[data-id="${id}"]`); return n ? `${n.dataset.label} #${id}` : `#${id}`; };
  $("focused").textContent = labelOf(event.focused);
  $("visible").textContent = (event.visible || []).map((id) => `#${id}`).join(", ");
  $("url").textContent = event.url || "(no URL router)";
}

function node(n, context, depth, shown) {
  let out;
  switch (n.kind) {
    case "screen":
      out = el("div", "card");
      out.dataset.label = n.label;
      out.append(el("span", "depth", String(depth)), el("span", "label", n.label), el("span", "id", `#${n.id}`));
      if (n.id === context.focused) out.classList.add("focused");
      if (context.visible.has(n.id)) out.classList.add("visible");
      break;
    case "stack":
      out = el("div", "stack");
      n.children.forEach((child, i) => out.append(node(child, context, i, shown)));
      break;
    case "tabs": {
      out = el("div", "tabs");
      const strip = el("div", "strip");
      const columns = el("div", "columns");
      for (const tab of n.tabs) {
        const selected = tab.id === n.selected;
        strip.append(el("span", selected ? "selected" : "", tab.id));
        const column = el("div", selected ? "tab selected-tab" : "tab dimmed");
        column.dataset.tab = tab.id;
        column.append(node(tab.node, context, 0, shown && selected));
        columns.append(column);
      }
      out.append(strip, columns);
      break;
    }
    case "split":
      out = el("div", "split");
      for (const column of n.columns) {
        const c = el("div", "column");
        c.append(el("div", "column-label", column.column), node(column.node, context, 0, shown));
        out.append(c);
      }
      break;
    default:
      out = el("div", "card", n.kind);
  }
  out.dataset.id = String(n.id);
  if (context.added.has(n.id)) out.classList.add("added");
  if (context.touched.has(n.id) && n.kind !== "screen") out.classList.add("touched");
  if (n.modal) {
    const modal = el("div", "modal " + (n.modal.overlay ? "overlay" : "sheet"));
    modal.dataset.style = n.modal.style;
    modal.append(el("div", "style", n.modal.style), node(n.modal.node, context, 0, shown));
    const wrapper = el("div", "presenter");
    wrapper.append(out, modal);
    return wrapper;
  }
  return out;
}

function renderChange(log, index) {
  const event = log[index];
  const change = $("change");
  change.replaceChildren();
  change.append(el("div", "cause", event.cause.description || event.cause.summary));
  if (event.refusal) change.append(el("div", "refusal-text", `refused: ${event.refusal.code}${event.refusal.message ? ` — ${event.refusal.message}` : ""}`));
  const chips = el("div", "chips");
  for (const a of event.changes.added) chips.append(el("span", "chip add", `+ ${a.label} #${a.id}`));
  for (const r of event.changes.removed) chips.append(el("span", "chip remove", `− ${r.label} #${r.id}`));
  for (const t of event.changes.touched) chips.append(el("span", "chip touch", `~ #${t}`));
  change.append(chips);
  const before = index > 0 ? log[index - 1].rendered.split("\n") : [];
  const after = event.rendered.split("\n");
  const pre = el("pre", "diff");
  for (const [sign, line] of diff(before, after)) pre.append(el("span", sign === "+" ? "plus" : sign === "-" ? "minus" : "same", `${sign} ${line}`));
  change.append(pre);
}

// A line diff by longest common subsequence.
function diff(a, b) {
  const m = a.length, n = b.length;
  const table = Array.from({ length: m + 1 }, () => new Uint16Array(n + 1));
  for (let i = m - 1; i >= 0; i--) for (let j = n - 1; j >= 0; j--)
    table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const out = [];
  let i = 0, j = 0;
  while (i < m && j < n) {
    if (a[i] === b[j]) { out.push([" ", a[i]]); i++; j++; }
    else if (table[i + 1][j] >= table[i][j + 1]) out.push(["-", a[i++]]);
    else out.push(["+", b[j++]]);
  }
  while (i < m) out.push(["-", a[i++]]);
  while (j < n) out.push(["+", b[j++]]);
  return out;
}

function renderGraph(s, event, current) {
  const graph = $("graph");
  const key = `${s.id}:${s.graph ? (s.graph.svg || s.graph.mermaid || "").length : 0}`;
  if (graph.dataset.key !== key) {
    graph.dataset.key = key;
    graph.replaceChildren();
    if (s.graph && s.graph.svg) {
      const svg = new DOMParser().parseFromString(s.graph.svg, "image/svg+xml").documentElement;
      for (const script of svg.querySelectorAll("script")) script.remove();
      graph.append(document.importNode(svg, true));
      graph.dataset.kind = "svg";
    } else if (s.graph && s.graph.mermaid) {
      graph.append(el("pre", "mermaid", s.graph.mermaid));
      graph.dataset.kind = "mermaid";
    } else {
      graph.append(el("p", "", "no graph from this app"));
      graph.dataset.kind = "none";
    }
  }
  const focusedCard = $("tree").querySelector(`[data-id="${event.focused}"]`);
  const focusedRoute = focusedName(event.tree, event.focused);
  for (const g of graph.querySelectorAll("g.node")) {
    const title = g.querySelector("title");
    g.classList.toggle("current", !!title && title.textContent === focusedRoute);
  }
  const edge = current.cause.edge;
  const taken = edge ? `${edge.from}->${edge.to}` : null;
  const hideRoot = $("hide-root").checked;
  const roots = new Set((s.hello.graph && s.hello.graph.entryRoutes) || []);
  for (const g of graph.querySelectorAll("g.edge")) {
    const title = g.querySelector("title");
    const text = title ? title.textContent : "";
    g.classList.toggle("taken", text === taken);
    g.classList.toggle("hidden", hideRoot && roots.has(text.split("->")[1]));
  }
  const lit = graph.querySelector("g.node.current");
  if (lit && focusedCard) lit.scrollIntoView({ block: "nearest", inline: "center" });
}

function focusedName(tree, id) {
  let found = null;
  (function walk(n) {
    if (!n || found) return;
    if (n.id === id && n.kind === "screen") { found = n.name; return; }
    (n.children || []).forEach(walk);
    (n.tabs || []).forEach((t) => walk(t.node));
    (n.columns || []).forEach((c) => walk(c.node));
    if (n.modal) walk(n.modal.node);
  })(tree);
  return found;
}

// MARK: History, restore

function step(delta) {
  const s = model.sessions.get(model.current);
  if (!s || !s.log.length) return;
  const last = s.log.length - 1;
  const index = Math.max(0, Math.min(last, (model.viewing === null ? last : model.viewing) + delta));
  model.viewing = index === last ? null : index;
  render();
}

function restore() {
  const s = model.sessions.get(model.current);
  if (!s || model.viewing === null || !socket) return;
  $("restore-status").textContent = "asking…";
  delete $("restore-status").dataset.result;
  const event = s.log[model.viewing];
  if (!event) return;
  socket.send(JSON.stringify({ type: "restore", session: s.id, index: event.index }));
}

// MARK: Export, import, copy as test

function exportSession() {
  const s = model.sessions.get(model.current);
  if (!s) return;
  const file = { format: "destinations-session", protocol: PAGE_PROTOCOL, exported: new Date().toISOString(), hello: s.hello, graph: s.graph, log: s.log };
  const blob = new Blob([JSON.stringify(file, null, 1)], { type: "application/json" });
  const link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${(s.hello.app || "app").replace(/[^A-Za-z0-9_-]/g, "")}.destinations-session.json`;
  document.body.append(link); link.click(); link.remove();
}

function importSession(text) {
  const file = JSON.parse(text);
  if (file.format !== "destinations-session" || !Array.isArray(file.log)) { showError("not a session file"); return; }
  const id = `imported-${Date.now()}`;
  model.sessions.set(id, { id, imported: true, hello: { ...file.hello, canRestore: false }, graph: file.graph, connected: false, log: file.log.map((e, index) => ({ ...e, index })) });
  model.current = id; model.viewing = null;
  render();
}

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

// The session as a test: each recorded state is restored into a harness built from the app's
// own providers, and must render exactly as the app rendered it. The states are embedded as
// the app wrote them (`stateText`, from the server), so that no number is rounded. An imported
// file's setup is not trusted as code: its layout and providers become placeholders.
function sessionAsTest() {
  const s = model.sessions.get(model.current);
  if (!s) return "";
  const setup = s.hello.testSetup || {};
  const module = swiftName(setup.module);
  const route = swiftName(s.hello.routeType) || "<#Route#>";
  const layout = !s.imported && typeof setup.layout === "string" ? setup.layout : "<#layout#>";
  const providers = !s.imported && typeof setup.providers === "string" ? setup.providers : "<#providers#>";
  const steps = s.log.filter((e) => e.state && !e.refusal);
  const lines = [
    "import Destinations",
    "import DestinationsTesting",
    "import Foundation",
    module ? `import ${module}` : "// import the module that defines the app's routes and providers",
    "import Testing",
    "",
    `/// Replays the inspector session of ${swiftComment(s.hello.app || "the app")} (${steps.length} states): every state`,
    "/// the app went through is restored into a harness built from the app's providers, and must",
    "/// render as it did in the app.",
    "@MainActor",
    `@Test func replaysInspectorSession() async throws {`,
    `    let harness = try FlowHarness(${layout}, providers: ${providers})`,
    `    let decoder = JSONDecoder()`,
  ];
  for (const event of steps) {
    const cause = event.cause || {};
    const stateText = typeof event.stateText === "string" ? event.stateText : JSON.stringify(event.state);
    lines.push("", `    // ${swiftComment(`#${event.seq} ${cause.kind}: ${cause.description || cause.summary}`)}`);
    lines.push(`    do {`);
    lines.push(`        let state = try decoder.decode(NavigationState<${route}>.self, from: Data(${swiftLine(stateText)}.utf8))`);
    lines.push(`        try harness.flow.restore(state)`);
    lines.push(`        #expect(harness.state.rendered() == ${swiftString(String(event.rendered))})`);
    lines.push(`    }`);
  }
  lines.push("}", "");
  return lines.join("\n");
}

async function copyAsTest() {
  const text = sessionAsTest();
  $("test-output").value = text;
  $("test-dialog").showModal();
  try { await navigator.clipboard.writeText(text); } catch (_) { /* the dialog shows it */ }
}

// MARK: Wiring

window.addEventListener("DOMContentLoaded", () => {
  $("prev").onclick = () => step(-1);
  $("next").onclick = () => step(1);
  $("live").onclick = () => { model.viewing = null; render(); };
  $("history").oninput = (e) => { const s = model.sessions.get(model.current); const v = Number(e.target.value); model.viewing = s && v === s.log.length - 1 ? null : v; render(); };
  $("restore").onclick = restore;
  $("sessions").onchange = (e) => { const v = e.target.value; model.current = model.sessions.has(Number(v)) ? Number(v) : v; model.viewing = null; $("graph").dataset.key = ""; render(); };
  $("export").onclick = exportSession;
  $("import").onchange = async (e) => { const f = e.target.files[0]; if (f) importSession(await f.text()); e.target.value = ""; };
  $("copy-test").onclick = copyAsTest;
  $("copy-url").onclick = () => navigator.clipboard && navigator.clipboard.writeText($("url").textContent).catch(() => {});
  $("hide-root").onchange = render;
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
    if (e.key === "ArrowLeft") step(-1); else if (e.key === "ArrowRight") step(1);
    else if (e.key === "Escape") { model.viewing = null; render(); }
  });
  setStatus();
  connect();
});
