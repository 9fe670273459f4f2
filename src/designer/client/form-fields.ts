/**
 * The designer's form controls: reading the generator settings a person typed (with messages in
 * words for what is wrong, GOV.UK style) and showing the selected section's settings back.
 */
import type { SectionGenerator, SeatNumbering } from "../../domain/layout";
import { MAX_GENERATED } from "../../domain/layout-schema";
import type { Scene } from "../actions";
import { DEFAULT_PATTERN } from "../generate";
import type { DesignerMessageId } from "../words";
import { say } from "./words";

export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const node = document.getElementById(id);
  if (!node) throw new Error(`designer: #${id} is missing`);
  return node as T;
};

export const input = (id: string) => $<HTMLInputElement>(id);
export { NEW_CATEGORY } from "../palette";
export const select = (id: string) => $<HTMLSelectElement>(id);

/** A field error: the field's id and what to fix. */
export interface FieldError {
  id: string;
  message: string;
}

function numberOf(id: string, label: DesignerMessageId, min: number, max: number, errors: FieldError[], integer = false): number {
  const raw = input(id).value.trim();
  const v = Number(raw);
  if (raw === "" || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
    errors.push({ id, message: say(integer ? "field.wholeRange" : "field.numberRange", { field: say(label), min: String(min), max: String(max) }) });
    return min;
  }
  return v;
}

/** Seat positions typed as "5, 15": whole numbers from 1 to seatsPerRow - 1, sorted, no repeats. */
export function parseAisles(text: string, seatsPerRow: number): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const out = new Set<number>();
  for (const p of parts) {
    const v = Number(p);
    if (!Number.isInteger(v) || v < 1 || v >= seatsPerRow) return null;
    out.add(v);
  }
  return [...out].sort((a, b) => a - b);
}

/** The generator settings in the form (the category is the caller's), or the errors to show. */
export function readGenerator(): { generator: Omit<SectionGenerator, "categoryKey">; label: string; rotation: number } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const rows = numberOf("rows", "sections.rows", 1, MAX_GENERATED, errors, true);
  const seatsPerRow = numberOf("seats-per-row", "sections.seatsPerRow", 1, MAX_GENERATED, errors, true);
  const curve = numberOf("curve", "sections.curveField", -300, 300, errors);
  const skew = numberOf("skew", "sections.skewField", -75, 75, errors);
  const rotation = numberOf("rotation", "sections.rotationField", -360, 360, errors);
  const seatSpacing = numberOf("seat-spacing", "sections.seatSpacing", 1, 1000, errors);
  const rowSpacing = numberOf("row-spacing", "sections.rowSpacing", 1, 1000, errors);
  const aisles = parseAisles(input("aisles").value, seatsPerRow);
  if (!aisles) errors.push({ id: "aisles", message: say("field.aisles", { max: String(Math.max(1, seatsPerRow - 1)) }) });
  const labelPattern = input("label-pattern").value.trim() || DEFAULT_PATTERN;
  if (!labelPattern.includes("{seat}")) errors.push({ id: "label-pattern", message: say("field.patternSeat") });
  if (errors.length > 0) return { errors };
  return {
    generator: {
      rows,
      seatsPerRow,
      rowLabels: select("row-labels").value === "numbers" ? "numbers" : "letters",
      rowStart: 1,
      rowsReversed: select("row-order").value === "back",
      seatNumbering: select("seat-numbering").value as SeatNumbering,
      seatSpacing,
      rowSpacing,
      curve,
      skew,
      aisles: aisles ?? [],
      labelPattern,
    },
    label: input("section-name").value.trim(),
    rotation,
  };
}

/** Shows a section's settings in the form (the settings then edit that section). */
export function showSection(scene: Scene, key: string | null): void {
  const s = key ? scene.sections.find((x) => x.key === key) : undefined;
  const mode = $("section-mode");
  if (!s) {
    mode.textContent = say("sections.mode");
    return;
  }
  mode.textContent = say(s.generator ? "sections.modeGenerated" : "sections.modeFree", { label: s.label, key: s.key });
  input("section-name").value = s.label;
  input("rotation").value = String(s.rotation ?? 0);
  const g = s.generator;
  if (!g) return;
  input("rows").value = String(g.rows);
  input("seats-per-row").value = String(g.seatsPerRow);
  select("row-labels").value = g.rowLabels;
  select("row-order").value = g.rowsReversed ? "back" : "front";
  select("seat-numbering").value = g.seatNumbering;
  input("curve").value = String(g.curve);
  input("skew").value = String(g.skew);
  input("seat-spacing").value = String(g.seatSpacing);
  input("row-spacing").value = String(g.rowSpacing);
  input("aisles").value = g.aisles.join(", ");
  input("label-pattern").value = g.labelPattern;
}

/** Replaces a select's options, keeping the chosen value when it still exists. */
export function fillSelect(node: HTMLSelectElement, options: [string, string][], chosen?: string): void {
  const keep = chosen ?? node.value;
  const want = options.map(([v, t]) => `${v}\u0000${t}`).join("\u0001");
  if (node.dataset.options !== want) {
    node.replaceChildren(
      ...options.map(([value, text]) => {
        const o = document.createElement("option");
        o.value = value;
        o.textContent = text;
        return o;
      }),
    );
    node.dataset.options = want;
  }
  if (options.some(([v]) => v === keep)) node.value = keep;
}
