/**
 * The dashboard's "Prices" (docs/prices.md): the form in a venue's terms becomes the pricing the
 * API keeps, for events and seasons; its problems are named by control; only a role with
 * `prices.manage` may use it; the change is audited; the event page shows the prices and revenue.
 */
import { describe, expect, it } from "vitest";
import { api, call, expectOk, newEvent, token } from "./support/fixtures";
import { dash, fetchWorker, signedIn } from "./support/dashboard";
import { auditRecords, signedInAs } from "./support/team";

const FORM = {
  currency: "eur",
  amounts: { stalls: "45.50" },
  ticketTypes: [
    { categoryKey: "balcony", key: "adult", label: "Adult", amount: "30" },
    { categoryKey: "balcony", key: "child", label: "Child", amount: "15,00" },
  ],
  feePercent: 2.5,
  feeFixed: "0.50",
};

const PRICING = {
  currency: "EUR",
  categories: {
    stalls: { amount: 4550 },
    balcony: {
      ticketTypes: [
        { key: "adult", label: "Adult", amount: 3000 },
        { key: "child", label: "Child", amount: 1500 },
      ],
    },
  },
  fee: { percent: 2.5, fixed: 50 },
};

/** A refused form's answer: its problems by control. */
type Problems = { errors: Record<string, string[]> };

describe("prices in the dashboard", () => {
  it("the event's form saves minor units, names each wrong control, and is audited", async () => {
    const { keys, cookie } = await signedIn();
    const f = await newEvent({ keys });
    const path = `/dashboard/api/sandbox/events/${f.eventKey}/pricing`;
    const saved = await dash(cookie, "PUT", path, FORM);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual(PRICING);
    expect((await call("GET", `/api/v1/events/${f.eventKey}/pricing`, { key: f.pk })).body).toEqual(PRICING);

    const wrong = await dash<Problems>(cookie, "PUT", path, {
      currency: "EUR",
      amounts: { stalls: "45.555", balcony: "ten" },
      ticketTypes: [{ categoryKey: "balcony", amount: "3" }],
      feePercent: 120,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(["amounts.balcony", "amounts.stalls", "ticketTypes.0.key"]);
    expect(wrong.body.errors["amounts.stalls"][0]).toMatch(/Enter a price in EUR, like 45.50/);
    const percent = await dash<Problems>(cookie, "PUT", path, { currency: "EUR", amounts: { stalls: "1" }, feePercent: 120 });
    expect(percent.body.errors.feePercent[0]).toMatch(/between 0 and 100/);
    const currency = await dash<Problems>(cookie, "PUT", path, { currency: "EURO", amounts: { stalls: "1" } });
    expect(currency.body.errors.currency[0]).toMatch(/ISO 4217/);

    const yen = await dash(cookie, "PUT", path, { currency: "JPY", amounts: { stalls: "12500", balcony: "8 000" } });
    expect(yen.body).toEqual({ currency: "JPY", categories: { stalls: { amount: 12500 }, balcony: { amount: 8000 } } });
    expectOk(await dash(cookie, "DELETE", path));
    expect((await call("GET", `/api/v1/events/${f.eventKey}/pricing`, { key: f.pk })).body).toBeNull();

    const records = await auditRecords(keys, "sandbox", "?action=event.prices_changed");
    expect(records.map((r) => [r.actor.type, r.details])).toEqual([
      ["member", { pricing: null }],
      ["member", { pricing: { currency: "JPY", categories: { stalls: { amount: 12500 }, balcony: { amount: 8000 } } } }],
      ["member", { pricing: PRICING }],
    ]);
  });

  it("only a role with prices.manage may change them; every role sees them", async () => {
    const { keys, cookie } = await signedIn();
    const f = await newEvent({ keys });
    expectOk(await dash(cookie, "PUT", `/dashboard/api/sandbox/events/${f.eventKey}/pricing`, FORM));
    for (const role of ["viewer", "box_office", "designer"] as const) {
      const member = await signedInAs(keys, role);
      const res = await dash(member.cookie, "PUT", `/dashboard/api/sandbox/events/${f.eventKey}/pricing`, { currency: "EUR", amounts: { stalls: "1" } });
      expect(res.status, role).toBe(403);
      const page = await (await fetchWorker(`/dashboard/sandbox/events/${f.eventKey}`, { headers: { Cookie: member.cookie } })).text();
      expect(page, role).toContain("Prices of this event, in EUR");
      expect(page, role).not.toContain('id="prices-form"');
    }
    expect((await call("GET", `/api/v1/events/${f.eventKey}/pricing`, { key: f.pk })).body).toEqual(PRICING);
    const admin = await signedInAs(keys, "admin");
    const page = await (await fetchWorker(`/dashboard/sandbox/events/${f.eventKey}`, { headers: { Cookie: admin.cookie } })).text();
    expect(page).toContain('id="prices-form"');
    expect(page).toContain('value="45.50"');
  });

  it("the event page draws revenue over time from bookings at their prices", async () => {
    const { keys, cookie } = await signedIn();
    const f = await newEvent({ keys });
    expectOk(await dash(cookie, "PUT", `/dashboard/api/sandbox/events/${f.eventKey}/pricing`, FORM));
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1", "A-1-3"], holdToken: t }));
    expectOk(await api.book(f, { objectLabels: ["A-1-1", "A-1-3"], holdToken: t }));
    const page = await (await fetchWorker(`/dashboard/sandbox/events/${f.eventKey}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Revenue over time: €91.00 booked");
    // In German (the browser's language): the panel, the fee and the plot in the venue's words and numbers.
    const de = await (await fetchWorker(`/dashboard/sandbox/events/${f.eventKey}`, { headers: { Cookie: cookie, "Accept-Language": "de-DE" } })).text();
    expect(de).toContain("Preise dieser Veranstaltung, in EUR");
    expect(de).toContain("Umsatz im Zeitverlauf: 91,00");
    expect(de).toContain("Preise speichern");
    expect(de).not.toContain("Prices of this event");
  });

  it("a season's form prices its season holds", async () => {
    const { keys, cookie } = await signedIn();
    const f = await newEvent({ keys });
    const season = await call("POST", "/api/v1/seasons", { key: f.sk, body: { chartKey: f.chartKey, eventKeys: [`s-${crypto.randomUUID().slice(0, 8)}`] } });
    expectOk(season, 201);
    const seasonKey = season.body.seasonKey as string;
    const saved = await dash(cookie, "PUT", `/dashboard/api/sandbox/seasons/${seasonKey}/pricing`, { currency: "EUR", amounts: { stalls: "300" } });
    expect(saved.body).toEqual({ currency: "EUR", categories: { stalls: { amount: 30000 } } });
    const held = await call("POST", `/api/v1/seasons/${seasonKey}/seats/hold`, { key: f.pk, body: { objectLabels: ["A-1-1"], holdToken: token() } });
    expect(held.body.total).toEqual({ amount: 30000, fee: 0, currency: "EUR" });
    const page = await (await fetchWorker(`/dashboard/sandbox/seasons/${seasonKey}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Prices of this season, in EUR");
    expect((await auditRecords(keys, "sandbox", "?action=season.prices_changed")).length).toBe(1);
  });
});
