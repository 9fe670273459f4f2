/**
 * Where tables, their seats and booths are drawn on a buyer's map (docs/tables.md), beside the rows
 * that object-placement.ts places. A table is drawn at its x/y with its seats at theirs, or around
 * it as table-placement.ts places them (the designer writes the same points); tables and booths
 * the layout gives no place are set out on a grid below the rows. Pure.
 */
import type { ObjectEntry } from "../domain/status";
import type { Box } from "./seat-plan";
import { tableBox, tableSeatPoints, tableSize } from "./table-placement";

type TableObject = Extract<ObjectEntry, { objectType: "table" }>;
type BoothObject = Extract<ObjectEntry, { objectType: "booth" }>;
type SeatObject = Extract<ObjectEntry, { objectType: "seat" }>;

/** A table as drawn: its top's centre and size in map units. */
export interface TableDrawn {
  label: string;
  shape: "round" | "rect";
  cx: number;
  cy: number;
  width: number;
  height: number;
}

/** A booth as drawn: its box in map units. */
export interface BoothDrawn {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface VenuePart {
  seats: { label: string; cx: number; cy: number; r: number }[];
  tables: TableDrawn[];
  booths: BoothDrawn[];
  /** What the tables and booths cover (null when there are none). */
  bounds: Box | null;
}

/** A booth drawn without a size of its own is this big (layout units), as in the designer. */
export const BOOTH_SIZE = { width: 60, height: 40 };
const GRID_GAP = 30;

const finite = (v: number | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Tables (with `tableSeats`, their seat objects) and booths at `scale` (layout to map units).
 * With `useCoordinates` false (the rows were laid out from their structure), every table and
 * booth goes on the grid below `below`, since layout units mean nothing there.
 */
export function placeVenue(
  tables: TableObject[],
  tableSeats: Map<string, SeatObject>,
  booths: BoothObject[],
  scale: number,
  useCoordinates: boolean,
  below: Box,
  radius: number,
): VenuePart {
  const out: VenuePart = { seats: [], tables: [], booths: [], bounds: null };
  const boxes: Box[] = [];
  // The grid: cells left to right under the rows, as wide as the widest table.
  const cell = Math.max(120, ...tables.map((t) => tableBox({ shape: t.shape, x: 0, y: 0 }, t.seatLabels.length).width)) + GRID_GAP;
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
  for (const t of tables) {
    const placed = useCoordinates && finite(t.x) && finite(t.y);
    const centre = placed ? { x: t.x!, y: t.y! } : gridPoint();
    const top = { shape: t.shape, x: centre.x, y: centre.y, width: t.width, height: t.height };
    const around = tableSeatPoints(top, t.seatLabels.length);
    for (let i = 0; i < t.seatLabels.length; i++) {
      const label = t.seatLabels[i]!;
      const seat = placed ? tableSeats.get(label) : undefined;
      const own = seat && finite(seat.x) && finite(seat.y);
      out.seats.push({ label, cx: (own ? seat.x! : around[i]!.x) * scale, cy: (own ? seat.y! : around[i]!.y) * scale, r: radius });
    }
    const size = tableSize(top, t.seatLabels.length);
    out.tables.push({
      label: t.objectLabel,
      shape: t.shape,
      cx: centre.x * scale,
      cy: centre.y * scale,
      width: size.width * scale,
      height: size.height * scale,
    });
    const b = tableBox(top, t.seatLabels.length, radius / scale);
    boxes.push({ x: b.x * scale, y: b.y * scale, width: b.width * scale, height: b.height * scale });
  }
  for (const b of booths) {
    const width = b.width ?? BOOTH_SIZE.width;
    const height = b.height ?? BOOTH_SIZE.height;
    const placed = useCoordinates && finite(b.x) && finite(b.y);
    const c = placed ? { x: b.x! + width / 2, y: b.y! + height / 2 } : gridPoint();
    const drawn = { label: b.objectLabel, x: (c.x - width / 2) * scale, y: (c.y - height / 2) * scale, width: width * scale, height: height * scale };
    out.booths.push(drawn);
    boxes.push(drawn);
  }
  if (boxes.length > 0) {
    const x = Math.min(...boxes.map((b) => b.x));
    const y = Math.min(...boxes.map((b) => b.y));
    out.bounds = { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
  }
  return out;
}
