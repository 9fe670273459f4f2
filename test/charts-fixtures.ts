/** `seats` seats in rows of 100, in sections of 100 rows, two categories, one GA area. */
export function bigLayout(seats: number) {
  const sections = [];
  for (let s = 0; s * 10_000 < seats; s++) {
    const rows = [];
    for (let r = 0; r < 100 && s * 10_000 + r * 100 < seats; r++) {
      const row = [];
      for (let i = 0; i < 100 && s * 10_000 + r * 100 + i < seats; i++)
        row.push({ label: `S${s}-${r}-${i}`, categoryKey: i % 2 ? "a" : "b", x: i * 10, y: r * 10 });
      rows.push({ label: String(r + 1), seats: row });
    }
    sections.push({ key: `S${s}`, label: `Section ${s}`, rows });
  }
  return {
    categories: [
      { key: "a", label: "A", color: "#4f7cff" },
      { key: "b", label: "B", color: "#ff7c4f" },
    ],
    sections,
    generalAdmission: [{ label: "Floor", categoryKey: "a", capacity: 1000 }],
  };
}
