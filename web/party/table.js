// The table page of `nightboard party`: the board's public frames drawn in their real layout, the words, the
// log, whose turn it is, each seat's join code, and the start of a game. Everything comes pushed (server-sent
// events); each message is whole, so a reconnect is right at once.
import { drawTable, hexToBytes } from "/static/table-canvas.js";

const config = JSON.parse(document.getElementById("config").textContent);
const $ = (id) => document.getElementById(id);
const canvas = $("table");
let frame = new Uint8Array(0);
let info = { labels: [], players: 0 };
let drawn = false;

function draw() {
  drawn = false;
  if (config.shape) drawTable(canvas, config.shape, frame, { labels: info.labels, players: info.players });
}
function later() {
  if (!drawn) { drawn = true; requestAnimationFrame(draw); }
}

function fill(list, items, make) {
  list.replaceChildren(...items.map(make));
}
function li(text) {
  const e = document.createElement("li");
  e.textContent = text;
  return e;
}

function showTable(t) {
  info = t;
  $("status").textContent = t.status || "";
  $("title").textContent = t.title || (t.mode === "menu" ? "Start menu" : t.mode || "");
  $("turn").textContent = t.over ? "The game is over." : "";
  fill($("describe"), t.describe, li);
  fill($("log"), t.log.slice(-40), ([turn, words]) => li(turn ? `${turn}: ${words}` : words));
  $("log").scrollTop = $("log").scrollHeight;
  $("start").hidden = (!!t.game && !t.over) || t.mode === "resume_ask";
  $("resume").hidden = t.mode !== "resume_ask"; // the board asks after a power cut: its ok or its move
  later();
}

const shown = new Set(); // seats whose code is shown although their page is open
function showJoins(joins) {
  fill($("joins"), joins, (j) => {
    const box = document.createElement("div");
    box.className = "join";
    box.dataset.seat = j.seat;
    const panel = config.shape && config.shape.panels[j.seat];
    if (panel) box.style.borderTopColor = `rgb(${panel.colour.join(",")})`;
    const head = document.createElement("h3");
    if (j.role !== "person") { // no code: the board plays this seat, or it is not in this game
      box.classList.add("no-code");
      head.textContent = j.name;
      const why = document.createElement("p");
      why.className = "role";
      why.textContent = j.role === "board" ? `The board plays ${j.name}.` : `${j.name} is not in this game.`;
      box.append(head, why);
      return box;
    }
    head.textContent = j.name + (j.open ? " (joined)" : "");
    const code = document.createElement("div");
    code.className = "code";
    const qr = document.createElement("div");
    qr.innerHTML = j.qr; // our own server's SVG of the seat's address
    const link = document.createElement("a");
    link.href = j.url;
    link.textContent = j.url;
    link.target = "_blank";
    link.rel = "noreferrer";
    code.append(qr, link);
    // once the seat's page is open, its code hides (nobody else should scan it): "Show code" to rejoin
    code.hidden = j.open > 0 && !shown.has(j.seat);
    const show = document.createElement("button");
    show.type = "button";
    show.textContent = code.hidden ? "Show code" : "Hide code";
    show.addEventListener("click", () => {
      if (code.hidden) shown.add(j.seat); else shown.delete(j.seat);
      code.hidden = !code.hidden;
      show.textContent = code.hidden ? "Show code" : "Hide code";
    });
    const renew = document.createElement("button");
    renew.type = "button";
    renew.textContent = "New code";
    renew.addEventListener("click", () => post("renew", { seat: j.seat }));
    box.append(head, code, show, renew);
    return box;
  });
}

async function post(what, body) {
  const r = await fetch(`/t/${config.token}/${what}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const reply = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  return r.ok ? null : reply.error;
}

$("carry-on").addEventListener("click", () => post("button", { player: 0, role: "ok" }));
$("afresh").addEventListener("click", () => post("button", { player: 0, role: "move" }));

// the start form: the games' facts, as the protocol's `start` takes them
const games = new Map(config.games.map((g) => [g.name, g]));
function fillGame() {
  const g = games.get($("game").value);
  fill($("players"), Array.from({ length: g.players[1] - g.players[0] + 1 }, (_, i) => g.players[0] + i), (n) => {
    const o = document.createElement("option");
    o.value = o.textContent = n;
    return o;
  });
  fill($("options"), g.options, ([opt, values]) => {
    const label = document.createElement("label");
    label.textContent = opt.replace(/_/g, " ") + " ";
    const sel = document.createElement("select");
    sel.name = opt;
    values.forEach((v, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = String(v);
      sel.append(o);
    });
    label.append(sel);
    return label;
  });
}
fill($("game"), config.games, (g) => {
  const o = document.createElement("option");
  o.value = g.name;
  o.textContent = g.title;
  return o;
});
$("game").addEventListener("change", fillGame);
fillGame();
$("start").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const g = games.get($("game").value);
  const body = { game: g.name, players: Number($("players").value) };
  for (const [opt, values] of g.options) body[opt] = values[Number($("options").querySelector(`[name=${opt}]`).value)];
  $("start-button").disabled = true;
  $("start-error").textContent = (await post("start", body)) || "";
  $("start-button").disabled = false;
});

function connect() {
  const es = new EventSource(`/t/${config.token}/events`);
  es.addEventListener("frame", (e) => { frame = hexToBytes(JSON.parse(e.data).leds); later(); });
  es.addEventListener("table", (e) => showTable(JSON.parse(e.data)));
  es.addEventListener("joins", (e) => showJoins(JSON.parse(e.data)));
  es.addEventListener("gone", () => { es.close(); $("status").textContent = "This table page's address is no longer valid."; });
  es.onopen = () => { if ($("status").dataset.lost) { $("status").dataset.lost = ""; $("status").textContent = info.status || ""; } };
  es.onerror = () => {
    $("status").dataset.lost = "1";
    $("status").textContent = "Lost the party's server: reconnecting...";
    if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
  };
}
showJoins(config.joins);
draw();
connect();
