/**
 * The layout's own translations (docs/languages.md): a category, section, zone or floor may carry `labels`, its name
 * per language. Before anything is drawn, the chart puts the name for its language in place of the
 * default one, so the legend, the map, the tooltip, the list and every spoken name use it without
 * knowing translations exist. The objects read is this chart's own copy, so names change in place.
 */
import { labelFor } from "../domain/translated-names";
import type { ObjectsRead } from "./api";

/** `read` with the names of categories, sections, zones and floors in `language` where the layout translates them. */
export function localizeLayout(read: ObjectsRead, language: string): ObjectsRead {
  const named = <T extends { label: string; labels?: Record<string, string> }>(list: T[]): T[] =>
    list.map((x) => {
      const name = labelFor(x.labels, language);
      return name === undefined ? x : { ...x, label: name };
    });
  const sections = new Map<string, string>();
  for (const [key, labels] of Object.entries(read.sectionLabels ?? {})) {
    const name = labelFor(labels, language);
    if (name !== undefined) sections.set(key, name);
  }
  if (sections.size > 0)
    for (const o of read.objects) {
      // Seats, and the tables and booths of a section (docs/tables.md), carry their section's name.
      if (o.objectType === "generalAdmission" || o.sectionKey === undefined) continue;
      const name = sections.get(o.sectionKey);
      if (name !== undefined) o.sectionLabel = name;
    }
  const out: ObjectsRead = { ...read, categories: named(read.categories) };
  if (read.zones) out.zones = named(read.zones);
  if (read.floors) out.floors = named(read.floors);
  return out;
}
