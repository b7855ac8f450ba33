// The flow graph: an SVG drawing rebuilt element by element from an allow-list (no markup from
// a session is ever imported as it is), with fit, zoom and pan.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
// Graphviz's drawing uses these; anything else (a link, a form, foreignObject, an image, a
// script, a style) is left out. A link's children stay, as a group that goes nowhere.
const SVG_ELEMENTS = new Set(["svg", "g", "title", "path", "polygon", "polyline", "ellipse", "circle", "line", "rect", "text", "tspan"]);
const SVG_ATTRIBUTES = new Set(["class", "transform", "d", "points", "cx", "cy", "rx", "ry", "r", "x", "y", "x1", "y1", "x2", "y2",
  "width", "height", "viewBox", "fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity", "fill-opacity", "opacity",
  "font-family", "font-size", "font-weight", "font-style", "text-anchor", "preserveAspectRatio", "dx", "dy"]);
// Values that could reach outside the drawing (url(#…), javascript:, expressions) are dropped.
const SVG_UNSAFE_VALUE = /url\s*\(|javascript:|expression\s*\(|[<>]|@import/i;

// A copy of a drawing with only allowed elements and attributes; null when it is not an SVG.
function sanitizeSvg(text) {
  if (typeof text !== "string" || text.length > 16 * 1024 * 1024) return null;
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== "svg" || parsed.querySelector("parsererror")) return null;
  return copySvg(root, 0);
}

function copySvg(node, depth) {
  if (depth > 64) return null;
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.textContent);
  if (node.nodeType !== Node.ELEMENT_NODE || node.namespaceURI !== SVG_NS) return null;
  const name = node.localName;
  const isLink = name === "a";
  if (!isLink && !SVG_ELEMENTS.has(name)) return null;
  const out = document.createElementNS(SVG_NS, isLink ? "g" : name);
  if (!isLink) {
    for (const attribute of node.attributes) {
      if (attribute.namespaceURI !== null) continue;
      const value = attribute.value;
      if (attribute.name === "id") {
        // Drawn ids the hub gave (n3, e7) map back to routes; they never become element ids.
        if (/^[ne]\d{1,6}$/.test(value)) out.dataset.gid = value;
        continue;
      }
      if (!SVG_ATTRIBUTES.has(attribute.name) || SVG_UNSAFE_VALUE.test(value)) continue;
      if (attribute.name === "class" && !/^[a-z ]{0,40}$/.test(value)) continue;
      out.setAttribute(attribute.name, value);
    }
  }
  for (const child of node.childNodes) {
    const copied = copySvg(child, depth + 1);
    if (copied) out.append(copied);
  }
  return out;
}

// MARK: Fit, zoom, pan

const graphView = { base: null, box: null, drag: null };

function setViewBox(svg, box) {
  graphView.box = box;
  svg.setAttribute("viewBox", box.map((n) => n.toFixed(1)).join(" "));
  const zoom = graphView.base ? graphView.base[2] / box[2] : 1;
  $("graph").dataset.zoom = zoom.toFixed(2);
}

function fitGraph() {
  const svg = $("graph").querySelector("svg");
  if (!svg || !graphView.base) return;
  setViewBox(svg, graphView.base.slice());
}

function zoomGraph(factor, cx, cy) {
  const svg = $("graph").querySelector("svg");
  if (!svg || !graphView.box) return;
  const [x, y, w, h] = graphView.box;
  const px = cx === undefined ? x + w / 2 : cx;
  const py = cy === undefined ? y + h / 2 : cy;
  const nw = Math.min(graphView.base[2] * 4, Math.max(graphView.base[2] / 20, w / factor));
  const scale = nw / w;
  setViewBox(svg, [px - (px - x) * scale, py - (py - y) * scale, nw, h * scale]);
}

// Makes a freshly drawn SVG fill the panel, fitted, and ready for wheel zoom and drag pan.
function prepareGraph(svg) {
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  const width = parseFloat(svg.getAttribute("width")) || 800;
  const height = parseFloat(svg.getAttribute("height")) || 600;
  graphView.base = box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0 ? box : [0, 0, width, height];
  svg.setAttribute("width", "100%");
  svg.setAttribute("height", "100%");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  setViewBox(svg, graphView.base.slice());
  const point = (event) => {
    const rect = svg.getBoundingClientRect();
    const [x, y, w, h] = graphView.box;
    const scale = Math.max(w / rect.width, h / rect.height);
    const offsetX = (rect.width - w / scale) / 2;
    const offsetY = (rect.height - h / scale) / 2;
    return [x + (event.clientX - rect.left - offsetX) * scale, y + (event.clientY - rect.top - offsetY) * scale, scale];
  };
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const [px, py] = point(event);
    zoomGraph(event.deltaY < 0 ? 1.2 : 1 / 1.2, px, py);
  }, { passive: false });
  svg.addEventListener("pointerdown", (event) => {
    graphView.drag = { x: event.clientX, y: event.clientY, box: graphView.box.slice(), scale: point(event)[2] };
    svg.setPointerCapture(event.pointerId);
  });
  svg.addEventListener("pointermove", (event) => {
    const drag = graphView.drag;
    if (!drag) return;
    setViewBox(svg, [drag.box[0] - (event.clientX - drag.x) * drag.scale, drag.box[1] - (event.clientY - drag.y) * drag.scale, drag.box[2], drag.box[3]]);
  });
  const end = () => { graphView.drag = null; };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
}

// MARK: Drawing and lighting

function renderGraph(s, event, current) {
  tellView();
  const graph = $("graph");
  const g = s.graph || null;
  const key = `${s.id}:${g ? `${(g.svg || "").length}:${(g.mermaid || "").length}:${g.note || ""}` : "none"}`;
  if (graph.dataset.key !== key) {
    graph.dataset.key = key;
    graph.replaceChildren();
    const svg = g && g.svg ? sanitizeSvg(g.svg) : null;
    if (svg) {
      graph.append(svg);
      graph.dataset.kind = "svg";
      prepareGraph(svg);
    } else if (g && typeof g.mermaid === "string" && g.mermaid) {
      if (g.note) graph.append(el("p", "note", String(g.note)));
      else if (g.drawn) graph.append(el("p", "note", "the drawing is on its way"));
      graph.append(el("pre", "mermaid", g.mermaid));
      graph.dataset.kind = "mermaid";
    } else {
      graph.append(el("p", "note", g && g.note ? String(g.note) : g && g.svg ? "the drawing could not be read" : "no graph from this app"));
      graph.dataset.kind = "none";
    }
  }
  if (!event) return;
  const legend = g && g.legend && Array.isArray(g.legend.nodes) && Array.isArray(g.legend.edges) ? g.legend : null;
  const focusedRoute = focusedName(event.tree, event.focused);
  const edge = current && current.cause && current.cause.edge;
  const hideRoot = $("hide-root").checked;
  const roots = new Set((s.hello.graph && Array.isArray(s.hello.graph.entryRoutes) && s.hello.graph.entryRoutes) || []);
  if (legend) {
    const nodes = new Map(legend.nodes.map((n) => [n.id, n]));
    const edges = new Map(legend.edges.map((e) => [e.id, e]));
    for (const node of graph.querySelectorAll("g.node")) {
      const entry = nodes.get(node.dataset.gid);
      node.classList.toggle("current", !!entry && entry.name === focusedRoute);
      // Hovering names the route, or the routes a folded box stands for, never an internal id.
      if (entry) setTitle(node, Array.isArray(entry.sources) && entry.sources.length ? `${entry.sources.length} routes: ${entry.sources.join(", ")}` : String(entry.name));
    }
    for (const line of graph.querySelectorAll("g.edge")) {
      const entry = edges.get(line.dataset.gid);
      const pairs = entry && Array.isArray(entry.pairs) ? entry.pairs : [];
      if (entry) setTitle(line, `${pairs.map((p) => Array.isArray(p) ? `${p[0]} → ${p[1]}` : "").join(", ")}\n${Array.isArray(entry.labels) ? entry.labels.join("\n") : ""}`);
      line.classList.toggle("taken", !!edge && pairs.some((p) => Array.isArray(p) && p[0] === edge.from && p[1] === edge.to));
      line.classList.toggle("hidden", hideRoot && pairs.length > 0 && pairs.every((p) => Array.isArray(p) && roots.has(p[1])));
    }
  } else {
    // A drawing from an older file: its titles name routes and edges.
    for (const node of graph.querySelectorAll("g.node")) {
      const title = node.querySelector("title");
      node.classList.toggle("current", !!title && title.textContent === focusedRoute);
    }
    const taken = edge ? `${edge.from}->${edge.to}` : null;
    for (const line of graph.querySelectorAll("g.edge")) {
      const title = line.querySelector("title");
      const text = title ? title.textContent : "";
      line.classList.toggle("taken", text === taken);
      line.classList.toggle("hidden", hideRoot && roots.has(text.split("->")[1]));
    }
  }
}

// Sets the hover text of a drawn node or edge (its SVG <title>), written only when it changes.
function setTitle(g, text) {
  let title = g.querySelector(":scope > title");
  if (!title) { title = document.createElementNS("http://www.w3.org/2000/svg", "title"); g.prepend(title); }
  if (title.textContent !== text) title.textContent = text;
}

function focusedName(tree, id) {
  let found = null;
  (function walk(n, depth) {
    if (!n || typeof n !== "object" || found || depth > 200) return;
    if (n.id === id && n.kind === "screen") { found = n.name; return; }
    if (Array.isArray(n.children)) n.children.forEach((c) => walk(c, depth + 1));
    if (Array.isArray(n.tabs)) n.tabs.forEach((t) => walk(t && t.node, depth + 1));
    if (Array.isArray(n.columns)) n.columns.forEach((c) => walk(c && c.node, depth + 1));
    if (n.modal) walk(n.modal.node, depth + 1);
  })(tree, 0);
  return found;
}
