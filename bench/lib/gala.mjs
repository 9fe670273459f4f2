/**
 * A gala hall for the benches of tables (docs/tables.md): `tables` round tables of `seats` seats in a
 * grid facing a stage, each seat placed around its table as the designer places them (the same
 * formula as src/geometry/table-placement.ts, restated here because the benches run plain Node).
 */

/** The centres of `count` seats around a round table at (x, y) (clockwise from the top). */
export function roundTableSeats(x, y, count) {
  const diameter = Math.max(36, (count * 24) / Math.PI - 30 + 6);
  const r = diameter / 2 + 15;
  return Array.from({ length: count }, (_, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / count;
    return { x: Math.round((x + r * Math.cos(a)) * 100) / 100, y: Math.round((y + r * Math.sin(a)) * 100) / 100 };
  });
}

/** The gala: sections of 100 tables (10 by 10, 120 units apart), the stage at the top centre. */
export function galaLayout(tables, seats = 10) {
  const sections = [];
  const tableLabels = [];
  for (let s = 0; tableLabels.length < tables; s++) {
    const list = [];
    for (let t = 0; t < 100 && tableLabels.length < tables; t++) {
      const label = `S${s}-T${t + 1}`;
      tableLabels.push(label);
      const x = (s % 5) * 1300 + (t % 10) * 120;
      const y = 200 + Math.floor(s / 5) * 1300 + Math.floor(t / 10) * 120;
      list.push({
        label,
        shape: "round",
        categoryKey: t < 20 ? "front" : "dinner",
        x,
        y,
        seats: roundTableSeats(x, y, seats).map((p, i) => ({ label: `${label}-${i + 1}`, categoryKey: t < 20 ? "front" : "dinner", ...p })),
      });
    }
    sections.push({ key: `S${s}`, label: `Hall ${s}`, rows: [], tables: list });
  }
  const layout = {
    categories: [
      { key: "front", label: "Front", color: "#d9480f" },
      { key: "dinner", label: "Dinner", color: "#2f6fed" },
    ],
    sections,
    generalAdmission: [],
    focalPoint: { x: 3200, y: 0 },
  };
  return { layout, tableLabels };
}
