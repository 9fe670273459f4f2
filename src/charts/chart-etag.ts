import type { Context } from "hono";
import { ServiceError } from "../domain/errors";

/**
 * Optimistic concurrency for chart drafts (docs/dashboard.md#the-chart-designer): every chart answer carries
 * `ETag: "<draftVersion>"`, and a draft change may send `If-Match` with the version it started
 * from. Both doors (/api/v1/charts and /dashboard/api/charts) use these helpers.
 */

/** The strong entity tag of a draft version: `"7"`. */
export function chartEtag(draftVersion: number): string {
  return `"${draftVersion}"`;
}

/** Sets the ETag header of a chart answer. */
export function setChartEtag(c: Context, draftVersion: number): void {
  c.header("ETag", chartEtag(draftVersion));
}

/**
 * What an `If-Match` header asks for: undefined when absent or `*` (any current version will do),
 * else the list of draft versions it names. Weak tags (`W/"3"`) compare by their value, and a tag
 * that is not a version number names nothing, so it never matches (412).
 */
export function parseIfMatch(header: string | undefined): number[] | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === "" || value === "*") return undefined;
  const versions: number[] = [];
  for (const part of value.split(",")) {
    const m = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(part);
    if (m) versions.push(Number(m[1]));
  }
  return versions;
}

/** Throws 412 `precondition_failed` unless the current draft version is one `If-Match` names. */
export function checkIfMatch(expected: number[] | undefined, current: number): void {
  if (expected === undefined || expected.includes(current)) return;
  throw new ServiceError(
    "precondition_failed",
    `The draft is at version ${current}, not the version this change started from (If-Match: ${expected.map(chartEtag).join(", ") || "none"}); reload it or save a copy`,
  );
}
