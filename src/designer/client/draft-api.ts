/**
 * The designer's conversation with the dashboard's data routes: read the draft with its version
 * (ETag), save the whole draft with If-Match, save a copy as a new chart. Outcomes are values.
 */
import type { Scene } from "../actions";
import { say } from "./words";

const api = (chartKey: string, tail = "") => `/dashboard/api/charts/${encodeURIComponent(chartKey)}${tail}`;

/** `"7"` → 7. */
export function versionOf(etag: string | null): number | null {
  const m = /^(?:W\/)?"(\d+)"$/.exec(etag ?? "");
  return m ? Number(m[1]) : null;
}

export interface ApiFailure {
  status: number;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

async function failure(res: Response): Promise<ApiFailure> {
  const body = (await res.json().catch(() => null)) as { code?: string; message?: string; errors?: Record<string, string[]> } | null;
  return {
    status: res.status,
    code: body?.code ?? "error",
    message: body?.message ?? say("page.answered", { status: String(res.status) }),
    errors: body?.errors,
  };
}

/** The draft and the version it is at. */
export async function loadDraft(chartKey: string): Promise<{ ok: true; layout: unknown; version: number } | { ok: false; failure: ApiFailure }> {
  const res = await fetch(api(chartKey, "/draft"), { headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!res.ok) return { ok: false, failure: await failure(res) };
  const layout: unknown = await res.json();
  let version = versionOf(res.headers.get("ETag"));
  if (version === null) {
    const chart = await fetch(api(chartKey), { credentials: "same-origin" }).then((r) => r.json() as Promise<{ draftVersion: number }>);
    version = chart.draftVersion;
  }
  return { ok: true, layout, version };
}

/** PATCHes the whole draft, valid only while the draft is still at `version` (412 otherwise). */
export async function saveDraft(chartKey: string, scene: Scene, version: number): Promise<{ ok: true; version: number } | { ok: false; failure: ApiFailure }> {
  const res = await fetch(api(chartKey), {
    method: "PATCH",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "If-Match": `"${version}"` },
    body: JSON.stringify({ draftVersion: scene }),
  });
  if (!res.ok) return { ok: false, failure: await failure(res) };
  const chart = (await res.json()) as { draftVersion: number };
  return { ok: true, version: versionOf(res.headers.get("ETag")) ?? chart.draftVersion };
}

/** Creates a new chart whose draft is `scene`; answers its key. */
export async function saveCopy(name: string, scene: Scene): Promise<{ ok: true; chartKey: string } | { ok: false; failure: ApiFailure }> {
  const res = await fetch("/dashboard/api/charts", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ name: name.slice(0, 255), draftVersion: scene }),
  });
  if (!res.ok) return { ok: false, failure: await failure(res) };
  return { ok: true, chartKey: ((await res.json()) as { chartKey: string }).chartKey };
}
