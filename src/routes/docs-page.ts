/**
 * The API reference page served at /docs: one HTML document with inline CSS, and a small script
 * (served as /docs/app.js) that fetches /openapi.json from the same origin and renders it. No CDN,
 * so the page works in local development without internet access.
 */

const CSS = `
:root{--fg:#1d2330;--muted:#5b6475;--line:#e3e6ec;--bg:#f7f8fa;--card:#fff;--accent:#3b5bdb;--code:#f1f3f7}
*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{background:var(--code);padding:1px 5px;border-radius:4px}
pre{background:#1f2430;color:#e6e9ef;padding:12px 14px;border-radius:8px;overflow:auto;margin:8px 0}
.layout{display:grid;grid-template-columns:330px 1fr;min-height:100vh}
nav{position:sticky;top:0;height:100vh;overflow:auto;background:#fff;border-right:1px solid var(--line);padding:18px 14px}
nav h1{font-size:17px;margin:0 0 2px}nav .ver{color:var(--muted);font-size:13px;margin-bottom:14px}
nav h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:18px 0 6px}
nav a{display:flex;gap:8px;align-items:center;padding:3px 4px;border-radius:5px;color:var(--fg);font-size:13px}
nav a:hover{background:var(--bg);text-decoration:none}nav a span.p{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{padding:28px 40px;max-width:1050px}
.intro{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 22px;margin-bottom:26px}
.tag{font-size:22px;margin:34px 0 12px;padding-bottom:6px;border-bottom:2px solid var(--line)}
.op{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px 20px;margin:0 0 18px}
.op h3{margin:0;font-size:16px;display:flex;gap:10px;align-items:center;flex-wrap:wrap}
.op h3 code{background:none;padding:0;font-size:15px}.op .summary{margin:6px 0 0;font-weight:500}
.op .desc{color:var(--muted);margin:4px 0 0}.op h4{margin:16px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.m{display:inline-block;min-width:56px;text-align:center;font:700 11px/20px ui-monospace,monospace;border-radius:4px;color:#fff;padding:0 6px}
.get{background:#2b8a3e}.post{background:#1c7ed6}.patch{background:#e67700}.put{background:#7048e8}.delete{background:#c92a2a}
.badge{font-size:11px;border:1px solid var(--line);border-radius:10px;padding:0 8px;color:var(--muted)}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;padding:6px 8px;border-top:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600;font-size:12px;border-top:none}
.fields{list-style:none;margin:0;padding:0 0 0 14px;border-left:2px solid var(--line)}.fields>li{padding:3px 0}
.fields.root{padding-left:0;border-left:none}
.name{font-family:ui-monospace,monospace;font-weight:600;font-size:13px}.type{color:#7048e8;font-family:ui-monospace,monospace;font-size:12px}
.req{color:#c92a2a;font-size:11px;font-weight:600}.rule{color:var(--muted);font-size:12px}
.resp{margin:6px 0}.status{font-family:ui-monospace,monospace;font-weight:700}.s2{color:#2b8a3e}.s4{color:#c92a2a}.s5{color:#862e9c}
details>summary{cursor:pointer;color:var(--muted);font-size:13px}
.err{color:#c92a2a}
@media (max-width:800px){.layout{grid-template-columns:1fr}nav{position:static;height:auto}main{padding:18px}}
`;

// Plain browser JavaScript, kept as a string: it runs in the reader's browser, not in the Worker.
/** The page's script, served as /docs/app.js (no inline script: the page's CSP allows scripts of this origin only). */
export const DOCS_SCRIPT = String.raw`
const $ = (s) => document.querySelector(s);
const esc = (v) => String(v).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
// Descriptions use Markdown inline code; nothing else of Markdown is needed here.
const md = (v) => esc(v).replace(/\x60([^\x60]+)\x60/g, "<code>$1</code>");
let doc;
function deref(s) { let seen = 0; while (s && s.$ref && seen++ < 20) s = s.$ref.split("/").slice(1).reduce((o, k) => o && o[k], doc); return s || {}; }
function refName(s) { return s && s.$ref ? s.$ref.split("/").pop() : null; }
function typeOf(s0) {
  const s = deref(s0); const name = refName(s0);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alts = s.anyOf || s.oneOf;
  if (alts) return alts.map(typeOf).join(" | ");
  let t = Array.isArray(s.type) ? s.type.join(" | ") : s.type || (s.properties ? "object" : "any");
  if (t === "array") t = typeOf(s.items || {}) + "[]";
  if (s.format) t += " (" + s.format + ")";
  return name && t === "object" ? name : t;
}
function rules(s) {
  const r = [];
  const pairs = [["minLength", "min length"], ["maxLength", "max length"], ["minimum", "≥"], ["maximum", "≤"], ["exclusiveMinimum", ">"], ["exclusiveMaximum", "<"], ["minItems", "min items"], ["maxItems", "max items"], ["pattern", "pattern"], ["default", "default"]];
  for (const [k, label] of pairs) if (s[k] !== undefined) r.push(label + " " + (k === "pattern" ? s[k] : JSON.stringify(s[k])));
  return r;
}
function children(s) {
  s = deref(s);
  if (s.type === "array" || (Array.isArray(s.type) && s.type.includes("array"))) return children(s.items || {});
  const alts = s.anyOf || s.oneOf;
  if (alts) { for (const a of alts) { const c = children(a); if (c) return c; } return null; }
  if (s.properties) return s;
  if (s.additionalProperties && typeof s.additionalProperties === "object") return { additional: s.additionalProperties };
  return null;
}
function fields(s0, depth, root) {
  const obj = children(s0);
  if (!obj || depth > 6) return "";
  if (obj.additional) return '<ul class="fields"><li><span class="name">{key}</span> <span class="type">' + esc(typeOf(obj.additional)) + "</span>" + fields(obj.additional, depth + 1) + "</li></ul>";
  const req = new Set(obj.required || []);
  let h = '<ul class="fields' + (root ? " root" : "") + '">';
  for (const [name, p0] of Object.entries(obj.properties)) {
    const p = deref(p0);
    h += '<li><span class="name">' + esc(name) + '</span> <span class="type">' + esc(typeOf(p0)) + "</span>";
    if (req.has(name)) h += ' <span class="req">required</span>';
    const r = rules(p); if (r.length) h += ' <span class="rule">' + esc(r.join(", ")) + "</span>";
    if (p.description) h += '<div class="rule">' + md(p.description) + "</div>";
    const sub = fields(p0, depth + 1);
    if (sub) h += depth >= 1 ? "<details><summary>fields</summary>" + sub + "</details>" : sub;
    h += "</li>";
  }
  return h + "</ul>";
}
function schemaBlock(s) {
  const f = fields(s, 0, true);
  return f || '<span class="type">' + esc(typeOf(s)) + "</span>";
}
function secText(op) {
  const sec = op.security || doc.security || [];
  const names = sec.flatMap((o) => Object.keys(o));
  if (!names.length) return '<span class="badge">no authentication</span>';
  return names.map((n) => '<span class="badge">' + (n === "ApiKey" ? "X-Api-Key" : n === "AdminToken" ? "Bearer ADMIN_TOKEN" : esc(n)) + "</span>").join(" ");
}
function curl(method, path, op) {
  const sec = (op.security || doc.security || []).flatMap((o) => Object.keys(o));
  let c = "curl -X " + method.toUpperCase() + " " + location.origin + path.replace(/\{(\w+)\}/g, "$$$1");
  if (sec.includes("ApiKey")) c += ' \\\n  -H "X-Api-Key: $KEY"';
  if (sec.includes("AdminToken")) c += ' \\\n  -H "Authorization: Bearer $ADMIN_TOKEN"';
  if (op.requestBody) c += " \\\n  -H 'Content-Type: application/json' -d '{…}'";
  return c;
}
function operation(method, path, op, id) {
  let h = '<section class="op" id="' + id + '"><h3><span class="m ' + method + '">' + method.toUpperCase() + "</span><code>" + esc(path) + "</code> " + secText(op) + "</h3>";
  if (op.summary) h += '<p class="summary">' + esc(op.summary) + "</p>";
  if (op.description) h += '<p class="desc">' + md(op.description) + "</p>";
  const params = (op.parameters || []).map(deref);
  if (params.length) {
    h += "<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Type</th><th>Rules</th></tr>";
    for (const p of params) {
      const s = deref(p.schema || {});
      h += '<tr><td><span class="name">' + esc(p.name) + "</span>" + (p.required ? ' <span class="req">required</span>' : "") + "</td><td>" + esc(p.in) + '</td><td><span class="type">' + esc(typeOf(p.schema || {})) + '</span></td><td class="rule">' + esc(rules(s).concat(p.description || s.description || []).join(", ")) + "</td></tr>";
    }
    h += "</table>";
  }
  const body = op.requestBody && deref(op.requestBody);
  if (body && body.content) {
    const [type, media] = Object.entries(body.content)[0];
    h += "<h4>Request body <span class=\"rule\">" + esc(type) + (body.required ? ", required" : "") + "</span></h4>" + schemaBlock(media.schema || {});
  }
  h += "<h4>Responses</h4>";
  for (const [status, r0] of Object.entries(op.responses || {})) {
    const r = deref(r0);
    const media = r.content && Object.values(r.content)[0];
    const cls = "s" + String(status)[0];
    const schema = media && media.schema;
    const isError = schema && refName(schema) === "Error";
    h += '<div class="resp"><span class="status ' + cls + '">' + esc(status) + "</span> " + md(r.description || "");
    if (schema && !isError) h += "<details" + (String(status)[0] === "2" ? " open" : "") + "><summary>" + esc(typeOf(schema)) + "</summary>" + schemaBlock(schema) + "</details>";
    h += "</div>";
  }
  h += "<details><summary>curl</summary><pre>" + esc(curl(method, path, op)) + "</pre></details>";
  return h + "</section>";
}
async function main() {
  try {
    const res = await fetch("/openapi.json");
    doc = await res.json();
  } catch (e) { $("#content").innerHTML = '<p class="err">Could not load /openapi.json: ' + esc(e) + "</p>"; return; }
  document.title = doc.info.title + " – API reference";
  $("#title").textContent = doc.info.title;
  $("#ver").textContent = "v" + doc.info.version + " · OpenAPI " + doc.openapi;
  const groups = new Map();
  let n = 0;
  for (const [path, item] of Object.entries(doc.paths || {})) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method]; if (!op) continue;
      const tag = (op.tags && op.tags[0]) || (path.split("/")[3] || path.split("/")[1] || "Other").replace(/^./, (c) => c.toUpperCase());
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push([method, path, { ...item.parameters ? { parameters: item.parameters } : {}, ...op }, "op" + n++]);
    }
  }
  let navH = "", main = "";
  for (const [tag, ops] of groups) {
    navH += "<h2>" + esc(tag) + "</h2>";
    main += '<h2 class="tag">' + esc(tag) + "</h2>";
    for (const [method, path, op, id] of ops) {
      navH += '<a href="#' + id + '"><span class="m ' + method + '">' + method.toUpperCase() + '</span><span class="p">' + esc(path) + "</span></a>";
      main += operation(method, path, op, id);
    }
  }
  $("#nav").innerHTML = navH || "<p>No operations.</p>";
  $("#content").innerHTML = main;
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
main();
`;

/** The /docs page as a complete HTML document. */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference</title><link rel="icon" href="data:,"><style>${CSS}</style></head>
<body><div class="layout">
<nav><h1 id="title">API reference</h1><div class="ver" id="ver"></div><div id="nav"></div></nav>
<main>
<div class="intro">
<p><strong>Seat reservation service.</strong> Every public endpoint lives under <code>/api/v1</code> and takes an
API key in the <code>X-Api-Key</code> header: publishable keys (<code>pk_live_…</code>, <code>pk_test_…</code>) are safe in a browser
and may read events and hold or release seats; secret keys (<code>sk_live_…</code>, <code>sk_test_…</code>) may do everything and must stay on
your server. <code>live</code> keys reach production, <code>test</code> keys the sandbox; the two never see each other's data.</p>
<p>Every error is JSON: <code>{ "statusCode", "error", "message", "code", "failed"?, "errors"? }</code>; <code>errors</code> maps a property path to
its messages. Sandbox requests are rate-limited per workspace (429 <code>rate_limited</code> with <code>Retry-After</code>).
The machine-readable document is at <a href="/openapi.json">/openapi.json</a>.</p>
</div>
<div id="content"><noscript>This page renders <a href="/openapi.json">/openapi.json</a> with JavaScript.</noscript>Loading…</div>
</main></div>
<script src="/docs/app.js"></script>
</body></html>`;
}
