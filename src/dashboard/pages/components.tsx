import type { Child } from "hono/jsx";
import type { ChartRecord } from "../../domain/charts";
import type { Permission } from "../../domain/roles";
import { useCan, useMayCall } from "./role-context";
import { zonedText } from "../../domain/time-zones";
import { words } from "../words";

/**
 * Small pieces the pages share, after GOV.UK patterns: a labelled field with its hint, an action
 * form the browser module sends as JSON, status tags that say their meaning in words, and the
 * panel that shows a secret once.
 */

/**
 * A control with its visible label and optional hint, tied together for screen readers: `control`
 * is given the hint's id for its aria-describedby. `inline` sets fields side by side.
 */
export function Labelled(props: { id: string; label: string; hint?: string; inline?: boolean; control: (hintId: string | undefined) => Child }) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  return (
    <div class={props.inline ? "field field-inline" : "field"}>
      <label for={props.id}>{props.label}</label>
      {props.hint ? (
        <p class="hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
      {props.control(hintId)}
    </div>
  );
}

/** A text field with a visible label and an optional hint, tied together for screen readers. */
export function Field(props: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value?: string;
  type?: "text" | "url" | "number" | "email" | "date" | "datetime-local";
  dataType?: "number" | "list" | "json";
  wide?: boolean;
  required?: boolean;
  autocomplete?: string;
  min?: number;
  max?: number;
  /** Emptied, the field sends null rather than nothing: an edit form clearing an optional value. */
  emptyAsNull?: boolean;
  /** Puts the value into an object: `{ [group.name]: { [group.key]: value } }` (client/forms.ts). */
  group?: { name: string; key: string };
  /** Makes the value one of a row's in a list: `{ [row.list]: [{ [row.key]: value }, …] }` (client/forms.ts `data-row-of`). */
  row?: { list: string; key: string };
}) {
  return (
    <Labelled
      {...props}
      control={(hintId) => (
        <input
          id={props.id}
          name={props.name}
          type={props.type ?? "text"}
          value={props.value}
          class={props.wide ? "wide" : undefined}
          data-type={props.dataType}
          aria-describedby={hintId}
          aria-required={props.required ? "true" : undefined}
          autocomplete={props.autocomplete ?? "off"}
          spellcheck={false}
          min={props.min}
          max={props.max}
          data-empty={props.emptyAsNull ? "null" : undefined}
          data-group={props.group?.name}
          data-row-of={props.row?.list}
          data-key={props.group?.key ?? props.row?.key}
        />
      )}
    />
  );
}

/** A multi-line field (a layout's JSON, say). */
export function TextArea(props: { id: string; name: string; label: string; hint?: string; value?: string; rows?: number; dataType?: "json" }) {
  return (
    <Labelled
      {...props}
      control={(hintId) => (
        <textarea id={props.id} name={props.name} rows={props.rows ?? 8} data-type={props.dataType} aria-describedby={hintId} spellcheck={false}>
          {props.value ?? ""}
        </textarea>
      )}
    />
  );
}

/**
 * A form the browser module sends to a data route as JSON (see client/forms.ts for the data-*
 * settings). Without a script nothing is sent: every change needs the Origin check a page's own
 * script passes, never a cross-site form post. A member whose role may not call the route does not
 * see the form at all (docs/team.md).
 */
export function ApiForm(props: {
  api?: string;
  method?: "POST" | "PUT" | "PATCH" | "DELETE";
  then?: string;
  done?: string;
  confirm?: string;
  class?: string;
  id?: string;
  label?: string;
  revealField?: string;
  revealPanel?: string;
  children: Child;
}) {
  if (props.api !== undefined && !useMayCall(props.method ?? "POST", props.api)) return null;
  return (
    <form
      id={props.id}
      class={props.class}
      data-api-form
      data-api={props.api}
      data-method={props.method}
      data-then={props.then}
      data-done={props.done}
      data-confirm={props.confirm}
      data-reveal-field={props.revealField}
      data-reveal-panel={props.revealPanel}
      aria-label={props.label}
      novalidate
    >
      {props.children}
    </form>
  );
}

/** One-button action form. */
export function ActionButton(props: {
  api: string;
  method?: "POST" | "PATCH" | "DELETE";
  label: string;
  then?: string;
  done?: string;
  confirm?: string;
  kind?: "primary" | "secondary" | "warning";
  id?: string;
  hidden?: Record<string, string>;
  describedBy?: string;
  reveal?: { panel: string; field: string };
}) {
  const kind = props.kind === "secondary" ? "button button-secondary" : props.kind === "warning" ? "button button-warning" : "button";
  return (
    <ApiForm
      api={props.api}
      method={props.method}
      then={props.then}
      done={props.done}
      confirm={props.confirm}
      class="inline"
      revealPanel={props.reveal?.panel}
      revealField={props.reveal?.field}
    >
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} data-type={value === "true" || value === "false" ? "boolean" : undefined} />
      ))}
      <button type="submit" class={kind} id={props.id} aria-describedby={props.describedBy}>
        {props.label}
      </button>
    </ApiForm>
  );
}

/** A status in words, with colour only as a second signal. */
export function Tag(props: { kind: "ok" | "bad" | "wait" | "off"; children: Child }) {
  return <strong class={`tag tag-${props.kind}`}>{props.children}</strong>;
}

/**
 * Where a secret the service reveals once appears (filled by the browser module from the one
 * answer that carries it; the page itself never holds it).
 */
export function RevealPanel(props: { id: string; title: string; label: string; warning: string; link?: { href: string; text: string } }) {
  const inputId = `${props.id}-value`;
  return (
    <div id={props.id} class="reveal" hidden tabindex={-1} role="region" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      <p>
        <strong>{props.warning}</strong>
      </p>
      <div class="field">
        <label for={inputId}>{props.label}</label>
        <div class="key-value">
          <input id={inputId} type="text" readonly class="mono" autocomplete="off" spellcheck={false} />
          <button type="button" class="button button-secondary" data-copy={inputId}>
            {words().t("common.copy")}
          </button>
        </div>
      </div>
      {props.link ? (
        <p>
          <a href="#" data-href={props.link.href}>
            {props.link.text}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * A time with the exact instant for machines. A time of an event or season (`zone` given: its time
 * zone) reads as people at the venue read it, on that clock with the offset; a time of the
 * workspace itself (a key issued, a webhook delivered) stays in UTC to the second.
 */
export function When(props: { at: string | null | undefined; zone?: string }) {
  if (!props.at) return <>–</>;
  if (props.zone !== undefined) return <time datetime={props.at}>{zonedText(props.at, props.zone)}</time>;
  return (
    <time datetime={props.at}>
      {props.at
        .replace("T", " ")
        .replace(/\.\d+Z$/, " UTC")
        .replace(/Z$/, " UTC")}
    </time>
  );
}

/** The chart an event or a season is made on: each chart by name, its key beside it, and whether it is published. */
export function ChartSelect(props: { id: string; charts: ChartRecord[] }) {
  const w = words();
  return (
    <div class="field">
      <label for={props.id}>{w.t("events.chart")}</label>
      <select id={props.id} name="chartKey">
        {props.charts.map((c) => (
          <option value={c.chartKey}>
            {c.name} ({c.chartKey}){c.publishedVersion === null ? ` – ${w.t("charts.notPublished")}` : ""}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What only roles that may call a data route see (a button of a form whose buttons call different routes). */
export function IfMayCall(props: { method?: string; api: string; children: Child }) {
  return useMayCall(props.method ?? "POST", props.api) ? <>{props.children}</> : null;
}

/** What only roles with a permission see. */
export function IfCan(props: { permission: Permission; children: Child; otherwise?: Child }) {
  return useCan(props.permission) ? <>{props.children}</> : <>{props.otherwise ?? null}</>;
}
