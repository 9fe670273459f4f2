import { ariaKeyShortcuts, commandLabel, commandNamed } from "../../designer/commands";
import { NEW_CATEGORY } from "../../designer/palette";
import type { DesignerWords } from "../../designer/words";
import { Labelled } from "./components";

/**
 * The designer's controls, for its own panels and for the venue panels alike: fields set side by
 * side, each labelled and with its hint tied to it, and buttons that run the designer's commands.
 * The browser module (src/designer/client) finds them by id, fills the lists and reads the values.
 */

export function NumberField(props: { id: string; label: string; value: number | string; min?: number; max?: number; step?: number | "any"; hint?: string }) {
  return (
    <Labelled
      inline
      {...props}
      control={(hintId) => (
        <input id={props.id} type="number" value={String(props.value)} min={props.min} max={props.max} step={props.step} aria-describedby={hintId} />
      )}
    />
  );
}

export function TextField(props: { id: string; label: string; value?: string; hint?: string }) {
  return (
    <Labelled
      inline
      {...props}
      control={(hintId) => <input id={props.id} type="text" value={props.value ?? ""} aria-describedby={hintId} autocomplete="off" spellcheck={false} />}
    />
  );
}

/** A list of choices as [value, text] pairs; the browser module fills those given empty. */
export function Select(props: { id: string; label: string; options: [string, string][]; value?: string; multiple?: boolean; hint?: string }) {
  return (
    <Labelled
      inline
      {...props}
      control={(hintId) => (
        <select id={props.id} multiple={props.multiple} aria-describedby={hintId}>
          {props.options.map(([value, text]) => (
            <option value={value} selected={value === props.value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * The category of what is added: one of the chart's, or a new one named in the field beside it
 * (its id the list's with `-name`; labelled "New category name" unless `nameLabel` says otherwise).
 */
export function CategoryChoice(props: { id: string; label: string; nameLabel?: string; nameHint?: string; w: DesignerWords }) {
  return (
    <div class="field-row">
      <Select id={props.id} label={props.label} options={[[NEW_CATEGORY, props.w.t("common.newCategory")]]} />
      <TextField id={`${props.id}-name`} label={props.nameLabel ?? props.w.t("common.newCategoryName")} hint={props.nameHint} />
    </div>
  );
}

/**
 * A button that runs a command of the designer's table (src/designer/commands.ts): its name and
 * its aria-keyshortcuts come from the table, like the shortcut list and the key handling.
 */
export function CommandButton(props: { id: string; command: string; w: DesignerWords; secondary?: boolean; warning?: boolean }) {
  const c = commandNamed(props.command);
  return (
    <button type="button" id={props.id} class={buttonClass(props)} data-command={c.name} aria-keyshortcuts={ariaKeyShortcuts(c)}>
      {commandLabel(c, props.w)}
    </button>
  );
}

/** A button the browser module gives its action by its id (one of a panel's, with no shortcut of its own). */
export function ToolButton(props: { id: string; label: string; secondary?: boolean; warning?: boolean }) {
  return (
    <button type="button" id={props.id} class={buttonClass(props)}>
      {props.label}
    </button>
  );
}

/** A secondary or a warning button says so by its class; the main action of a group has none. */
function buttonClass(props: { secondary?: boolean; warning?: boolean }): string | undefined {
  return props.warning ? "button-warning" : props.secondary ? "button-secondary" : undefined;
}
