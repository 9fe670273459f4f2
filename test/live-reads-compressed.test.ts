import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { acceptsGzip } from "../src/http/gzip-body";
import { askingHub, gzipOf, keepStatusCopy, servable, servableWhileAsking, statusCopy } from "../src/routes/events/status-copies";
import { noteWrite } from "../src/http/recent-writers";
import { api, expectOk, newEvent, smallLayout, token, type EventFixture } from "./support/fixtures";

/**
 * The crowd's reads (publishable status and objects, from the copy) are sent gzip-compressed to a
 * client that accepts gzip, with the bytes compressed once per copy rather than once per read, and
 * as they are to a client that does not. Which encoding a client accepts is its own
 * Accept-Encoding: Cloudflare hands the Worker every request with `br, gzip` and keeps the client's
 * in `cf.clientAcceptEncoding`.
 */

/** The service's app, called directly: its answers' bytes as it sent them (a fetch would decompress them on the way). */
const app = createApp();

/** A publishable read of `path` from `address`, with the client's own Accept-Encoding (null: none sent). */
async function read(f: EventFixture, path: string, clientAcceptEncoding: string | null, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { "X-Api-Key": f.pk, "CF-Connecting-IP": "198.51.100.70", ...extra };
  if (clientAcceptEncoding !== null) headers["Accept-Encoding"] = clientAcceptEncoding;
  const res = await app.fetch(new Request(`http://service.test/api/v1/events/${f.eventKey}${path}`, { headers }), env, createExecutionContext());
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The same read as Cloudflare hands it over: `br, gzip` on the request, the client's own header in `cf`. */
async function readAtEdge(f: EventFixture, path: string, clientAcceptEncoding: string) {
  const headers = { "X-Api-Key": f.pk, "CF-Connecting-IP": "198.51.100.71", "Accept-Encoding": "br, gzip" };
  const res = await app.fetch(
    new Request(`http://service.test/api/v1/events/${f.eventKey}${path}`, { headers, cf: { clientAcceptEncoding } }),
    env,
    createExecutionContext(),
  );
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}

async function heldEvent(): Promise<EventFixture> {
  const f = await newEvent({ environment: "production", layout: smallLayout(200) });
  for (let i = 1; i <= 40; i++) expectOk(await api.hold(f, { objectLabels: [`A-1-${i}`], holdToken: token() }, f.sk));
  return f;
}

describe("the crowd's reads, compressed", () => {
  it("a status read that accepts gzip gets the copy's bytes gzip-compressed, the same body as the uncompressed read", async () => {
    const f = await heldEvent();
    const plain = await read(f, "/status", null);
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.res.headers.get("vary")).toBe("Accept-Encoding");
    const zipped = await read(f, "/status", "gzip, deflate, br, zstd");
    expect(zipped.res.status).toBe(200);
    expect(zipped.res.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.res.headers.get("vary")).toBe("Accept-Encoding");
    expect(zipped.res.headers.get("content-type")).toBe("application/json");
    expect(zipped.res.headers.get("x-status-seq")).toBe("40");
    expect(zipped.res.headers.get("etag")).toBe(plain.res.headers.get("etag"));
    expect(zipped.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 4);
    const body = await gunzip(zipped.bytes);
    expect(body).toBe(new TextDecoder().decode(plain.bytes));
    expect(JSON.parse(body).objects).toHaveLength(40);
    // Every reader of the same copy gets the same compressed bytes.
    const again = await read(f, "/status", "gzip");
    expect(again.res.headers.get("etag")).toBe(zipped.res.headers.get("etag"));
    expect(again.bytes).toEqual(zipped.bytes);
  });

  it("the compact status and the objects reads are compressed the same way", async () => {
    const f = await heldEvent();
    for (const path of ["/status?format=compact", "/objects", "/objects?format=compact"]) {
      const plain = await read(f, path, null);
      const zipped = await read(f, path, "gzip");
      expect(zipped.res.status, path).toBe(200);
      expect(zipped.res.headers.get("content-encoding"), path).toBe("gzip");
      expect(zipped.res.headers.get("x-status-seq"), path).toBe("40");
      expect(await gunzip(zipped.bytes), path).toBe(new TextDecoder().decode(plain.bytes));
    }
  });

  it("the client's own Accept-Encoding decides, not the one Cloudflare hands the Worker", async () => {
    const f = await heldEvent();
    const none = await readAtEdge(f, "/status", "");
    expect(none.res.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(new TextDecoder().decode(none.bytes)).objects).toHaveLength(40);
    const browser = await readAtEdge(f, "/status", "gzip, deflate, br, zstd");
    expect(browser.res.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(await gunzip(browser.bytes)).objects).toHaveLength(40);
    const refused = await read(f, "/status", "gzip;q=0, br");
    expect(refused.res.headers.get("content-encoding")).toBeNull();
  });

  it("a reader whose tag is current gets 304 whatever it accepts", async () => {
    const f = await heldEvent();
    const first = await read(f, "/status", "gzip");
    const again = await read(f, "/status", "gzip", { "If-None-Match": first.res.headers.get("etag")! });
    expect(again.res.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.res.headers.get("x-status-seq")).toBe("40");
  });

  it("reads with a hold token stay exact and uncompressed by the service", async () => {
    const f = await heldEvent();
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-100"], holdToken: t }));
    const mine = await read(f, `/status?holdToken=${t}`, "gzip");
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get("content-encoding")).toBeNull();
    const body = JSON.parse(new TextDecoder().decode(mine.bytes));
    expect(body.objects).toEqual(expect.arrayContaining([expect.objectContaining({ objectLabel: "A-1-100", mine: true })]));
  });
});

describe("gzip once per copy", () => {
  it("every read of a copy shares one compression", async () => {
    const copy: { bytes: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> | null } = {
      bytes: new TextEncoder().encode(JSON.stringify({ objects: Array.from({ length: 500 }, (_, i) => ({ objectLabel: `A-${i}` })) })),
    };
    const a = gzipOf(copy);
    expect(a).not.toBeNull();
    expect(copy.gzip).toBe(a);
    expect(gzipOf(copy)).toBe(a);
    expect(await gunzip(a!)).toBe(new TextDecoder().decode(copy.bytes));
  });

  it("a copy brought back again by an overlapping read keeps its compressed bytes, and its later confirmation", () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ objects: [{ objectLabel: "A-1" }] }));
    keepStatusCopy("test:copy", { tag: "t1", seq: 4, bytes, confirmedAt: 1_000, trustedUntil: 1_500, askingUntil: 1_800 });
    const kept = statusCopy("test:copy")!;
    const compressed = gzipOf(kept);
    keepStatusCopy("test:copy", { tag: "t1", seq: 4, bytes: bytes.slice(), confirmedAt: 1_200, trustedUntil: 1_700, askingUntil: 2_000 });
    const again = statusCopy("test:copy")!;
    expect(again).toBe(kept);
    expect(gzipOf(again)).toBe(compressed);
    expect(again.trustedUntil).toBe(1_700);
    // A copy from an earlier read never replaces a later one.
    keepStatusCopy("test:copy", { tag: "t0", seq: 3, bytes, confirmedAt: 1_300, trustedUntil: 1_800, askingUntil: 2_100 });
    expect(statusCopy("test:copy")).toBe(kept);
  });

  it("reads Accept-Encoding as a browser, a script and a refusal send it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
  });
});

describe("a copy whose bytes did not change", () => {
  it("carries the latest seq once the hub confirmed it, also when this Worker answers it alone", async () => {
    // The objects' bytes stay the same while seats are held: their tag does not change, their seq does.
    const f = await newEvent({ environment: "production", layout: smallLayout(50) });
    const objects = async () => (await read(f, "/objects?format=compact", "gzip")).res.headers.get("x-status-seq");
    expect(await objects()).toBe("0");
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() }, f.sk));
    expectOk(await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() }, f.sk));
    // Past the Worker's own trust in its copy: the next read asks the hub, which confirms the bytes at seq 2.
    await new Promise((r) => setTimeout(r, 600));
    expect(await objects()).toBe("2");
    // Answered from the Worker's copy without asking: the seq the hub confirmed, not the one the bytes came with.
    expect(await objects()).toBe("2");
  });
});

describe("while a read of the Worker is asking the hub", () => {
  it("other readers are answered the copy up to its longer age limit, never a client that changed something since", () => {
    const now = Date.now();
    const bytes = new TextEncoder().encode("{}");
    // Read from the event 600 ms ago: past the Worker's own trust, within the limit while asking.
    keepStatusCopy("test:asking", { tag: "a1", seq: 1, bytes, confirmedAt: now - 600, trustedUntil: now - 100, askingUntil: now + 200 });
    const copy = statusCopy("test:asking")!;
    expect(servable(copy, "203.0.113.1", now)).toBe(false);
    expect(servableWhileAsking("test:asking", copy, "203.0.113.1", now)).toBe(false);
    const answered = askingHub("test:asking", now);
    expect(servableWhileAsking("test:asking", copy, "203.0.113.1", now)).toBe(true);
    // Past the longer limit, or a client without an address, or one that changed something: it asks too.
    expect(servableWhileAsking("test:asking", copy, "203.0.113.1", now + 250)).toBe(false);
    expect(servableWhileAsking("test:asking", copy, undefined, now)).toBe(false);
    noteWrite("203.0.113.2", now - 10);
    expect(servableWhileAsking("test:asking", copy, "203.0.113.2", now)).toBe(false);
    answered();
    expect(servableWhileAsking("test:asking", copy, "203.0.113.1", now)).toBe(false);
  });
});
