// A seat's page of `nightboard party` (a phone): this seat's own view in words and what it may do now. A tap
// picks a choice; Back steps away from it; Confirm sends it to the board (the protocol's `act`), as the seat's
// buttons would. Pushed by server-sent events, each message whole: a phone that slept or reloads is right at once.
const config = JSON.parse(document.getElementById("config").textContent);
const $ = (id) => document.getElementById(id);
let seat = null;
let picked = null; // the action (its JSON text) picked and not yet confirmed
let sending = false;
let shown = null; // the choices the buttons show now (their JSON text)

function li(text) {
  const e = document.createElement("li");
  e.textContent = text;
  return e;
}

function render() {
  const s = seat;
  $("status").textContent = s.status || "";
  $("seat-name").textContent = s.name;
  $("seat-name").style.color = `rgb(${s.colour.join(",")})`;
  $("title").textContent = s.title || "No game yet: start one at the table.";
  $("turn").textContent = !s.playing ? (s.title ? "You are not in this game." : "")
    : s.over ? "The game is over." : s.board ? s.note || "The board plays this seat."
    : s.to_move ? "Your move." : s.waiting.length ? `Waiting for ${s.waiting.join(" and ")}.` : "Not your move now.";
  // a seat whose view holds nothing the table does not show (a Dracula hunter's) is not told it is private
  $("mine-head").textContent = s.secret || !s.view.length ? "Only you see this" : "You";
  $("view").replaceChildren(...(s.view.length ? s.view : ["Nothing hidden to show."]).map(li));
  $("describe").replaceChildren(...s.describe.map(li));
  if (s.error) $("error").textContent = s.error;
  const keys = s.actions.map((a) => JSON.stringify(a.action));
  if (picked !== null && !keys.includes(picked)) picked = null;
  $("choose-head").textContent = s.actions.length ? "Your choices" : "Nothing to choose now";
  // the buttons are made again only when the choices change: a message that changes something else (another
  // seat's move, the board's words) must not swap the button under a finger that is tapping it
  const list = JSON.stringify(s.actions.map((a) => [a.action, a.words]));
  if (list !== shown) {
    shown = list;
    $("actions").replaceChildren(...s.actions.map((a, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = a.words;
      b.dataset.action = keys[i];
      b.addEventListener("click", () => { picked = keys[i]; $("error").textContent = ""; render(); });
      return b;
    }));
  }
  for (const b of $("actions").children) {
    b.classList.toggle("picked", b.dataset.action === picked);
    b.disabled = sending;
  }
  const chosen = s.actions[keys.indexOf(picked)];
  $("confirm").hidden = !chosen;
  $("chosen").textContent = chosen ? chosen.words : "";
  $("ok").disabled = sending;
}

$("back").addEventListener("click", () => { picked = null; render(); });
$("ok").addEventListener("click", async () => {
  if (picked === null || sending) return;
  sending = true;
  render();
  let error = "";
  try {
    const r = await fetch(`/s/${config.token}/act`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: `{"action":${picked}}`,
    });
    if (!r.ok) error = (await r.json().catch(() => ({}))).error || `the server answered ${r.status}`;
  } catch (e) {
    error = "could not reach the party's server: " + e;
  }
  sending = false;
  if (!error) picked = null;
  render();
  $("error").textContent = error;
});

function connect() {
  const es = new EventSource(`/s/${config.token}/events`);
  es.addEventListener("seat", (e) => { seat = JSON.parse(e.data); render(); });
  es.addEventListener("gone", () => { es.close(); gone(); });
  es.onerror = async () => {
    $("status").textContent = "Lost the party's server: reconnecting...";
    if (es.readyState === EventSource.CLOSED) {
      const r = await fetch(`/s/${config.token}`, { method: "HEAD" }).catch(() => null);
      if (r && r.status === 403) gone(); else setTimeout(connect, 2000);
    }
  };
}
function gone() {
  $("status").textContent = "This join code is no longer valid: ask for a fresh one at the table.";
  $("actions").replaceChildren();
  shown = null;
  $("view").replaceChildren();
  $("confirm").hidden = true;
}
$("seat-name").textContent = config.name;
connect();
