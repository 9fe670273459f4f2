import { describe, expect, it } from "vitest";
import { api, expectError, newEvent, token } from "./support/fixtures";

describe("concurrency", () => {
  it("60 simultaneous holds on one seat: exactly one winner", async () => {
    const f = await newEvent();
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => api.hold(f, { objectLabels: ["A-1-4"], holdToken: token(`b${i}`) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(59);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, "seat_unavailable");
  });

  it("simultaneous GA holds never exceed capacity", async () => {
    const f = await newEvent();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api.hold(f, { objectLabels: ["Floor"], holdToken: token(`g${i}`), objectType: "generalAdmission", quantity: 3 })),
    );
    const won = results.filter((r) => r.status === 200).length;
    expect(won).toBe(16); // floor(50 / 3)
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, "ga_capacity_exceeded");
    const status = await api.status(f);
    expect(status.body.objects[0]).toMatchObject({ held: 48, remaining: 2 });
  });

  it("overlapping multi-seat holds never grant a seat twice", async () => {
    const f = await newEvent();
    const windows = Array.from({ length: 30 }, (_, i) => {
      const start = (i * 7) % 8;
      return [start, start + 1, start + 2].map((n) => `A-1-${n + 1}`);
    });
    const tokens = windows.map((_, i) => token(`m${i}`));
    const results = await Promise.all(windows.map((labels, i) => api.hold(f, { objectLabels: labels, holdToken: tokens[i]! })));
    const granted = windows.filter((_, i) => results[i]!.status === 200).flat();
    expect(new Set(granted).size).toBe(granted.length);
    const status = await api.status(f);
    expect(status.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual([...granted].sort());
  });
});
