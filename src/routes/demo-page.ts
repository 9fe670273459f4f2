/**
 * HTML of the demo page served at `/`. Plain HTML and a small script over the public SDK
 * (demo-script.ts, served as /demo.js: no inline script, so the page's Content-Security-Policy
 * allows scripts from the service's own origin only), written the way an integrator would embed it
 * (docs/sdk.md). URL parameters:
 * `key` (publishable key), `event` (event key), `max` (maxSelectedObjects), `live=poll` (no socket),
 * `ttl` (ttlSeconds of each hold), `channels` (channelKeys, comma-separated; docs/channels.md),
 * `passes` (channelPasses to protected channels, comma-separated; docs/security.md),
 * `language` (the SDK's language option), `lang` (the page's own <html lang>, which the SDK follows
 * without the option) and `messages` (JSON of message overrides; docs/languages.md).
 * Values are only ever written with textContent, never as HTML.
 */
export const DEMO_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Seat reservation demo</title>
<!-- No favicon to fetch: a buyer's page opens without a failed request in its console. -->
<link rel="icon" href="data:,">
<style>
  *{box-sizing:border-box}
  body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#eef1f6}
  header{padding:14px 22px;background:#1d2330;color:#fff;display:flex;align-items:baseline;gap:14px;flex-wrap:wrap}
  header h1{font-size:18px;margin:0}
  header span{opacity:.7;font-size:13px}
  main{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:18px;padding:18px 22px;max-width:1400px;margin:0 auto}
  @media (max-width:860px){main{grid-template-columns:1fr}}
  #seating{height:min(72vh,680px);min-height:420px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  aside{background:#fff;border-radius:12px;padding:16px 18px;box-shadow:0 1px 3px rgba(0,0,0,.08);align-self:start}
  aside h2{font-size:14px;text-transform:uppercase;letter-spacing:.04em;color:#6a7285;margin:14px 0 6px}
  aside h2:first-child{margin-top:0}
  code,pre{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;background:#f3f5f9;border-radius:6px}
  code{padding:2px 5px;word-break:break-all}
  pre{padding:10px;overflow:auto;white-space:pre-wrap;word-break:break-all}
  #selected{margin:0;padding-left:18px}
  #selected:empty::before{content:"Nothing yet: click a seat.";color:#8a93a6;margin-left:-18px}
  #log{font-size:13px;color:#a0341f;min-height:1.5em}
  button{padding:6px 12px;border-radius:6px;border:1px solid #d0d5df;background:#fff;cursor:pointer}
  .setup{max-width:720px;margin:40px auto;background:#fff;border-radius:12px;padding:24px 28px}
  .setup input{width:100%;padding:6px 8px;font:inherit;margin:4px 0 10px}
  #best{display:grid;grid-template-columns:auto 1fr;gap:6px 10px;align-items:center}
  #best input,#best select{font:inherit;padding:4px 6px;min-width:0}
  #best .row{grid-column:1/-1}
  #rules{margin:0;padding-left:18px;font-size:13px;color:#4a5263}
</style>
</head>
<body>
<header><h1>Seat reservation demo</h1><span id="subtitle">Seating SDK</span></header>
<div id="setup" class="setup" hidden>
  <h2>No demo key yet</h2>
  <p>Run <code>npm run dev</code> and open the demo URL it prints: it ends in <code>?key=pk_test_…&amp;event=demo-event</code>.
  Or paste a sandbox publishable key and an event key of your own:</p>
  <form id="setup-form">
    <label>Publishable key <input name="key" placeholder="pk_test_…" required></label>
    <label>Event key <input name="event" value="demo-event" required></label>
    <button type="submit">Show the map</button>
  </form>
</div>
<main id="app" hidden>
  <div id="seating"></div>
  <aside>
    <h2>Hold token</h2>
    <code id="token">…</code>
    <h2>Selected</h2>
    <ol id="selected"></ol>
    <p><button id="release-all" type="button">Release all</button></p>
    <div id="log" role="status"></div>
    <h2 id="best-heading">Best available</h2>
    <form id="best" aria-labelledby="best-heading">
      <label for="best-quantity">Seats</label>
      <input id="best-quantity" name="quantity" type="number" min="1" max="50" value="2" required>
      <label for="best-category">Category</label>
      <select id="best-category" name="category"><option value="">Any</option></select>
      <label class="row"><input id="best-together" name="together" type="checkbox"> Only seats next to each other</label>
      <button class="row" type="submit">Find best seats</button>
    </form>
    <h2>Selling rules</h2>
    <ul id="rules"></ul>
    <h2>How to book</h2>
    <p>Click seats to hold them (a GA area asks how many). Your server then books the holds with the
    sandbox <em>secret</em> key, which never goes to the browser:</p>
    <pre id="book-hint"></pre>
  </aside>
</main>
<script src="/sdk/latest/seating.js"></script>
<script src="/demo.js"></script>
</body>
</html>
`;
