// hexrules square-grid board: draws cells, shades and marks it is given as SVG and reports
// clicks on a cell to Python. It draws what the traits say and decides nothing.
//
// Traits: cols, rows, cell (px a square), cells (one fill colour a square, row by row),
// tips (one hover text a square), shade ([{col, row, fill, opacity, cls}]), marks ([{col,
// row, text, fill, stroke, shape: "square" | "circle", facing: 0-7 | null, cls, title}]),
// lines ([{points: [[col, row], ...], stroke, width, dash, cls}]).
// Every square is a <rect class="hexrules-square hexrules-square-C-R">, so a browser test
// can click it by name; a click anywhere in a square (a mark included) sends
// {event: "click", col, row}.

const NS = "http://www.w3.org/2000/svg";

function make(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  return e;
}

function render({ model, el }) {
  el.classList.add("hexrules-grid-board");
  const info = document.createElement("div");
  info.className = "hexrules-grid-info";
  info.textContent = "\u00a0";
  const box = document.createElement("div");
  box.className = "hexrules-grid-box";
  box.style.overflow = "auto";
  el.append(info, box);
  const svg = make("svg", {});
  box.append(svg);
  const base = make("g", { class: "hexrules-grid-cells" });
  const shade = make("g", { class: "hexrules-grid-shade", "pointer-events": "none" });
  const lines = make("g", { class: "hexrules-grid-lines", "pointer-events": "none" });
  const marks = make("g", { class: "hexrules-grid-marks" });
  svg.append(base, shade, lines, marks);

  const at = (c, r) => [c * model.get("cell"), r * model.get("cell")];

  function drawCells() {
    const cols = model.get("cols"), rows = model.get("rows"), k = model.get("cell");
    const fills = model.get("cells");
    svg.setAttribute("width", cols * k);
    svg.setAttribute("height", rows * k);
    svg.setAttribute("viewBox", `0 0 ${cols * k} ${rows * k}`);
    base.replaceChildren();
    const frag = document.createDocumentFragment();
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        frag.append(make("rect", {
          x: c * k, y: r * k, width: k, height: k, fill: fills[r * cols + c] || "#eeeeee",
          class: `hexrules-square hexrules-square-${c}-${r}`, "data-col": c, "data-row": r,
        }));
      }
    }
    base.append(frag);
  }

  function drawShade() {
    const k = model.get("cell");
    shade.replaceChildren(...model.get("shade").map((s) => {
      const [x, y] = at(s.col, s.row);
      return make("rect", { x, y, width: k, height: k, fill: s.fill || "#ffeb3b",
        "fill-opacity": s.opacity ?? 0.45, class: `hexrules-shade ${s.cls || ""}` });
    }));
  }

  function drawLines() {
    const k = model.get("cell");
    lines.replaceChildren(...model.get("lines").map((l) => make("polyline", {
      points: l.points.map(([c, r]) => `${(c + 0.5) * k},${(r + 0.5) * k}`).join(" "),
      fill: "none", stroke: l.stroke || "#333", "stroke-width": l.width || 1,
      "stroke-dasharray": l.dash, class: `hexrules-line ${l.cls || ""}`,
    })));
  }

  function drawMarks() {
    const k = model.get("cell");
    marks.replaceChildren(...model.get("marks").map((m) => {
      const g = make("g", { class: `hexrules-mark ${m.cls || ""}`, "data-col": m.col,
        "data-row": m.row });
      const [x, y] = at(m.col, m.row);
      const cx = x + k / 2, cy = y + k / 2;
      const shape = m.shape === "circle"
        ? make("circle", { cx, cy, r: k * 0.46 })
        : make("rect", { x: x + k * 0.06, y: y + k * 0.06, width: k * 0.88, height: k * 0.88 });
      shape.setAttribute("fill", m.fill || "#555");
      shape.setAttribute("stroke", m.stroke || "#fff");
      shape.setAttribute("stroke-width", m.stroke_width || 1);
      g.append(shape);
      if (m.facing !== null && m.facing !== undefined) {
        const a = (m.facing * Math.PI) / 4;
        g.append(make("line", { x1: cx, y1: cy, x2: cx + Math.sin(a) * k * 0.75,
          y2: cy - Math.cos(a) * k * 0.75, stroke: m.stroke || "#fff", "stroke-width": 1.5 }));
      }
      if (m.text) {
        const t = make("text", { x: cx, y: cy + k * 0.18, "text-anchor": "middle",
          "font-size": k * 0.5, fill: "#fff", "font-family": "DejaVu Sans, Arial, sans-serif" });
        t.textContent = m.text;
        g.append(t);
      }
      if (m.title) {
        const tt = make("title", {});
        tt.textContent = m.title;
        g.append(tt);
      }
      return g;
    }));
  }

  function cellOf(target) {
    const e = target.closest("[data-col]");
    return e ? [Number(e.dataset.col), Number(e.dataset.row)] : null;
  }
  svg.addEventListener("click", (ev) => {
    const c = cellOf(ev.target);
    if (c) model.send({ event: "click", col: c[0], row: c[1] });
  });
  svg.addEventListener("mousemove", (ev) => {
    const c = cellOf(ev.target);
    if (!c) return;
    const tips = model.get("tips");
    info.textContent = tips[c[1] * model.get("cols") + c[0]] || `(${c[0]}, ${c[1]})`;
  });

  drawCells(); drawShade(); drawLines(); drawMarks();
  model.on("change:cells", drawCells);
  model.on("change:cols", drawCells);
  model.on("change:rows", drawCells);
  model.on("change:cell", () => { drawCells(); drawShade(); drawLines(); drawMarks(); });
  model.on("change:shade", drawShade);
  model.on("change:lines", drawLines);
  model.on("change:marks", drawMarks);
}

export default { render };
