/**
 * The results table. Every figure is one row with its target, the result, whether the target is
 * met, the same-run baseline, the ratio to it, and the command line that reproduces it. Rows are
 * printed as a Markdown table so they can be pasted into BENCHMARKS.md unchanged.
 */

/** Collects figures as scenarios produce them. */
export class Report {
  constructor() {
    this.rows = [];
    this.notes = [];
  }

  /** Adds one figure. `met` is true, false, or null when not judged (n/a or informational). */
  add({ scenario, figure, target = "", result, met = null, baseline = "", ratio = "", command }) {
    this.rows.push({ scenario, figure, target, result, met, baseline, ratio, command: command ?? `npm run bench -- --only ${scenario}` });
  }

  /** Adds an n/a row: the figure could not be measured, and why. */
  na(scenario, figure, target, reason) {
    this.add({ scenario, figure, target, result: `n/a: ${reason}`, met: null });
  }

  /** A free-text note printed under the table. */
  note(scenario, text) {
    this.notes.push({ scenario, text });
  }

  /** The Markdown table plus notes. */
  toMarkdown() {
    const esc = (s) => String(s).replace(/\|/g, "\\|").replace(/\n/g, " ");
    const lines = ["| Figure | Target | Result | Met | Baseline (same run) | Ratio to baseline | Reproduce |", "|---|---|---|---|---|---|---|"];
    for (const r of this.rows) {
      const met = r.met === true ? "yes" : r.met === false ? "**no**" : "-";
      lines.push(`| ${esc(r.figure)} | ${esc(r.target)} | ${esc(r.result)} | ${met} | ${esc(r.baseline)} | ${esc(r.ratio)} | \`${esc(r.command)}\` |`);
    }
    if (this.notes.length) {
      lines.push("", "Notes:");
      for (const n of this.notes) lines.push(`- [${n.scenario}] ${n.text}`);
    }
    return lines.join("\n");
  }

  toJSON() {
    return { rows: this.rows, notes: this.notes };
  }
}
