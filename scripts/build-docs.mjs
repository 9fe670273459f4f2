#!/usr/bin/env node
/**
 * Renders the guides (README.md and docs/*.md) to HTML with marked, offline, into
 *   dist/docs/bundle.js   `GUIDES`: each guide's name, title, summary, headings and HTML body, which
 *                         the Worker serves at /docs/guides/<name> (src/routes/docs.ts), plus
 *                         bundle.d.ts for the type checker
 * The Markdown stays the one source: on GitHub it reads as it is, on the service the same words are
 * served as pages. Links between guides become links between those pages; a heading's id is the
 * anchor GitHub gives it (scripts/lib/markdown-links.mjs), so `channels.md#rules` and
 * `/docs/guides/channels#rules` name the same place. A link to another file of the repository
 * (source, BENCHMARKS.md, a screenshot) keeps its words and names the file, which the service does
 * not serve. Raw HTML in the Markdown is shown as text: a page carries no markup the guides did not
 * get from Markdown, and never a script.
 * Runs with the SDK and dashboard builds: on postinstall, before `npm test`/`npm run test:e2e`, and
 * in `npm run dev` (`--watch` rebuilds on change).
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rebuildOnChange, writeIfChanged } from "./lib/build-output.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const docsDir = path.join(root, "docs");
const outDir = path.join(root, "dist/docs");

let marked;
let links;
try {
  ({ Marked: marked } = await import("marked"));
  links = await import("./lib/markdown-links.mjs");
} catch {
  // `npm install --omit=dev` has no marked: do not fail the install, but say why /docs/guides will be missing.
  console.warn("build-docs: marked is not installed (dev dependency); guides not built");
  process.exit(0);
}
const GithubSlugger = (await import("github-slugger")).default;

/** The README is the overview; every other guide is named by its file. */
const nameOf = (file) => (path.resolve(file) === path.join(root, "README.md") ? "overview" : path.basename(file, ".md"));

const escape = (text) => String(text).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);

/**
 * The guides: README.md first, then docs/*.md in the order of the README's map ("The guides"), any
 * guide it does not name after them by name (docs/bench/ holds raw benchmark output, not guides).
 */
async function guideFiles() {
  const readme = path.join(root, "README.md");
  const text = await readFile(readme, "utf8");
  const map = text.indexOf("\n## The guides");
  const mapped = links
    .links(map === -1 ? text : text.slice(map))
    .map(({ href }) => href.split("#")[0])
    .filter((href) => /^docs\/[^/]+\.md$/.test(href))
    .map((href) => path.join(root, href));
  const all = (await readdir(docsDir))
    .filter((n) => n.endsWith(".md"))
    .sort()
    .map((n) => path.join(docsDir, n));
  return [readme, ...new Set([...mapped.filter((f) => all.includes(f)), ...all])];
}

/**
 * Where a link of `file` goes on the service: another guide's page (with its anchor), an anchor of
 * this page, an outside address as it is, or null for a file of the repository the service does not serve.
 */
function target(file, href, guides) {
  if (links.isExternal(href)) return href;
  if (href.startsWith("#")) return href;
  const hash = href.indexOf("#");
  const pathPart = hash === -1 ? href : href.slice(0, hash);
  const anchor = hash === -1 ? "" : href.slice(hash);
  const resolved = path.resolve(path.dirname(file), decodeURIComponent(pathPart));
  if (guides.has(resolved)) return `/docs/guides/${nameOf(resolved)}${anchor}`;
  return null;
}

function render(file, markdown, guides) {
  const slugger = new GithubSlugger();
  const headings = [];
  const repoPath = (href) => path.relative(root, path.resolve(path.dirname(file), decodeURIComponent(href.split("#")[0])));
  const md = new marked({ gfm: true });
  md.use({
    renderer: {
      heading(token) {
        const text = links.plainText(token.tokens);
        const id = slugger.slug(text);
        if (token.depth > 1) headings.push({ depth: token.depth, text, id });
        const inner = this.parser.parseInline(token.tokens);
        return `<h${token.depth} id="${escape(id)}">${inner}${token.depth > 1 ? ` <a class="anchor" href="#${escape(id)}" aria-label="Link to ${escape(text)}">#</a>` : ""}</h${token.depth}>\n`;
      },
      link(token) {
        const inner = this.parser.parseInline(token.tokens);
        const href = target(file, token.href, guides);
        if (href === null) return `<span class="repo-file" title="${escape(repoPath(token.href))} in the repository">${inner}</span>`;
        return `<a href="${escape(href)}">${inner}</a>`;
      },
      image(token) {
        if (links.isExternal(token.href)) return escape(token.text);
        return `<span class="screenshot">Screenshot in the repository, <code>${escape(repoPath(token.href))}</code>: ${escape(token.text)}</span>`;
      },
      html(token) {
        return escape(token.text);
      },
    },
  });
  // A wide table or a long line of code scrolls inside its box: focusable, so a keyboard can scroll it too.
  const html = md.parse(markdown).replaceAll("<pre>", '<pre tabindex="0">').replaceAll("<table>", '<table tabindex="0">');
  const tokens = md.lexer(markdown);
  // The README's own title names the service; among the guides it is the overview.
  const title = nameOf(file) === "overview" ? "Overview" : links.plainText(tokens.find((t) => t.type === "heading" && t.depth === 1)?.tokens) || nameOf(file);
  const first = tokens.find((t) => t.type === "paragraph");
  const summary = first ? links.plainText(first.tokens).replace(/\s+/g, " ").trim() : "";
  return { name: nameOf(file), title, summary: summary.length > 240 ? `${summary.slice(0, summary.lastIndexOf(" ", 237))} …` : summary, headings, html };
}

async function build() {
  const started = performance.now();
  const files = await guideFiles();
  const guides = new Set(files.map((f) => path.resolve(f)));
  const rendered = [];
  for (const file of files) rendered.push(render(file, await readFile(file, "utf8"), guides));
  const bundle = [
    "// Generated by scripts/build-docs.mjs from README.md and docs/*.md. Do not edit.",
    `export const GUIDES = ${JSON.stringify(rendered)};`,
    "",
  ].join("\n");
  const types = [
    "// Generated by scripts/build-docs.mjs. Do not edit.",
    "/** One guide, rendered from its Markdown: `name` is its address under /docs/guides/. */",
    "export interface Guide { name: string; title: string; summary: string; headings: { depth: number; text: string; id: string }[]; html: string }",
    "/** The README (named `overview`) first, then docs/*.md by name. */",
    "export declare const GUIDES: Guide[];",
    "",
  ].join("\n");
  await writeIfChanged(outDir, "bundle.d.ts", types);
  await writeIfChanged(outDir, "bundle.js", bundle);
  const kib = (bundle.length / 1024).toFixed(1);
  console.log(`build-docs: ${rendered.length} guides, ${kib} KiB in ${Math.round(performance.now() - started)} ms`);
}

await build();

if (process.argv.includes("--watch")) await rebuildOnChange("build-docs", root, ["docs"], build);
