/**
 * Where a table's seats sit around it and how big its top is (docs/tables.md), in layout units (the
 * designer's: seats 24 units apart). The designer places a new table's seats with it, and the SDK
 * and the dashboard draw with it a table whose seats the layout gives no x/y: so a table looks the
 * same wherever it is drawn; the compact objects form leaves out the seats' x/y where they are
 * these points, and the SDK puts them back. Pure.
 *
 * A round table's seats go clockwise from the top on a circle around it; a rectangular table's
 * along its two long sides, clockwise too (left to right across the top, right to left along the
 * bottom), so list order is the order around the table, as the layout's adjacency rule reads it.
 */
/** A point of the layout's plane. */
export interface Point {
  x: number;
  y: number;
}

/** Seat pitch around a table, in layout units. */
export const TABLE_SEAT_PITCH = 24;
/** How far a seat's centre sits beyond the table top's edge. */
export const TABLE_SEAT_GAP = 15;

export interface TableTop {
  shape: "round" | "rect";
  /** The centre. */
  x: number;
  y: number;
  width?: number;
  height?: number;
}

/** The table top's width and height: the layout's, else what its seat count needs. */
export function tableSize(t: Pick<TableTop, "shape" | "width" | "height">, seats: number): { width: number; height: number } {
  const n = Math.max(1, seats);
  if (t.shape === "round") {
    const d = t.width ?? Math.max(36, (n * TABLE_SEAT_PITCH) / Math.PI - 2 * TABLE_SEAT_GAP + 6);
    return { width: d, height: t.height ?? d };
  }
  const side = Math.ceil(n / 2);
  return { width: t.width ?? side * TABLE_SEAT_PITCH + 12, height: t.height ?? 36 };
}

/** The centres of `count` seats around the table, in list order. */
export function tableSeatPoints(t: TableTop, count: number): Point[] {
  const xy = tableSeatCoords(t, count, new Array<number>(2 * Math.max(0, count)));
  const out: Point[] = [];
  for (let i = 0; i < count; i++) out.push({ x: xy[2 * i]!, y: xy[2 * i + 1]! });
  return out;
}

/** Seats around a round table of one width and count, as offsets from its centre (unrounded): shared by every such table. */
const roundOffsets = new Map<number, Map<number, number[]>>();
let cached = 0;

function offsetsAround(width: number, count: number): number[] {
  let byWidth = roundOffsets.get(count);
  if (!byWidth) roundOffsets.set(count, (byWidth = new Map()));
  let offsets = byWidth.get(width);
  if (!offsets) {
    const r = width / 2 + TABLE_SEAT_GAP;
    offsets = [];
    for (let i = 0; i < count; i++) {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / count;
      offsets.push(r * Math.cos(a), r * Math.sin(a));
    }
    // A venue has a handful of table sizes; a bound keeps a pathological layout from filling memory.
    if (cached++ < 1024) byWidth.set(width, offsets);
  }
  return offsets;
}

/**
 * {@link tableSeatPoints} as numbers, x then y per seat, written into the first 2 × `count` entries
 * of `out`, which is returned: what a map of thousands of tables reads without an object per seat.
 */
export function tableSeatCoords(t: TableTop, count: number, out: number[]): number[] {
  if (count <= 0) return out;
  const { width, height } = tableSize(t, count);
  if (t.shape === "round") {
    const offsets = offsetsAround(width, count);
    for (let i = 0; i < 2 * count; i += 2) {
      out[i] = round(t.x + offsets[i]!);
      out[i + 1] = round(t.y + offsets[i + 1]!);
    }
    return out;
  }
  const top = Math.ceil(count / 2);
  const bottom = count - top;
  for (let i = 0; i < top; i++) {
    out[2 * i] = round(t.x - width / 2 + (width * (i + 0.5)) / top);
    out[2 * i + 1] = round(t.y - height / 2 - TABLE_SEAT_GAP);
  }
  for (let j = 0; j < bottom; j++) {
    out[2 * (top + j)] = round(t.x + width / 2 - (width * (j + 0.5)) / bottom);
    out[2 * (top + j) + 1] = round(t.y + height / 2 + TABLE_SEAT_GAP);
  }
  return out;
}

/** The box a table and its seats cover (seats drawn `seatRadius` wide). */
export function tableBox(t: TableTop, count: number, seatRadius = 9): { x: number; y: number; width: number; height: number } {
  const { width, height } = tableSize(t, count);
  const reach = TABLE_SEAT_GAP + seatRadius;
  const w = width + 2 * reach;
  const h = height + 2 * reach;
  return { x: t.x - w / 2, y: t.y - h / 2, width: w, height: h };
}

/** Whether the seats' x/y are exactly where {@link tableSeatPoints} puts `count` seats around the table. */
export function seatsAroundTable(t: TableTop, seats: readonly { x?: number; y?: number }[]): boolean {
  const points = tableSeatPoints(t, seats.length);
  return seats.every((s, i) => s.x === points[i]!.x && s.y === points[i]!.y);
}

/** Coordinates rounded to 0.01 units: stable in JSON and across machines. */
function round(v: number): number {
  return Math.round(v * 100) / 100;
}
