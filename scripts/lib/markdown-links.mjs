// What the link check (test/scripts/doc-links.test.mjs) and the guides' build
// (scripts/build-docs.mjs) both need to know about a Markdown file: its headings' anchors, named
// as GitHub names them, and the links and images it holds outside code.
import GithubSlugger from "github-slugger";
import { marked } from "marked";

/** A heading's text as GitHub renders it: inline code, emphasis and links keep their words, markup goes. */
export function plainText(tokens) {
  let text = "";
  for (const token of tokens ?? []) {
    if (token.type === "html" || token.type === "image") continue;
    if (token.tokens) text += plainText(token.tokens);
    else if (token.type === "text" || token.type === "codespan" || token.type === "escape") text += token.text;
  }
  return text;
}

/**
 * Every heading of a document with the anchor GitHub gives it (github-slugger: lower case,
 * punctuation dropped, spaces to hyphens, a repeated heading numbered `-1`, `-2`, …), in order.
 */
export function headings(markdown) {
  const slugger = new GithubSlugger();
  const found = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type !== "heading") return;
    const text = plainText(token.tokens);
    found.push({ depth: token.depth, text, slug: slugger.slug(text) });
  });
  return found;
}

/** The anchors a link may name in a document: its headings' and any `id`/`name` written in HTML. */
export function anchors(markdown) {
  const set = new Set(headings(markdown).map((h) => h.slug));
  for (const match of markdown.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) set.add(match[1]);
  return set;
}

/** The target of every link and image outside code, Markdown or inline HTML, with its kind. */
export function links(markdown) {
  const found = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === "link") found.push({ kind: "link", href: token.href, text: token.text });
    else if (token.type === "image") found.push({ kind: "image", href: token.href, text: token.text });
    else if (token.type === "html")
      for (const match of token.raw.matchAll(/\s(href|src)="([^"]*)"/gi)) found.push({ kind: match[1] === "src" ? "image" : "link", href: match[2], text: "" });
  });
  return found;
}

/** True for a link that leaves the repository (`https:`, `mailto:`, …) rather than naming a file or anchor in it. */
export function isExternal(href) {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");
}
