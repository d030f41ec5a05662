// The browser table: MicroPython's WebAssembly port runs the board's firmware (bundle.json: the same files as
// on a Pico, plus web/py/webtable.py), one frame per animation callback; the page draws the frame
// (table-canvas.js), shows the side panel and the log, and turns mouse, touch and keys into button presses.
// Saves live in localStorage (the table's own save and resume code, behind the hal's storage interface);
// random bytes come from crypto.getRandomValues. Nothing is fetched but this site's own files.

import { drawTable, hexToBytes } from "./table-canvas.js";

const ROLES = ["mode", "move", "look", "ok"];
const KEY_ROWS = ["qwer", "asdf", "zxcv", "uiop", "hjkl", "bnm,"]; // the terminal's keys (terminal/view.py)
const SHIFTED = { ",": "<" };
const LONG_MS = 1000; // Shift+key holds the button this long: a long press
const MAX_STEP_MS = 100; // a frame never moves the clock further (a hidden tab comes back calmly)
const PANEL_EVERY_MS = 120;
const STORE_ROOT = "nightboard/"; // localStorage keys: nightboard/<profile>/<the table's name for it>

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

// The table's storage over localStorage, one namespace per profile (each table keeps its own save).
export function localStore(profile) {
  const root = STORE_ROOT + profile + "/";
  return {
    get: (k) => localStorage.getItem(root + k),
    set: (k, v) => localStorage.setItem(root + k, v),
    remove: (k) => localStorage.removeItem(root + k),
    keys: () => JSON.stringify(Object.keys(localStorage).filter((k) => k.startsWith(root)).map((k) => k.slice(root.length))),
  };
}

export function randomHex(n) {
  const b = new Uint8Array(n);
  crypto.getRandomValues(b);
  return Array.from(b, (v) => v.toString(16).padStart(2, "0")).join("");
}

function fail(message) {
  $("status").textContent = message;
  $("status").className = "status error";
  window.nightboard = { error: message };
  throw new Error(message);
}

async function loadRuntime() {
  const started = performance.now();
  const [{ loadMicroPython }, bundle] = await Promise.all([
    import("./mp/micropython.mjs"),
    fetch("bundle.json").then((r) => (r.ok ? r.json() : fail("bundle.json: " + r.status + " (build the site with make web)"))),
  ]);
  const mp = await loadMicroPython({
    heapsize: bundle.heapsize, url: "mp/micropython.wasm", stdout: (l) => console.log(l), stderr: (l) => console.error(l),
  });
  for (const [path, text] of Object.entries(bundle.files)) {
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, text);
  }
  mp.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(bundle.root)})`);
  return { mp, bundle, loadMs: performance.now() - started };
}

function keyMap(shape) {
  // key -> [button, long]; button ids from the profile's keys (player, role)
  const map = new Map();
  shape.buttons.forEach(([player, role], id) => {
    const row = KEY_ROWS[player];
    if (!row) return;
    const ch = row[ROLES.indexOf(role)];
    map.set(ch, [id, false]);
    map.set(SHIFTED[ch] || ch.toUpperCase(), [id, true]);
  });
  return map;
}

async function main() {
  $("status").textContent = "loading MicroPython and the firmware ...";
  const { mp, bundle, loadMs } = await loadRuntime();
  const names = Object.keys(bundle.profiles).sort();
  const profile = params.get("profile") || localStorage.getItem(STORE_ROOT + "profile") || bundle.default_profile;
  if (!bundle.profiles[profile]) fail(`no profile named ${profile} (shipped: ${names.join(", ")})`);
  localStorage.setItem(STORE_ROOT + "profile", profile);
  const pick = $("profile");
  for (const n of names) pick.add(new Option(`${n}: ${bundle.profiles[n].description}`, n, false, n === profile));
  pick.addEventListener("change", () => { location.search = "?profile=" + encodeURIComponent(pick.value); });

  const web = mp.pyimport("webtable");
  const t0 = performance.now();
  let shape;
  try {
    shape = JSON.parse(web.start(bundle.profiles[profile].text, localStore(profile), randomHex,
                                 params.get("start") || null));
  } catch (e) {
    fail("the table did not start: " + e);
  }
  const canvas = $("table");
  const press = (id, down) => { web.press(id, down); held.set(id, down); };
  const held = new Map();
  let frameHex = "", panel = { lines: [], log: [], labels: [], players: 0 }, panelKey = "", lastPanel = -1e9;
  let last = performance.now(), firstFrameMs = null;
  const times = []; // ms of each tick() call (the bench reads them)

  // --- buttons on the page: one row a seat, pointer events (mouse and touch alike) -----------------
  const seatRows = $("seats");
  const keys = keyMap(shape);
  shape.panels.forEach((p, player) => {
    const row = document.createElement("div");
    row.className = "seat";
    row.style.setProperty("--seat", `rgb(${p.colour.join(",")})`);
    row.innerHTML = `<span class="seat-name">${p.name}</span>`;
    ROLES.forEach((role, r) => {
      const id = shape.buttons.findIndex(([pl, ro]) => pl === player && ro === role);
      if (id < 0) return;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "key";
      b.dataset.player = player;
      b.dataset.role = role;
      b.innerHTML = `${role}<kbd>${(KEY_ROWS[player] || "    ")[r]}</kbd>`;
      const up = (e) => { if (held.get(id)) { press(id, false); b.classList.remove("down"); } e.preventDefault(); };
      b.addEventListener("pointerdown", (e) => { b.setPointerCapture(e.pointerId); press(id, true); b.classList.add("down"); e.preventDefault(); });
      b.addEventListener("pointerup", up);
      b.addEventListener("pointercancel", up);
      b.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a long press, not a menu
      row.appendChild(b);
    });
    seatRows.appendChild(row);
  });

  // --- the terminal's keys: a key down is the button down; Shift+key a long press -----------------
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
    const hit = keys.get(e.key);
    if (!hit) return;
    e.preventDefault();
    if (e.repeat) return;
    const [id, long] = hit;
    press(id, true);
    if (long) setTimeout(() => press(id, false), LONG_MS);
  });
  document.addEventListener("keyup", (e) => {
    const hit = keys.get(e.key) || keys.get(e.key.toLowerCase());
    if (hit && !hit[1] && held.get(hit[0])) press(hit[0], false);
  });
  window.addEventListener("blur", () => { for (const [id, down] of held) if (down) press(id, false); });

  $("menu").addEventListener("click", () => { web.new_game(); lastPanel = -1e9; });
  $("record").addEventListener("click", () => {
    // The record's text as Python wrote it: parsed here, its 62-bit seed would lose its last bits.
    const { text, name, why } = JSON.parse(web.record());
    if (!text) { $("record-why").textContent = why; return; }
    const blob = new Blob([text], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.click();
    URL.revokeObjectURL(a.href);
  });

  function showPanel() {
    const text = web.panel();
    if (text === panelKey) return;
    panelKey = text;
    panel = JSON.parse(text);
    $("title").textContent = panel.title ? `${panel.title} on ${shape.name}` : `Nightboard on ${shape.name}`;
    $("lines").replaceChildren(...panel.lines.map((l) => Object.assign(document.createElement("div"), { textContent: l })));
    const groups = []; // the log's turns, newest first, each from its heading down
    for (const [n, words] of panel.log) {
      if (!groups.length || groups[groups.length - 1].turn !== n) {
        groups.push({ turn: n, rows: [Object.assign(document.createElement("div"), { className: "turn", textContent: n >= 1 ? `${panel.turn_word} ${n}:` : "earlier:" })] });
      }
      groups[groups.length - 1].rows.push(Object.assign(document.createElement("div"), { className: "event", textContent: words }));
    }
    $("log").replaceChildren(...groups.reverse().flatMap((g) => g.rows));
    $("record").disabled = !panel.record;
    if (!panel.over) $("record-why").textContent = "";
    $("menu").hidden = !(panel.over && panel.mode === "game");
    document.querySelectorAll(".seat").forEach((row, p) => row.classList.toggle("empty", panel.players > 0 && p >= panel.players));
    frameHex = ""; // labels may have changed: draw again
  }

  function frame(now) {
    const step = Math.max(0, Math.min(MAX_STEP_MS, Math.round(now - last)));
    last = now;
    const a = performance.now();
    web.tick(step); // one frame per callback: the wasm port collects garbage when this call returns
    times.push(performance.now() - a);
    if (times.length > 2000) times.splice(0, 1000);
    if (now - lastPanel >= PANEL_EVERY_MS) { lastPanel = now; showPanel(); }
    const hex = web.frame();
    if (hex !== frameHex) {
      frameHex = hex;
      drawTable(canvas, shape, hexToBytes(hex), { labels: panel.labels, players: panel.players });
      if (firstFrameMs === null) {
        firstFrameMs = performance.now();
        $("status").textContent = `running the firmware in MicroPython ${bundle.micropython} (WebAssembly)`;
        $("status").className = "status";
      }
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
  // For tests and the bench: what the page knows (no secrets: the same as on the screen).
  window.nightboard = {
    shape, loadMs, startMs: performance.now() - t0, times, profile,
    firstFrame: () => firstFrameMs, panel: () => panel, frame: () => frameHex,
    record: () => JSON.parse(web.record()),  // {text, name, why}
  };
}

main().catch((e) => { if (!window.nightboard) fail(String(e)); });
