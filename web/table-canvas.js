// The table drawn on a canvas: the LEDs in their real layout with their glow, each seat's panel on its
// plate with its name, and the game's labels (card names, room coordinates). Self-contained: it takes a
// table's shape (webtable.shape(): LED geometry in LED pitches, panels, seats), a frame of LED colours and
// the labels, and draws them; the browser table (app.js) and a seat's page use the same module.
// It draws what `nightboard snapshot` draws (host/nightboard_host/drawings/snapshot.py), in the same colours.

export const COLOURS = {
  tableTop: "rgb(17,13,12)",
  plate: "rgb(34,30,36)",
  emptySlot: "rgb(58,50,56)",
  labelDim: "rgb(120,112,118)",
  label: "rgb(232,222,200)",
  unlitRim: "rgb(78,72,76)",
  hand: "rgb(8,8,10)",
};
export const MARGIN = 2.4; // LED pitches of room around the outermost LEDs, for the panels' labels
export const DOT = 0.3; // LED dot radius in LED pitches
export const GLOW = 0.8; // glow radius in LED pitches

// Where each LED goes on a size x size canvas: {scale, px(x, y) -> [x, y], pos: Map led -> [x, y]}.
export function placement(shape, size) {
  const pos = new Map();
  let half = 0;
  for (const [led, x, y] of shape.geometry) {
    pos.set(led, [x, y]);
    half = Math.max(half, Math.abs(x), Math.abs(y));
  }
  half += MARGIN;
  const scale = size / (2 * half);
  return { pos, scale, size, px: (x, y) => [size / 2 + x * scale, size / 2 + y * scale] };
}

function rgbOf(frame, led) {
  const j = 3 * led;
  return [frame[j] || 0, frame[j + 1] || 0, frame[j + 2] || 0];
}

const css = (c, a = 1) => (a === 1 ? `rgb(${c[0]},${c[1]},${c[2]})` : `rgba(${c[0]},${c[1]},${c[2]},${a})`);

function rotatedRect(ctx, cx, cy, ax, ay, halfA, halfB) {
  const bx = -ay, by = ax;
  ctx.beginPath();
  [[1, 1], [1, -1], [-1, -1], [-1, 1]].forEach(([sa, sb], i) => {
    const x = cx + sa * halfA * ax + sb * halfB * bx, y = cy + sa * halfA * ay + sb * halfB * by;
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  });
  ctx.closePath();
}

function textAt(ctx, text, x, y, angle, px, fill, stroke) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.font = `${Math.max(6, Math.round(px))}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  if (stroke) {
    ctx.lineWidth = Math.max(2, px / 5);
    ctx.strokeStyle = stroke;
    ctx.strokeText(text, 0, 0);
  }
  ctx.fillStyle = fill;
  ctx.fillText(text, 0, 0);
  ctx.restore();
}

// Each seat's panel: a plate under its blood and status LEDs, outlined in its colour while it plays, its
// name outside; a hooded plate under a private hand panel.
export function drawPanels(ctx, shape, place, players) {
  const s = place.scale;
  shape.panels.forEach((panel, p) => {
    const first = place.pos.get(panel.blood[0]), last = place.pos.get(panel.status[1]);
    if (!first || !last) return;
    let ax = last[0] - first[0], ay = last[1] - first[1];
    const n = Math.hypot(ax, ay) || 1;
    ax /= n; ay /= n;
    const mx = (first[0] + last[0]) / 2, my = (first[1] + last[1]) / 2;
    const m = Math.hypot(mx, my) || 1;
    const ux = mx / m, uy = my / m; // outwards from the table's centre
    const playing = p < players;
    const col = playing ? css(panel.colour) : COLOURS.emptySlot;
    const [cx, cy] = place.px(mx, my);
    rotatedRect(ctx, cx, cy, ax, ay, (n / 2 + 0.55) * s, 0.6 * s);
    ctx.fillStyle = COLOURS.plate;
    ctx.fill();
    ctx.lineWidth = Math.max(1, 0.06 * s);
    ctx.strokeStyle = col;
    ctx.stroke();
    // text upright for the seated player, who looks towards the centre
    const angle = Math.atan2(-ux, uy);
    const b0 = place.pos.get(panel.blood[0]), b1 = place.pos.get(panel.blood[1]);
    const s0 = place.pos.get(panel.status[0]), s1 = place.pos.get(panel.status[1]);
    const [bx, by] = place.px((b0[0] + b1[0]) / 2 + ux * 1.25, (b0[1] + b1[1]) / 2 + uy * 1.25);
    const [sx, sy] = place.px((s0[0] + s1[0]) / 2 + ux * 1.25, (s0[1] + s1[1]) / 2 + uy * 1.25);
    textAt(ctx, playing ? panel.name : panel.name + " (empty seat)", bx, by, angle, 0.6 * s,
           playing ? col : COLOURS.labelDim, "black");
    textAt(ctx, "status", sx, sy, angle, 0.42 * s, COLOURS.labelDim);
    if (panel.hand) {
      const [h0, h1, h2, w, h] = panel.hand;
      const a = place.pos.get(h0), b = place.pos.get(h1), c = place.pos.get(h2);
      let hx = b[0] - a[0], hy = b[1] - a[1];
      const hn = Math.hypot(hx, hy) || 1;
      hx /= hn; hy /= hn;
      const [pcx, pcy] = place.px((a[0] + c[0]) / 2, (a[1] + c[1]) / 2);
      rotatedRect(ctx, pcx, pcy, hx, hy, (w / 2 + 0.1) * s, (h / 2 + 0.1) * s);
      ctx.fillStyle = COLOURS.hand;
      ctx.fill();
      ctx.lineWidth = Math.max(1, 0.04 * s);
      ctx.strokeStyle = col;
      ctx.stroke();
    }
  });
}

// The LEDs: a soft glow of every lit one, then crisp dots whose centres carry the exact frame colours.
export function drawLeds(ctx, place, frame) {
  const s = place.scale;
  ctx.save();
  ctx.globalCompositeOperation = "lighter";
  for (const [led, [x0, y0]] of place.pos) {
    const c = rgbOf(frame, led);
    if (!c[0] && !c[1] && !c[2]) continue;
    const [x, y] = place.px(x0, y0);
    const r = GLOW * s * 1.4;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, css(c.map((v) => (v * 3) >> 2), 0.9));
    g.addColorStop(0.45, css(c.map((v) => (v * 3) >> 2), 0.35));
    g.addColorStop(1, css(c, 0));
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
  }
  ctx.restore();
  const r = Math.max(2, DOT * s);
  for (const [led, [x0, y0]] of place.pos) {
    const c = rgbOf(frame, led);
    const [x, y] = place.px(x0, y0);
    const lit = c[0] || c[1] || c[2];
    ctx.beginPath();
    ctx.arc(x, y, r + 1.5, 0, 2 * Math.PI);
    ctx.fillStyle = lit ? css(c.map((v) => Math.min(255, (v >> 1) + 40))) : COLOURS.unlitRim;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = css(c);
    ctx.fill();
  }
}

// The game's labels: [[leds], name, short], each beside its LEDs (outwards on a ring, under them on a grid).
export function drawLabels(ctx, shape, place, labels) {
  const s = place.scale;
  for (const [leds, name, short] of labels || []) {
    const pts = leds.map((l) => place.pos.get(l)).filter(Boolean);
    if (!pts.length) continue;
    const x = pts.reduce((a, p) => a + p[0], 0) / pts.length, y = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    if (shape.kind === "ring") {
      const m = Math.hypot(x, y) || 1;
      const [px, py] = place.px(x - (x / m) * 1.3, y - (y / m) * 1.3); // inside the ring, towards the centre
      textAt(ctx, name, px, py, 0, 0.5 * s, COLOURS.label, "black");
    } else {
      const [px, py] = place.px(x, y + 0.55);
      textAt(ctx, short || name, px, py, 0, 0.3 * s, COLOURS.label, "black");
    }
  }
}

// The whole table on `canvas` (its width is the size): the table top, panels, labels, LEDs.
// frame: the LED colours, 3 bytes an LED (Uint8Array or array); players: seats playing (their plates lit).
export function drawTable(canvas, shape, frame, { labels = [], players = 0 } = {}) {
  const size = canvas.width;
  const ctx = canvas.getContext("2d");
  const place = placement(shape, size);
  ctx.fillStyle = COLOURS.tableTop;
  ctx.fillRect(0, 0, size, size);
  drawPanels(ctx, shape, place, players);
  drawLeds(ctx, place, frame);
  drawLabels(ctx, shape, place, labels);
  return place;
}

// Hex text ("ff0000...") to bytes: the form the table's frame crosses from Python.
export function hexToBytes(hex) {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}
