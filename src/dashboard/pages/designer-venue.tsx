import { NEW_CATEGORY } from "../../designer/palette";
import { Labelled } from "./components";

/**
 * The designer's panels for venues beyond rows (contract §21): tables with their seats around
 * them, booths, floors and zones. Every control is a labelled form control or a named button, so
 * a table is drawn from the keyboard and heard by a screen reader as a section is; the browser
 * module (src/designer/client/venue-forms.ts) fills the lists and runs the actions.
 */

function Text(props: { id: string; label: string; hint?: string }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      hint={props.hint}
      control={(hintId) => <input id={props.id} type="text" value="" aria-describedby={hintId} autocomplete="off" spellcheck={false} />}
    />
  );
}

function Num(props: { id: string; label: string; value: number; min: number; max?: number }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      control={() => <input id={props.id} type="number" value={String(props.value)} min={props.min} max={props.max} step="any" />}
    />
  );
}

function Choice(props: { id: string; label: string; options: [string, string][]; multiple?: boolean; hint?: string }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      hint={props.hint}
      control={(hintId) => (
        <select id={props.id} multiple={props.multiple} aria-describedby={hintId}>
          {props.options.map(([value, text]) => (
            <option value={value}>{text}</option>
          ))}
        </select>
      )}
    />
  );
}

const NEW: [string, string] = [NEW_CATEGORY, "A new category, named below"];

export function VenuePanels() {
  return (
    <>
      <section class="panel" aria-labelledby="table-tools-title">
        <h2 id="table-tools-title">Tables and booths</h2>
        <p class="hint">A table's seats are placed around it, in order; its seats are labelled after it (T1-1, T1-2 …).</p>
        <Choice id="table-section" label="Section of the table" options={[["", "A new section of tables"]]} />
        <Text id="table-name" label="Table name" hint="Its object label; left empty: T1, T2 …" />
        <div class="field-row">
          <Choice
            id="table-shape"
            label="Kind of table"
            options={[
              ["round", "Round"],
              ["rect", "Rectangular"],
            ]}
          />
          <Num id="table-seats" label="Seats at the table" value={8} min={1} max={100} />
        </div>
        <div class="field-row">
          <Choice id="table-category" label="Category of the table's seats" options={[NEW]} />
          <Text id="table-category-name" label="New category for the table's seats" hint={'When "A new category" is chosen, for example Gala'} />
        </div>
        <div class="button-group">
          <button type="button" id="add-table">
            Add table
          </button>
        </div>
        <div class="field-row">
          <Choice id="table-select" label="Table to remove" options={[["", "None"]]} />
          <button type="button" id="remove-table" class="button-warning">
            Remove table
          </button>
        </div>
        <h3>Booths</h3>
        <Text id="booth-name" label="Booth name" hint="Its object label; left empty: Booth 1, Booth 2 …" />
        <div class="field-row">
          <Choice id="booth-category" label="Category of the booth" options={[NEW]} />
          <Text id="booth-category-name" label="New category for the booth" />
        </div>
        <div class="field-row">
          <Num id="booth-width" label="Booth width" value={60} min={1} />
          <Num id="booth-height" label="Booth height" value={40} min={1} />
          <Choice id="booth-floor" label="Floor of the booth" options={[["", "None"]]} />
        </div>
        <div class="button-group">
          <button type="button" id="add-booth">
            Add booth
          </button>
        </div>
        <div class="field-row">
          <Choice id="booth-select" label="Booth to remove" options={[["", "None"]]} />
          <button type="button" id="remove-booth" class="button-warning">
            Remove booth
          </button>
        </div>
      </section>

      <section class="panel" aria-labelledby="floor-tools-title">
        <h2 id="floor-tools-title">Floors and zones</h2>
        <p class="hint">Buyers see one floor at a time and can zoom to a zone (a group of sections, such as a stand).</p>
        <ul id="floor-list"></ul>
        <div class="field-row">
          <Text id="floor-name" label="Floor name" hint="For example Ground floor or Balcony" />
          <button type="button" id="add-floor" class="button-secondary">
            Add floor
          </button>
        </div>
        <div class="field-row">
          <Choice id="section-floor" label="Floor of the chosen section" options={[["", "None"]]} />
          <Choice id="floor-select" label="Floor to remove" options={[["", "None"]]} />
          <button type="button" id="remove-floor" class="button-warning">
            Remove floor
          </button>
        </div>
        <ul id="zone-list"></ul>
        <Text id="zone-name" label="Zone name" hint="For example North stand" />
        <Choice
          id="zone-sections"
          label="Sections of the zone"
          options={[]}
          multiple
          hint="Choose one or more (Ctrl or Shift with a click, or Space with the arrows)"
        />
        <div class="button-group">
          <button type="button" id="add-zone" class="button-secondary">
            Add zone
          </button>
        </div>
        <div class="field-row">
          <Choice id="zone-select" label="Zone to remove" options={[["", "None"]]} />
          <button type="button" id="remove-zone" class="button-warning">
            Remove zone
          </button>
        </div>
      </section>
    </>
  );
}
