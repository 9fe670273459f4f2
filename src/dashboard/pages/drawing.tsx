import type { Layout } from "../../domain/layout";
import type { ObjectEntry } from "../../domain/status";
import { computeGeometry, type MapGeometry } from "../../geometry/object-placement";
import { OUTLINE_STROKE, ringPath } from "../../geometry/seat-plan";
import { words } from "../words";

/**
 * A chart layout drawn on the server as one SVG picture. It is placed by the one geometry every
 * drawing of a layout uses (src/geometry: object-placement.ts over seat-plan.ts), the one the
 * buyers' map and the designer draw with: the same seat positions, each designed section outlined
 * along its rows' arcs with its name in front of its front row, the row labels, GA rectangles and
 * ellipses, and the stage. Seats of a category are one path (a 100,000-seat layout stays a few
 * paths); a legend and a table give the same facts in words.
 */

type SeatObject = Extract<ObjectEntry, { objectType: "seat" }>;

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** The layout's objects as the objects read lists them (what a buyer's map is drawn from), and its rows (two rows may share a label). */
function objectsOf(layout: Layout): { objects: ObjectEntry[]; rows: SeatObject[][] } {
  const out: ObjectEntry[] = [];
  const rows: SeatObject[][] = [];
  for (const section of layout.sections) {
    for (const row of section.rows) {
      const seats = row.seats.map((seat) => {
        const o: SeatObject = {
          objectLabel: seat.label,
          objectType: "seat",
          categoryKey: seat.categoryKey,
          sectionKey: section.key,
          sectionLabel: section.label,
          rowLabel: row.label,
          x: seat.x,
          y: seat.y,
        };
        if (seat.aisleAfter) o.aisleAfter = true;
        return o;
      });
      rows.push(seats);
      for (const seat of seats) out.push(seat);
    }
  }
  for (const area of layout.generalAdmission) {
    const o: ObjectEntry = {
      objectLabel: area.label,
      objectType: "generalAdmission",
      categoryKey: area.categoryKey,
      label: area.label,
      capacity: area.capacity,
      remaining: area.capacity,
      x: area.x,
      y: area.y,
      width: area.width,
      height: area.height,
    };
    if (area.shape) o.shape = area.shape;
    out.push(o);
  }
  return { objects: out, rows };
}

/** Where the preview draws each part of `layout`: exactly where a buyer's map of it does. */
export function previewGeometry(layout: Layout): MapGeometry {
  const { objects, rows } = objectsOf(layout);
  return computeGeometry(objects, rows, layout.focalPoint);
}

/** Counts of a layout, for the picture's text alternative and the summary table. */
export function layoutCounts(layout: Layout): { seats: number; sections: number; areas: number; places: number } {
  let seats = 0;
  for (const s of layout.sections) for (const r of s.rows) seats += r.seats.length;
  const places = layout.generalAdmission.reduce((n, a) => n + a.capacity, 0);
  return { seats, sections: layout.sections.length, areas: layout.generalAdmission.length, places };
}

/** A section's outline, name and row labels, as the SDK's map draws them (src/sdk/svg.ts). */
function SectionDrawing(props: { section: MapGeometry["sections"][number] }) {
  const s = props.section;
  const rows = s.rows
    .filter((r) => r.label)
    .map((r) => (
      <text class="row-label" x={fmt(r.x)} y={fmt(r.y)}>
        {r.label}
      </text>
    ));
  if (s.outline && s.labelAt) {
    // A designed section: the ring through its outer seats, stroked wide (an edge, then the fill).
    const d = ringPath(s.outline);
    return (
      <g>
        <path class="section-edge" d={d} stroke-width={OUTLINE_STROKE + 2} />
        <path class="section-fill" d={d} stroke-width={OUTLINE_STROKE} />
        <text class="section-name" x={fmt(s.labelAt.x)} y={fmt(s.labelAt.y)} text-anchor="middle">
          {s.label}
        </text>
        {rows}
      </g>
    );
  }
  // A section laid out from its rows (no coordinates): its box, the name in the band above the rows.
  return (
    <g>
      <rect class="section-box" x={fmt(s.x)} y={fmt(s.y)} width={fmt(s.width)} height={fmt(s.height)} rx="8" />
      <text class="section-name" x={fmt(s.x + 10)} y={fmt(s.y + 18)}>
        {s.label}
      </text>
      {rows}
    </g>
  );
}

/** The drawing of a layout, with its legend and a summary table. `id` keeps the ids of two drawings on one page apart. */
export function LayoutDrawing(props: { id: string; title: string; layout: Layout }) {
  const { layout } = props;
  const counts = layoutCounts(layout);
  const w = words();
  if (counts.seats === 0 && counts.areas === 0) return <p>{w.t("drawing.empty")}</p>;
  const g = previewGeometry(layout);
  const colour = new Map(layout.categories.map((c) => [c.key, c.color]));
  const catOf = new Map<string, string>();
  for (const s of layout.sections) for (const r of s.rows) for (const seat of r.seats) catOf.set(seat.label, seat.categoryKey);
  const paths = new Map<string, string[]>();
  for (const s of g.seats) {
    const key = catOf.get(s.label) ?? "";
    const r = fmt(s.r);
    const d = `M${fmt(s.cx - s.r)} ${fmt(s.cy)}a${r} ${r} 0 1 0 ${fmt(2 * s.r)} 0a${r} ${r} 0 1 0 ${fmt(-2 * s.r)} 0`;
    const list = paths.get(key) ?? [];
    list.push(d);
    paths.set(key, list);
  }
  const areaCat = new Map(layout.generalAdmission.map((a) => [a.label, a.categoryKey]));
  const b = g.bounds;
  const pad = 20;
  const summary = w.t("drawing.summary", counts);
  return (
    <figure class="layout-figure">
      <svg
        class="drawing"
        viewBox={`${fmt(b.x - pad)} ${fmt(b.y - pad)} ${fmt(b.width + 2 * pad)} ${fmt(b.height + 2 * pad)}`}
        role="img"
        aria-labelledby={`${props.id}-title`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${props.id}-title`}>{`${props.title}: ${summary}`}</title>
        {g.sections.map((s) => (
          <SectionDrawing section={s} />
        ))}
        {g.stage && (
          <g class="stage">
            <rect x={fmt(g.stage.x)} y={fmt(g.stage.y)} width={fmt(g.stage.width)} height={fmt(g.stage.height)} rx="6" />
            <text x={fmt(g.stage.x + g.stage.width / 2)} y={fmt(g.stage.y + g.stage.height / 2 + 5)} text-anchor="middle">
              {w.t("drawing.stage")}
            </text>
          </g>
        )}
        {g.areas.map((a) => {
          const c = colour.get(areaCat.get(a.label) ?? "") ?? "#505a5f";
          return (
            <g>
              {a.ellipse ? (
                <ellipse
                  class="ga-area"
                  cx={fmt(a.x + a.width / 2)}
                  cy={fmt(a.y + a.height / 2)}
                  rx={fmt(a.width / 2)}
                  ry={fmt(a.height / 2)}
                  fill={c}
                  stroke={c}
                />
              ) : (
                <rect class="ga-area" x={fmt(a.x)} y={fmt(a.y)} width={fmt(a.width)} height={fmt(a.height)} rx="10" fill={c} stroke={c} />
              )}
              <text class="ga-name" x={fmt(a.x + a.width / 2)} y={fmt(a.y + a.height / 2 + 5)}>
                {a.label}
              </text>
            </g>
          );
        })}
        {[...paths].map(([key, ds]) => (
          <path fill={colour.get(key) ?? "#505a5f"} d={ds.join("")} />
        ))}
      </svg>
      <figcaption>
        <p>{summary}.</p>
        <ul class="legend" aria-label={w.t("drawing.categoriesOf", { title: props.title })}>
          {layout.categories.map((c) => (
            <li>
              <span class="swatch" style={`background:${/^#[0-9a-fA-F]{3,8}$/.test(c.color) ? c.color : "#505a5f"}`} aria-hidden="true"></span>
              {c.label} <code>{c.key}</code>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
