import { GUIDES } from "../../dist/docs/bundle.js";

/**
 * The API reference page served at /docs: inline CSS and one script of its own origin
 * (/docs/reference.js, docs-reference-script.ts) that fetches /openapi.json and renders it, beside
 * the list of guides (/docs/guides/…). Nothing comes from another origin, so the page works in
 * local development without internet access.
 */

const CSS = `
:root{--fg:#1d2330;--muted:#5b6475;--line:#e3e6ec;--bg:#f7f8fa;--card:#fff;--accent:#3b5bdb;--code:#f1f3f7}
*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}.intro a{text-decoration:underline}
code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{background:var(--code);padding:1px 5px;border-radius:4px}
pre{background:#1f2430;color:#e6e9ef;padding:12px 14px;border-radius:8px;overflow:auto;margin:8px 0}
.layout{display:grid;grid-template-columns:360px minmax(0,1fr);min-height:100vh}
nav{position:sticky;top:0;height:100vh;overflow:auto;background:#fff;border-right:1px solid var(--line);padding:18px 14px}
nav .title{font-size:17px;font-weight:700;margin:0 0 2px}nav .ver{color:var(--muted);font-size:13px;margin-bottom:14px}
nav h2{font-size:13px;margin:18px 0 4px}nav h3{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:16px 0 6px}
nav ul{list-style:none;margin:0;padding:0}
nav a{display:grid;grid-template-columns:62px 1fr;gap:8px;align-items:start;padding:4px;border-radius:5px;color:var(--fg);font-size:13px}
nav .guides a{display:block}
nav a:hover{background:var(--bg);text-decoration:none}nav a span.p{overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:12px;line-height:1.4}
nav .nav-id{display:block;color:var(--muted);font-family:system-ui,sans-serif}
main{padding:28px 40px;max-width:1050px;min-width:0}
.intro{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 22px;margin-bottom:26px}
.tag{font-size:22px;margin:34px 0 12px;padding-bottom:6px;border-bottom:2px solid var(--line)}
.op{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px 20px;margin:0 0 18px}
.op h3{margin:0;font-size:16px;display:flex;gap:10px;align-items:center;flex-wrap:wrap}
.op h3 code{background:none;padding:0;font-size:15px;overflow-wrap:anywhere}.op .summary{margin:6px 0 0;font-weight:500}
.op .client{margin:6px 0 0;font-size:13px;color:var(--muted)}.opid{font-weight:600;color:var(--fg)}
pre.example{max-height:420px}
.op .desc{color:var(--muted);margin:4px 0 0}.op h4{margin:16px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.m{display:inline-block;min-width:56px;align-self:start;text-align:center;font:700 11px/20px ui-monospace,monospace;border-radius:4px;color:#fff;padding:0 6px}
.get{background:#1e6b30}.post{background:#1864ab}.patch{background:#8f4700}.put{background:#5f3dc4}.delete{background:#a61e1e}
.badge{font-size:11px;border:1px solid var(--line);border-radius:10px;padding:0 8px;color:var(--muted)}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;padding:6px 8px;border-top:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600;font-size:12px;border-top:none}
.fields{list-style:none;margin:0;padding:0 0 0 14px;border-left:2px solid var(--line)}.fields>li{padding:3px 0}
.fields.root{padding-left:0;border-left:none}
.name{font-family:ui-monospace,monospace;font-weight:600;font-size:13px}.type{color:#7048e8;font-family:ui-monospace,monospace;font-size:12px}
.req{color:#c92a2a;font-size:11px;font-weight:600}.rule{color:var(--muted);font-size:12px}
.resp{margin:6px 0}.status{font-family:ui-monospace,monospace;font-weight:700}.s2{color:#1e6b30}.s4{color:#c92a2a}.s5{color:#862e9c}
details>summary{cursor:pointer;color:var(--muted);font-size:13px}
.err{color:#c92a2a}
@media (max-width:800px){.layout{grid-template-columns:1fr}nav{position:static;height:auto}main{padding:18px}}
`;

/** The guides, linked from the sidebar: every one but the overview, which the intro links. */
function guideLinks(): string {
  return GUIDES.filter((g) => g.name !== "overview")
    .map((g) => `<li><a href="/docs/guides/${escapeHtml(g.name)}">${escapeHtml(g.title)}</a></li>`)
    .join("");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The /docs page as a complete HTML document. */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference</title><link rel="icon" href="data:,"><style>${CSS}</style>
<script src="/docs/reference.js" defer></script></head>
<body><div class="layout">
<nav aria-label="API reference"><p class="title">Seat reservation service</p><div class="ver" id="ver"></div>
<h2>Guides</h2><ul class="guides"><li><a href="/docs/guides">All guides</a></li>${guideLinks()}</ul>
<h2>Operations</h2><div id="nav"></div></nav>
<main>
<h1>API reference</h1>
<div class="intro">
<p><strong>Seat reservation service.</strong> Every public endpoint lives under <code>/api/v1</code> and takes an
API key in the <code>X-Api-Key</code> header: publishable keys (<code>pk_live_…</code>, <code>pk_test_…</code>) are safe in a browser
and may read events and hold or release seats; secret keys (<code>sk_live_…</code>, <code>sk_test_…</code>) may do everything and must stay on
your server. <code>live</code> keys reach production, <code>test</code> keys the sandbox; the two never see each other's data.</p>
<p>Every error is JSON: <code>{ "statusCode", "error", "message", "code", "failed"?, "errors"? }</code>; <code>errors</code> maps a property path to
its messages. Sandbox requests are rate-limited per workspace (429 <code>rate_limited</code> with <code>Retry-After</code>).
Each operation below names the method of the server client (<code>@seat-reservation/client</code>) that calls it, and shows an example
request and answer. The machine-readable document is at <a href="/openapi.json">/openapi.json</a>; the rules behind every operation
are in the <a href="/docs/guides">guides</a>, starting with <a href="/docs/guides/overview">the overview</a> and
<a href="/docs/guides/api">the API conventions</a>.</p>
</div>
<div id="content"><noscript>This page renders <a href="/openapi.json">/openapi.json</a> with JavaScript.</noscript>Loading…</div>
</main></div>
</body></html>`;
}
