import { describe, expect, it } from "vitest";
import { api, call, newEvent, token } from "./support/fixtures";

/** Orders (docs/status-history.md): an order id on book, shown to secret keys, and releasable as a whole. */
describe("orders", () => {
  it("stores the order id on each booked object, shows it to secret keys only, and returns it on a retried book", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 2 });
    const booked = await api.book(f, { objectLabels: ["A-1-1", "A-1-2", "Floor"], holdToken: t, orderId: "8812" });
    expect(booked.status).toBe(200);
    expect(booked.body.objects.map((o: { orderId?: string }) => o.orderId)).toEqual(["8812", "8812", "8812"]);
    expect((await api.book(f, { objectLabels: ["A-1-1"], holdToken: t })).body.objects[0].orderId).toBe("8812");
    const secret = (await api.status(f, "", f.sk)).body.objects as { objectLabel: string; orderId?: string }[];
    expect(secret.filter((o) => o.objectLabel.startsWith("A-")).map((o) => o.orderId)).toEqual(["8812", "8812"]);
    const pub = JSON.stringify((await api.status(f)).body);
    expect(pub).not.toContain("8812");
  });

  it("releases everything booked under an order, and nothing else", async () => {
    const f = await newEvent();
    const a = token("a");
    const b = token("b");
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: a });
    await api.hold(f, { objectLabels: ["Floor"], holdToken: a, objectType: "generalAdmission", quantity: 3 });
    await api.book(f, { objectLabels: ["A-1-1", "A-1-2", "Floor"], holdToken: a, orderId: "o-a" });
    await api.hold(f, { objectLabels: ["A-1-4"], holdToken: b });
    await api.book(f, { objectLabels: ["A-1-4"], holdToken: b, orderId: "o-b" });
    const res = await api.release(f, { orderId: "o-a" });
    expect(res.status).toBe(200);
    expect(res.body.objects).toEqual([
      { objectLabel: "A-1-1", status: "free" },
      { objectLabel: "A-1-2", status: "free" },
      { objectLabel: "Floor", status: "free", quantity: 3 },
    ]);
    const left = ((await api.status(f, "", f.sk)).body.objects as { objectLabel: string; status: string }[]).map((o) => [o.objectLabel, o.status]);
    expect(left).toEqual([
      ["A-1-3", "held"],
      ["A-1-4", "booked"],
    ]);
  });

  it("refuses an order release with a publishable key, and a book with an order id out of bounds", async () => {
    const f = await newEvent();
    const t = token();
    const pub = await api.release(f, { orderId: "o-1", holdToken: t }, f.pk);
    expect([pub.status, pub.body.code]).toEqual([403, "public_key_not_allowed"]);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    for (const orderId of ["", "x".repeat(256), 7]) {
      const res = await api.book(f, { objectLabels: ["A-1-1"], holdToken: t, orderId });
      expect(res.status, JSON.stringify(orderId)).toBe(400);
      expect(res.body.errors.orderId).toBeDefined();
    }
    const none = await api.release(f, {});
    expect([none.status, none.body.code]).toEqual([400, "validation_failed"]);
  });

  it("reports count by section, GA areas under a null section", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 4 });
    await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    const report = (await call("GET", `/api/v1/events/${f.eventKey}/reports`, { key: f.sk })).body;
    expect(report.bySection).toEqual([
      { sectionKey: "A", status: "free", count: 9 },
      { sectionKey: "A", status: "held", count: 0 },
      { sectionKey: "A", status: "booked", count: 1 },
      { sectionKey: "A", status: "not_for_sale", count: 0 },
      { sectionKey: null, status: "free", count: 46 },
      { sectionKey: null, status: "held", count: 4 },
      { sectionKey: null, status: "booked", count: 0 },
      { sectionKey: null, status: "not_for_sale", count: 0 },
    ]);
  });
});
