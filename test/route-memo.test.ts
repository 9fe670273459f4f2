import { describe, expect, it } from "vitest";
import { TrieRouter } from "hono/router/trie-router";
import { RouteMemo } from "../src/http/route-memo";

/** The same routes in a memo and in Hono's plain trie: what each answers for a path. */
function routers() {
  const memo = new RouteMemo<string>();
  const trie = new TrieRouter<string>();
  const routes: [string, string, string][] = [
    ["ALL", "*", "door"],
    ["ALL", "/api/v1/*", "audit"],
    ["POST", "/api/v1/events/import-from-sandbox", "import"],
    ["POST", "/api/v1/events/:eventKey/seats/hold", "hold"],
    ["GET", "/api/v1/events/:eventKey/status", "status"],
    ["GET", "/api/v1/events/:eventKey", "event"],
  ];
  for (const [m, p, h] of routes) {
    memo.add(m, p, h);
    trie.add(m, p, h);
  }
  return { memo, trie };
}

const shape = (r: ReturnType<TrieRouter<string>["match"]>) => r[0].map(([h, params]) => [h, { ...params }]);

describe("the app's router (route memo)", () => {
  it("answers every path as Hono's trie does, the second time as the first", () => {
    const { memo, trie } = routers();
    const paths: [string, string][] = [
      ["POST", "/api/v1/events/gala/seats/hold"],
      ["POST", "/api/v1/events/import-from-sandbox"],
      ["GET", "/api/v1/events/gala/status"],
      ["GET", "/api/v1/events/other/status"],
      ["GET", "/api/v1/events/gala"],
      ["GET", "/nowhere"],
      ["DELETE", "/api/v1/events/gala/seats/hold"],
    ];
    for (const [m, p] of paths) {
      const first = memo.match(m, p);
      expect(shape(first)).toEqual(shape(trie.match(m, p)));
      // Kept: the very same answer, not a new walk.
      expect(memo.match(m, p)).toBe(first);
    }
    expect(shape(memo.match("GET", "/api/v1/events/other/status"))[2]).toEqual(["status", { eventKey: "other" }]);
  });

  it("keeps a bounded number of paths: a client inventing paths only costs itself a walk", () => {
    const { memo } = routers();
    const first = memo.match("GET", "/api/v1/events/e0/status");
    for (let i = 1; i <= 1024; i++) memo.match("GET", `/api/v1/events/e${i}/status`);
    // Past the bound the memo started over: the first path is walked again, with the same answer.
    const again = memo.match("GET", "/api/v1/events/e0/status");
    expect(again).not.toBe(first);
    expect(shape(again)).toEqual(shape(first));
  });

  it("forgets what it found when a route is added", () => {
    const { memo } = routers();
    expect(shape(memo.match("GET", "/api/v1/late"))).toEqual([
      ["door", {}],
      ["audit", {}],
    ]);
    memo.add("GET", "/api/v1/late", "late");
    expect(shape(memo.match("GET", "/api/v1/late")).map(([h]) => h)).toEqual(["door", "audit", "late"]);
  });
});
