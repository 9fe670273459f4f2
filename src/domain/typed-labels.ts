/**
 * Object labels as a person types them into the box office: one per line. A label may hold spaces,
 * commas and any other character ("Family Terrace", "Box 3, left"), so nothing is ever split on its
 * own; but people also type "A-1-1, A-1-2" or "A-1-1 A-1-2" on one line. Read with the map's labels
 * at hand, a line that is a label is that label; a line that is not is read as several labels,
 * separated by commas, or by spaces when every part is a label. Whatever is not a label stays as
 * typed, so the refusal names it.
 */

/** At most this many candidates are looked up for one request (200 lines, each split a few ways). */
export const MAX_TYPED_CANDIDATES = 5_000;

const byComma = (line: string) =>
  line
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const bySpace = (line: string) => line.split(/\s+/).filter(Boolean);

/** Every string a line could mean: itself, its comma parts, its space parts (for one look-up of which are labels). */
export function labelCandidates(lines: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    out.add(line);
    for (const p of byComma(line)) out.add(p);
    for (const p of bySpace(line)) out.add(p);
    if (out.size >= MAX_TYPED_CANDIDATES) break;
  }
  return [...out].slice(0, MAX_TYPED_CANDIDATES);
}

/** The labels meant by typed lines, each once, in the order typed. */
export function splitTypedLabels(lines: readonly string[], isLabel: (label: string) => boolean): string[] {
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (isLabel(line)) out.push(line);
    else if (line.includes(",")) out.push(...byComma(line));
    else if (/\s/.test(line) && bySpace(line).every(isLabel)) out.push(...bySpace(line));
    else out.push(line);
  }
  return [...new Set(out)];
}
