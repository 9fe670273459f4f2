/**
 * A football club's stand, as the buyer-side suites draw it: two blocks of six rows of twelve seats
 * (lower tier rows A-B, upper tier C-F) with a wheelchair space and a companion seat at each end of
 * row A, a standing "Family Terrace" of 300 beside them, and the pitch as the focal point.
 */

export const TERRACE = "Family Terrace";

export function clubLayout() {
  const block = (key, label, x0) => ({
    key,
    label,
    rows: Array.from({ length: 6 }, (_, r) => {
      const row = String.fromCharCode(65 + r);
      return {
        label: row,
        seats: Array.from({ length: 12 }, (_, n) => {
          const seat = { label: `${key}-${row}-${n + 1}`, categoryKey: r < 2 ? "lower" : "upper", x: x0 + n * 30, y: 260 + r * 32 };
          if (r === 0 && (n === 0 || n === 11)) seat.features = ["wheelchair", "stepFree"];
          if (r === 0 && (n === 1 || n === 10)) seat.features = ["companion"];
          return seat;
        }),
      };
    }),
  });
  return {
    categories: [
      { key: "lower", label: "Lower tier", color: "#c2410c" },
      { key: "upper", label: "Upper tier", color: "#2f5bea" },
      { key: "terrace", label: "Terrace (standing)", color: "#0f7b5f" },
    ],
    sections: [block("N1", "North 1", 0), block("N2", "North 2", 420)],
    generalAdmission: [{ label: TERRACE, categoryKey: "terrace", capacity: 300, x: 840, y: 250, width: 220, height: 190 }],
    focalPoint: { x: 530, y: 60 },
  };
}

/** The key of a published chart of the stand, made once per `api`. */
export function clubChart(api) {
  api.clubChart ??= (async () => {
    const chart = await api.call("POST", "/api/v1/charts", { name: "Club stand", draftVersion: clubLayout() });
    await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
    return chart.chartKey;
  })();
  return api.clubChart;
}

/** A new event on the stand's chart; its key. */
export async function clubEvent(api) {
  return (await api.call("POST", "/api/v1/events", { chartKey: await clubChart(api) })).eventKey;
}

/** The members' presale: four seats of North 2 row C and 100 terrace places set aside. */
export const MEMBERS = { key: "members", name: "Members", objectLabels: ["N2-C-1", "N2-C-2", "N2-C-3", "N2-C-4"], areaPlaces: { [TERRACE]: 100 } };

/** Puts channels on an event. */
export function putChannels(api, eventKey, channels) {
  return api.call("PUT", `/api/v1/events/${eventKey}/channels`, { channels });
}
