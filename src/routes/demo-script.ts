/**
 * The demo page's script, served as /demo.js (routes/demo.ts): what an integrator writes around the
 * SDK. It reads the page's URL parameters (see demo-page.ts) and only ever writes values with
 * textContent, never as HTML.
 */
export const DEMO_SCRIPT = `(async () => {
  const params = new URLSearchParams(location.search);
  let key = params.get("key");
  let eventKey = params.get("event");
  if (!key) {
    try {
      const cfg = await (await fetch("/demo/config")).json();
      key = cfg.publicKey;
      eventKey = eventKey || cfg.eventKey;
    } catch (e) { /* shown as the setup form below */ }
  }
  if (!key) {
    document.getElementById("setup").hidden = false;
    document.getElementById("setup-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const f = new FormData(e.target);
      location.search = new URLSearchParams({ key: f.get("key"), event: f.get("event") }).toString();
    });
    return;
  }
  eventKey = eventKey || "demo-event";
  // The page's language, as a site in that language sets it: the map follows it without being told.
  if (params.get("lang")) document.documentElement.lang = params.get("lang");
  let messages;
  try {
    messages = params.get("messages") ? JSON.parse(params.get("messages")) : undefined;
  } catch (e) { /* not JSON: the map keeps its catalog's words */ }
  document.getElementById("app").hidden = false;
  document.getElementById("subtitle").textContent = "Event " + eventKey + " · Seating SDK v" + Seating.version;
  const max = params.get("max");
  const log = (text, ok) => {
    const el = document.getElementById("log");
    el.textContent = text;
    el.style.color = ok ? "#1d6b34" : "";
  };
  window.seatingEvents = [];
  const record = (type, payload) => window.seatingEvents.push({ type, payload });
  const chart = new Seating.SeatingChart({
    divId: "seating",
    publicKey: key,
    event: eventKey,
    maxSelectedObjects: max ? (max.startsWith("{") ? JSON.parse(max) : Number(max)) : 10,
    live: params.get("live") !== "poll",
    ttlSeconds: params.get("ttl") ? Number(params.get("ttl")) : undefined,
    channelKeys: params.get("channels") ? params.get("channels").split(",") : undefined,
    channelPasses: params.get("passes") ? params.get("passes").split(",") : undefined,
    mode: params.get("mode") === "list" ? "list" : undefined,
    language: params.get("language") || undefined,
    messages,
    onObjectSelected(o) { record("selected", o); update(); log(""); },
    onObjectDeselected(o) { record("deselected", o); update(); },
    // A refused seat is told on the map, where the buyer looks; a refused best-available request here.
    onHoldFailed(objects, error) { record("holdFailed", { objects, error }); log(objects.length ? "" : error.message); },
    onHoldTokenExpired() { record("expired", null); update(); log("Your holds expired."); },
    onQueueChanged(q) { record("queue", q); log(q.admitted ? "Your turn: choose your seats." : "In the waiting room" + (q.position ? ", number " + q.position : "") + ".", q.admitted); },
  });
  window.chart = chart;
  function update() {
    const list = document.getElementById("selected");
    list.textContent = "";
    for (const label of chart.selectedObjects) {
      const li = document.createElement("li");
      li.textContent = label;
      list.appendChild(li);
    }
    const labels = chart.selectedObjects.length ? chart.selectedObjects : ["A-1-1"];
    document.getElementById("book-hint").textContent =
      "curl -X POST " + location.origin + "/api/v1/events/" + eventKey + "/seats/book \\\\\\n" +
      "  -H 'X-Api-Key: sk_test_…' -H 'Content-Type: application/json' \\\\\\n" +
      "  -d '" + JSON.stringify({ objectLabels: labels, holdToken: chart.holdToken }) + "'";
  }
  document.getElementById("token").textContent = chart.holdToken;
  document.getElementById("release-all").addEventListener("click", () => chart.clearSelection().then(update));
  document.getElementById("best").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const request = { quantity: Number(f.get("quantity")), together: f.get("together") === "on" };
    if (f.get("category")) request.categories = [f.get("category")];
    log("");
    chart.holdBestAvailable(request).then(
      (res) => log((res.nextToEachOther ? "Together: " : "Not together: ") + res.objects.map((o) => o.objectLabel).join(", "), true),
      () => { /* onHoldFailed has said why */ },
    );
  });
  function showRules() {
    const r = chart.selectionRules;
    const lines = [];
    if (r.maxSeatsPerToken) lines.push("At most " + r.maxSeatsPerToken + " seats per order");
    for (const [k, n] of Object.entries(r.maxSeatsPerCategory || {})) lines.push("At most " + n + " in category " + k);
    if (r.noOrphanSeats) lines.push("No single seat left alone in a row");
    if (r.maxHeldSeatsPerClient) lines.push("At most " + r.maxHeldSeatsPerClient + " held at once per buyer");
    const list = document.getElementById("rules");
    list.textContent = "";
    for (const text of lines.length ? lines : ["None"]) {
      const li = document.createElement("li");
      li.textContent = text;
      list.appendChild(li);
    }
  }
  update();
  try {
    await chart.render();
    document.body.dataset.rendered = "true";
  } catch (e) {
    document.body.dataset.rendered = "error";
  }
  const select = document.getElementById("best-category");
  for (const c of chart.categories) {
    const option = document.createElement("option");
    option.value = c.key;
    option.textContent = c.label;
    select.appendChild(option);
  }
  showRules();
  update();
})();
`;
