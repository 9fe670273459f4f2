/**
 * The box office reads labels as a clerk types and clicks them: one per line, a label with spaces or
 * commas kept whole ("Family Terrace", "Box 3, left"), "A-1-1, A-1-2" or "A-1-1 A-1-2" on one line
 * read as two labels, through book, release, not for sale, for sale, channel assignment and the
 * season box office. Also the reading itself as a plain function.
 */
import { describe, expect, it } from "vitest";
import { splitTypedLabels } from "../src/domain/typed-labels";
import { call, newChart, newEvent, uniqueKey } from "./support/fixtures";
import { dash, signedIn } from "./support/dashboard";

/** A stand whose names hold spaces and commas, as venues name things. */
function clubLayout() {
  return {
    categories: [{ key: "home", label: "Home", color: "#1f77b4" }],
    sections: [
      {
        key: "N1",
        label: "North Stand",
        rows: [
          { label: "A", seats: ["N1-A-1", "N1-A-2", "N1-A-3"].map((label, i) => ({ label, categoryKey: "home", x: i * 10, y: 0 })) },
          { label: "B", seats: ["Box 3, left", "Box 3, right"].map((label, i) => ({ label, categoryKey: "home", x: i * 10, y: 10 })) },
        ],
      },
    ],
    generalAdmission: [{ label: "Family Terrace", categoryKey: "home", capacity: 300 }],
  };
}

describe("typed labels, as a plain function", () => {
  const known = new Set(["Family Terrace", "Box 3, left", "A-1-1", "A-1-2", "Family"]);
  const read = (lines: string[]) => splitTypedLabels(lines, (l) => known.has(l));
  it("keeps a label whole, splits a line that is not one, and leaves the rest as typed", () => {
    expect(read(["Family Terrace"])).toEqual(["Family Terrace"]);
    expect(read(["Box 3, left"])).toEqual(["Box 3, left"]);
    expect(read(["A-1-1, A-1-2", "  Family Terrace  "])).toEqual(["A-1-1", "A-1-2", "Family Terrace"]);
    expect(read(["A-1-1 A-1-2"])).toEqual(["A-1-1", "A-1-2"]);
    expect(read(["A-1-1, Family Terrace, nowhere"])).toEqual(["A-1-1", "Family Terrace", "nowhere"]);
    expect(read(["Family Tent"])).toEqual(["Family Tent"]);
    expect(read(["A-1-1", "", "A-1-1"])).toEqual(["A-1-1"]);
  });
});

describe("the box office with labels that hold spaces and commas", () => {
  it("books a standing area named with a space, and seats with commas, typed one per line or on one line", async () => {
    const { keys, cookie } = await signedIn();
    const ev = await newEvent({ keys, layout: clubLayout() });
    const api = `/dashboard/api/sandbox/events/${ev.eventKey}/box-office`;
    const terrace = await dash(cookie, "POST", `${api}/book`, { objectLabels: ["Family Terrace"], orderId: "T-1", quantity: 4 });
    expect(terrace.status).toBe(200);
    expect(terrace.body.objects).toMatchObject([{ objectLabel: "Family Terrace", status: "booked", quantity: 4 }]);

    const boxes = await dash<{ objects: { objectLabel: string }[] }>(cookie, "POST", `${api}/book`, {
      objectLabels: ["Box 3, left", "N1-A-1, N1-A-2"],
      orderId: "B-1",
    });
    expect(boxes.status).toBe(200);
    expect(boxes.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["Box 3, left", "N1-A-1", "N1-A-2"]);

    const unknown = await dash(cookie, "POST", `${api}/book`, { objectLabels: ["N1-A-3, Family Tent"], orderId: "X-1" });
    expect(unknown.status).toBe(409);
    expect(unknown.body.failed).toEqual([{ objectLabel: "Family Tent", reason: "unknown_label" }]);

    expect((await dash(cookie, "POST", `${api}/release`, { objectLabels: ["Box 3, left"] })).status).toBe(200);
    expect((await dash(cookie, "POST", `${api}/not-for-sale`, { objectLabels: ["Box 3, left N1-A-3"] })).status).toBe(409);
    const off = await dash(cookie, "POST", `${api}/not-for-sale`, { objectLabels: ["Box 3, right", "N1-A-3"] });
    expect(off.status).toBe(200);
    expect((await dash(cookie, "POST", `${api}/for-sale`, { objectLabels: ["Box 3, right"] })).status).toBe(200);
    const assigned = await dash(cookie, "POST", `/dashboard/api/sandbox/events/${ev.eventKey}/channels/assign`, {
      objectLabels: ["Box 3, left", "Box 3, right"],
      channelKey: "sponsor",
      channelName: "Sponsor boxes",
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.channels).toEqual([{ key: "sponsor", name: "Sponsor boxes", objectLabels: ["Box 3, left", "Box 3, right"] }]);

    const status = await call("GET", `/api/v1/events/${ev.eventKey}/status`, { key: ev.sk });
    const byLabel = new Map(status.body.objects.map((o: { objectLabel: string; status: string }) => [o.objectLabel, o.status]));
    expect(status.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Family Terrace")).toMatchObject({ booked: 4 });
    expect(byLabel.get("N1-A-1")).toBe("booked");
    expect(byLabel.get("N1-A-3")).toBe("not_for_sale");
    expect(byLabel.has("Box 3, left")).toBe(false);
  });

  it("the season box office reads them the same way, and sells a channel's seat as the event box office does", async () => {
    const { keys, cookie } = await signedIn();
    const chartKey = await newChart(keys, { layout: clubLayout() });
    const seasonKey = uniqueKey("season");
    const games = [`${seasonKey}-1`, `${seasonKey}-2`];
    expect(
      (await dash(cookie, "POST", "/dashboard/api/sandbox/seasons", { seasonKey, chartKey, events: games.map((eventKey) => ({ eventKey })) })).status,
    ).toBe(201);
    for (const g of games)
      await call("PUT", `/api/v1/events/${g}/channels`, {
        key: keys.skTest,
        body: { channels: [{ key: "members", name: "Members", objectLabels: ["N1-A-2"] }] },
      });
    const sold = await dash<{ objects: { objectLabel: string }[] }>(cookie, "POST", `/dashboard/api/sandbox/seasons/${seasonKey}/sell`, {
      objectLabels: ["Box 3, left", "N1-A-1 N1-A-2"],
      orderId: "ST-1",
    });
    expect(sold.status).toBe(200);
    expect(sold.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["Box 3, left", "N1-A-1", "N1-A-2"]);
    for (const g of games) {
      const st = await call("GET", `/api/v1/events/${g}/status`, { key: keys.skTest });
      expect(st.body.objects.filter((o: { status: string }) => o.status === "booked")).toHaveLength(3);
    }
  });
});
