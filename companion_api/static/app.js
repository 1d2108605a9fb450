// Passt N1cht companion page: plain JS, no build step. The server holds every rule; this
// page only shows its state and events and sends what the players say.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const Q = TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "";
const $ = (sel) => document.querySelector(sel);
const COLOURS = ["red", "pink", "yellow", "green", "blue"];

const T = {
  en: {
    companion: "companion", live: "Live", scores: "Scores", log: "Log", setup: "Setup",
    calibration: "Calibration", turn: "Turn", discard: "Discard", enter_wish: "Enter wish",
    undo: "Undo last", round_over: "Round over", reveal: "Hands revealed",
    scoreboard: "Scoreboard", moves: "Moves", tell_referee: "Tell the referee",
    new_game: "New game", players: "Players (seat order, clockwise)", starter: "Starting seat",
    variant_wish: "Joker wish", variant_draw: "Empty draw pile", variant_scoring: "Scoring",
    start_game: "Start game", camera: "Camera", use_source: "Use",
    phone_cam: "Use this device's camera", question: "What happened?", answer: "Answer",
    ignore: "Nothing to tell", held: "held until the question is answered",
    unsure: "to check, the table was read unsurely",
    wish_q: "Joker! Which colour or value is wished?",
    later: "Later", reveal_title: "Revealed hand cards",
    reveal_help: "Leave empty to read them from the table; or type each seat's cards (e.g. red-2 joker).",
    score_round: "Score the round", cancel: "Cancel",
    calib_help: "Seats are numbered clockwise, seat 0 nearest the camera. Lay the printed seat markers just beyond each collection, then press “find markers”.",
    calib_sectors: "Sectors around the discard", calib_markers: "Find markers now",
    calib_zones: "Zones (JSON, image pixels)", calib_save: "Save zones",
    marker_sheet: "Marker sheet (PNG)", round: "Round", seat: "Seat", hand: "hand",
    cards: "cards", wish: "Wish", no_wish: "no wish", wish_missing: "wish not entered yet",
    no_round: "waiting for a round to start", total: "Total", to: "to", wins: "wins",
    illegal: "Illegal move", anomaly: "Something is off", fix: "fix", fix_prompt: "Correct observation:",
    game_over: "Game over", draw_pile: "draw pile", resync: "resuming: reading the table",
    round_over_expected: "round over", rule: {
      "forced-play": "Forced play", "collect-fitting": "Fitting card collected",
      "collect-joker": "Joker collected", "discard-not-fitting": "Card does not fit",
      "wrong-stack": "Wrong stack", "covered-card": "Covered card played",
      "out-of-turn": "Out of turn", "wish-unserved": "Wish not served" },
  },
  de: {
    companion: "Begleiter", live: "Live", scores: "Punkte", log: "Protokoll", setup: "Spiel",
    calibration: "Kalibrierung", turn: "Am Zug", discard: "Ablagestapel", enter_wish: "Wunsch eingeben",
    undo: "Letzten Zug zurück", round_over: "Runde vorbei", reveal: "Hände aufgedeckt",
    scoreboard: "Punktestand", moves: "Züge", tell_referee: "Dem Schiri sagen",
    new_game: "Neues Spiel", players: "Spieler (Sitzordnung im Uhrzeigersinn)", starter: "Startplatz",
    variant_wish: "Joker-Wunsch", variant_draw: "Leerer Nachziehstapel", variant_scoring: "Wertung",
    start_game: "Spiel starten", camera: "Kamera", use_source: "Verwenden",
    phone_cam: "Kamera dieses Geräts nutzen", question: "Was ist passiert?", answer: "Antworten",
    ignore: "Nichts zu melden", held: "zurückgehalten, bis die Frage beantwortet ist",
    unsure: "bitte prüfen, der Tisch war unsicher gelesen", wish_q: "Joker! Welche Farbe oder Zahl wird gewünscht?",
    later: "Später", reveal_title: "Aufgedeckte Handkarten",
    reveal_help: "Leer lassen, um sie vom Tisch zu lesen; oder die Karten je Platz eintippen (z. B. red-2 joker).",
    score_round: "Runde werten", cancel: "Abbrechen",
    calib_help: "Plätze im Uhrzeigersinn, Platz 0 am nächsten zur Kamera. Die gedruckten Platzmarker hinter jede Sammlung legen, dann „Marker finden“ drücken.",
    calib_sectors: "Sektoren um den Ablagestapel", calib_markers: "Marker jetzt finden",
    calib_zones: "Zonen (JSON, Bildpixel)", calib_save: "Zonen speichern",
    marker_sheet: "Markerblatt (PNG)", round: "Runde", seat: "Platz", hand: "Hand",
    cards: "Karten", wish: "Wunsch", no_wish: "kein Wunsch", wish_missing: "Wunsch fehlt noch",
    no_round: "warte auf den Rundenbeginn", total: "Summe", to: "bis", wins: "gewinnt",
    illegal: "Regelverstoß", anomaly: "Etwas stimmt nicht", fix: "korrigieren", fix_prompt: "Richtige Beobachtung:",
    game_over: "Spiel vorbei", draw_pile: "Nachziehstapel", resync: "Fortsetzen: lese den Tisch",
    round_over_expected: "Runde vorbei", rule: {
      "forced-play": "Zugzwang", "collect-fitting": "Passende Karte gesammelt",
      "collect-joker": "Joker gesammelt", "discard-not-fitting": "Karte passt nicht",
      "wrong-stack": "Falscher Stapel", "covered-card": "Verdeckte Karte gespielt",
      "out-of-turn": "Nicht am Zug", "wish-unserved": "Wunsch nicht erfüllt" },
  },
};
const COLOUR_DE = { red: "rot", pink: "rosa", yellow: "gelb", green: "grün", blue: "blau" };

let lang = localStorage.getItem("passt-lang") || (navigator.language || "en").slice(0, 2);
if (!T[lang]) lang = "en";
let state = null;
let lastAlert = null;
let gameId = null;

function t(key) { return T[lang][key] ?? T.en[key] ?? key; }
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
function colourName(c) { return lang === "de" ? (COLOUR_DE[c] || c) : c; }

function cardEl(name, cls = "") {
  if (!name) return el("div", { class: `card empty ${cls}` }, "?");
  if (name === "joker") return el("div", { class: `card joker ${cls}`, title: "joker" }, "J");
  const [colour, value] = name.split("-");
  return el("div", { class: `card ${colour} ${cls}`, title: name }, value);
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (TOKEN) opts.headers["X-Token"] = TOKEN;
  if (body !== undefined) {
    if (body instanceof Blob) { opts.body = body; opts.headers["Content-Type"] = body.type; }
    else { opts.body = JSON.stringify(body); opts.headers["Content-Type"] = "application/json"; }
  }
  const r = await fetch(`/api${path}`, opts);
  const data = r.headers.get("content-type")?.includes("json") ? await r.json() : await r.text();
  if (!r.ok) {
    const msg = typeof data === "object" ? JSON.stringify(data.detail ?? data) : data;
    feed(`${r.status}: ${msg}`, "warn");
    throw new Error(msg);
  }
  return data;
}

// -- language ----------------------------------------------------------------------------
function applyLang() {
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-i18n]").forEach((n) => { n.textContent = t(n.dataset.i18n); });
  $("#lang").textContent = lang === "en" ? "DE" : "EN";
  if (state) render(state);
  if (lastAlert) showAlert(lastAlert, false);
}
$("#lang").addEventListener("click", () => {
  lang = lang === "en" ? "de" : "en";
  localStorage.setItem("passt-lang", lang);
  applyLang();
});

// -- tabs --------------------------------------------------------------------------------
document.querySelectorAll("button.tab").forEach((b) => b.addEventListener("click", () => {
  document.querySelectorAll("button.tab").forEach((x) => x.classList.toggle("active", x === b));
  document.querySelectorAll(".tab-page").forEach((p) =>
    p.classList.toggle("active", p.id === `tab-${b.dataset.tab}`));
  if (b.dataset.tab === "calibration") loadCalibration();
  if (b.dataset.tab === "setup") loadSetup();
}));

// -- rendering the state -----------------------------------------------------------------
function seatName(k) { return state?.names?.[k] ?? `${t("seat")} ${k}`; }

function render(s) {
  state = s; gameId = s.id;
  $("#turn").textContent = s.game_over ? t("game_over")
    : s.to_move_name ?? (s.round ? t("round_over_expected") : "–");
  $("#round-info").textContent = s.resyncing ? t("resync")
    : s.round ? `${t("round")} ${s.round} · ${t("draw_pile")} ${s.draw_count}` : t("no_round");
  const top = $("#discard-top");
  top.replaceWith(Object.assign(cardEl(s.discard_top, "big"), { id: "discard-top" }));
  const isJoker = s.discard_top === "joker";
  $("#wish").textContent = isJoker ? (s.wish ? `${t("wish")}: ${isNaN(s.wish) ? colourName(s.wish) : s.wish}`
    : t("wish_missing")) : "";
  $("#wish-btn").classList.toggle("hidden", !s.wish_needed);
  const seats = $("#seats");
  seats.replaceChildren(...s.seats.map((seat) => {
    const stacks = el("div", { class: "stacks" });
    for (const colour of COLOURS) {
      const cards = seat.stacks[colour];
      if (!cards || !cards.length) continue;
      const st = el("div", { class: "stack", title: cards.join(", ") });
      cards.slice(0, -1).slice(-3).forEach((c) => st.append(cardEl(c, "covered")));
      st.append(cardEl(cards[cards.length - 1]));
      stacks.append(st);
    }
    seat.loose.forEach((c) => stacks.append(cardEl(c)));
    const cls = ["seat"];
    if (s.to_move === seat.seat) cls.push("to-move");
    if (lastAlert && lastAlert.seat === seat.seat) cls.push("flagged");
    return el("div", { class: cls.join(" "), "data-seat": seat.seat },
      el("h3", {}, el("span", {}, `${seat.seat} · ${seat.name}`),
        el("span", { class: "pts" }, `${seat.total}`)),
      stacks,
      el("div", { class: "muted" }, seat.hand_size == null ? "" : `${t("hand")}: ${seat.hand_size} ${t("cards")}`));
  }));
  renderScores(s);
  renderLog(s);
  // a state fetched before an answer went out still lists that question: not asked again
  const open = s.questions.filter((q) => !answered.has(`${s.id}:${q.id}`));
  // a question the tracker took back itself (the table went back) is no longer asked
  if (openQuestion && !open.some((q) => q.id === openQuestion.id)) {
    $("#question-dlg").close(); openQuestion = null;
  }
  if (open.length && !$("#question-dlg").open) askQuestion(open[0]);
  $("#export-json").href = `/api/games/${s.id}/export.json${Q}`;
  $("#export-csv").href = `/api/games/${s.id}/export.csv${Q}`;
}

function renderScores(s) {
  const head = el("tr", {}, el("th", {}, t("round")), ...s.names.map((n) => el("th", {}, n)));
  const rows = s.round_scores.map((r, i) => el("tr", {}, el("td", {}, `${i + 1}`),
    ...r.map((p) => el("td", {}, `${p}`))));
  const total = el("tr", { class: "total" }, el("td", {}, t("total")), ...s.totals.map((p, k) => {
    const td = el("td", { class: s.winners?.includes(k) ? "winner" : "" },
      `${p}${s.winners?.includes(k) ? " ★" : ""}`);
    const bar = el("div", { class: "bar" }, el("span", {
      style: `width:${Math.max(0, Math.min(100, (100 * p) / s.target))}%` }));
    td.append(bar);
    return td;
  }));
  const table = el("table", { class: "scores" }, head, ...rows, total);
  const note = el("p", { class: "muted" }, `${t("to")} ${s.target} · ${s.variants.wish}/${s.variants.draw}/${s.variants.scoring}`);
  $("#scoreboard").replaceChildren(table, note);
}

function renderLog(s) {
  $("#log").replaceChildren(...s.observations.map((o) => {
    const li = el("li", { class: o.legal && !o.anomalies.length ? "" : "bad" },
      `${o.text}${o.seat != null ? ` (${seatName(o.seat)})` : ""}`
      + (o.rules.length ? ` — ${o.rules.map((r) => t("rule")[r] || r).join(", ")}` : "")
      + (o.anomalies.length ? ` — ${o.anomalies.join(", ")}` : ""));
    li.append(el("button", { class: "small", onclick: () => fixObservation(o) }, t("fix")));
    return li;
  }));
}

function feed(text, cls = "") {
  const f = $("#feed");
  f.prepend(el("div", { class: cls }, text));
  while (f.children.length > 60) f.lastChild.remove();
}

// -- alerts ------------------------------------------------------------------------------
let audio = null;
function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    [0, 0.22].forEach((d) => {
      const o = audio.createOscillator(); const g = audio.createGain();
      o.type = "square"; o.frequency.value = 880;
      g.gain.setValueAtTime(0.0001, now + d);
      g.gain.exponentialRampToValueAtTime(0.25, now + d + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, now + d + 0.18);
      o.connect(g).connect(audio.destination); o.start(now + d); o.stop(now + d + 0.2);
    });
  } catch (e) { /* no audio: the banner still shows */ }
}

function showAlert(v, sound = true) {
  lastAlert = v;
  const box = $("#alert");
  const viol = v.violations[0];
  box.classList.toggle("warn", !viol);
  const who = v.seat != null ? `${seatName(v.seat)}: ` : "";
  if (viol) {
    $("#alert-title").textContent = `${t("illegal")} — ${who}${t("rule")[viol.rule] || viol.rule}`;
    $("#alert-text").textContent = v.violations.map((x) => x[lang] || x.en).join(" ");
  } else {
    const a = v.anomalies[0];
    $("#alert-title").textContent = `${t("anomaly")} — ${who}${a.kind}`;
    $("#alert-text").textContent = `${a.message} (${a.likely})`;
  }
  const cards = [...new Set([...v.violations.flatMap((x) => x.cards), ...v.anomalies.flatMap((x) => x.cards)])];
  $("#alert-cards").replaceChildren(...cards.map((c) => cardEl(c)));
  box.classList.remove("hidden");
  box.dataset.rule = viol ? viol.rule : "";
  if (sound) beep();
  if (state) render(state);
}
$("#alert-close").addEventListener("click", () => {
  $("#alert").classList.add("hidden"); lastAlert = null; if (state) render(state);
});

// -- events ------------------------------------------------------------------------------
function onEvent(ev) {
  switch (ev.kind) {
    case "hello":
      if (ev.state) render(ev.state);
      showStatus(ev.status);
      (ev.recent || []).filter((e) => e.kind !== "state").forEach((e) => describe(e));
      break;
    case "state": case "game":
      if (ev.state) render(ev.state);
      break;
    case "verdict":
      describe(ev);
      if (ev.rejudged || ev.corrects) {
        // judged again after a card was re-read or a missed move told: an alert it clears goes
        if (lastAlert && lastAlert.observation === ev.observation && !ev.violations.length) {
          $("#alert").classList.add("hidden"); lastAlert = null; if (state) render(state);
        }
      } else if (ev.violations.length || ev.anomalies.length) showAlert(ev);
      break;
    case "question":
      // ev.id numbers the event in the log; the question's own number is ev.question
      describe(ev); if (ev.question != null) askQuestion({ ...ev, id: ev.question }); break;
    case "wish-needed":
      describe(ev); openWish(); break;
    case "status":
      describe(ev);
      // a move the companion found to be a misread is taken back, its alert with it
      if (ev.takes_back && lastAlert && lastAlert.observation === ev.takes_back) {
        $("#alert").classList.add("hidden"); lastAlert = null; if (state) render(state);
      }
      break;
    default:
      describe(ev);
  }
}

function describe(ev) {
  if (ev.kind === "verdict") {
    const bad = ev.violations.length ? "bad" : ev.anomalies.length ? "warn" : "";
    const why = ev.violations.map((v) => v[lang] || v.en).concat(ev.anomalies.map((a) => a.message));
    // alerts held until the players answer whether a move went unseen before this one, and
    // alerts judged on a table read unsurely: shown to check, not sounded
    const doubt = ["held", "unsure"].filter((k) => ev[k] && ev[k].length);
    doubt.forEach((k) => why.push(`(${t(k)}: ${ev[k].map((v) => v[lang] || v.en).join(" ")})`));
    feed(`${ev.seat != null ? seatName(ev.seat) + ": " : ""}${ev.observation}${why.length ? " — " + why.join(" ") : ""}`, bad || (doubt.length ? "warn" : ""));
  } else if (ev.kind === "question") feed(`? ${ev.text}`, "warn");
  else if (ev.kind === "scores") feed(`${t("scores")}: ${ev.scores.join(" / ")} → ${ev.totals.join(" / ")}`);
  else if (ev.kind === "status" && ev.message) feed(ev.message, ev.error ? "warn" : "");
  else if (ev.kind === "wish-needed") feed(t("wish_q"), "warn");
}

function showStatus(st) {
  if (!st) return;
  $("#status-line").textContent = `${st.detector.message} · ${st.source.message}`
    + (st.source.fps ? ` · ${st.source.fps} fps` : "");
  $("#source-info").textContent = `${st.source.spec ?? "–"}: ${st.source.message}`;
}

// events come over the WebSocket; where it cannot connect (a proxy, no WebSocket support in
// the server) the page polls the state and the event log instead
let ws = null, wsOpened = false, polling = null, lastEventId = 0;
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/api/ws${Q}`);
  ws.onopen = () => { wsOpened = true; if (polling) { clearInterval(polling); polling = null; } };
  ws.onmessage = (m) => { const ev = JSON.parse(m.data); if (ev.id) lastEventId = ev.id; onEvent(ev); };
  ws.onclose = () => { if (!wsOpened && !polling) startPolling(); setTimeout(connect, 3000); };
}
function startPolling() {
  const poll = async () => {
    try {
      const s = await api("GET", "/games/live");
      if (s.id !== gameId) lastEventId = 0;
      const first = lastEventId === 0;
      render(s);
      const { events } = await api("GET", `/games/${s.id}/events?since=${lastEventId}`);
      for (const ev of events) {
        lastEventId = Math.max(lastEventId, ev.id);
        if (first) describe(ev); else onEvent(ev);
      }
    } catch (e) { /* shown in the feed */ }
  };
  poll();
  polling = setInterval(poll, 1000);
}
setInterval(async () => {
  try { showStatus(await api("GET", "/status")); } catch (e) { /* shown in the feed */ }
}, 3000);

// -- questions, wish, corrections, round end -----------------------------------------------
let openQuestion = null;
const answered = new Set();
function askQuestion(q) {
  openQuestion = q;
  $("#question-text").textContent = q.text;
  $("#question-cands").replaceChildren(...q.candidates.map((c) =>
    el("button", { onclick: () => answerQuestion(c) }, c)));
  if (!$("#question-dlg").open) $("#question-dlg").showModal();
}
async function answerQuestion(obs) {
  const q = openQuestion; $("#question-dlg").close(); openQuestion = null;
  if (!q) return;
  answered.add(`${gameId}:${q.id}`);
  // the tracker may have taken the question back meanwhile: the feed says so, no more
  try { await api("POST", `/games/${gameId}/questions/${q.id}/answer`, { observation: obs }); }
  catch (e) { /* shown in the feed */ }
}
$("#question-form").addEventListener("submit", (e) => { e.preventDefault(); answerQuestion($("#question-own").value); });
$("#question-ignore").addEventListener("click", () => answerQuestion(null));

function openWish() { if (!$("#wish-dlg").open) $("#wish-dlg").showModal(); }
$("#wish-btn").addEventListener("click", openWish);
$("#wish-later").addEventListener("click", () => $("#wish-dlg").close());
function buildWish() {
  $("#wish-colours").replaceChildren(...COLOURS.map((c) => el("button", {
    class: `card ${c}`, title: c, onclick: () => sendWish(c) }, colourName(c).slice(0, 2))));
  $("#wish-values").replaceChildren(...[0, 1, 2, 3, 4, 5].map((v) =>
    el("button", { onclick: () => sendWish(String(v)) }, v)));
}
async function sendWish(w) { $("#wish-dlg").close(); await api("POST", `/games/${gameId}/wish`, { wish: w }); }

$("#undo-btn").addEventListener("click", () => api("POST", `/games/${gameId}/undo`));
$("#round-over-btn").addEventListener("click", () => api("POST", `/games/${gameId}/round/over`));
$("#reveal-btn").addEventListener("click", () => {
  $("#reveal-inputs").replaceChildren(...(state?.seats || []).map((s) =>
    el("label", {}, `${s.seat} · ${s.name} (${t("hand")}: ${s.hand_size ?? "?"})`,
      el("input", { "data-seat": s.seat, placeholder: "red-2 joker" }))));
  $("#reveal-dlg").showModal();
});
$("#reveal-cancel").addEventListener("click", () => $("#reveal-dlg").close());
$("#reveal-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const inputs = [...document.querySelectorAll("#reveal-inputs input")];
  const typed = inputs.some((i) => i.value.trim());
  const reveals = typed ? Object.fromEntries(inputs.map((i) =>
    [i.dataset.seat, i.value.split(/[\s,]+/).filter(Boolean)])) : null;
  $("#reveal-dlg").close();
  await api("POST", `/games/${gameId}/round/reveal`, { reveals });
});

async function fixObservation(o) {
  const text = prompt(`${t("fix_prompt")} #${o.index}`, o.text);
  if (text && text !== o.text) await api("POST", `/games/${gameId}/corrections`, { index: o.index, observation: text });
}
$("#manual-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("#manual-text").value.trim();
  if (text) { await api("POST", `/games/${gameId}/observations`, { text }); $("#manual-text").value = ""; }
});

// -- setup -------------------------------------------------------------------------------
function nameInput(v) { return el("input", { value: v, maxlength: "30", required: "" }); }
function syncStarter() {
  const n = $("#name-inputs").children.length;
  $("#starter").replaceChildren(...Array.from({ length: n }, (_, k) => el("option", { value: k }, k)));
}
function loadSetup() {
  if (!$("#name-inputs").children.length) {
    (state?.names || ["Player 1", "Player 2", "Player 3", "Player 4"]).forEach((n) => $("#name-inputs").append(nameInput(n)));
    syncStarter();
  }
}
$("#add-player").addEventListener("click", () => {
  if ($("#name-inputs").children.length < 6) $("#name-inputs").append(nameInput(`Player ${$("#name-inputs").children.length + 1}`));
  syncStarter();
});
$("#remove-player").addEventListener("click", () => {
  if ($("#name-inputs").children.length > 2) $("#name-inputs").lastChild.remove();
  syncStarter();
});
$("#game-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const names = [...$("#name-inputs").querySelectorAll("input")].map((i) => i.value);
  await api("POST", "/games", { names, starter: Number($("#starter").value || 0),
    variants: { wish: $("#v-wish").value, draw: $("#v-draw").value, scoring: $("#v-scoring").value } });
  document.querySelector('button.tab[data-tab="live"]').click();
});
$("#source-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const spec = $("#source-spec").value.trim();
  showStatus({ detector: { message: "" }, source: await api("PUT", "/source", { spec: spec || null }) });
});

// a phone (or laptop) camera: frames go up as JPEGs; needs https or localhost
let phoneTimer = null;
$("#phone-cam").addEventListener("click", async () => {
  if (phoneTimer) { clearInterval(phoneTimer); phoneTimer = null; $("#phone-info").textContent = "stopped"; return; }
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: 1280 } });
    const video = $("#phone-video"); video.srcObject = stream; video.classList.remove("hidden"); await video.play();
    const canvas = document.createElement("canvas");
    let busy = false, sent = 0;
    phoneTimer = setInterval(() => {
      if (busy || !video.videoWidth) return;
      busy = true;
      canvas.width = video.videoWidth; canvas.height = video.videoHeight;
      canvas.getContext("2d").drawImage(video, 0, 0);
      canvas.toBlob(async (blob) => {
        try { await api("POST", `/games/${gameId}/frames`, blob); sent += 1; $("#phone-info").textContent = `${sent} frames`; }
        catch (err) { /* shown in the feed */ }
        busy = false;
      }, "image/jpeg", 0.8);
    }, 400);
  } catch (err) { $("#phone-info").textContent = `camera: ${err.message} (needs https or localhost)`; }
});

// -- calibration -------------------------------------------------------------------------
async function loadCalibration() {
  $("#calib-snap").src = `/api/snapshot.jpg${Q}${Q ? "&" : "?"}t=${Date.now()}`;
  const c = await api("GET", "/calibration");
  $("#calib-method").textContent = c.method ? `${t("calibration")}: ${c.method}` : t("no_round");
  $("#calib-zones").value = c.zones ? JSON.stringify(c.zones) : "";
  $("#markers-link").href = `/api/markers.png?seats=${state?.players || 4}${Q ? "&" + Q.slice(1) : ""}`;
}
async function setCalibration(body) { await api("PUT", "/calibration", body); loadCalibration(); }
$("#calib-sectors").addEventListener("click", () => setCalibration({ mode: "sectors" }));
$("#calib-markers").addEventListener("click", () => setCalibration({ mode: "markers" }));
$("#calib-save").addEventListener("click", () => {
  let zones;
  try { zones = JSON.parse($("#calib-zones").value); } catch (e) { feed(`zones: ${e.message}`, "warn"); return; }
  setCalibration({ mode: "zones", zones });
});

// -- start -------------------------------------------------------------------------------
$("#video").src = `/api/stream.mjpg${Q}`;
buildWish();
applyLang();
connect();
