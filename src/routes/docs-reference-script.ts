/**
 * The script of the API reference at /docs, served as its own file (/docs/reference.js) so that
 * the page's Content-Security-Policy allows scripts from its own origin only, never inline. It runs
 * in the reader's browser: it fetches /openapi.json from the same origin and renders every
 * operation with the server client's method name (its operationId), its parameters and schemas,
 * and an example request and answer.
 */
export const REFERENCE_SCRIPT = String.raw`
"use strict";
const $ = (s) => document.querySelector(s);
const esc = (v) => String(v).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
// Descriptions use Markdown inline code; nothing else of Markdown is needed here.
const md = (v) => esc(v).replace(/\x60([^\x60]+)\x60/g, "<code>$1</code>");
// A path may break after each slash, so the sidebar shows it whole on two lines rather than cutting it.
const breakable = (path) => esc(path).replace(/\//g, "/<wbr>");
let doc;
function deref(s) { let seen = 0; while (s && s.$ref && seen++ < 20) s = s.$ref.split("/").slice(1).reduce((o, k) => o && o[k], doc); return s || {}; }
function refName(s) { return s && s.$ref ? s.$ref.split("/").pop() : null; }
function typeOf(s0) {
  const s = deref(s0); const name = refName(s0);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alts = s.anyOf || s.oneOf;
  if (alts) return alts.map(typeOf).join(" | ");
  if (s.allOf) return name || s.allOf.map(typeOf).join(" & ");
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
/** The object whose properties describe a schema, merging allOf parts (a response that extends another). */
function children(s) {
  s = deref(s);
  if (s.type === "array" || (Array.isArray(s.type) && s.type.includes("array"))) return children(s.items || {});
  if (s.allOf) {
    const merged = { properties: {}, required: [] };
    for (const part of s.allOf) { const c = children(part); if (c && c.properties) { Object.assign(merged.properties, c.properties); merged.required.push(...(c.required || [])); } }
    return Object.keys(merged.properties).length ? merged : null;
  }
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
function securityOf(op) { return (op.security || doc.security || []).flatMap((o) => Object.keys(o)); }
function secText(op) {
  const names = securityOf(op);
  if (!names.length) return '<span class="badge">no authentication</span>';
  return names.map((n) => '<span class="badge">' + (n === "ApiKey" ? "X-Api-Key" : n === "AdminToken" ? "Bearer ADMIN_TOKEN" : esc(n)) + "</span>").join(" ");
}
function firstMedia(content) { return content ? Object.entries(content)[0] : undefined; }
/** A curl line that runs the operation with its examples: path and query parameters, and the example body. */
function curl(method, path, op) {
  const params = (op.parameters || []).map(deref);
  const value = (p) => (p.example !== undefined ? p.example : p.schema && p.schema.example);
  let url = path.replace(/\{(\w+)\}/g, (all, name) => { const p = params.find((q) => q.in === "path" && q.name === name); const v = p && value(p); return v !== undefined ? encodeURIComponent(v) : "$" + name; });
  const query = params.filter((p) => p.in === "query" && p.example !== undefined).map((p) => p.name + "=" + encodeURIComponent(p.example));
  if (query.length) url += "?" + query.join("&");
  let c = "curl -X " + method.toUpperCase() + " '" + location.origin + url + "'";
  const sec = securityOf(op);
  if (sec.includes("ApiKey")) c += ' \\\n  -H "X-Api-Key: $KEY"';
  if (sec.includes("AdminToken")) c += ' \\\n  -H "Authorization: Bearer $ADMIN_TOKEN"';
  const body = op.requestBody && firstMedia(deref(op.requestBody).content);
  if (body) c += " \\\n  -H 'Content-Type: application/json' \\\n  -d '" + (body[1].example !== undefined ? JSON.stringify(body[1].example, null, 2) : "{…}") + "'";
  return c;
}
function exampleText(example) { return typeof example === "string" ? example : JSON.stringify(example, null, 2); }
function operation(method, path, op, id) {
  let h = '<section class="op" id="' + esc(id) + '" aria-label="' + esc((op.operationId || id) + ": " + method.toUpperCase() + " " + path) + '"><h3><span class="m ' + method + '">' + method.toUpperCase() + "</span><code>" + breakable(path) + "</code> " + secText(op) + "</h3>";
  h += '<p class="client">Server client method: <code class="opid">' + esc(op.operationId || id) + "</code></p>";
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
    const [type, media] = firstMedia(body.content);
    h += "<h4>Request body <span class=\"rule\">" + esc(type) + (body.required ? ", required" : "") + "</span></h4>" + schemaBlock(media.schema || {});
  }
  h += '<h4>Example request</h4><pre tabindex="0">' + esc(curl(method, path, op)) + "</pre>";
  h += "<h4>Responses</h4>";
  for (const [status, r0] of Object.entries(op.responses || {})) {
    const r = deref(r0);
    const entry = firstMedia(r.content);
    const media = entry && entry[1];
    const cls = "s" + String(status)[0];
    const ok = String(status)[0] === "2";
    const schema = media && media.schema;
    const isError = schema && refName(schema) === "Error";
    h += '<div class="resp"><span class="status ' + cls + '">' + esc(status) + "</span> " + md(r.description || "");
    if (media && media.example !== undefined) h += "<details" + (ok ? " open" : "") + '><summary>Example answer</summary><pre class="example" tabindex="0">' + esc(exampleText(media.example)) + "</pre></details>";
    if (schema && !isError) h += "<details><summary>Schema: " + esc(typeOf(schema)) + "</summary>" + schemaBlock(schema) + "</details>";
    h += "</div>";
  }
  return h + "</section>";
}
async function main() {
  try {
    const res = await fetch("/openapi.json");
    doc = await res.json();
  } catch (e) { $("#content").innerHTML = '<p class="err">Could not load /openapi.json: ' + esc(e) + "</p>"; return; }
  document.title = doc.info.title + " – API reference";
  $("#ver").textContent = "v" + doc.info.version + " · OpenAPI " + doc.openapi;
  const groups = new Map();
  let n = 0;
  for (const [path, item] of Object.entries(doc.paths || {})) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method]; if (!op) continue;
      const tag = (op.tags && op.tags[0]) || (path.split("/")[3] || path.split("/")[1] || "Other").replace(/^./, (c) => c.toUpperCase());
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push([method, path, { ...item.parameters ? { parameters: item.parameters } : {}, ...op }, op.operationId || "op" + n++]);
    }
  }
  let navH = "", main = "";
  for (const [tag, ops] of groups) {
    navH += "<h3>" + esc(tag) + "</h3><ul>";
    main += '<h2 class="tag">' + esc(tag) + "</h2>";
    for (const [method, path, op, id] of ops) {
      navH += '<li><a href="#' + esc(id) + '"><span class="m ' + method + '">' + method.toUpperCase() + '</span><span class="p">' + breakable(path) + '<span class="nav-id">' + esc(id) + "</span></span></a></li>";
      main += operation(method, path, op, id);
    }
    navH += "</ul>";
  }
  $("#nav").innerHTML = navH || "<p>No operations.</p>";
  $("#content").innerHTML = main;
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}
main();
`;
