import { describe, expect, it } from "vitest";
import { packEvents } from "../src/event-object/outbox/outbox";
import type { WebhookMessage } from "../src/domain/webhook-messages";
import {
  api,
  deliveriesOf,
  inFilledOutbox,
  outboxRowsOf,
  newEvent,
  newReceiver,
  newWorkspace,
  pauseOutbox,
  runQueue,
  seatHeld,
  seedEndpoint,
  stubOf,
  token,
} from "./support/fixtures";

/** Runs the Worker's queue() handler on one batch of the seat-webhooks queue. */
const runBatch = (bodies: unknown[]) =>
  runQueue(
    "seat-webhooks",
    bodies.map((body) => ({ body })),
  );

const event = (workspaceId: string, environment: "production" | "sandbox", type: "seat.held" | "seat.booked" = "seat.held"): WebhookMessage => ({
  kind: "event",
  workspaceId,
  environment,
  event: seatHeld({ type }),
});

// The consumer fans out every event message of a batch together (one endpoint query for all
// scopes, multi-row inserts): these check that the batching keeps the per-message rules.
describe("queue consumer: batched event fan-out", () => {
  it("routes every event of a mixed batch to the right endpoints and acks them all", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const r = newReceiver();
    const aHeld = await seedEndpoint({ workspaceId: a.workspaceId, environment: "production", url: r.url, events: ["seat.held"] });
    const aBooked = await seedEndpoint({ workspaceId: a.workspaceId, environment: "production", url: r.url, events: ["seat.booked"] });
    const aSandbox = await seedEndpoint({ workspaceId: a.workspaceId, environment: "sandbox", url: r.url, events: ["seat.held", "seat.booked"] });
    const bAll = await seedEndpoint({ workspaceId: b.workspaceId, environment: "production", url: r.url, events: ["seat.held", "seat.booked"] });
    const bOff = await seedEndpoint({ workspaceId: b.workspaceId, environment: "production", url: r.url, enabled: false });

    const messages: WebhookMessage[] = [];
    for (let i = 0; i < 7; i++) messages.push(event(a.workspaceId, "production", i % 2 ? "seat.booked" : "seat.held"));
    for (let i = 0; i < 12; i++) messages.push(event(b.workspaceId, "production", i % 3 ? "seat.held" : "seat.booked"));
    // A scope without any endpoint (also a workspace that does not exist at all).
    messages.push(event(b.workspaceId, "sandbox"), event("ws_nobody", "production"));
    const result = await runBatch(messages);
    expect(result.explicitAcks.sort()).toEqual(messages.map((_, i) => `msg-${i}`).sort());
    expect(result.retryMessages).toEqual([]);

    const eventIdsOf = (ms: WebhookMessage[]) => ms.flatMap((m) => (m.kind === "event" ? [m.event.id] : [])).sort();
    const aMsgs = messages.slice(0, 7);
    const ids = async (epId: string) => (await deliveriesOf(epId)).map((row) => row.eventId).sort();
    expect(await ids(aHeld.id)).toEqual(eventIdsOf(aMsgs.filter((m) => m.kind === "event" && m.event.type === "seat.held")));
    expect(await ids(aBooked.id)).toEqual(eventIdsOf(aMsgs.filter((m) => m.kind === "event" && m.event.type === "seat.booked")));
    // 12 deliveries for one endpoint need more than one insert statement (100 parameters each).
    expect(await ids(bAll.id)).toEqual(eventIdsOf(messages.slice(7, 19)));
    for (const ep of [aSandbox, bOff]) expect(await deliveriesOf(ep.id)).toEqual([]);
  });

  it("handles more scopes than one endpoint query holds, and repeated messages once", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "sandbox", url: r.url });
    const mine = [event(keys.workspaceId, "sandbox"), event(keys.workspaceId, "sandbox")];
    const strangers = Array.from({ length: 60 }, (_, i) => event(`ws_other_${i}`, i % 2 ? "production" : "sandbox"));
    const messages = [...strangers.slice(0, 30), mine[0], ...strangers.slice(30), mine[1], mine[0]];
    const result = await runBatch(messages);
    expect(result.explicitAcks).toHaveLength(messages.length);
    expect(result.retryMessages).toEqual([]);
    const rows = await deliveriesOf(ep.id);
    expect(rows.map((row) => row.eventId).sort()).toEqual(mine.map((m) => (m.kind === "event" ? m.event.id : "")).sort());
    // A redelivery in a later batch creates nothing new.
    await runBatch([mine[1], mine[0]]);
    expect(await deliveriesOf(ep.id)).toHaveLength(2);
  });

  it("still skips endpoints registered after the change, per message", async () => {
    const keys = await newWorkspace();
    const old = seatHeld({ created: Math.floor(Date.now() / 1000) - 5 });
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    const fresh: WebhookMessage = event(keys.workspaceId, "production");
    await runBatch([{ kind: "event", workspaceId: keys.workspaceId, environment: "production", event: old }, fresh]);
    const rows = await deliveriesOf(ep.id);
    expect(rows.map((row) => row.eventId)).toEqual([fresh.kind === "event" ? fresh.event.id : ""]);
  });
});

// The event Durable Object's outbox sends many events per queue message (kind "events").
describe("queue consumer: events messages", () => {
  it("fans an events message out like that many event messages, and acks it once", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const held = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url, events: ["seat.held"] });
    const events = [seatHeld(), seatHeld({ type: "seat.booked" }), seatHeld()];
    const carrier: WebhookMessage = { kind: "events", workspaceId: keys.workspaceId, environment: "production", events };
    const single = event(keys.workspaceId, "production");
    const result = await runBatch([carrier, single]);
    expect(result.explicitAcks.sort()).toEqual(["msg-0", "msg-1"]);
    expect(result.retryMessages).toEqual([]);
    const ids = (await deliveriesOf(held.id)).map((row) => row.eventId).sort();
    expect(ids).toEqual([events[0]!.id, events[2]!.id, single.kind === "event" ? single.event.id : ""].sort());
    // A redelivered carrier creates nothing new.
    await runBatch([carrier]);
    expect(await deliveriesOf(held.id)).toHaveLength(3);
  });

  it("drops an events message with an unreadable event instead of delivering part of it", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    const result = await runBatch([
      { kind: "events", workspaceId: keys.workspaceId, environment: "production", events: [seatHeld(), { id: 1 }] },
      { kind: "events", workspaceId: keys.workspaceId, environment: "production", events: [] },
    ]);
    expect(result.explicitAcks.sort()).toEqual(["msg-0", "msg-1"]);
    expect(await deliveriesOf(ep.id)).toEqual([]);
  });

  it("reads the outbox's encoded messages (JSON text) and confirms all their rows, one call per event object", async () => {
    const f = await newEvent({ environment: "production" });
    const ep = await seedEndpoint({ workspaceId: f.keys.workspaceId, environment: "production", url: newReceiver().url, events: ["seat.held"] });
    // The object's own sends are lost, so the rows wait for the batch built here.
    await pauseOutbox(f);
    for (const label of ["A-1-1", "A-1-2", "A-1-3"]) await api.hold(f, { objectLabels: [label], holdToken: token() });
    const rows = () => inFilledOutbox(f, outboxRowsOf);
    const stored = await rows();
    expect(stored).toHaveLength(3);
    const meta = (await stubOf(f).info())!;
    // Two messages of the same event in one batch, as two flushes send them; and text that is not JSON.
    const first = packEvents(meta, stored.slice(0, 2)).messages;
    const second = packEvents(meta, stored.slice(2)).messages;
    const result = await runBatch([...first, ...second, "{not json"]);
    expect(result.explicitAcks.sort()).toEqual(["msg-0", "msg-1", "msg-2"]);
    expect(result.retryMessages).toEqual([]);
    expect((await deliveriesOf(ep.id)).map((row) => row.eventId).sort()).toEqual(stored.map((row) => (JSON.parse(row.body) as { id: string }).id).sort());
    expect(await rows()).toEqual([]);
  });
});
