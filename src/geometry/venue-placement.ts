/**
 * Where tables, their seats and booths are drawn on a buyer's map (docs/tables.md), beside the rows
 * that object-placement.ts places. A table is drawn at its x/y with its seats at theirs, or around
 * it as table-placement.ts places them (the designer writes the same points); tables and booths
 * the layout gives no place are set out on a grid below the rows. Pure.
 *
 * A map of rows alone never needs this: object-placement.ts takes it as an argument (the browser
 * SDK's venue part passes it, docs/sdk.md), so the SDK that draws rows does not carry it.
 */
import type { ObjectEntry } from "../domain/status";
import { hasXY, RADIUS, union, type BoothDrawn, type SeatPart, type SectionShape, type TableDrawn, type VenuePlacer } from "./object-placement";
import { planScale, type Box, type DrawnSeat } from "./seat-plan";
import { TABLE_SEAT_GAP, tableBox, tableSeatCoords, tableSize, type TableTop } from "./table-placement";

type TableObject = Extract<ObjectEntry, { objectType: "table" }>;
type BoothObject = Extract<ObjectEntry, { objectType: "booth" }>;
type SeatObject = Extract<ObjectEntry, { objectType: "seat" }>;

export interface VenuePart {
  seats: { label: string; cx: number; cy: number; r: number }[];
  tables: TableDrawn[];
  booths: BoothDrawn[];
  /** What the tables and booths cover (null when there are none). */
  bounds: Box | null;
}

/**
 * Adds the tables, the seats around them and the booths of `objects` to the rows' `part` (its
 * seats, sections and bounds, and its scale on a map of tables only) and answers the tables and
 * booths as drawn: what object-placement.ts's computeGeometry takes as `venue`. `coordinates`: the
 * layout's x/y are used (else tables and booths go on a grid under the rows).
 */
export const addVenue: VenuePlacer = (part, objects, coordinates) => {
  const tables: TableObject[] = [];
  const booths: BoothObject[] = [];
  // Seats at tables (not the rows' seats) are looked up by label, only where their own x/y are drawn.
  const tableSeats = new Map<string, SeatObject>();
  // Indexed loops over the 100,000 objects: this code runs once per map, before the engine has
  // optimised it, and a for-of there makes an iterator result per element (megabytes of garbage).
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]!;
    // Seats first: ten of them to a table.
    if (o.objectType === "seat") {
      if (coordinates && o.tableLabel !== undefined) tableSeats.set(o.objectLabel, o);
    } else if (o.objectType === "table") tables.push(o);
    else if (o.objectType === "booth") booths.push(o);
  }
  if (part.seats.length === 0 && tables.length > 0) part.scale = venueScale(tables, tableSeats);
  const rowSeats = part.seats.length;
  // The seats around tables go straight after the rows' seats: no second list of 50,000 to copy.
  const venue = placeVenue(tables, tableSeats, booths, part.scale, coordinates, part.bounds, RADIUS, part.seats);
  if (venue.bounds) part.bounds = rowSeats > 0 ? union([part.bounds, venue.bounds]) : venue.bounds;
  const named = venueSections(part.sections, tables, booths, venue);
  if (named.length > 0) {
    part.sections.push(...named);
    part.bounds = union([part.bounds, ...named]);
  }
  return { tables: venue.tables, booths: venue.booths };
};

/** Room around a section of tables, in map units, and the band above it for its name. */
const VENUE_PAD = 12;
const VENUE_NAME = 22;

/**
 * A section shape for each section of tables and booths that has no rows (sections with rows have
 * theirs already): the box around its tables and booths with its name above, so the map names it,
 * and a large map gives it the section block a keyboard zooms in with.
 */
function venueSections(
  have: SectionShape[],
  tables: TableObject[],
  booths: BoothObject[],
  venue: { tables: TableDrawn[]; booths: BoothDrawn[] },
): SectionShape[] {
  const known = new Set(have.map((s) => s.key));
  const boxes = new Map<string, { label: string; box: Extent }>();
  // A section's tables come one after another: the last section's box is kept at hand.
  let lastKey: string | undefined;
  let last: Extent | null = null;
  const boxOf = (key: string | undefined, label: string | undefined): Extent | null => {
    if (key === lastKey && last) return last;
    if (key === undefined || known.has(key)) return null;
    let entry = boxes.get(key);
    if (!entry) boxes.set(key, (entry = { label: label ?? key, box: new Extent() }));
    lastKey = key;
    return (last = entry.box);
  };
  // placeVenue draws the tables in the order given, one each.
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i]!;
    const d = venue.tables[i];
    // The table with its seats around it: the top plus a seat's reach on every side.
    if (d)
      boxOf(t.sectionKey, t.sectionLabel)?.add(
        d.cx - d.width / 2 - 2 * RADIUS - 15,
        d.cy - d.height / 2 - 2 * RADIUS - 15,
        d.width + 4 * RADIUS + 30,
        d.height + 4 * RADIUS + 30,
      );
  }
  const drawnBooth = new Map(venue.booths.map((b) => [b.label, b]));
  for (const b of booths) {
    const d = drawnBooth.get(b.objectLabel);
    if (d) boxOf(b.sectionKey, b.sectionLabel)?.add(d.x, d.y, d.width, d.height);
  }
  return [...boxes].map(([key, { label, box }]) => {
    const u = box.box();
    return {
      key,
      label,
      x: u.x - VENUE_PAD,
      y: u.y - VENUE_PAD - VENUE_NAME,
      width: u.width + 2 * VENUE_PAD,
      height: u.height + 2 * VENUE_PAD + VENUE_NAME,
      rows: [],
    };
  });
}

/** The box around boxes added one at a time: what union() answers for them, without keeping thousands of boxes. */
class Extent {
  private x0 = Infinity;
  private y0 = Infinity;
  private x1 = -Infinity;
  private y1 = -Infinity;
  empty = true;

  add(x: number, y: number, width: number, height: number): void {
    this.empty = false;
    if (x < this.x0) this.x0 = x;
    if (y < this.y0) this.y0 = y;
    if (x + width > this.x1) this.x1 = x + width;
    if (y + height > this.y1) this.y1 = y + height;
  }

  box(): Box {
    return { x: this.x0, y: this.y0, width: this.x1 - this.x0, height: this.y1 - this.y0 };
  }
}

/** The scale of a map of tables only: the seats around the tables set it, as rows' seats do. */
function venueScale(tables: TableObject[], seats: Map<string, SeatObject>): number {
  const plan: DrawnSeat[] = [];
  for (const t of tables)
    for (const label of t.seatLabels) {
      const s = seats.get(label);
      if (s && hasXY(s)) plan.push({ x: s.x as number, y: s.y as number, section: t.objectLabel, row: t.objectLabel, rowLabel: "" });
    }
  return plan.length > 1 ? planScale(plan) : 1;
}

/** A booth drawn without a size of its own is this big (layout units), as in the designer. */
export const BOOTH_SIZE = { width: 60, height: 40 };
const GRID_GAP = 30;

const finite = (v: number | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Tables (with `tableSeats`, their seat objects) and booths at `scale` (layout to map units).
 * With `useCoordinates` false (the rows were laid out from their structure), every table and
 * booth goes on the grid below `below`, since layout units mean nothing there. The seats around
 * the tables are added to `seats` (a new list unless given), which the answer's `seats` is.
 */
export function placeVenue(
  tables: TableObject[],
  tableSeats: Map<string, SeatObject>,
  booths: BoothObject[],
  scale: number,
  useCoordinates: boolean,
  below: Box,
  radius: number,
  seats: VenuePart["seats"] = [],
): VenuePart {
  const out: VenuePart = { seats, tables: [], booths: [], bounds: null };
  const bounds = new Extent();
  // The grid: cells left to right under the rows, as wide as the widest table.
  let widest = 120;
  // A table's box without a width of its own depends on its shape and seat count alone: worked out once for each.
  const seen = new Set<number>();
  for (const t of tables) {
    const kind = 2 * t.seatLabels.length + (t.shape === "round" ? 1 : 0);
    if (seen.has(kind)) continue;
    seen.add(kind);
    widest = Math.max(widest, tableBox({ shape: t.shape, x: 0, y: 0 }, t.seatLabels.length).width);
  }
  const cell = widest + GRID_GAP;
  const perLine = Math.max(4, Math.ceil(Math.sqrt(tables.length + booths.length)));
  let slot = 0;
  const gridPoint = (): { x: number; y: number } => {
    const at = {
      x: below.x / scale + (slot % perLine) * cell + cell / 2,
      y: (below.y + below.height) / scale + GRID_GAP + Math.floor(slot / perLine) * cell + cell / 2,
    };
    slot++;
    return at;
  };
  // A table's box reaches a seat's gap and radius beyond its top (table-placement.ts's tableBox).
  const reach = TABLE_SEAT_GAP + radius / scale;
  // One top and one list of seat points, rewritten table after table. The centre starts with a
  // fraction so the engine stores it as such from the first table on: a whole number first, then
  // a fraction, would make it change the top's layout and drop the code it had optimised for it.
  const top: TableTop = { shape: "round", x: 0.5, y: 0.5, width: undefined, height: undefined };
  const around: number[] = [];
  for (const t of tables) {
    const count = t.seatLabels.length;
    const placed = useCoordinates && finite(t.x) && finite(t.y);
    const centre = placed ? { x: t.x!, y: t.y! } : gridPoint();
    top.shape = t.shape;
    top.x = centre.x;
    top.y = centre.y;
    top.width = t.width;
    top.height = t.height;
    tableSeatCoords(top, count, around);
    // Fields in another order than object-placement.ts gives the rows' seats: seats around a table
    // sit at fractions of a unit, and a seat of the same shape with a fraction makes the engine
    // widen the rows' shape of whole numbers and rewrite every seat of the rows when it is next read.
    for (let i = 0; i < count; i++) {
      const label = t.seatLabels[i]!;
      const seat = placed ? tableSeats.get(label) : undefined;
      const own = seat && finite(seat.x) && finite(seat.y);
      out.seats.push({ cx: (own ? seat.x! : around[2 * i]!) * scale, cy: (own ? seat.y! : around[2 * i + 1]!) * scale, r: radius, label });
    }
    const size = tableSize(top, count);
    out.tables.push({
      label: t.objectLabel,
      shape: t.shape,
      cx: centre.x * scale,
      cy: centre.y * scale,
      width: size.width * scale,
      height: size.height * scale,
    });
    const w = size.width + 2 * reach;
    const h = size.height + 2 * reach;
    bounds.add((centre.x - w / 2) * scale, (centre.y - h / 2) * scale, w * scale, h * scale);
  }
  for (const b of booths) {
    const width = b.width ?? BOOTH_SIZE.width;
    const height = b.height ?? BOOTH_SIZE.height;
    const placed = useCoordinates && finite(b.x) && finite(b.y);
    const c = placed ? { x: b.x! + width / 2, y: b.y! + height / 2 } : gridPoint();
    const drawn = { label: b.objectLabel, x: (c.x - width / 2) * scale, y: (c.y - height / 2) * scale, width: width * scale, height: height * scale };
    out.booths.push(drawn);
    bounds.add(drawn.x, drawn.y, drawn.width, drawn.height);
  }
  if (!bounds.empty) out.bounds = bounds.box();
  return out;
}
