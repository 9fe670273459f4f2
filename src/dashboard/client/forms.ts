/**
 * Every action form of the dashboard is plain HTML that names a data route (`data-api`); this
 * module sends it as JSON and shows the outcome. A form (or the button that submits it) says:
 *   data-api       the /dashboard/api/ URL          data-method  POST (default), PUT, PATCH or DELETE
 *   data-fields    the fields this button sends     data-confirm a question asked first
 *   data-then      what happens on success: reload (default), go:<url with {field}>, reveal, refresh
 *   data-done      the notice shown afterwards, with {field} filled from the request and answer
 * A select with `data-submit-on-change` sends its form as soon as it changes.
 * Field values are typed by `data-type`: number, list (comma or line separated), lines (one item
 * per line, kept whole: object labels may hold spaces and commas), json, boolean; checkboxes of one
 * name become an array; empty fields are left out, except that a field with `data-empty="null"`
 * sends null (how an edit form clears an optional value). A control with `data-group` and
 * `data-key` goes into an object: `{ [group]: { [key]: value } }` (a key may hold any character,
 * which a dotted name could not carry). A control with `data-row-of` and `data-key` inside an
 * element `[data-row]` (a table row of a season's games, say) goes into a list of objects:
 * `{ [rowOf]: [ { [key]: value }, … ] }`, one per row, rows left empty dropped.
 */
import { clearErrors, showErrors, type Envelope } from "./errors";
import { flash, notify } from "./notice";
import { refreshRegions } from "./refresh";
import { say } from "./words";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Raised while reading the form: a field's own value is wrong before any request is made. */
class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function setting(name: string, form: HTMLFormElement, submitter: HTMLElement | null): string | undefined {
  return submitter?.dataset[name] ?? form.dataset[name];
}

function valueOf(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): Json | undefined {
  const raw = el.value.trim();
  switch (el.dataset.type) {
    case "number":
      return raw === "" ? undefined : Number(raw);
    case "boolean":
      return raw === "" ? undefined : raw === "true";
    case "lines": {
      const items = raw
        .split(/\r?\n/)
        .map((s) => s.trim())
        .filter(Boolean);
      return items.length ? items : undefined;
    }
    case "list": {
      const items = raw
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      return items.length ? items : undefined;
    }
    case "json":
      if (raw === "") return undefined;
      try {
        return JSON.parse(raw) as Json;
      } catch {
        throw new FieldError(el.name, say("form.notJson"));
      }
    default:
      return raw === "" ? undefined : raw;
  }
}

/** The JSON body of a submission: the form's named controls, narrowed to the submitter's data-fields. */
export function formBody(form: HTMLFormElement, submitter: HTMLElement | null): Record<string, Json> {
  const only = setting("fields", form, submitter)
    ?.split(",")
    .map((s) => s.trim());
  const body: Record<string, Json> = {};
  const lists = new Map<string, Map<Element, { [key: string]: Json }>>();
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) continue;
    if (!el.name || el.disabled || (only && !only.includes(el.name))) continue;
    const rowOf = el.dataset.rowOf;
    const row = rowOf ? el.closest("[data-row]") : null;
    if (rowOf && row && el.dataset.key) {
      const rows = lists.get(rowOf) ?? new Map<Element, { [key: string]: Json }>();
      lists.set(rowOf, rows);
      const item = rows.get(row) ?? {};
      rows.set(row, item);
      const v = valueOf(el);
      if (v !== undefined) item[el.dataset.key] = v;
      continue;
    }
    if (el instanceof HTMLInputElement && el.type === "checkbox") {
      const list = (body[el.name] as Json[] | undefined) ?? [];
      if (el.checked) list.push(el.value);
      body[el.name] = list;
      continue;
    }
    const v = valueOf(el) ?? (el.dataset.empty === "null" ? null : undefined);
    if (v === undefined) continue;
    const { group, key } = el.dataset;
    if (group !== undefined && key !== undefined) {
      const into = body[group];
      const obj: { [key: string]: Json } = into && typeof into === "object" && !Array.isArray(into) ? into : {};
      obj[key] = v;
      body[group] = obj;
    } else body[el.name] = v;
  }
  // Rows in document order (a Map keeps insertion order, which is the form's), empty ones dropped.
  for (const [name, rows] of lists) {
    const items = [...rows.values()].filter((item) => Object.keys(item).length > 0);
    if (items.length > 0) body[name] = items;
  }
  return body;
}

/** Fills `{name}` from values; `encode` for URLs. */
function fill(template: string, values: Record<string, unknown>, encode: boolean): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = values[k];
    const s = Array.isArray(v) ? v.join(", ") : v === undefined || v === null ? "" : String(v);
    return encode ? encodeURIComponent(s) : s;
  });
}

/** Shows a value the service reveals once (a new secret key or signing secret) in the page's reveal panel. */
function reveal(form: HTMLFormElement, data: Record<string, unknown>): void {
  const panel = document.getElementById(form.dataset.revealPanel ?? "reveal");
  if (!panel) return;
  const input = panel.querySelector<HTMLInputElement>("input");
  if (input) input.value = String(data[form.dataset.revealField ?? "secret"] ?? "");
  const link = panel.querySelector<HTMLAnchorElement>("a[data-href]");
  if (link) link.href = fill(link.dataset.href!, data, true);
  panel.hidden = false;
  panel.focus();
}

async function submit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const question = setting("confirm", form, submitter);
  if (question && !window.confirm(question)) return;
  clearErrors();
  // The last action's notice does not speak for this one.
  notify("");
  let body: Record<string, Json>;
  try {
    body = formBody(form, submitter);
  } catch (err) {
    if (!(err instanceof FieldError)) throw err;
    showErrors(form, { statusCode: 400, code: "validation_failed", message: say("form.problem"), errors: { [err.field]: [err.message] } });
    return;
  }
  const method = (setting("method", form, submitter) ?? "POST").toUpperCase();
  const url = setting("api", form, submitter)!;
  const send = method !== "DELETE" && method !== "GET";
  form.setAttribute("aria-busy", "true");
  if (submitter instanceof HTMLButtonElement) submitter.disabled = true;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: send ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
      body: send ? JSON.stringify(body) : undefined,
    });
  } catch {
    showErrors(form, { statusCode: 0, code: "network_error", message: say("form.offline") });
    return;
  } finally {
    form.removeAttribute("aria-busy");
    if (submitter instanceof HTMLButtonElement) submitter.disabled = false;
  }
  const text = await res.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON: reported below by status.
  }
  if (!res.ok) {
    const env = data as unknown as Envelope;
    if (res.status === 401) env.message = say("form.signedOut");
    showErrors(form, env.message ? env : { statusCode: res.status, code: "error", message: say("form.answered", { status: res.status }) });
    return;
  }
  const values = { ...body, ...data };
  const done = fill(setting("done", form, submitter) ?? say("form.done"), values, false);
  const then = setting("then", form, submitter) ?? "reload";
  if (then.startsWith("go:")) {
    flash(done);
    location.assign(fill(then.slice(3), values, true));
  } else if (then === "reveal") {
    notify(done);
    reveal(form, data);
    await refreshRegions();
  } else if (then === "refresh") {
    notify(done);
    document.dispatchEvent(new CustomEvent("dashboard:done", { detail: { form, data } }));
    await refreshRegions();
  } else {
    flash(done);
    location.reload();
  }
}

/** Sends every `form[data-api-form]` as JSON: one listener on the document, so forms inside refreshed regions keep working. */
export function initForms(): void {
  document.addEventListener("submit", (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-api-form")) return;
    e.preventDefault();
    const submitter = (e as SubmitEvent).submitter as HTMLElement | null;
    void submit(form, submitter);
  });
  // A choice that is the whole action (a member's role on the Team page) is sent as soon as it changes.
  document.addEventListener("change", (e) => {
    const control = e.target;
    if (control instanceof HTMLSelectElement && control.hasAttribute("data-submit-on-change")) control.form?.requestSubmit();
  });
}
