import { GUIDES, type Guide } from "../../dist/docs/bundle.js";

/**
 * The guides as pages of the running service, under /docs/guides: the same Markdown as docs/*.md
 * and README.md, rendered at build time (scripts/build-docs.mjs) and wrapped here in a page with
 * the list of guides and the guide's own contents. The pages carry no script at all.
 */

const CSS = `
:root{--fg:#1d2330;--muted:#5b6475;--line:#e3e6ec;--bg:#f7f8fa;--accent:#3b5bdb;--code:#f1f3f7}
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:#fff}
a{color:var(--accent)}a:focus-visible{outline:3px solid #ffbf47;outline-offset:1px}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:#fff;padding:6px 10px;z-index:2}
header{border-bottom:1px solid var(--line);padding:12px 24px;display:flex;gap:18px;align-items:baseline;flex-wrap:wrap}
header .name{font-weight:700;font-size:17px;color:var(--fg);text-decoration:none}
.layout{display:grid;grid-template-columns:280px minmax(0,1fr);max-width:1320px}
nav{border-right:1px solid var(--line);padding:18px 16px;font-size:14px;background:var(--bg)}
nav h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:16px 0 6px}
nav ul{list-style:none;margin:0;padding:0}nav li{margin:2px 0}nav li.sub{padding-left:12px}
nav a[aria-current="page"]{font-weight:700;color:var(--fg)}
main{padding:8px 40px 60px;max-width:980px;min-width:0}
h1{font-size:30px;margin:18px 0 12px}h2{font-size:23px;margin:34px 0 10px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:18px;margin:26px 0 8px}h4{font-size:16px}
.anchor{font-weight:400;color:var(--muted);text-decoration:none;font-size:.8em}
code,pre{font:13.5px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{background:var(--code);padding:1px 5px;border-radius:4px;overflow-wrap:anywhere}
pre{background:#1f2430;color:#e6e9ef;padding:12px 14px;border-radius:8px;overflow:auto}pre code{background:none;padding:0;overflow-wrap:normal}
table{border-collapse:collapse;display:block;overflow-x:auto;margin:12px 0;font-size:14.5px}
th,td{border:1px solid var(--line);padding:6px 10px;text-align:left;vertical-align:top}th{background:var(--bg)}
blockquote{margin:0;padding:0 14px;border-left:4px solid var(--line);color:var(--muted)}
.screenshot{display:block;border:1px dashed #9aa3b5;border-radius:8px;padding:10px 14px;color:var(--muted);font-size:14px;margin:10px 0}
.repo-file{border-bottom:1px dotted var(--muted)}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:14px}
.cards li{border:1px solid var(--line);border-radius:10px;padding:12px 16px}.cards a{font-weight:600;font-size:17px}.cards p{margin:6px 0 0;color:var(--muted);font-size:14px}
@media (max-width:820px){.layout{grid-template-columns:1fr}nav{border-right:none;border-bottom:1px solid var(--line)}main{padding:8px 16px 40px}}
`;

/** No script, nothing from another origin: styles inline, links to this origin only. */
export const GUIDE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The guide of that name, if there is one. */
export function findGuide(name: string): Guide | undefined {
  return GUIDES.find((g) => g.name === name);
}

function page(title: string, nav: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} – Seat reservation service</title><link rel="icon" href="data:,"><style>${CSS}</style></head>
<body><a class="skip" href="#main">Skip to the guide</a>
<header><a class="name" href="/docs/guides">Seat reservation service</a><a href="/docs/guides">Guides</a><a href="/docs">API reference</a><a href="/openapi.json">OpenAPI document</a></header>
<div class="layout"><nav aria-label="Guides">${nav}</nav><main id="main">${body}</main></div>
</body></html>`;
}

/** The list of guides, the current one marked, and under it the current guide's sections. */
function guideNav(current?: Guide): string {
  const items = GUIDES.map((g) => {
    const here = g === current;
    let item = `<li><a href="/docs/guides/${escapeHtml(g.name)}"${here ? ' aria-current="page"' : ""}>${escapeHtml(g.title)}</a></li>`;
    if (here)
      item += g.headings
        .filter((h) => h.depth === 2)
        .map((h) => `<li class="sub"><a href="#${escapeHtml(h.id)}">${escapeHtml(h.text)}</a></li>`)
        .join("");
    return item;
  });
  return `<h2>Guides</h2><ul>${items.join("")}</ul><h2>Reference</h2><ul><li><a href="/docs">Every operation, with examples</a></li></ul>`;
}

/** /docs/guides: every guide with its opening sentence. */
export function guideIndexPage(): string {
  const cards = GUIDES.map((g) => `<li><a href="/docs/guides/${escapeHtml(g.name)}">${escapeHtml(g.title)}</a><p>${escapeHtml(g.summary)}</p></li>`).join("");
  const body = `<h1>Guides</h1><p>Each guide states the rules of one part of the service. The <a href="/docs">API reference</a> lists every operation with an example request and answer.</p><ul class="cards">${cards}</ul>`;
  return page("Guides", guideNav(), body);
}

/** /docs/guides/{name}: one guide. */
export function guidePage(guide: Guide): string {
  return page(guide.title, guideNav(guide), guide.html);
}
