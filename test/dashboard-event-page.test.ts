import { describe, expect, it } from "vitest";
import { api, expectOk, newEvent } from "./support/fixtures";
import { fetchWorker, signedIn } from "./support/dashboard";

/** The event page names things as a venue does: counts name categories and sections, keys as secondary text. */
describe("the dashboard's event page", () => {
  it("names categories and sections in its counts, with the key beside a name that differs", async () => {
    const { keys, cookie } = await signedIn();
    const ev = await newEvent({ keys });
    expectOk(await api.hold(ev, { objectLabels: ["A-1-1"], holdToken: "page-names-1" }));
    const html = await (await fetchWorker(`/dashboard/sandbox/events/${ev.eventKey}`, { headers: { Cookie: cookie } })).text();
    const table = (caption: string) =>
      html.slice(html.indexOf(`<caption>${caption}</caption>`), html.indexOf("</table>", html.indexOf(`<caption>${caption}</caption>`)));
    expect(table("By category")).toMatch(/<th scope="row">Stalls<span class="hint key"> stalls<\/span><\/th>/);
    expect(table("By category")).toContain("Balcony");
    expect(table("By section")).toMatch(/<th scope="row">Section A<span class="hint key"> A<\/span><\/th>/);
    expect(table("By section")).toContain("General admission");
  });
});
