import { describe, expect, it } from "vitest";
import { advance, api, call, expectError, freeze, newEvent, outboxEvents, pauseOutbox, statusEntry, token, type EventFixture } from "./support/fixtures";
import { eventOf, newSeason, seasonSeats, statusIn } from "./support/seasons";
import { gala, getTableBooking, putTableBooking, seatsOf } from "./support/tables";

/**
 * Booking tables (docs/tables.md) through the API: the table-booking route and its refusals, each
 * mode's rules on holds (book_by_seat, book_whole_table, partially_taken), a table held, booked,
 * extended, released and expired whole with one record and one webhook of the table, per-table
 * overrides, a mode change refused while it would contradict what is held or booked, and booths.
 */

const layout = gala();
const T1 = seatsOf(layout, "T1");
const T2 = seatsOf(layout, "T2");

const history = (f: EventFixture, query = "") => call("GET", `/api/v1/events/${f.eventKey}/status-changes${query}`, { key: f.sk });

describe("the table-booking route", () => {
  it("answers by_seat until set, replaces it with overrides, and shows it to either key", async () => {
    const f = await newEvent({ layout });
    expect((await getTableBooking(f)).body).toEqual({ mode: "by_seat" });
    const put = await putTableBooking(f, { mode: "by_table", tables: { T2: "by_table_or_seat" } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ mode: "by_table", tables: { T2: "by_table_or_seat" } });
    expect((await getTableBooking(f)).body).toEqual(put.body);
    expect((await getTableBooking(f, f.sk)).body).toEqual(put.body);
    // The mode alone defaults to by_seat.
    expect((await putTableBooking(f, {})).body).toEqual({ mode: "by_seat" });
  });

  it("refuses a publishable key, bad modes, unknown fields and labels that are not tables, changing nothing", async () => {
    const f = await newEvent({ layout });
    await putTableBooking(f, { mode: "by_table" });
    expectError(await putTableBooking(f, { mode: "by_seat" }, f.pk), 403);
    const bad = await putTableBooking(f, { mode: "whole" });
    expectError(bad, 400, "validation_failed");
    expect(Object.keys(bad.body.errors ?? {})).toContain("mode");
    expectError(await putTableBooking(f, { mode: "by_seat", extra: true }), 400, "validation_failed");
    const notTable = await putTableBooking(f, { mode: "by_seat", tables: { "T1-1": "by_table", Nowhere: "by_seat" } });
    expectError(notTable, 400, "validation_failed");
    expect(Object.keys(notTable.body.errors ?? {}).sort()).toEqual(["tables.Nowhere", "tables.T1-1"]);
    expect((await getTableBooking(f)).body).toEqual({ mode: "by_table" });
  });
});

describe("by_seat (the default)", () => {
  it("holds seats one by one; the table label is refused, and the table shows partially_taken", async () => {
    const f = await newEvent({ layout });
    const refused = await api.hold(f, { objectLabels: ["T1"], holdToken: token() });
    expectError(refused, 409, "seat_unavailable");
    expect(refused.body.failed).toEqual([{ objectLabel: "T1", reason: "book_by_seat" }]);
    const t = token();
    expect((await api.hold(f, { objectLabels: [T1[0], T1[1]], holdToken: t })).status).toBe(200);
    expect(await statusEntry(f, "T1")).toMatchObject({ objectLabel: "T1", objectType: "table", status: "partially_taken", categoryKey: "vip", seatLabels: T1 });
    expect(await statusEntry(f, T1[0])).toMatchObject({ objectType: "seat", status: "held" });
    const compact = await api.status(f, "?format=compact");
    expect(compact.body.statuses.partially_taken).toEqual(["T1"]);
    // Released, the table is free again and leaves the status.
    await api.release(f, { holdToken: t }, f.pk);
    expect(await statusEntry(f, "T1")).toBeUndefined();
  });
});

describe("by_table", () => {
  it("holds every seat with the table label, refuses a seat label, and books, extends and releases the table whole", async () => {
    const f = await newEvent({ layout });
    await putTableBooking(f, { mode: "by_table" });
    const seat = await api.hold(f, { objectLabels: [T1[0]], holdToken: token() });
    expectError(seat, 409, "seat_unavailable");
    expect(seat.body.failed).toEqual([{ objectLabel: T1[0], reason: "book_whole_table" }]);

    await pauseOutbox(f);
    const t = token();
    const held = await api.hold(f, { objectLabels: ["T1"], holdToken: t, extraData: { party: "Smith" } });
    expect(held.status).toBe(200);
    expect(held.body.objects).toEqual([{ objectLabel: "T1", status: "held", extraData: { party: "Smith" }, seatLabels: T1 }]);
    const table = await statusEntry(f, "T1");
    expect(table).toMatchObject({ objectType: "table", status: "held", seatLabels: T1, extraData: { party: "Smith" } });
    expect(table?.holdExpiresAt).toBe(held.body.holdExpiresAt);
    for (const label of T1) expect(await statusEntry(f, label)).toMatchObject({ objectType: "seat", status: "held" });
    // The token's own view marks the table and its seats as its own.
    const mine = await api.status(f, `?holdToken=${t}`);
    expect(mine.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "T1").mine).toBe(true);
    expect((await api.status(f, `?holdToken=${t}&format=compact`)).body.mine).toContain("T1");
    // A retry answers the same hold.
    expect((await api.hold(f, { objectLabels: ["T1"], holdToken: t })).body.objects[0].seatLabels).toEqual(T1);
    // Another buyer meets the table held.
    expect((await api.hold(f, { objectLabels: ["T1"], holdToken: token() })).body.failed).toEqual([{ objectLabel: "T1", reason: "held" }]);

    const extended = await api.extend(f, { holdToken: t, objectLabels: ["T1"] });
    expect(extended.body.objects[0]).toMatchObject({ objectLabel: "T1", seatLabels: T1 });
    // A seat of the table books and releases only with it.
    expect((await api.book(f, { objectLabels: [T1[2]], holdToken: t })).body.failed).toEqual([{ objectLabel: T1[2], reason: "book_whole_table" }]);
    const booked = await api.book(f, { objectLabels: ["T1"], holdToken: t, orderId: "o-1" });
    expect(booked.status).toBe(200);
    expect(booked.body.objects).toEqual([expect.objectContaining({ objectLabel: "T1", status: "booked", orderId: "o-1", seatLabels: T1 })]);
    expect(await statusEntry(f, "T1")).toMatchObject({ status: "booked", orderId: "o-1" });
    expect((await api.release(f, { orderId: "o-1" })).body.objects).toEqual([{ objectLabel: "T1", status: "free" }]);
    for (const label of ["T1", ...T1]) expect(await statusEntry(f, label)).toBeUndefined();

    // One record and one webhook per change of the table, never one per seat.
    const records = (await history(f)).body.items;
    expect(records.map((r: { objectLabel: string; cause: string }) => `${r.objectLabel} ${r.cause}`)).toEqual([
      "T1 hold",
      "T1 extend",
      "T1 book",
      "T1 release",
    ]);
    expect(records.every((r: { objectType: string; seatLabels: string[] }) => r.objectType === "table" && r.seatLabels.join() === T1.join())).toBe(true);
    const events = await outboxEvents(f);
    expect(events.map((e) => e.type)).toEqual(["seat.held", "seat.booked", "seat.released"]);
    for (const e of events) expect(e.object).toMatchObject({ objectLabel: "T1", objectType: "table", seatLabels: T1, categoryKey: "vip" });
  });

  it("a table whole expires at once with one record, and a token's release frees it", async () => {
    const f = await newEvent({ layout });
    await putTableBooking(f, { mode: "by_table" });
    await freeze(f);
    const t = token();
    await api.hold(f, { objectLabels: ["T2"], holdToken: t, ttlSeconds: 60 });
    await advance(f, 61_000);
    expect(await statusEntry(f, "T2")).toBeUndefined();
    const other = token();
    expect((await api.hold(f, { objectLabels: ["T2"], holdToken: other })).status).toBe(200);
    const records = (await history(f, "?objectLabel=T2")).body.items;
    expect(records.map((r: { cause: string; status: string }) => `${r.cause}:${r.status}`)).toEqual(["hold:held", "expire:free", "hold:held"]);
    expect((await api.release(f, { holdToken: other }, f.pk)).body.objects).toEqual([{ objectLabel: "T2", status: "free" }]);
    expect(await statusEntry(f, T2[0])).toBeUndefined();
  });
});

describe("by_table_or_seat and overrides", () => {
  it("takes the table whole only while every seat is free; a seat makes it partially_taken", async () => {
    const f = await newEvent({ layout });
    await putTableBooking(f, { mode: "by_table_or_seat" });
    const t = token();
    expect((await api.hold(f, { objectLabels: [T1[3]], holdToken: t })).status).toBe(200);
    expect(await statusEntry(f, "T1")).toMatchObject({ status: "partially_taken" });
    const whole = await api.hold(f, { objectLabels: ["T1"], holdToken: token() });
    expect(whole.body.failed).toEqual([{ objectLabel: "T1", reason: "partially_taken" }]);
    // Even the seat's own buyer cannot turn it into the whole table.
    expect((await api.hold(f, { objectLabels: ["T1"], holdToken: t })).body.failed).toEqual([{ objectLabel: "T1", reason: "partially_taken" }]);
    await api.release(f, { holdToken: t }, f.pk);
    expect((await api.hold(f, { objectLabels: ["T1", T1[0]], holdToken: t })).body.objects).toEqual([
      { objectLabel: "T1", status: "held", extraData: null, seatLabels: T1 },
    ]);
    // A seat of a table held whole is held.
    expect((await api.hold(f, { objectLabels: [T1[5]], holdToken: token() })).body.failed).toEqual([{ objectLabel: T1[5], reason: "held" }]);
  });

  it("applies each table's own mode", async () => {
    const f = await newEvent({ layout });
    await putTableBooking(f, { mode: "by_seat", tables: { T2: "by_table" } });
    expect((await api.hold(f, { objectLabels: [T1[0]], holdToken: token() })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: [T2[0]], holdToken: token() })).body.failed).toEqual([{ objectLabel: T2[0], reason: "book_whole_table" }]);
    expect((await api.hold(f, { objectLabels: ["T2"], holdToken: token() })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["T3"], holdToken: token() })).body.failed).toEqual([{ objectLabel: "T3", reason: "book_by_seat" }]);
  });
});

describe("a mode change", () => {
  it("is refused while it contradicts what is held or booked, naming each table, and changes nothing", async () => {
    const f = await newEvent({ layout });
    await putTableBooking(f, { mode: "by_table_or_seat" });
    const t = token();
    await api.hold(f, { objectLabels: ["T1"], holdToken: t });
    await api.book(f, { objectLabels: ["T1"], holdToken: t });
    await api.hold(f, { objectLabels: [T2[0]], holdToken: token() });
    await api.hold(f, { objectLabels: ["G1"], holdToken: token() });

    const toSeat = await putTableBooking(f, { mode: "by_seat" });
    expectError(toSeat, 409, "table_booking_in_use");
    expect(toSeat.body.failed).toEqual([
      { objectLabel: "T1", reason: "in_use" },
      { objectLabel: "G1", reason: "in_use" },
    ]);
    const toTable = await putTableBooking(f, { mode: "by_table" });
    expectError(toTable, 409, "table_booking_in_use");
    expect(toTable.body.failed).toEqual([{ objectLabel: "T2", reason: "in_use" }]);
    expect((await getTableBooking(f)).body).toEqual({ mode: "by_table_or_seat" });
    // Overrides that agree with what is taken are fine, and nothing held or booked changes.
    expect((await putTableBooking(f, { mode: "by_table", tables: { T2: "by_seat" } })).status).toBe(200);
    expect(await statusEntry(f, "T1")).toMatchObject({ status: "booked" });
    expect(await statusEntry(f, T2[0])).toMatchObject({ status: "held" });
  });
});

describe("booths", () => {
  it("are held and booked whole like a seat, with objectType booth in status, history and webhooks", async () => {
    const f = await newEvent({ layout });
    await pauseOutbox(f);
    const t = token();
    expect((await api.hold(f, { objectLabels: ["B1", "HB1"], holdToken: t })).status).toBe(200);
    expect(await statusEntry(f, "B1")).toMatchObject({ objectType: "booth", status: "held", categoryKey: "expo" });
    expect((await api.hold(f, { objectLabels: ["B1"], holdToken: token() })).body.failed).toEqual([{ objectLabel: "B1", reason: "held" }]);
    expect((await api.book(f, { objectLabels: ["B1"], holdToken: t })).status).toBe(200);
    expect(await statusEntry(f, "B1")).toMatchObject({ objectType: "booth", status: "booked" });
    const records = (await history(f, "?objectLabel=B1")).body.items;
    expect(records.map((r: { objectType: string; cause: string }) => `${r.objectType}:${r.cause}`)).toEqual(["booth:hold", "booth:book"]);
    const events = await outboxEvents(f);
    expect(events.filter((e) => e.object.objectLabel === "B1").map((e) => e.object.objectType)).toEqual(["booth", "booth"]);
    // Off sale and back, like a seat.
    expect((await api.notForSale(f, { objectLabels: ["B2"] })).status).toBe(200);
    expect(await statusEntry(f, "B2")).toMatchObject({ objectType: "booth", status: "not_for_sale" });
  });
});

describe("a table off sale", () => {
  it("takes every seat off sale with the table, and back", async () => {
    const f = await newEvent({ layout });
    expect((await api.notForSale(f, { objectLabels: ["T2"] })).status).toBe(200);
    expect(await statusEntry(f, "T2")).toMatchObject({ objectType: "table", status: "not_for_sale" });
    expect(await statusEntry(f, T2[0])).toMatchObject({ status: "not_for_sale" });
    expect((await api.hold(f, { objectLabels: [T2[1]], holdToken: token() })).body.failed).toEqual([{ objectLabel: T2[1], reason: "not_for_sale" }]);
    expect((await api.forSale(f, { objectLabels: ["T2"] })).body.objects).toEqual([{ objectLabel: "T2", status: "free" }]);
    expect(await statusEntry(f, T2[0])).toBeUndefined();
  });
});

describe("a season's holds", () => {
  it("meet each event's table booking: a seat of a table booked whole is refused in that event, a table is held whole in every event", async () => {
    const s = await newSeason(2, { layout });
    const [first, second] = s.eventKeys;
    await putTableBooking(eventOf(s, first!), { mode: "by_table" });
    const seat = await seasonSeats(s, "hold", { holdToken: token(), objectLabels: [T1[0]] });
    expectError(seat, 409, "seat_unavailable");
    expect(seat.body.failed).toEqual([{ objectLabel: T1[0], reason: "book_whole_table", eventKey: first }]);
    for (const e of s.eventKeys) expect(await statusIn(s, e, T1[0])).toBeUndefined();
    // By seat in the second event, the table label is refused there, and nothing is held anywhere.
    const refused = await seasonSeats(s, "hold", { holdToken: token(), objectLabels: ["T1"] });
    expect(refused.body.failed).toEqual([{ objectLabel: "T1", reason: "book_by_seat", eventKey: second }]);
    await putTableBooking(eventOf(s, second!), { mode: "by_table_or_seat" });
    const t = token();
    expect((await seasonSeats(s, "hold", { holdToken: t, objectLabels: ["T1"] })).status).toBe(200);
    for (const e of s.eventKeys) expect(await statusIn(s, e, "T1")).toMatchObject({ objectType: "table", status: "held", seasonKey: s.seasonKey });
    expect((await seasonSeats(s, "book", { holdToken: t, objectLabels: ["T1"] }, { key: s.sk })).status).toBe(200);
    for (const e of s.eventKeys) expect(await statusIn(s, e, T1[4])).toMatchObject({ status: "booked", seasonKey: s.seasonKey });
  });
});
