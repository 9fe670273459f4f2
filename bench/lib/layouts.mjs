/**
 * Generated chart layouts in the explicit form of docs/charts.md#the-layout. Seats carry no coordinates and
 * short labels, so a 100,000-seat layout stays near 4 MB of JSON.
 */

const SEATS_PER_ROW = 100;
const ROWS_PER_SECTION = 50;

/**
 * A layout of `seats` seats in sections of 5,000 (50 rows of 100), alternating two categories.
 * Returns the layout and every seat label in layout order.
 */
export function seatLayout(seats) {
  const labels = [];
  const sections = [];
  for (let s = 0; labels.length < seats; s++) {
    const rows = [];
    for (let r = 0; r < ROWS_PER_SECTION && labels.length < seats; r++) {
      const rowSeats = [];
      for (let n = 0; n < SEATS_PER_ROW && labels.length < seats; n++) {
        const label = `S${s}-${r}-${n}`;
        labels.push(label);
        rowSeats.push({ label, categoryKey: n % 2 === 0 ? "a" : "b" });
      }
      rows.push({ label: String(r), seats: rowSeats });
    }
    sections.push({ key: `S${s}`, label: `Section ${s}`, rows });
  }
  return {
    layout: {
      categories: [
        { key: "a", label: "Stalls", color: "#4f7cff" },
        { key: "b", label: "Balcony", color: "#ff7c4f" },
      ],
      sections,
      generalAdmission: [],
    },
    labels,
  };
}

/** A deterministic shuffle (xorshift), so rounds pick seats spread over the whole map. */
export function shuffled(list, seed = 12345) {
  const out = list.slice();
  let x = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
