import { describe, expect, it } from "vitest";
import { newEventId } from "../src/domain/event-ids";
import { testEvent } from "../src/webhooks/envelope";

/** docs/webhooks.md#the-envelope: every webhook event is named `evt_` and 24 characters of 0-9, A-Z, a-z. */
const EVENT_ID = /^evt_[0-9A-Za-z]{24}$/;

describe("webhook event ids", () => {
  it("have one form and never repeat", () => {
    const ids = Array.from({ length: 20_000 }, () => newEventId());
    expect(ids.every((id) => EVENT_ID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("name a test delivery's event in the same form", () => {
    expect(testEvent("whe_1").id).toMatch(EVENT_ID);
  });

  it("use the whole alphabet, evenly", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5_000; i++) for (const c of newEventId().slice(4)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 120,000 characters over 62: about 1,935 each, give or take 44. Bytes taken modulo 62 without
    // skipping 248-255 would give 0-7 about 2,340 each and the rest about 1,875.
    for (const n of counts.values()) expect(Math.abs(n - 120_000 / 62)).toBeLessThan(200);
  });
});
