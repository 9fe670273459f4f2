import { afterEach, describe, expect, it } from "vitest";
import { LiveFeed } from "../src/sdk/live-updates";
import type { StatusEntry } from "../src/sdk/types";
import { eventually } from "./support/fixtures";

/**
 * The SDK's map never goes back in time. Its pictures come from three places that race: the live
 * socket, the polls it falls back on while the socket is down, and a socket that comes back. A
 * public status read may be answered from a copy up to a second old, and a relay's message may
 * arrive after a poll that already showed it; whatever the order of arrival, a seat the map has
 * drawn is never drawn again in an older state.
 */

/** A socket the test drives: it opens when told, delivers what it is given, and closes on demand. */
class ScriptedSocket {
  static last: ScriptedSocket | null = null;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;

  constructor(readonly url: string) {
    ScriptedSocket.last = this;
    queueMicrotask(() => this.onopen?.({}));
  }

  send(type: "snapshot" | "changes", seq: number, objects: StatusEntry[]): void {
    this.onmessage?.({ data: JSON.stringify({ type, seq, objects }) });
  }

  drop(): void {
    this.onclose?.({});
  }

  close(): void {}
}

const realSocket = globalThis.WebSocket;
afterEach(() => {
  globalThis.WebSocket = realSocket;
});

const held = (objectLabel: string): StatusEntry => ({ objectLabel, status: "held" });
const free = (objectLabel: string): StatusEntry => ({ objectLabel, status: "free" });

/** A feed drawing into a map, with the polls' answers queued by the test (each one `{ seq, entries }`). */
function mapWithFeed(seq: number) {
  const drawn = new Map<string, string>();
  const polls: { entries: StatusEntry[]; seq: number }[] = [];
  let polled = 0;
  const feed = new LiveFeed(
    "ws://service.test/live",
    async () => {
      polled++;
      const next = polls.shift();
      if (!next) throw new Error("no answer queued");
      return { entries: next.entries, version: `L.${next.seq}`, seq: next.seq };
    },
    {
      onSnapshot(entries) {
        drawn.clear();
        for (const e of entries) drawn.set(e.objectLabel, e.status);
      },
      onChanges(entries) {
        for (const e of entries) drawn.set(e.objectLabel, e.status);
      },
    },
    { socket: true, pollMs: 20, maxBackoffMs: 40 },
    `L.${seq}`,
    seq,
  );
  return { feed, drawn, polls, pollsMade: () => polled };
}

describe("the SDK's map never shows a seat older than one it showed", () => {
  it("drops socket messages and polls older than what it drew, whatever order they arrive in", async () => {
    globalThis.WebSocket = ScriptedSocket as unknown as typeof WebSocket;
    const { feed, drawn, polls, pollsMade } = mapWithFeed(3);
    feed.start();
    expect(await eventually(() => feed.mode === "socket")).toBe(true);
    const first = ScriptedSocket.last!;
    first.send("changes", 5, [held("A-1-1")]);
    // A change the status read already reflected (seq 3) arrives late: A-1-1 stays held.
    first.send("changes", 3, [free("A-1-1")]);
    expect(drawn.get("A-1-1")).toBe("held");

    // The socket drops; the first poll is answered from a copy older than what the map drew (seq 4),
    // the next one from a fresh copy (seq 7: A-1-1 released, A-1-2 held).
    polls.push({ seq: 4, entries: [] }, { seq: 7, entries: [held("A-1-2")] });
    first.drop();
    expect(feed.mode).toBe("polling");
    expect(await eventually(() => pollsMade() >= 2 && drawn.get("A-1-2") === "held")).toBe(true);
    expect(drawn.get("A-1-1")).toBeUndefined();

    // Back on a socket that asks for what changed after seq 7. A relay late with a change the poll
    // already showed (seq 6) is ignored, and so is its stale picture (seq 5); seq 8 is drawn.
    expect(await eventually(() => ScriptedSocket.last !== first && feed.mode === "socket", 3000)).toBe(true);
    const second = ScriptedSocket.last!;
    expect(second.url).toContain(`since=${encodeURIComponent("L.7")}`);
    second.send("changes", 6, [held("A-1-1"), free("A-1-2")]);
    second.send("snapshot", 5, [held("A-1-1")]);
    expect([drawn.get("A-1-1"), drawn.get("A-1-2")]).toEqual([undefined, "held"]);
    second.send("changes", 8, [held("A-1-3"), free("A-1-2")]);
    expect([drawn.get("A-1-2"), drawn.get("A-1-3")]).toEqual(["free", "held"]);
    // A full picture as recent as the drawn one is still taken: it is complete.
    second.send("snapshot", 8, [held("A-1-3")]);
    expect([...drawn.keys()]).toEqual(["A-1-3"]);
    feed.stop();
  });

  it("comes back asking for what changed after the last seq drawn from the socket itself", async () => {
    globalThis.WebSocket = ScriptedSocket as unknown as typeof WebSocket;
    const { feed, polls } = mapWithFeed(10);
    feed.start();
    expect(await eventually(() => feed.mode === "socket")).toBe(true);
    const first = ScriptedSocket.last!;
    first.send("changes", 11, [held("B-1-1")]);
    first.send("changes", 12, [held("B-1-2")]);
    // No poll answers while the socket is down (the read fails): the socket comes back with seq 12.
    polls.length = 0;
    first.drop();
    expect(await eventually(() => ScriptedSocket.last !== first, 3000)).toBe(true);
    expect(ScriptedSocket.last!.url).toContain(`since=${encodeURIComponent("L.12")}`);
    feed.stop();
  });
});
