import { describe, expect, it } from "vitest";
import { parseCsv } from "../src/domain/csv";
import { advance, api, call, expectError, expectOk, freeze, newEvent, stubOf, token, type EventFixture } from "./support/fixtures";

/**
 * What prices add up to (docs/prices.md): the sales report against the bookings, its CSV read back,
 * the status history and the audit log as CSV, and revenue over time.
 */

const PRICING = {
  currency: "EUR",
  categories: {
    stalls: { amount: 4500 },
    balcony: {
      ticketTypes: [
        { key: "adult", label: "Adult", amount: 3000 },
        { key: "child", label: "Child", amount: 1500 },
      ],
    },
  },
  channels: { presale: { stalls: 3900 } },
  fee: { percent: 2.5, fixed: 50 },
};

async function pricedEvent(): Promise<EventFixture> {
  const f = await newEvent();
  expectOk(
    await call("PUT", `/api/v1/events/${f.eventKey}/channels`, {
      key: f.sk,
      body: { channels: [{ key: "presale", name: "Presale", objectLabels: ["A-1-1"], areaPlaces: { Floor: 10 } }] },
    }),
  );
  expectOk(await call("PUT", `/api/v1/events/${f.eventKey}/pricing`, { key: f.sk, body: PRICING }));
  return f;
}

const sales = (f: EventFixture, query = "", headers: Record<string, string> = {}) =>
  call("GET", `/api/v1/events/${f.eventKey}/reports/sales${query}`, { key: f.sk, headers });

/** Holds and books, returning what the bookings' answers said they cost. */
async function sell(f: EventFixture, body: Record<string, unknown>): Promise<{ amount: number; fee: number; count: number }> {
  const t = token();
  const held = await api.hold(f, { ...body, holdToken: t });
  expectOk(held);
  const booked = await api.book(f, { objectLabels: body.objectLabels, holdToken: t, expectedTotal: held.body.total.amount + held.body.total.fee });
  expectOk(booked);
  const count = booked.body.objects.reduce((n: number, o: { quantity?: number }) => n + (o.quantity ?? 1), 0);
  return { amount: booked.body.total.amount, fee: booked.body.total.fee, count };
}

describe("the sales report", () => {
  it("adds up to the bookings by category, ticket type, channel and section; held and released do not count", async () => {
    const f = await pricedEvent();
    const sold = [
      await sell(f, { objectLabels: ["A-1-1"], channelKeys: ["presale"] }),
      await sell(f, { objectLabels: ["A-1-2", "A-1-3"], ticketTypes: { "A-1-2": "child" } }),
      await sell(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 4 }),
      await sell(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 2, channelKeys: ["presale"] }),
    ];
    const gone = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-5"], holdToken: gone }));
    expectOk(await api.book(f, { objectLabels: ["A-1-5"], holdToken: gone, orderId: "refund-me" }));
    expectOk(await api.release(f, { orderId: "refund-me" }));
    expectOk(await api.hold(f, { objectLabels: ["A-1-7"], holdToken: token() }));

    const res = await sales(f);
    expectOk(res);
    const r = res.body;
    const want = sold.reduce((a, s) => ({ count: a.count + s.count, amount: a.amount + s.amount, fee: a.fee + s.fee }), { count: 0, amount: 0, fee: 0 });
    expect(r.totals).toEqual([{ currency: "EUR", ...want }]);
    for (const dim of ["byCategory", "byTicketType", "byChannel", "bySection"]) {
      const sum = (r[dim] as { count: number; amount: number; fee: number }[]).reduce(
        (a, x) => ({ count: a.count + x.count, amount: a.amount + x.amount, fee: a.fee + x.fee }),
        { count: 0, amount: 0, fee: 0 },
      );
      expect(sum, dim).toEqual(want);
    }
    expect(r.byCategory).toEqual([
      { categoryKey: "stalls", currency: "EUR", count: 1 + 1 + 6, amount: 3900 + 4500 + 4 * 4500 + 2 * 3900, fee: 148 + 163 + 4 * 163 + 2 * 148 },
      { categoryKey: "balcony", currency: "EUR", count: 1, amount: 1500, fee: 88 },
    ]);
    expect(r.byTicketType).toContainEqual({ categoryKey: "balcony", ticketType: "child", currency: "EUR", count: 1, amount: 1500, fee: 88 });
    expect(r.byChannel).toEqual([
      { channelKey: "presale", currency: "EUR", count: 3, amount: 3 * 3900, fee: 3 * 148 },
      { channelKey: null, currency: "EUR", count: 6, amount: 1500 + 4500 + 4 * 4500, fee: 88 + 163 + 4 * 163 },
    ]);
    expect(r.bySection).toEqual([
      { sectionKey: "A", currency: "EUR", count: 3, amount: 3900 + 1500 + 4500, fee: 148 + 88 + 163 },
      { sectionKey: null, currency: "EUR", count: 6, amount: 4 * 4500 + 2 * 3900, fee: 4 * 163 + 2 * 148 },
    ]);
    expect(r.bySeason).toEqual([]);
    expectError(await call("GET", `/api/v1/events/${f.eventKey}/reports/sales`, { key: f.pk }), 403, "public_key_not_allowed");
  });

  it("comes as CSV with a header row for ?format=csv or Accept: text/csv, and reads back to the same figures", async () => {
    const f = await pricedEvent();
    await sell(f, { objectLabels: ["A-1-3", "A-1-2"] });
    const json = (await sales(f)).body;
    for (const res of [await sales(f, "?format=csv"), await sales(f, "", { Accept: "text/csv" })]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="sales-/);
      const [header, ...rows] = parseCsv(res.body as string);
      expect(header).toEqual(["dimension", "key", "category_key", "ticket_type", "currency", "count", "amount", "fee"]);
      const back = (dim: string) =>
        rows.filter((x) => x[0] === dim).map((x) => ({ key: x[1] || null, currency: x[4], count: +x[5]!, amount: +x[6]!, fee: +x[7]! }));
      expect(back("total")).toEqual(json.totals.map((t: { currency: string }) => ({ key: null, ...t })));
      expect(back("category")).toEqual(json.byCategory.map(({ categoryKey, ...t }: { categoryKey: string }) => ({ key: categoryKey, ...t })));
      expect(back("ticket_type").map((x) => x.amount)).toEqual(json.byTicketType.map((t: { amount: number }) => t.amount));
    }
    // JSON stays the default, and an Accept header that prefers JSON gets JSON.
    expect((await sales(f, "", { Accept: "application/json, text/csv" })).body.totals).toEqual(json.totals);
  });

  it("counts bookings without a price with amount 0 and currency null", async () => {
    const f = await newEvent();
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t }));
    expectOk(await api.book(f, { objectLabels: ["A-1-1"], holdToken: t }));
    expect((await sales(f)).body.totals).toEqual([{ currency: null, count: 1, amount: 0, fee: 0 }]);
  });
});

describe("CSV downloads of the histories", () => {
  it("the status history: every record with its price, streamed past one page, filters kept", async () => {
    const f = await pricedEvent();
    await freeze(f);
    const t = token();
    const labels = Array.from({ length: 10 }, (_, i) => `A-1-${i + 1}`);
    for (let round = 0; round < 60; round++) {
      expectOk(await api.hold(f, { objectLabels: labels, holdToken: t, ignoreChannels: true }, f.sk));
      expectOk(await api.release(f, { holdToken: t }));
      await advance(f, 1);
    }
    expectOk(await api.hold(f, { objectLabels: ["A-1-2"], holdToken: t, ticketTypes: { "A-1-2": "child" } }));
    expectOk(await api.book(f, { objectLabels: ["A-1-2"], holdToken: t, orderId: 'o,"1"' }));
    const res = await call("GET", `/api/v1/events/${f.eventKey}/status-changes?format=csv`, { key: f.sk });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = parseCsv(res.body as string);
    expect(header!.slice(0, 7)).toEqual(["seq", "at", "object_label", "object_type", "status", "previous_status", "cause"]);
    expect(rows).toHaveLength(1202);
    expect(rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: 1202 }, (_, i) => i + 1));
    const col = (name: string) => header!.indexOf(name);
    const last = rows.at(-1)!;
    expect([
      last[col("cause")],
      last[col("order_id")],
      last[col("price_amount")],
      last[col("price_fee")],
      last[col("currency")],
      last[col("ticket_type")],
    ]).toEqual(["book", 'o,"1"', "1500", "88", "EUR", "child"]);
    const json = await call("GET", `/api/v1/events/${f.eventKey}/status-changes?limit=1000`, { key: f.sk });
    expect(rows.slice(0, 1000).map((r) => r[col("at")])).toEqual(json.body.items.map((i: { at: string }) => i.at));
    const narrowed = await call("GET", `/api/v1/events/${f.eventKey}/status-changes?objectLabel=A-1-2&after=1100`, {
      key: f.sk,
      headers: { Accept: "text/csv" },
    });
    const narrowRows = parseCsv(narrowed.body as string).slice(1);
    expect(narrowRows.every((r) => r[2] === "A-1-2" && Number(r[0]) > 1100)).toBe(true);
    expect(narrowRows.length).toBeGreaterThan(0);
    expectError(await call("GET", `/api/v1/events/no-such-event/status-changes?format=csv`, { key: f.sk }), 404, "event_not_found");
  });

  it("the audit log: the same records as JSON, the prices changes among them", async () => {
    const f = await pricedEvent();
    expectOk(await call("DELETE", `/api/v1/events/${f.eventKey}/pricing`, { key: f.sk }));
    const json = await call("GET", `/api/v1/audit-log?limit=100`, { key: f.sk });
    const csv = await call("GET", `/api/v1/audit-log?format=csv`, { key: f.sk });
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(csv.body as string);
    expect(header).toEqual(["id", "at", "environment", "actor_type", "actor_id", "actor_name", "action", "target_type", "target_key", "details"]);
    expect(rows.map((r) => r[0])).toEqual(json.body.items.map((i: { id: string }) => i.id));
    const changed = rows.filter((r) => r[6] === "event.prices_changed");
    expect(changed).toHaveLength(2);
    expect(JSON.parse(changed[1]![9]!)).toEqual({ pricing: PRICING });
    expect(JSON.parse(changed[0]![9]!)).toEqual({ pricing: null });
    const only = parseCsv((await call("GET", `/api/v1/audit-log?action=event.*`, { key: f.sk, headers: { Accept: "text/csv" } })).body as string);
    expect(only.slice(1).every((r) => r[6]!.startsWith("event."))).toBe(true);
  });
});

describe("revenue over time", () => {
  it("follows bookings at their locked prices and takes a released booking off", async () => {
    const f = await pricedEvent();
    await freeze(f);
    await sell(f, { objectLabels: ["A-1-3"] });
    await advance(f, 60_000);
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-5"], holdToken: t }));
    expectOk(await api.book(f, { objectLabels: ["A-1-5"], holdToken: t, orderId: "o-2" }));
    await advance(f, 60_000);
    expectOk(await api.release(f, { orderId: "o-2" }));
    const timeline = await stubOf(f).salesTimeline(3);
    if (!timeline.ok) throw new Error(timeline.message);
    expect(timeline.value.points.map((p) => p.revenue)).toEqual([4500, 9000, 4500]);
  });
});
