/**
 * Errors the GOV.UK way: a summary at the top of the page ("There is a problem") whose entries
 * link to the fields they are about, the same message next to each field, and focus moved to the
 * summary so a screen reader reads it first. The content comes from the service's error envelope.
 */
import { fieldMessage, say, type ClientMessageId } from "./words";

/** The service's error envelope (src/http/errors.ts), as far as the dashboard reads it. */
export interface Envelope {
  statusCode: number;
  message: string;
  code: string;
  failed?: { objectLabel: string; reason: string; eventKey?: string; environment?: string; booked?: number; held?: number }[];
  errors?: Record<string, string[]>;
}

const REASONS: Record<string, ClientMessageId> = {
  held: "failed.held",
  booked: "failed.booked",
  not_for_sale: "failed.not_for_sale",
  not_held_by_token: "failed.not_held_by_token",
  unknown_label: "failed.unknown_label",
  removed: "failed.removed",
  capacity_below_reserved: "failed.capacity_below_reserved",
  object_type_changed: "failed.object_type_changed",
  category_changed: "failed.category_changed",
};

/** Removes every error the last attempt left on the page. */
export function clearErrors(): void {
  const summary = document.getElementById("error-summary");
  if (summary) {
    summary.hidden = true;
    summary.querySelector("ul")!.replaceChildren();
  }
  for (const el of document.querySelectorAll(".field-error")) el.remove();
  for (const el of document.querySelectorAll(".field--error")) el.classList.remove("field--error");
  for (const el of document.querySelectorAll("[aria-invalid]")) {
    el.removeAttribute("aria-invalid");
    const ids = (el.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && !id.endsWith("-error"));
    if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
    else el.removeAttribute("aria-describedby");
  }
}

/** The form control an `errors` path is about: the control of that name, or of its first segment. */
function fieldFor(form: HTMLFormElement, path: string): HTMLElement | null {
  // A control of a list of rows (a season's games): "events.1.startsAt" is the second row's start.
  const row = /^([^.]+)\.(\d+)\.([^.]+)$/.exec(path);
  if (row) {
    const inRow = form.querySelectorAll<HTMLElement>(`[data-row-of="${CSS.escape(row[1]!)}"][data-key="${CSS.escape(row[3]!)}"]`)[Number(row[2])];
    if (inRow) return inRow;
  }
  for (const name of [path, path.split(".")[0]]) {
    const el = form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    if (el) return el;
  }
  return null;
}

function labelOf(field: HTMLElement): string {
  const fieldset = field.closest("fieldset");
  if ((field as HTMLInputElement).type === "checkbox" && fieldset) return fieldset.querySelector("legend")?.textContent?.trim() ?? "";
  const label = field.id ? document.querySelector(`label[for="${CSS.escape(field.id)}"]`) : null;
  const group = field.closest("[data-row]")?.querySelector("legend")?.textContent?.trim();
  const text = label?.textContent?.trim() ?? "";
  return group && text ? `${group}: ${text}` : text;
}

/** A field's message for people: zod's wording in the GOV.UK voice ("Enter an order id"), any other after its label. */
function sentence(label: string, message: string): string {
  return fieldMessage(label, message);
}

/** "objectLabels.0" as "Object labels": a path no field of the form shows, named in words. */
function spokenPath(path: string): string {
  const words = (path.split(".")[0] ?? path).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : path;
}

function describeFailed(f: NonNullable<Envelope["failed"]>[number]): string {
  const id = REASONS[f.reason];
  const what = id ? say(id, { label: f.objectLabel }) : say("failed.other", { label: f.objectLabel, reason: f.reason });
  if (!f.eventKey) return what;
  const values = { eventKey: f.eventKey, environment: f.environment ?? "", what, booked: f.booked ?? 0, held: f.held ?? 0 };
  return say(f.booked !== undefined || f.held !== undefined ? "failed.inEventCounts" : "failed.inEvent", values);
}

/** Shows an error answer: the summary, each field's message, focus on the summary. */
export function showErrors(form: HTMLFormElement, env: Envelope): void {
  clearErrors();
  const summary = document.getElementById("error-summary");
  if (!summary) return;
  const list = summary.querySelector("ul")!;
  const add = (text: string, target?: HTMLElement) => {
    const li = document.createElement("li");
    if (target?.id) {
      const a = document.createElement("a");
      a.href = `#${target.id}`;
      a.textContent = text;
      a.addEventListener("click", (e) => {
        e.preventDefault();
        target.focus();
      });
      li.append(a);
    } else li.textContent = text;
    list.append(li);
  };
  const intro = summary.querySelector<HTMLElement>("[data-message]");
  // A validation failure's items say it all; the envelope's "The request is invalid" is for developers.
  if (intro) intro.textContent = env.code === "validation_failed" && env.errors ? "" : env.message;
  let items = 0;
  for (const [path, messages] of Object.entries(env.errors ?? {})) {
    const field = fieldFor(form, path);
    for (const message of messages) {
      const text = sentence(field ? labelOf(field) : path === "body" ? "" : spokenPath(path), message);
      add(text, field ?? undefined);
      items++;
      if (field) markField(field, text);
    }
  }
  for (const f of env.failed ?? []) {
    add(describeFailed(f));
    items++;
  }
  if (items === 0) add(env.message);
  summary.hidden = false;
  summary.focus();
}

function markField(field: HTMLElement, text: string): void {
  const container = field.closest(".field") ?? field.parentElement;
  if (!container || container.querySelector(".field-error")) return;
  container.classList.add("field--error");
  const id = `${field.id || (field as HTMLInputElement).name}-error`;
  const p = document.createElement("p");
  p.className = "field-error";
  p.id = id;
  const hidden = document.createElement("span");
  hidden.className = "visually-hidden";
  hidden.textContent = `${say("error.prefix")} `;
  p.append(hidden, text);
  const anchor = container.querySelector("input, textarea, select, .checkboxes");
  container.insertBefore(p, anchor && anchor.parentElement === container ? anchor : null);
  field.setAttribute("aria-invalid", "true");
  const described = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  field.setAttribute("aria-describedby", [...described, id].join(" "));
}
