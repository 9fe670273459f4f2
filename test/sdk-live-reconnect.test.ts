import { evictDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { LiveFeed } from "../src/sdk/live-updates";
import type { StatusEntry } from "../src/sdk/types";
import { api, eventually, newEvent, relayStub, token } from "./support/fixtures";

/**
 * The SDK's live feed against the real service: its socket is bridged to the Worker's live route
 * (and so to a relay), the way a browser's WebSocket would reach it. A socket that drops comes
 * back with the last seq the map drew and is sent only what changed meanwhile.
 */

/** A browser-like WebSocket whose connection is the Worker's upgrade answer. */
class BridgedSocket {
  static opened: string[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  private ws: WebSocket | null = null;

  constructor(url: string) {
    BridgedSocket.opened.push(url);
    const request = new Request(url.replace(/^ws/, "http"), { headers: { Upgrade: "websocket" } });
    void exports.default.fetch(request).then((res) => {
      if (res.status !== 101 || !res.webSocket) return this.onclose?.({});
      const ws = res.webSocket;
      ws.accept();
      this.ws = ws;
      ws.addEventListener("message", (e) => this.onmessage?.({ data: e.data }));
      ws.addEventListener("close", () => this.onclose?.({}));
      this.onopen?.({});
    });
  }

  close(code?: number, reason?: string): void {
    this.ws?.close(code, reason);
  }
}

const realSocket = globalThis.WebSocket;
afterEach(() => {
  globalThis.WebSocket = realSocket;
});

describe("the SDK's live feed through a relay", () => {
  it("comes back with its last seq after the socket drops, and draws only what changed meanwhile, never an older state", async () => {
    globalThis.WebSocket = BridgedSocket as unknown as typeof WebSocket;
    BridgedSocket.opened = [];
    const f = await newEvent({ environment: "production" });
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    // What the chart does first: its status read, with the version and seq it reflects.
    const read = await api.status(f, `?holdToken=${t}&format=compact`);
    const version = read.headers.get("status-version")!;
    const drawn = new Map<string, string>([["A-1-1", "held"]]);
    const log: string[] = [];
    const feed = new LiveFeed(
      `ws://service.test/api/v1/events/${f.eventKey}/live?key=${f.pk}`,
      async () => {
        throw new Error("polling is not what this test watches");
      },
      {
        onSnapshot(entries: StatusEntry[]) {
          log.push("snapshot");
          drawn.clear();
          for (const e of entries) drawn.set(e.objectLabel, e.status);
        },
        onChanges(entries: StatusEntry[]) {
          log.push(
            `changes:${entries
              .map((e) => e.objectLabel)
              .sort()
              .join(",")}`,
          );
          for (const e of entries) drawn.set(e.objectLabel, e.status);
        },
      },
      { socket: true },
      version,
      read.body.seq,
    );
    feed.start();
    expect(BridgedSocket.opened[0]).toContain(`since=${encodeURIComponent(version)}`);
    expect(await eventually(() => feed.mode === "socket")).toBe(true);
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: t });
    expect(await eventually(() => drawn.get("A-1-2") === "held")).toBe(true);
    // The relay goes away with its sockets; changes go on meanwhile.
    await evictDurableObject(relayStub(f, 0), { webSockets: "close" });
    expect(await eventually(() => feed.mode === "polling")).toBe(true);
    await api.release(f, { objectLabels: ["A-1-1"] });
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: t });
    // Back on a socket after its backoff (about a second), asking for what changed after seq 2.
    expect(await eventually(() => feed.mode === "socket", 5000)).toBe(true);
    expect(BridgedSocket.opened).toHaveLength(2);
    expect(BridgedSocket.opened[1]).toContain(`since=${encodeURIComponent(`${version.split(".")[0]}.2`)}`);
    expect(await eventually(() => drawn.get("A-1-3") === "held" && drawn.get("A-1-1") === "free")).toBe(true);
    expect(log).toEqual(["changes:A-1-2", "changes:A-1-1,A-1-3"]);
    feed.stop();
  });
});
