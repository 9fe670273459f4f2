/**
 * interface.md "Charts" (table, publish rules 1-4, publish-impact entry) and contract §2 (layout,
 * versions, draft/published routes, impact reasons), checked from outside.
 */
import { describe, expect, it } from "vitest";
import { act, call, expectError, expectOk, ISO, mkChart, mkEvent, newWorkspace, smallLayout, tok, uid, world } from "./fixtures";

const CHART_FIELDS = ["chartKey", "name", "draftVersion", "publishedVersion", "createdAt", "updatedAt"];

function expectChart(body: Record<string, unknown>, fields = CHART_FIELDS): void {
  for (const f of fields) expect(body, `field ${f} in ${JSON.stringify(body)}`).toHaveProperty(f);
  expect(typeof body.chartKey).toBe("string");
  expect(typeof body.name).toBe("string");
  expect(typeof body.draftVersion).toBe("number");
  if ("createdAt" in body) expect(body.createdAt).toMatch(ISO);
  expect(body.updatedAt).toMatch(ISO);
  expect(body.publishedVersion === null || typeof body.publishedVersion === "number").toBe(true);
}

describe("chart CRUD (interface.md Charts table)", () => {
  it("POST creates: 201 chartKey, name, draftVersion 1 (a number), publishedVersion null, createdAt, updatedAt", async () => {
    const keys = await newWorkspace();
    const res = await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Main hall", draftVersion: smallLayout() } });
    expectOk(res, 201);
    expectChart(res.body);
    expect(res.body).toMatchObject({ name: "Main hall", draftVersion: 1, publishedVersion: null });
    // chartKey generated when omitted; may be given (contract §2).
    const given = await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Given", chartKey: "given-key" } });
    expectOk(given, 201);
    expect(given.body.chartKey).toBe("given-key");
    // draftVersion optional: the draft starts empty.
    const draft = await call("GET", "/api/v1/charts/given-key/draft", { key: keys.skLive });
    expectOk(draft);
    const d = draft.body;
    const empty =
      JSON.stringify(d) === "{}" || ((d.categories ?? []).length === 0 && (d.sections ?? []).length === 0 && (d.generalAdmission ?? []).length === 0);
    expect(empty, JSON.stringify(d)).toBe(true);
  });

  it("name must be 3 to 255 characters (400 validation_failed with errors.name)", async () => {
    const keys = await newWorkspace();
    for (const name of ["ab", "", "x".repeat(256)]) {
      const res = await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name } });
      expectError(res, 400, "validation_failed", `name ${name.length}`);
      expect(res.body.errors).toHaveProperty("name");
    }
    expectError(await call("POST", "/api/v1/charts", { key: keys.skLive, body: {} }), 400, "validation_failed", "missing name");
    expectError(await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: 123 } }), 400, "validation_failed", "numeric name");
    for (const name of ["abc", "x".repeat(255)])
      expectOk(await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name } }), 201, `name ${name.length}`);
  });

  it("GET one: chartKey, name, draftVersion, publishedVersion, createdAt, updatedAt; unknown 404 chart_not_found", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys, { publish: false });
    const res = await call("GET", `/api/v1/charts/${chartKey}`, { key: keys.skLive });
    expectOk(res);
    expectChart(res.body);
    expect(res.body).toMatchObject({ chartKey, draftVersion: 1, publishedVersion: null });
    expectError(await call("GET", "/api/v1/charts/no-such-chart", { key: keys.skLive }), 404, "chart_not_found");
  });

  it("GET list: { items: [chart…], nextCursor } with working pagination", async () => {
    const keys = await newWorkspace();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await mkChart(keys, { publish: false }));
    const all = await call("GET", "/api/v1/charts", { key: keys.skLive });
    expectOk(all);
    expect(all.body).toHaveProperty("nextCursor");
    expect(all.body.items).toHaveLength(3);
    for (const c of all.body.items) expectChart(c);
    expect(all.body.nextCursor).toBeNull();
    const p1 = await call("GET", "/api/v1/charts?limit=2", { key: keys.skLive });
    expect(p1.body.items).toHaveLength(2);
    expect(typeof p1.body.nextCursor).toBe("string");
    const p2 = await call("GET", `/api/v1/charts?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor)}`, { key: keys.skLive });
    expect(p2.body.items).toHaveLength(1);
    expect(p2.body.nextCursor).toBeNull();
    const seen = [...p1.body.items, ...p2.body.items].map((c: { chartKey: string }) => c.chartKey).sort();
    expect(seen).toEqual([...made].sort());
  });

  it("PATCH: name and/or draftVersion, at least one; draft change bumps draftVersion by one; publishedVersion untouched", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys);
    expectError(await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skLive, body: {} }), 400, "validation_failed", "empty patch");
    expectError(await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skLive, body: { name: "ab" } }), 400, "validation_failed", "short name");
    const r1 = await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skLive, body: { draftVersion: smallLayout(4) } });
    expectOk(r1);
    expectChart(r1.body);
    expect(r1.body).toMatchObject({ chartKey, draftVersion: 2, publishedVersion: 1 });
    const r2 = await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skLive, body: { name: "New name", draftVersion: smallLayout(5) } });
    expect(r2.body).toMatchObject({ name: "New name", draftVersion: 3, publishedVersion: 1 });
    // Wholesale replacement: the draft is exactly the new object.
    const draft = await call("GET", `/api/v1/charts/${chartKey}/draft`, { key: keys.skLive });
    expect(draft.body.sections[0].rows[0].seats).toHaveLength(5);
    // The published layout is untouched by PATCH.
    const pub = await call("GET", `/api/v1/charts/${chartKey}/published`, { key: keys.skLive });
    expectOk(pub);
    expect(pub.body.sections[0].rows[0].seats).toHaveLength(10);
    expectError(await call("PATCH", "/api/v1/charts/nope", { key: keys.skLive, body: { name: "Whatever" } }), 404, "chart_not_found");
  });

  it("NOTE (ambiguous): does a rename alone bump draftVersion? recorded, not asserted", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys, { publish: false });
    const r = await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skLive, body: { name: "Renamed" } });
    expectOk(r);
    expect([1, 2]).toContain(r.body.draftVersion);
  });

  it("invalid layouts are 400 validation_failed with errors naming the offending path", async () => {
    const keys = await newWorkspace();
    const base = smallLayout(3);
    const cases: [string, unknown, RegExp][] = [
      ["bad colour", { ...base, categories: [{ key: "stalls", label: "S", color: "blue" }, base.categories[1]] }, /categories\.0\.color/],
      ["unknown category", { ...base, generalAdmission: [{ label: "Floor", categoryKey: "nope", capacity: 5 }] }, /generalAdmission\.0\.categoryKey/],
      ["capacity 0", { ...base, generalAdmission: [{ label: "Floor", categoryKey: "stalls", capacity: 0 }] }, /generalAdmission\.0\.capacity/],
      ["capacity 1.5", { ...base, generalAdmission: [{ label: "Floor", categoryKey: "stalls", capacity: 1.5 }] }, /generalAdmission\.0\.capacity/],
      [
        "label shared by seat and GA",
        { ...base, generalAdmission: [{ label: "A-1-1", categoryKey: "stalls", capacity: 5 }] },
        /generalAdmission\.0\.label|sections/,
      ],
      ["not an object", "layout", /draftVersion/],
      ["sections not an array", { ...base, sections: {} }, /draftVersion\.sections/],
    ];
    for (const [what, layout, path] of cases) {
      const res = await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Bad layout", draftVersion: layout } });
      expectError(res, 400, "validation_failed", what);
      expect(Object.keys(res.body.errors ?? {}).join(" "), what).toMatch(path);
    }
    // An empty layout is {} or the three arrays empty.
    expectOk(await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Empty", draftVersion: {} } }), 201, "{}");
    expectOk(
      await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Empty", draftVersion: { categories: [], sections: [], generalAdmission: [] } } }),
      201,
      "arrays",
    );
  });

  it("DELETE: { chartKey, deleted: true }; 409 chart_has_events while any event (either environment) is bound", async () => {
    const keys = await newWorkspace();
    const free = await mkChart(keys, { publish: false });
    const del = await call("DELETE", `/api/v1/charts/${free}`, { key: keys.skLive });
    expectOk(del);
    expect(del.body).toEqual({ chartKey: free, deleted: true });
    expectError(await call("GET", `/api/v1/charts/${free}`, { key: keys.skLive }), 404, "chart_not_found");
    expectError(await call("DELETE", `/api/v1/charts/${free}`, { key: keys.skLive }), 404, "chart_not_found");

    const bound = await mkChart(keys);
    const ev = await mkEvent(keys, bound, "sandbox");
    expectError(await call("DELETE", `/api/v1/charts/${bound}`, { key: keys.skLive }), 409, "chart_has_events", "sandbox event bound");
    expectOk(await call("DELETE", `/api/v1/events/${ev}`, { key: keys.skTest }));
    expectOk(await call("DELETE", `/api/v1/charts/${bound}`, { key: keys.skLive }), 200, "after the event is deleted");
  });
});

describe("versions, draft and published (contract §2)", () => {
  it("publish: chartKey, name, draftVersion, publishedVersion = draftVersion, publishedAt, updatedAt", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys, { publish: false });
    expectError(await call("GET", `/api/v1/charts/${chartKey}/published`, { key: keys.skLive }), 404, undefined, "published before publish");
    const p = await call("POST", `/api/v1/charts/${chartKey}/publish`, { key: keys.skLive });
    expectOk(p);
    for (const f of ["chartKey", "name", "draftVersion", "publishedVersion", "publishedAt", "updatedAt"]) expect(p.body).toHaveProperty(f);
    expect(p.body).toMatchObject({ chartKey, draftVersion: 1, publishedVersion: 1 });
    expect(p.body.publishedAt).toMatch(ISO);
    await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skLive, body: { draftVersion: smallLayout(3) } });
    await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skLive, body: { draftVersion: smallLayout(4) } });
    const p2 = await call("POST", `/api/v1/charts/${chartKey}/publish`, { key: keys.skLive });
    expect(p2.body).toMatchObject({ draftVersion: 3, publishedVersion: 3 });
    const pub = await call("GET", `/api/v1/charts/${chartKey}/published`, { key: keys.skLive });
    expect(pub.body.sections[0].rows[0].seats).toHaveLength(4);
    const draft = await call("GET", `/api/v1/charts/${chartKey}/draft`, { key: keys.skLive });
    expect(draft.body).toEqual(pub.body);
    expectError(await call("POST", "/api/v1/charts/nope/publish", { key: keys.skLive }), 404, "chart_not_found");
    expectError(await call("GET", "/api/v1/charts/nope/draft", { key: keys.skLive }), 404, "chart_not_found");
  });

  it("the draft round-trips the explicit layout form", async () => {
    const keys = await newWorkspace();
    const layout = smallLayout(3, 7);
    const chartKey = await mkChart(keys, { layout, publish: false });
    const draft = await call("GET", `/api/v1/charts/${chartKey}/draft`, { key: keys.skLive });
    expect(draft.body).toMatchObject(layout);
  });

  it("events read the published layout live; republish changes what they see (publish rule 1)", async () => {
    const w = await world();
    expect((await call("GET", `/api/v1/events/${w.eventKey}`, { key: w.sk })).body.chartPublishedVersion).toBe(1);
    await call("PATCH", `/api/v1/charts/${w.chartKey}`, { key: w.sk, body: { draftVersion: smallLayout(3) } });
    // Draft changes are not visible before publish.
    expect((await act.objects(w)).body.objects.filter((o: { objectType: string }) => o.objectType === "seat")).toHaveLength(10);
    expectOk(await call("POST", `/api/v1/charts/${w.chartKey}/publish`, { key: w.sk }));
    expect((await act.objects(w)).body.objects.filter((o: { objectType: string }) => o.objectType === "seat")).toHaveLength(3);
    expect((await call("GET", `/api/v1/events/${w.eventKey}`, { key: w.sk })).body.chartPublishedVersion).toBe(2);
  });

  it("unpublish: chartKey, name, draftVersion, publishedVersion null, updatedAt; events appear empty and keep working (rule 4)", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t }));
    const u = await call("POST", `/api/v1/charts/${w.chartKey}/unpublish`, { key: w.sk });
    expectOk(u);
    for (const f of ["chartKey", "name", "draftVersion", "publishedVersion", "updatedAt"]) expect(u.body).toHaveProperty(f);
    expect(u.body.publishedVersion).toBeNull();
    expect((await call("GET", `/api/v1/charts/${w.chartKey}`, { key: w.sk })).body.publishedVersion).toBeNull();
    expectError(await call("GET", `/api/v1/charts/${w.chartKey}/published`, { key: w.sk }), 404, undefined, "published after unpublish");
    const ev = await call("GET", `/api/v1/events/${w.eventKey}`, { key: w.pk });
    expectOk(ev);
    expect(ev.body.chartPublishedVersion).toBeNull();
    const objs = await act.objects(w);
    expectOk(objs);
    expect(objs.body.categories).toEqual([]);
    expect(objs.body.objects).toEqual([]);
    const st = await act.status(w);
    expectOk(st);
    expect(st.body.objects).toEqual([]);
    // Republish: the held seat is still held.
    expectOk(await call("POST", `/api/v1/charts/${w.chartKey}/publish`, { key: w.sk }));
    const st2 = await act.status(w, "", w.sk);
    expect(st2.body.objects).toEqual([expect.objectContaining({ objectLabel: "A-1-1", status: "held" })]);
  });
});

describe("publish refusal, publish-check and force (publish rules 2-3, contract §2 reasons)", () => {
  /** A chart with a sandbox and a production event, reservations on both. */
  async function reserved() {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys);
    const prod = await mkEvent(keys, chartKey, "production");
    const sand = await mkEvent(keys, chartKey, "sandbox");
    const tp = tok();
    const ts = tok();
    const hold = (ek: string, key: string, body: unknown) => call("POST", `/api/v1/events/${ek}/seats/hold`, { key, body });
    // production: A-1-1 booked, A-1-2 held, Floor 5 held + 3 booked
    expectOk(await hold(prod, keys.pkLive, { objectLabels: ["A-1-1", "A-1-2"], holdToken: tp }));
    expectOk(await call("POST", `/api/v1/events/${prod}/seats/book`, { key: keys.skLive, body: { objectLabels: ["A-1-1"], holdToken: tp } }));
    const tb = tok();
    expectOk(await hold(prod, keys.pkLive, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 3, holdToken: tb }));
    expectOk(await call("POST", `/api/v1/events/${prod}/seats/book`, { key: keys.skLive, body: { objectLabels: ["Floor"], holdToken: tb } }));
    expectOk(await hold(prod, keys.pkLive, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 5, holdToken: tok() }));
    // sandbox: A-1-3 held
    expectOk(await hold(sand, keys.pkTest, { objectLabels: ["A-1-3"], holdToken: ts }));
    return { keys, chartKey, prod, sand };
  }

  const entry = (eventKey: string, environment: string, objectLabel: string, reason: string, booked: number, held: number) => ({
    eventKey,
    environment,
    objectLabel,
    reason,
    booked,
    held,
  });

  it("removing held/booked labels: publish-check lists them in both environments; publish is 409 publish_affects_reservations with the same failed[]", async () => {
    const r = await reserved();
    // Draft without any seat of A and without Floor.
    const draft = { categories: smallLayout().categories, sections: [], generalAdmission: [] };
    expectOk(await call("PATCH", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive, body: { draftVersion: draft } }));
    const expected = [
      entry(r.prod, "production", "A-1-1", "removed", 1, 0),
      entry(r.prod, "production", "A-1-2", "removed", 0, 1),
      entry(r.prod, "production", "Floor", "removed", 3, 5),
      entry(r.sand, "sandbox", "A-1-3", "removed", 0, 1),
    ];
    const check = await call("GET", `/api/v1/charts/${r.chartKey}/publish-check`, { key: r.keys.skTest });
    expectOk(check);
    expect(check.body.chartKey).toBe(r.chartKey);
    expect(check.body.affected).toHaveLength(4);
    expect(check.body.affected).toEqual(expect.arrayContaining(expected));
    const pub = await call("POST", `/api/v1/charts/${r.chartKey}/publish`, { key: r.keys.skLive });
    expectError(pub, 409, "publish_affects_reservations");
    expect(pub.body.failed).toHaveLength(4);
    expect(pub.body.failed).toEqual(expect.arrayContaining(expected));
    // Refused: nothing changed.
    expect((await call("GET", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive })).body.publishedVersion).toBe(1);
    const objs = await call("GET", `/api/v1/events/${r.prod}/objects`, { key: r.keys.pkLive });
    expect(objs.body.objects.length).toBe(11);
  });

  it("reasons object_type_changed, category_changed and capacity_below_reserved", async () => {
    const r = await reserved();
    const base = smallLayout();
    const seats = base.sections[0].rows[0].seats.filter((s) => !["A-1-1", "A-1-3"].includes(s.label));
    // A-1-2 (held in prod, stalls? index 1 -> balcony) changes category; A-1-1 becomes a GA area; A-1-3 turns into GA too; Floor shrinks to 7 (< 3 + 5).
    const a12 = seats.find((s) => s.label === "A-1-2")!;
    a12.categoryKey = a12.categoryKey === "stalls" ? "balcony" : "stalls";
    const draft = {
      categories: base.categories,
      sections: [{ ...base.sections[0], rows: [{ label: "1", seats }] }],
      generalAdmission: [
        { label: "Floor", categoryKey: "stalls", capacity: 7 },
        { label: "A-1-1", categoryKey: "stalls", capacity: 10 },
        { label: "A-1-3", categoryKey: "stalls", capacity: 10 },
      ],
    };
    expectOk(await call("PATCH", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive, body: { draftVersion: draft } }));
    const expected = [
      entry(r.prod, "production", "A-1-1", "object_type_changed", 1, 0),
      entry(r.prod, "production", "A-1-2", "category_changed", 0, 1),
      entry(r.prod, "production", "Floor", "capacity_below_reserved", 3, 5),
      entry(r.sand, "sandbox", "A-1-3", "object_type_changed", 0, 1),
    ];
    const check = await call("GET", `/api/v1/charts/${r.chartKey}/publish-check`, { key: r.keys.skLive });
    expect(check.body.affected).toEqual(expect.arrayContaining(expected));
    expect(check.body.affected).toHaveLength(4);
    const pub = await call("POST", `/api/v1/charts/${r.chartKey}/publish`, { key: r.keys.skLive });
    expectError(pub, 409, "publish_affects_reservations");
    expect(pub.body.failed).toEqual(expect.arrayContaining(expected));
    expect(pub.body.failed).toHaveLength(4);
  });

  it("safe drafts: publish-check is empty and publish succeeds (GA shrink to exactly booked+held is fine)", async () => {
    const r = await reserved();
    const base = smallLayout(12, 8);
    expectOk(await call("PATCH", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive, body: { draftVersion: base } }));
    const check = await call("GET", `/api/v1/charts/${r.chartKey}/publish-check`, { key: r.keys.skLive });
    expect(check.body).toEqual({ chartKey: r.chartKey, affected: [] });
    expectOk(await call("POST", `/api/v1/charts/${r.chartKey}/publish`, { key: r.keys.skLive }));
  });

  it("force=true publishes anyway and keeps existing holds and bookings as they are (rule 3)", async () => {
    const r = await reserved();
    const draft = { categories: smallLayout().categories, sections: [], generalAdmission: [] };
    expectOk(await call("PATCH", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive, body: { draftVersion: draft } }));
    const pub = await call("POST", `/api/v1/charts/${r.chartKey}/publish?force=true`, { key: r.keys.skLive });
    expectOk(pub);
    expect(pub.body.publishedVersion).toBe(2);
    // Republish the original layout: the reservations are still there.
    expectOk(await call("PATCH", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive, body: { draftVersion: smallLayout() } }));
    expectOk(await call("POST", `/api/v1/charts/${r.chartKey}/publish?force=true`, { key: r.keys.skLive }));
    const st = await call("GET", `/api/v1/events/${r.prod}/status`, { key: r.keys.skLive });
    const byLabel = Object.fromEntries(st.body.objects.map((o: { objectLabel: string; status: string }) => [o.objectLabel, o]));
    expect(byLabel["A-1-1"]?.status).toBe("booked");
    expect(byLabel["A-1-2"]?.status).toBe("held");
    expect(byLabel["Floor"]).toMatchObject({ held: 5, booked: 3 });
    const sst = await call("GET", `/api/v1/events/${r.sand}/status`, { key: r.keys.skTest });
    expect(sst.body.objects).toEqual([expect.objectContaining({ objectLabel: "A-1-3", status: "held" })]);
  });

  it("concurrent publishes of one chart never answer 500", async () => {
    const r = await reserved();
    expectOk(await call("PATCH", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive, body: { draftVersion: smallLayout(12) } }));
    const results = await Promise.all([1, 2, 3, 4].map(() => call("POST", `/api/v1/charts/${r.chartKey}/publish`, { key: r.keys.skLive })));
    for (const res of results) {
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status !== 200) expectError(res, res.status);
    }
    expect(results.some((x) => x.status === 200)).toBe(true);
  });

  it("events on other charts or other workspaces are not in publish-check", async () => {
    const r = await reserved();
    const other = await newWorkspace();
    const oc = await mkChart(other);
    const oe = await mkEvent(other, oc, "production");
    expectOk(await call("POST", `/api/v1/events/${oe}/seats/hold`, { key: other.pkLive, body: { objectLabels: ["A-1-5"], holdToken: tok() } }));
    const draft = smallLayout(4);
    expectOk(await call("PATCH", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive, body: { draftVersion: draft } }));
    const check = await call("GET", `/api/v1/charts/${r.chartKey}/publish-check`, { key: r.keys.skLive });
    expect(check.body.affected).toEqual([]);
    void uid;
  });
});
