// The documentation holds together: every relative link and image in README.md, docs/**/*.md,
// src/README.md and test/README.md names a file of the repository, every #anchor names a heading
// of its target as GitHub renders it, the README stays a landing page that maps every guide, and
// the guides state the service's rules themselves instead of citing a document outside the repository.
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { anchors, headings, isExternal, links } from "../../scripts/lib/markdown-links.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every Markdown file under docs/, recursively. */
function docsFiles(dir = path.join(root, "docs")) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return docsFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

const FILES = [path.join(root, "README.md"), path.join(root, "src/README.md"), path.join(root, "test/README.md"), ...docsFiles()];
/** Built or installed folders: present on this machine, absent from a fresh clone, never a link's target. */
const NOT_IN_REPOSITORY = ["node_modules", "dist", ".wrangler", "test-results"];

const read = (file) => readFileSync(file, "utf8");
const relative = (file) => path.relative(root, file);

/** What is wrong with one link of `file`, or null when it resolves. */
function problem(file, href) {
  if (isExternal(href)) return null;
  const hash = href.indexOf("#");
  const target = decodeURIComponent(hash === -1 ? href : href.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(href.slice(hash + 1));
  const resolved = target === "" ? file : path.resolve(path.dirname(file), target.startsWith("/") ? path.join(root, target) : target);
  const inRepo = path.relative(root, resolved);
  if (inRepo.startsWith("..") || path.isAbsolute(inRepo)) return "leaves the repository";
  if (NOT_IN_REPOSITORY.includes(inRepo.split(path.sep)[0])) return "names a built or installed file";
  if (!existsSync(resolved)) return "names no file";
  if (anchor === null || anchor === "") return null;
  if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) return "has an anchor on something that is not a Markdown file";
  return anchors(read(resolved)).has(anchor) ? null : `names no heading of ${relative(resolved)}`;
}

test("every relative link and image resolves, anchors included", () => {
  const broken = [];
  let checked = 0;
  for (const file of FILES) {
    for (const { href } of links(read(file))) {
      const why = problem(file, href);
      if (!isExternal(href)) checked++;
      if (why) broken.push(`${relative(file)}: ${href} ${why}`);
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(checked > 100, `only ${checked} links were checked`);
});

test("anchors are GitHub's: lower case, punctuation dropped, repeats numbered", () => {
  const slugs = headings("# Server client (`packages/client`)\n## Seats & GA\n## Seats & GA\n### What *it* promises, and how exact\n").map((h) => h.slug);
  assert.deepEqual(slugs, ["server-client-packagesclient", "seats--ga", "seats--ga-1", "what-it-promises-and-how-exact"]);
});

test("the check finds a missing file, a missing anchor and a link out of the repository", () => {
  const file = path.join(root, "README.md");
  assert.equal(problem(file, "docs/no-such-guide.md"), "names no file");
  assert.match(problem(file, "#no-such-heading"), /names no heading/);
  assert.equal(problem(file, "../outside.md"), "leaves the repository");
  assert.equal(problem(file, "https://example.com/#anything"), null);
});

test("README.md is a landing page of at most 400 lines that maps every guide", () => {
  const readme = read(path.join(root, "README.md"));
  assert.ok(readme.split("\n").length <= 400, `README.md has ${readme.split("\n").length} lines`);
  const linked = new Set(links(readme).map(({ href }) => href.split("#")[0]));
  const unmapped = docsFiles(path.join(root, "docs"))
    .filter((file) => path.dirname(file) === path.join(root, "docs"))
    .map(relative)
    .filter((guide) => !linked.has(guide));
  assert.deepEqual(unmapped, [], "guides the README's map does not name");
  assert.match(readme, /npm test/, "the README names the test command CI runs");
});

test("the README and the guides state the rules themselves: no citation of a document outside the repository", () => {
  const cites = [];
  for (const file of [path.join(root, "README.md"), ...docsFiles()])
    for (const [i, line] of read(file).split("\n").entries())
      if (/contract\s*§|interface\.md|§\s*\d/i.test(line)) cites.push(`${relative(file)}:${i + 1}: ${line.trim()}`);
  assert.deepEqual(cites, []);
});
