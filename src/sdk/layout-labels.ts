/**
 * The layout's own translations (docs/languages.md): a category or section may carry `labels`, its name
 * per language. Before anything is drawn, the chart puts the name for its language in place of the
 * default one, so the legend, the map, the tooltip, the list and every spoken name use it without
 * knowing translations exist. The objects read is this chart's own copy, so names change in place.
 */
import { labelFor } from "../domain/translated-names";
import type { ObjectsRead } from "./api";

/** `read` with the names of categories and sections in `language` where the layout translates them. */
export function localizeLayout(read: ObjectsRead, language: string): ObjectsRead {
  const categories = read.categories.map((c) => {
    const name = labelFor(c.labels, language);
    return name === undefined ? c : { ...c, label: name };
  });
  const sections = new Map<string, string>();
  for (const [key, labels] of Object.entries(read.sectionLabels ?? {})) {
    const name = labelFor(labels, language);
    if (name !== undefined) sections.set(key, name);
  }
  if (sections.size > 0)
    for (const o of read.objects) {
      if (o.objectType !== "seat") continue;
      const name = sections.get(o.sectionKey);
      if (name !== undefined) o.sectionLabel = name;
    }
  return { ...read, categories };
}
