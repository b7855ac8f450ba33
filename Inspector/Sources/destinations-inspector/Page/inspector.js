// The Destinations Inspector page: draws each connected app's navigation, its transactions
// and flow graph, steps through history, asks the server to restore a state in the app or to
// open a URL there. Text from apps and files is always written with textContent, never as
// HTML; messages are applied in batches, once per animation frame.
"use strict";

const PAGE_PROTOCOL = 1;
const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
// Rows a session's log keeps in the page; older ones are let go, and the log says so.
const PAGE_LOG_LIMIT = 10000;
// Error rows a session's log shows; past it, one row counts the others.
const PAGE_ERROR_ROWS = 200;
const model = { sessions: new Map(), current: null, viewing: null, latencies: [], relayLatencies: [], pageLatencies: [], run: null, link: "connecting", filter: "", refusalsOnly: false };
let socket = null;
let retry = 0;
let lastPong = 0;
let pending = [];
let frameRequested = false;
// What the tree, change and graph panels show, to draw them again only when it changes.
let drawn = null;
// When the footer's latency line was last written (performance.now()), and its pending write.
const metrics = { drawn: -Infinity, timer: null };
// Each session object the page makes gets its own number, so that its log is drawn afresh.
let nextUid = 1;
// Each event's row entry, found without a search.
const entryOf = new WeakMap();

// Sets a property only when its value changes: writing even the same text or class again makes
// the browser lay out and paint that part of the page again, in every frame of a burst.
function put(node, property, value) {
  if (node[property] !== value) node[property] = value;
}

// The session the page shows, or null.
function currentSession() {
  return model.current !== null ? model.sessions.get(model.current) : null;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// MARK: Connection

function connect() {
  model.link = "connecting";
  socket = new WebSocket(`ws://${location.host}/ui?token=${encodeURIComponent(token)}`);
  socket.onopen = () => { retry = 0; lastPong = Date.now(); model.link = "open"; viewSent = undefined; setStatus(); };
  socket.onclose = (event) => {
    socket = null;
    if (event.reason === "the page fell behind") notice(null, "the page fell behind the server and connected again; the history is the server's snapshot", "warning");
    // Why it closed: a token the server no longer takes, or no server at all.
    fetch(`/ping?token=${encodeURIComponent(token)}`, { cache: "no-store" })
      .then((answer) => { model.link = answer.status === 403 ? "token" : "offline"; })
      .catch(() => { model.link = "offline"; })
      .finally(() => { setStatus(); setTimeout(connect, Math.min(5000, 250 * 2 ** retry++)); });
  };
  // A frame holds one message a line: the messages that waited while the last one was sent.
  socket.onmessage = (message) => {
    const arrived = performance.timeOrigin + performance.now();
    for (const line of String(message.data).split("\n")) {
      if (!line) continue;
      try { const parsed = JSON.parse(line); if (parsed.event && typeof parsed.event === "object") parsed.event.arrived = arrived; pending.push(parsed); } catch (error) { notice(null, `a message from the server could not be read: ${error.message}`, "error"); }
    }
    scheduleFlush();
  };
}

// Heartbeat: a server that stops answering is shown as such within five seconds.
setInterval(() => {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  if (Date.now() - lastPong > 5000) { socket.close(); return; }
  socket.send(JSON.stringify({ type: "ping" }));
}, 1000);

function scheduleFlush() {
  if (frameRequested) return;
  frameRequested = true;
  if (document.hidden) setTimeout(flush, 100); else requestAnimationFrame(flush);
}

// Applies every message that came since the last frame, then draws once.
function flush() {
  frameRequested = false;
  const batch = pending;
  pending = [];
  const arrived = [];
  for (const message of batch) {
    try {
      const event = receive(message);
      if (event) arrived.push(event);
    } catch (error) {
      notice(message && message.session, `a ${String(message && message.type).slice(0, 40)} message could not be shown: ${error.message}`, "error");
    }
  }
  safeRender();
  const now = performance.timeOrigin + performance.now();
  let slowest = -1;
  for (const event of arrived) {
    if (typeof event.t === "number" && event.t > 0) { model.latencies.push(now - event.t); slowest = Math.max(slowest, now - event.t); }
    if (typeof event.relayT === "number") model.relayLatencies.push(now - event.relayT);
    if (typeof event.arrived === "number") model.pageLatencies.push(now - event.arrived);
    // Where the time went, per event, when a test asks: app → server relay → page's socket → DOM.
    if (model.hops && event.t > 0 && typeof event.relayT === "number") model.hops.push([event.relayT - event.t, event.arrived - event.relayT, now - event.arrived]);
  }
  if (slowest >= 0 && model.frameLatencies) model.frameLatencies.push(slowest);
  for (const list of [model.relayLatencies, model.pageLatencies, model.frameLatencies || []]) if (list.length > 5000) list.splice(0, list.length - 5000);
  if (model.latencies.length > 5000) model.latencies.splice(0, model.latencies.length - 5000);
}

function session(id) {
  if (!model.sessions.has(id)) model.sessions.set(id, { id, uid: nextUid++, hello: {}, log: [], entries: [], connected: true, graph: null, version: 0 });
  return model.sessions.get(id);
}

// A row that is not an event: a refused message, an error, something let go.
function notice(id, text, level) {
  const s = id !== null && id !== undefined && model.sessions.has(id) ? model.sessions.get(id) : currentSession();
  if (s && level === "error") errorRow(s, text); else if (s) s.entries.push({ notice: String(text), level }); else showError(text);
  scheduleFlush();
}

// An error row, while the session has shown fewer than PAGE_ERROR_ROWS; past it, one row
// counts the errors not shown, so that a flood of bad input cannot fill the page.
function errorRow(s, text) {
  s.errorRows = (s.errorRows || 0) + 1;
  if (s.errorRows <= PAGE_ERROR_ROWS) { s.entries.push({ notice: String(text), level: "error" }); return; }
  s.hiddenErrors = (s.hiddenErrors || 0) + 1;
  summaryRow(s, "errors", `${s.hiddenErrors} more errors not shown (the page shows the first ${PAGE_ERROR_ROWS} of a session)`);
}

// A row that says how much was not shown; one per kind and session, its text kept up to date.
function summaryRow(s, key, text) {
  if (!s.summaries) s.summaries = {};
  let entry = s.summaries[key];
  if (!entry) { entry = { notice: text, level: "error", summary: key }; s.summaries[key] = entry; s.entries.push(entry); }
  entry.notice = text;
  if (entry.row) { entry.row.querySelector(".summary").textContent = text; entry.row.title = text; }
}

// Why an event cannot be drawn, or null: files and servers may send anything.
function eventProblem(e) {
  if (!e || typeof e !== "object") return "not an object";
  if (!e.cause || typeof e.cause !== "object" || typeof e.cause.kind !== "string") return "no cause";
  if (!e.changes || !Array.isArray(e.changes.added) || !Array.isArray(e.changes.removed) || !Array.isArray(e.changes.touched)) return "no changes";
  if (!e.tree || typeof e.tree !== "object") return "no tree";
  if (typeof e.rendered !== "string") return "no rendering";
  if (!Number.isSafeInteger(e.seq)) return "no sequence number";
  return null;
}

function addEvent(s, event) {
  const problem = eventProblem(event);
  if (problem) { errorRow(s, `event ${Number.isSafeInteger(event && event.seq) ? `#${event.seq} ` : ""}not shown: ${problem}`); return null; }
  s.log.push(event);
  const entry = { event };
  entryOf.set(event, entry);
  s.entries.push(entry);
  if (s.log.length > PAGE_LOG_LIMIT + 1000) {
    const gone = s.log.length - PAGE_LOG_LIMIT;
    const last = s.log[gone - 1];
    s.log.splice(0, gone);
    s.entries.splice(0, s.entries.findIndex((entry) => entry.event === last) + 1);
    s.entries.unshift({ notice: `${gone} older events let go (the page keeps ${PAGE_LOG_LIMIT})`, level: "warning" });
    // Counting rows that were let go with the events start again.
    s.summaries = {};
    if (model.viewing !== null) model.viewing = Math.max(0, model.viewing - gone);
    s.version++;
  }
  return event;
}

function receive(message) {
  switch (message.type) {
    case "snapshot": {
      if (message.protocol !== PAGE_PROTOCOL) showError(`the server speaks v${message.protocol}; this page speaks v${PAGE_PROTOCOL}`);
      if (model.run !== null && message.run !== model.run) {
        // The server restarted: what the page showed stays, read-only, beside the new run.
        for (const [id, s] of [...model.sessions]) {
          if (s.imported || s.earlier) continue;
          model.sessions.delete(id);
          const key = `earlier-${model.run}-${id}`;
          Object.assign(s, { id: key, earlier: true, connected: false });
          s.entries.push({ notice: "the server restarted: this session is from its earlier run", level: "warning" });
          s.version++;
          model.sessions.set(key, s);
          if (model.current === id) model.current = key;
        }
      } else {
        for (const [id, s] of [...model.sessions]) if (!s.imported && !s.earlier) model.sessions.delete(id);
      }
      model.run = message.run;
      for (const entry of message.sessions || []) {
        const s = session(entry.session);
        s.hello = entry.hello || {}; s.connected = !!entry.connected; s.graph = entry.graph;
        // `index` is the hub's number for the event, which stays the same when the hub's log
        // lets its oldest events go; restores ask for it, never for a row's position.
        (entry.log || []).forEach((event, i) => { if (event && typeof event === "object") event.index = (entry.first || 0) + i; addEvent(s, event); });
        const notSent = Number.isSafeInteger(entry.notSent) ? entry.notSent : 0;
        const letGo = (entry.first || 0) - notSent;
        if (notSent > 0) s.entries.unshift({ notice: `${notSent} older events were not sent to this page: its first message is capped at ${message.limits ? Math.round(message.limits.snapshotBytes / 1048576) : 16} MiB (the server still holds them, and restores them)`, level: "warning" });
        if (letGo > 0) s.entries.unshift({ notice: `${letGo} older events let go by the server (it keeps ${message.limits ? message.limits.logEvents : "10000"} events or ${message.limits ? Math.round(message.limits.sessionBytes / 1048576) : 32} MiB per session)`, level: "warning" });
        if (entry.refusedCount > 0) errorRow(s, `${entry.refusedCount} messages from this app were refused`);
        s.waiting = waitingOf(entry.waiting);
      }
      if ((model.current === null || !model.sessions.has(model.current)) && model.sessions.size) model.current = [...model.sessions.keys()].pop();
      return null;
    }
    case "pong": lastPong = Date.now(); return null;
    case "hello": {
      const s = session(message.session);
      s.hello = message.hello || {}; s.connected = true;
      if (s.hello.protocol !== PAGE_PROTOCOL) showError(`${s.hello.app} speaks v${s.hello.protocol}; this page speaks v${PAGE_PROTOCOL}`);
      const shown = currentSession();
      if (!shown || (!shown.connected && !shown.imported)) model.current = message.session;
      return null;
    }
    case "event": {
      const s = session(message.session);
      const event = message.event;
      if (event && typeof event === "object") { event.index = message.index; event.relayT = message.relayT; }
      if (message.letGo) s.entries.push({ notice: `the server let ${message.letGo} older events go`, level: "warning" });
      return addEvent(s, event);
    }
    case "refused": {
      const s = session(message.session);
      if (Number.isSafeInteger(message.unshown)) {
        // Past the server's rows for a session's refusals: one row counts the others.
        s.unshownRefusals = (s.unshownRefusals || 0) + message.unshown;
        summaryRow(s, "refused", `${s.unshownRefusals} more refused messages not shown (the server sends a row for the first ${message.rowLimit} of a session; ${message.refusedCount} refused in all)`);
      } else {
        errorRow(s, `message refused (${message.bytes} bytes): ${message.reason}`);
      }
      return null;
    }
    case "graph": session(message.session).graph = { svg: message.svg, mermaid: message.mermaid, legend: message.legend, note: message.note, drawn: message.drawn === true }; return null;
    case "waiting": session(message.session).waiting = waitingOf(message); return null;
    case "bye": { const s = session(message.session); s.connected = false; s.waiting = null; return null; }
    case "forget":
      // The server let an old disconnected session go.
      model.sessions.delete(message.session);
      if (model.current === message.session) { model.current = model.sessions.size ? [...model.sessions.keys()].pop() : null; model.viewing = null; }
      return null;
    case "restoring": setRestoreStatus(`restoring #${message.seq}…`); return null;
    case "opening": setRestoreStatus("opening…"); return null;
    case "result": {
      const result = message.result || {};
      const what = result.kind === "open" ? "opened" : "restored";
      setRestoreStatus(result.ok ? (result.outcome && result.outcome !== "applied" ? `${what}: ${result.outcome}` : what) : `refused: ${result.error ? result.error.message : "?"}`, result.ok ? "ok" : "error");
      if (result.ok && result.kind !== "open") model.viewing = null;
      return null;
    }
    case "error": showError(message.message); if (message.session !== undefined) notice(message.session, message.message, "error"); return null;
    default: return null;
  }
}

function setRestoreStatus(text, result) {
  $("restore-status").textContent = text;
  if (result) $("restore-status").dataset.result = result; else delete $("restore-status").dataset.result;
}

function showError(text) { $("restore-status").textContent = String(text); }

function setStatus() {
  const s = currentSession();
  const [kind, text, title] =
    model.link === "token" ? ["disconnected", "token changed", "The server was restarted with another token: open the address it printed."]
    : !socket || socket.readyState !== WebSocket.OPEN ? ["offline", "server offline", "The page connects again on its own."]
    : s && s.imported ? ["server", "imported session", ""]
    : s && s.earlier ? ["disconnected", "earlier server run", ""]
    : !s ? ["server", "server connected", ""]
    : s.connected ? ["connected", "app connected", ""]
    : ["disconnected", "app disconnected", ""];
  const status = $("status");
  put(status, "className", `pill ${kind}`);
  put(status, "textContent", text);
  put(status, "title", title);
}

// MARK: Rendering

function safeRender() {
  try { render(); } catch (error) { showError(`the page could not draw this state: ${error.message}`); }
  applyLogScroll();
}

function render() {
  setStatus();
  renderSessions();
  const s = currentSession();
  put($("connect-hint"), "hidden", !!s);
  if (!s) return;
  put($("app-name"), "textContent", String(s.hello.app || "app"));
  const tags = $("app-tags");
  if (tags.hello !== s.hello) {
    tags.hello = s.hello;
    tags.replaceChildren();
    for (const tag of [s.hello.platform, s.hello.pid && `pid ${s.hello.pid}`, s.hello.routeType, s.hello.scene, `protocol v${s.hello.protocol}`]) {
      if (tag) tags.append(el("span", "tag", String(tag)));
    }
  }
  const log = s.log;
  const last = log.length - 1;
  const index = model.viewing === null ? last : Math.min(model.viewing, last);
  const slider = $("history");
  put(slider, "max", String(Math.max(0, last)));
  put(slider, "value", String(Math.max(0, index)));
  const mode = $("mode");
  put(mode, "className", model.viewing === null ? "badge live" : "badge past");
  put(mode, "textContent", model.viewing === null ? "LIVE" : `VIEWING #${log[index].seq} OF ${log.length}`);
  const live = s.connected && !s.imported && !s.earlier;
  put($("restore"), "disabled", model.viewing === null || !live || !s.hello.canRestore || !log[index] || !log[index].state);
  put($("open-url"), "disabled", !live);
  put($("open-url-text"), "disabled", !live);
  renderWaiting(s);
  renderLog(s, index);
  if (index < 0) { $("tree").replaceChildren(); renderGraph(s, null, null); drawn = null; return; }
  const event = log[index];
  // The tree, the change and the graph's lights are drawn again only when what they show
  // changed: a frame that brought only rows, or nothing for this session, leaves them be.
  const hideRoot = $("hide-root").checked;
  if (!drawn || drawn.event !== event || drawn.session !== s || drawn.graph !== s.graph || drawn.hideRoot !== hideRoot || drawn.previous !== log[index - 1]) {
    const labels = renderTree(event);
    renderChange(log, index, labels);
    renderGraph(s, event, event);
    drawn = { event, session: s, graph: s.graph, hideRoot, previous: log[index - 1] };
  }
  drawMetrics();
}

// What an app's flow waits on (asynchronous guards, link resolutions), from a `waiting`
// message or a snapshot; null when nothing waits.
function waitingOf(message) {
  if (!message || !Array.isArray(message.items)) return null;
  const items = message.items.filter((item) => item && typeof item === "object");
  const more = Number.isSafeInteger(message.more) ? message.more : 0;
  return items.length || more ? { items, more } : null;
}

// One line a wait: "waiting on guard sharing for sheet(.about) · 120 ms", shown while the
// flow waits and hidden when it stops.
function waitingLines(waiting) {
  if (!waiting) return "";
  const lines = waiting.items.map((item) => {
    const what = item.kind === "asyncGuard" ? "guard" : item.kind === "resolution" ? "resolving" : String(item.kind);
    const age = Number.isSafeInteger(item.ageMillis) ? ` · ${item.ageMillis} ms` : "";
    return `waiting on ${what} ${String(item.name)} for ${String(item.cause)}${age}`;
  });
  if (waiting.more > 0) lines.push(`and ${waiting.more} more`);
  return lines.join("\n");
}

function renderWaiting(s) {
  const text = waitingLines(s.waiting);
  put($("waiting"), "textContent", text);
  put($("waiting"), "hidden", !text);
}

// The footer's line of state count and latency. A person reads it: four times a second is
// enough, and a burst does not lay the footer out again in every frame. A write held back is
// made when its time comes, so the line never stays behind the log.
function drawMetrics() {
  const wait = metrics.drawn + 250 - performance.now();
  if (wait > 0) {
    if (metrics.timer === null) metrics.timer = setTimeout(() => { metrics.timer = null; drawMetrics(); }, wait);
    return;
  }
  metrics.drawn = performance.now();
  const s = currentSession();
  const lat = model.latencies.slice(-1000).sort((a, b) => a - b);
  const pct = (p) => lat.length ? Math.round(lat[Math.min(lat.length - 1, Math.floor(lat.length * p))]) : 0;
  put($("metrics"), "textContent", s ? `${s.log.length} states · app→page p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms` : "");
}

// A row's one-line summary: the cause as code would write it, without the leading verb.
function rowSummary(event) {
  const text = String(event.cause.description || event.cause.summary || "");
  if (event.cause.kind === "restore" && Number.isSafeInteger(event.restoredSeq)) return `restore of #${event.restoredSeq}`;
  return text.replace(/^(apply|event|user) /, "");
}

function renderSessions() {
  const select = $("sessions");
  const ids = [...model.sessions.keys()];
  if (select.options.length !== ids.length || ids.some((id, i) => select.options[i].value !== String(id) || select.options[i].dataset.connected !== String(model.sessions.get(id).connected))) {
    select.replaceChildren(...ids.map((id) => {
      const s = model.sessions.get(id);
      const suffix = s.imported ? " (file)" : s.earlier ? " (earlier run)" : s.connected ? "" : " (gone)";
      const option = el("option", "", `${s.hello.app || "app"} #${String(id).split("-").pop()}${suffix}`);
      option.value = String(id); option.dataset.connected = String(s.connected);
      return option;
    }));
  }
  if (model.current !== null) put(select, "value", String(model.current));
  put(select, "hidden", ids.length < 2);
}

// What a row says, cell by cell: the row is drawn from it and the filter matches it, so a
// search finds what the row shows ("refused" finds a REFUSED row, "coalesced" a coalesced one).
function rowCells(entry) {
  if (entry.notice) return { seq: "!", kind: entry.level === "warning" ? "note" : "error", summary: entry.notice, timing: "", counts: "" };
  const event = entry.event;
  return {
    seq: `#${event.seq}`,
    kind: event.refusal ? `refused ${event.cause.kind}` : event.cause.kind,
    summary: rowSummary(event) + (event.refusal ? ` — ${event.refusal.message || event.refusal.code}` : "") + (event.skipped ? ` (+${event.skipped} coalesced)` : ""),
    timing: event.timing && Number.isFinite(event.timing.commitMicros) ? `${(event.timing.commitMicros / 1000).toFixed(1)} ms` : "",
    counts: `+${event.changes.added.length} −${event.changes.removed.length}`,
  };
}

function rowMatches(entry) {
  if (model.refusalsOnly && !(entry.notice ? entry.level === "error" : entry.event.refusal)) return false;
  if (!model.filter) return true;
  const cells = rowCells(entry);
  return `${cells.seq} ${cells.kind} ${cells.summary} ${cells.timing} ${cells.counts}`.toLowerCase().includes(model.filter);
}

function makeRow(s, entry) {
  const cells = rowCells(entry);
  if (entry.notice) {
    const row = el("div", `row notice ${entry.level || ""}`);
    row.setAttribute("role", "listitem");
    row.append(el("span", "seq", cells.seq), el("span", "kind", cells.kind), el("span", "summary", cells.summary), el("span", "counts", ""));
    row.title = entry.notice;
    return row;
  }
  const event = entry.event;
  const row = el("div", "row" + (event.refusal ? " refusal" : ""));
  row.setAttribute("role", "listitem");
  row.dataset.seq = String(event.seq); row.dataset.kind = event.cause.kind; row.dataset.index = String(event.index);
  const summary = cells.summary;
  row.append(el("span", "seq", cells.seq), el("span", "kind", cells.kind),
    el("span", "summary", summary), el("span", "timing", cells.timing),
    el("span", "counts", cells.counts));
  row.title = summary;
  row.onclick = () => { const i = s.log.indexOf(event); model.viewing = i === s.log.length - 1 ? null : i; safeRender(); };
  return row;
}

// MARK: The log, virtualised

// The log holds only the rows in view and a margin above and below: a session of thousands of
// events costs the page a few dozen rows, however many arrive in a burst. Every row has the
// same height (`--row-height` in inspector.css), so a row's place is its position times that
// height, and sizes are never read back after a write: the panel's and its header's come from
// resize observers, the scroll position from scroll events.
const LOG_MARGIN = 12;
const logView = {
  key: null,       // session, version and filter the rows below were listed for
  uid: null,       // the session of that key
  shown: [],       // the entries that match the filter, in order
  counted: 0,      // how many of the session's entries were looked at
  first: 0,        // the position of the first row in the DOM
  rows: [],        // the rows in the DOM, for positions first, first + 1, …
  selected: null,  // the entry of the selected event
  viewing: false,  // whether a past state was shown when the log was last drawn
  follow: true,    // live, and scrolled to the newest row: keep it there
  scrollTop: 0, height: 0, header: 0, padding: 0, rowHeight: 22,
  programmatic: null, // a scroll position the page set, whose scroll event is not the user's
  pendingScroll: null, // a scroll position to set once the frame's writes are done
};

function logPanel() { return $("log-panel"); }

// The rows' window: the positions [first, last) worth drawing at the current scroll position.
function logRange() {
  const h = logView.rowHeight;
  const total = logView.shown.length;
  const inView = Math.max(h, logView.height - logView.header);
  const first = Math.max(0, Math.min(total, Math.floor(logView.scrollTop / h) - LOG_MARGIN));
  const last = Math.max(first, Math.min(total, Math.ceil((logView.scrollTop + inView) / h) + LOG_MARGIN));
  return [first, last];
}

// The highest scroll position: the newest row at the bottom of the panel.
function logBottom() {
  return Math.max(0, logView.header + logView.shown.length * logView.rowHeight + logView.padding - logView.height);
}

// Moves the log to a scroll position. The rows are drawn for it at once; the panel is
// scrolled after the frame's other writes (``applyLogScroll``), so that setting it lays the
// page out once, not once for the scroll and again for the rows.
function scrollLog(top) {
  const value = Math.max(0, Math.min(logBottom(), Math.round(top)));
  if (Math.abs(logView.scrollTop - value) < 1 && logView.pendingScroll === null) return;
  logView.scrollTop = value;
  logView.pendingScroll = value;
}

function applyLogScroll() {
  if (logView.pendingScroll === null) return;
  const value = logView.pendingScroll;
  logView.pendingScroll = null;
  logView.programmatic = value;
  logPanel().scrollTop = value;
}

function renderLog(s, selected) {
  const log = $("log");
  const key = `${s.uid}:${s.version}:${model.filter}:${model.refusalsOnly}`;
  const sessionChanged = logView.uid !== s.uid;
  let anchor = null;
  if (logView.key !== key || logView.counted > s.entries.length) {
    // A new session, a trim, an import or another filter: the rows are listed again. A log the
    // user scrolled away from the newest row keeps the row at its top there, where it is still
    // listed; a new session starts at the newest row.
    if (!sessionChanged && !logView.follow) {
      const top = Math.floor(logView.scrollTop / logView.rowHeight);
      anchor = { entry: logView.shown[top], offset: logView.scrollTop - top * logView.rowHeight };
    }
    logView.key = key;
    logView.uid = s.uid;
    logView.shown = [];
    logView.counted = 0;
    logView.first = 0;
    logView.rows = [];
    for (const entry of s.entries) entry.row = undefined;
    $("log-rows").replaceChildren();
    logView.selected = null;
    if (sessionChanged) logView.follow = true;
  }
  const before = logView.shown.length;
  for (let i = logView.counted; i < s.entries.length; i++) if (rowMatches(s.entries[i])) logView.shown.push(s.entries[i]);
  logView.counted = s.entries.length;
  const total = logView.shown.length;
  // The count follows the filter: the rows it shows of all the session's rows.
  const filtered = model.filter || model.refusalsOnly;
  put($("log-count"), "textContent", filtered ? `(${total} of ${s.entries.length})` : `(${s.log.length})`);
  log.style.height = `${total * logView.rowHeight}px`;
  log.dataset.rows = String(total);
  log.dataset.entries = String(s.entries.length);
  if (anchor && anchor.entry) {
    const position = logView.shown.indexOf(anchor.entry);
    if (position >= 0) scrollLog(position * logView.rowHeight + anchor.offset);
  }

  if (logView.scrollTop > logBottom()) scrollLog(logBottom());
  // Back to live (Esc, Live, the newest row picked): the log follows the newest row again.
  if (model.viewing === null && logView.viewing) logView.follow = true;
  logView.viewing = model.viewing !== null;

  const event = s.log[selected];
  const entry = (event && entryOf.get(event)) || null;
  const moved = entry !== logView.selected;
  if (moved) {
    if (logView.selected && logView.selected.row) logView.selected.row.classList.remove("selected");
    if (entry && entry.row) entry.row.classList.add("selected");
    logView.selected = entry;
  }
  if (model.viewing === null) {
    // Live: the newest row stays in view while the log is scrolled to it.
    if (logView.follow && (total !== before || moved || logView.scrollTop !== logBottom())) scrollLog(logBottom());
  } else if (moved && entry) {
    // A state picked by keys or the slider: its row is brought into view.
    const position = logView.shown.indexOf(entry);
    if (position >= 0) {
      const top = position * logView.rowHeight;
      const inView = Math.max(logView.rowHeight, logView.height - logView.header);
      if (top < logView.scrollTop) scrollLog(top);
      else if (top + logView.rowHeight > logView.scrollTop + inView) scrollLog(top + logView.rowHeight - inView);
    }
  }
  drawLogRows(s);
}

// Puts the rows of the current window in the DOM: rows that stay are kept, rows that left it
// are removed and rows that entered it are made, at the top or the bottom.
function drawLogRows(s) {
  const holder = $("log-rows");
  const [first, last] = logRange();
  const oldFirst = logView.first, oldLast = logView.first + logView.rows.length;
  const make = (position) => {
    const entry = logView.shown[position];
    const row = makeRow(s, entry);
    row.dataset.pos = String(position);
    // Each row is placed on its own: rows that enter or leave the window never move the others,
    // so a burst lays out and paints only the new rows.
    row.style.top = `${position * logView.rowHeight}px`;
    if (entry === logView.selected) row.classList.add("selected");
    entry.row = row;
    return row;
  };
  if (last <= oldFirst || first >= oldLast) {
    for (const row of logView.rows) row.remove();
    for (let i = oldFirst; i < oldLast; i++) if (logView.shown[i]) logView.shown[i].row = undefined;
    const rows = [];
    for (let i = first; i < last; i++) rows.push(make(i));
    holder.replaceChildren(...rows);
    logView.rows = rows;
  } else {
    // The windows overlap: trim both ends, then grow both ends.
    const rows = logView.rows;
    for (let i = oldFirst; i < first; i++) { rows.shift().remove(); logView.shown[i].row = undefined; }
    for (let i = oldLast - 1; i >= last; i--) { rows.pop().remove(); logView.shown[i].row = undefined; }
    const above = [];
    for (let i = first; i < Math.max(first, oldFirst); i++) above.push(make(i));
    const below = [];
    for (let i = Math.max(first, oldLast); i < last; i++) below.push(make(i));
    if (above.length) { holder.prepend(...above); rows.unshift(...above); }
    if (below.length) { holder.append(...below); rows.push(...below); }
  }
  logView.first = first;
}

// The user scrolled the log: the rows of the new window are drawn, and the log follows the
// newest row again once it is scrolled to the bottom.
function logScrolled() {
  const panel = logPanel();
  const top = panel.scrollTop;
  if (logView.programmatic !== null && Math.abs(top - logView.programmatic) < 1) {
    logView.programmatic = null;
  } else {
    logView.programmatic = null;
    logView.follow = top >= logBottom() - logView.rowHeight / 2;
  }
  logView.scrollTop = top;
  const s = currentSession();
  if (s && logView.uid === s.uid) drawLogRows(s);
}

function logResized() {
  const panel = logPanel();
  logView.height = panel.clientHeight;
  logView.header = $("log-header").offsetHeight;
  logView.scrollTop = panel.scrollTop;
  const s = currentSession();
  if (s && logView.uid === s.uid) {
    if (model.viewing === null && logView.follow) scrollLog(logBottom());
    drawLogRows(s);
    applyLogScroll();
  }
}

function applyFilter() { safeRender(); }

// Draws the tree; returns each element's label by id (a Map, never a selector built from data).
function renderTree(event) {
  const tree = $("tree");
  const added = new Set(event.changes.added.map((a) => a && a.id));
  const touched = new Set(event.changes.touched);
  const visible = new Set(Array.isArray(event.visible) ? event.visible : []);
  const labels = new Map();
  const context = { focused: event.focused, visible, added, touched, labels };
  tree.replaceChildren(node(event.tree, context, 0, true, 0));
  tree.dataset.rendered = event.rendered;
  tree.dataset.seq = String(event.seq);
  const labelOf = (id) => labels.has(id) ? `${labels.get(id)} #${id}` : `#${id}`;
  put($("focused"), "textContent", labelOf(event.focused));
  put($("visible"), "textContent", (Array.isArray(event.visible) ? event.visible : []).map((id) => `#${id}`).join(", "));
  put($("url"), "textContent", typeof event.url === "string" ? event.url : "(no URL router)");
  return labels;
}

function node(n, context, depth, shown, level) {
  if (!n || typeof n !== "object" || level > 150) return el("div", "card broken", "(not drawn)");
  let out;
  const list = (value) => Array.isArray(value) ? value : [];
  switch (n.kind) {
    case "screen":
      out = el("div", "card");
      out.dataset.label = String(n.label);
      context.labels.set(n.id, String(n.label));
      out.append(el("span", "depth", String(depth)), el("span", "label", String(n.label)), el("span", "id", `#${n.id}`));
      if (n.id === context.focused) out.classList.add("focused");
      if (context.visible.has(n.id)) out.classList.add("visible");
      break;
    case "stack":
      out = el("div", "stack");
      list(n.children).forEach((child, i) => out.append(node(child, context, i, shown, level + 1)));
      break;
    case "tabs": {
      out = el("div", "tabs");
      const strip = el("div", "strip");
      const columns = el("div", "columns");
      for (const tab of list(n.tabs)) {
        if (!tab || typeof tab !== "object") continue;
        const selected = tab.id === n.selected;
        strip.append(el("span", selected ? "selected" : "", String(tab.id)));
        const column = el("div", selected ? "tab selected-tab" : "tab dimmed");
        column.dataset.tab = String(tab.id);
        column.append(node(tab.node, context, 0, shown && selected, level + 1));
        columns.append(column);
      }
      out.append(strip, columns);
      break;
    }
    case "split":
      out = el("div", "split");
      for (const column of list(n.columns)) {
        if (!column || typeof column !== "object") continue;
        const c = el("div", "column");
        c.append(el("div", "column-label", String(column.column)), node(column.node, context, 0, shown, level + 1));
        out.append(c);
      }
      break;
    default:
      out = el("div", "card", String(n.kind));
  }
  out.dataset.id = String(n.id);
  if (context.added.has(n.id)) out.classList.add("added");
  if (context.touched.has(n.id) && n.kind !== "screen") out.classList.add("touched");
  if (n.modal && typeof n.modal === "object") {
    const modal = el("div", "modal " + (n.modal.overlay ? "overlay" : "sheet"));
    modal.dataset.style = String(n.modal.style);
    modal.append(el("div", "style", String(n.modal.style)), node(n.modal.node, context, 0, shown, level + 1));
    const wrapper = el("div", "presenter");
    wrapper.append(out, modal);
    return wrapper;
  }
  return out;
}

function renderChange(log, index, labels) {
  const event = log[index];
  const change = $("change");
  change.replaceChildren();
  change.append(el("div", "cause", rowSummary(event) === String(event.cause.description || event.cause.summary || "").replace(/^(apply|event|user) /, "")
    ? String(event.cause.description || event.cause.summary || "") : rowSummary(event)));
  if (event.refusal) change.append(el("div", "refusal-text", `refused: ${event.refusal.code}${event.refusal.message ? ` — ${event.refusal.message}` : ""}`));
  if (event.timing) {
    const parts = [];
    if (Number.isFinite(event.timing.commitMicros)) parts.push(`commit ${(event.timing.commitMicros / 1000).toFixed(2)} ms`);
    if (Number.isFinite(event.timing.buildMicros)) parts.push(`provider builds ${(event.timing.buildMicros / 1000).toFixed(2)} ms`);
    if (parts.length) change.append(el("div", "timing-line", parts.join(" · ")));
  }
  const chips = el("div", "chips");
  for (const a of event.changes.added) chips.append(el("span", "chip add", `+ ${a.label} #${a.id}`));
  for (const r of event.changes.removed) chips.append(el("span", "chip remove", `− ${r.label} #${r.id}`));
  for (const t of event.changes.touched) chips.append(el("span", "chip touch", `~ ${labels && labels.has(t) ? labels.get(t) + " " : ""}#${t}`));
  change.append(chips);
  const before = index > 0 ? log[index - 1].rendered.split("\n") : [];
  const after = event.rendered.split("\n");
  const pre = el("pre", "diff");
  if (before.length * after.length > 250000) pre.append(el("span", "same", "(too long to compare)"));
  else for (const [sign, line] of diff(before, after)) pre.append(el("span", sign === "+" ? "plus" : sign === "-" ? "minus" : "same", `${sign} ${line}`));
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

// MARK: History, restore, open

function step(delta) {
  const s = model.sessions.get(model.current);
  if (!s || !s.log.length) return;
  const last = s.log.length - 1;
  const index = Math.max(0, Math.min(last, (model.viewing === null ? last : model.viewing) + delta));
  model.viewing = index === last ? null : index;
  safeRender();
}

function restore() {
  const s = model.sessions.get(model.current);
  if (!s || model.viewing === null || !socket) return;
  const event = s.log[model.viewing];
  if (!event || !Number.isSafeInteger(event.index)) return;
  setRestoreStatus("asking…");
  socket.send(JSON.stringify({ type: "restore", session: s.id, index: event.index }));
}

function openURL() {
  const s = model.sessions.get(model.current);
  const url = $("open-url-text").value.trim();
  if (!s || !socket || !url || typeof s.id !== "number") return;
  setRestoreStatus("asking…");
  socket.send(JSON.stringify({ type: "open", session: s.id, url }));
}

// MARK: Export, import

function exportSession() {
  const s = model.sessions.get(model.current);
  if (!s) return;
  const file = { format: "destinations-session", protocol: PAGE_PROTOCOL, exported: new Date().toISOString(), hello: s.hello, graph: s.graph, log: s.log };
  const blob = new Blob([JSON.stringify(file, (key, value) => key === "row" ? undefined : value, 1)], { type: "application/json" });
  const link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${String(s.hello.app || "app").replace(/[^A-Za-z0-9_-]/g, "")}.destinations-session.json`;
  document.body.append(link); link.click(); link.remove();
}

function importSession(text) {
  let file;
  try { file = JSON.parse(text); } catch (error) { showError(`not a session file: ${error.message}`); return; }
  if (!file || file.format !== "destinations-session" || !Array.isArray(file.log)) { showError("not a session file"); return; }
  const id = `imported-${Date.now()}`;
  const hello = file.hello && typeof file.hello === "object" ? file.hello : {};
  // The graph's drawing is rebuilt from an allow-list when drawn; its other parts are text.
  const graph = file.graph && typeof file.graph === "object" ? { svg: file.graph.svg, mermaid: file.graph.mermaid, legend: file.graph.legend, note: file.graph.note } : null;
  const s = { id, uid: nextUid++, imported: true, hello: { ...hello, canRestore: false }, graph, connected: false, log: [], entries: [], version: 0 };
  model.sessions.set(id, s);
  file.log.forEach((event, index) => { if (event && typeof event === "object") event.index = index; addEvent(s, event); });
  model.current = id; model.viewing = null;
  safeRender();
}

// MARK: Wiring

window.addEventListener("DOMContentLoaded", () => {
  $("prev").onclick = () => step(-1);
  $("next").onclick = () => step(1);
  $("live").onclick = () => { model.viewing = null; safeRender(); };
  $("history").oninput = (e) => { const s = model.sessions.get(model.current); const v = Number(e.target.value); model.viewing = s && v === s.log.length - 1 ? null : v; safeRender(); };
  $("restore").onclick = restore;
  $("open-url").onclick = openURL;
  $("open-url-text").onkeydown = (e) => { if (e.key === "Enter") openURL(); };
  $("sessions").onchange = (e) => { const v = e.target.value; model.current = model.sessions.has(Number(v)) ? Number(v) : v; model.viewing = null; $("graph").dataset.key = ""; safeRender(); };
  $("export").onclick = exportSession;
  $("import").onchange = async (e) => { const f = e.target.files[0]; if (f) importSession(await f.text()); e.target.value = ""; };
  $("copy-test").onclick = copyAsTest;
  $("copy-url").onclick = () => navigator.clipboard && navigator.clipboard.writeText($("url").textContent).catch(() => {});
  $("hide-root").onchange = safeRender;
  const panel = logPanel();
  logView.rowHeight = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--row-height")) || 22;
  logView.padding = parseFloat(getComputedStyle(panel).paddingBottom) || 0;
  logResized();
  panel.addEventListener("scroll", logScrolled, { passive: true });
  const resized = new ResizeObserver(logResized);
  resized.observe(panel);
  resized.observe($("log-header"));
  $("log-filter").oninput = (e) => { model.filter = e.target.value.trim().toLowerCase(); applyFilter(); };
  $("refusals-only").onchange = (e) => { model.refusalsOnly = e.target.checked; applyFilter(); };
  $("graph-fit").onclick = fitGraph;
  $("graph-zoom-in").onclick = () => zoomGraph(1.25);
  $("graph-zoom-out").onclick = () => zoomGraph(1 / 1.25);
  // Links inside a drawing never navigate, whatever the drawing holds.
  $("graph").addEventListener("click", (e) => { if (e.target.closest && e.target.closest("a")) e.preventDefault(); }, true);
  $("connect-command").textContent = `DESTINATIONS_INSPECTOR=http://${location.host} DESTINATIONS_INSPECTOR_TOKEN=${token} <your app>`;
  $("connect-example").textContent = `swift run NotesExample --inspect http://${location.host} --token ${token}`;
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
    if (e.key === "ArrowLeft") step(-1); else if (e.key === "ArrowRight") step(1);
    else if (e.key === "Escape") { model.viewing = null; safeRender(); }
  });
  setStatus();
  safeRender();
  connect();
});

// The session whose graph this page told the server it shows: the server sends a drawing only
// to the pages that show it, so a hidden tab or another session's page costs it nothing.
let viewSent;
function tellView() {
  const want = document.hidden || typeof model.current !== "number" ? null : model.current;
  if (!socket || socket.readyState !== WebSocket.OPEN || viewSent === want) return;
  viewSent = want;
  socket.send(JSON.stringify({ type: "view", session: want }));
}
document.addEventListener("visibilitychange", tellView);
