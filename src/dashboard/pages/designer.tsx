import type { SeatFeature } from "../../domain/layout";
import type { Environment } from "../../domain/scope";
import type { ChartRecord } from "../../domain/charts";
import { ariaKeyShortcuts, commandNamed, COMMANDS, shortcutText } from "../../designer/commands";
import { NEW_CATEGORY } from "../../designer/palette";
import { DESIGNER_URL } from "../assets";
import type { DashboardSession } from "../sessions";
import { Labelled } from "./components";
import { Page } from "./layout";

/**
 * The chart designer (contract §11): the page around the drawing. Every control is a labelled
 * form control or a named button (GOV.UK patterns); the browser module (src/designer/client)
 * reads the draft, keeps the scene and its history, and draws it. Without the module the page
 * says that the designer needs JavaScript.
 */

function NumberField(props: { id: string; label: string; value: number | string; min?: number; max?: number; step?: number | "any"; hint?: string }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      hint={props.hint}
      control={(hintId) => (
        <input id={props.id} type="number" value={String(props.value)} min={props.min} max={props.max} step={props.step} aria-describedby={hintId} />
      )}
    />
  );
}

function TextField(props: { id: string; label: string; value?: string; hint?: string }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      hint={props.hint}
      control={(hintId) => <input id={props.id} type="text" value={props.value ?? ""} aria-describedby={hintId} autocomplete="off" spellcheck={false} />}
    />
  );
}

/**
 * A button that runs a command of the designer's table (src/designer/commands.ts): its name and
 * its aria-keyshortcuts come from the table, like the shortcut list and the key handling.
 */
function CommandButton(props: { id: string; command: string; secondary?: boolean; warning?: boolean }) {
  const c = commandNamed(props.command);
  const cls = props.warning ? "button-warning" : props.secondary ? "button-secondary" : undefined;
  return (
    <button type="button" id={props.id} class={cls} data-command={c.name} aria-keyshortcuts={ariaKeyShortcuts(c)}>
      {c.label}
    </button>
  );
}

function Select(props: { id: string; label: string; options: [string, string][]; value?: string }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      control={() => (
        <select id={props.id}>
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

export function designerPage(session: DashboardSession, environment: Environment, chart: ChartRecord) {
  const key = chart.chartKey;
  return (
    <Page title={`Design ${chart.name}`} session={session} environment={environment} section="charts" scripts={[DESIGNER_URL]}>
      <div
        class="designer"
        id="designer"
        data-chart-key={key}
        data-chart-name={chart.name}
        data-environment={environment}
        data-published={chart.publishedVersion === null ? "false" : "true"}
      >
        <div class="designer-head">
          <h1>Design {chart.name}</h1>
          <a href={`/dashboard/${environment}/charts/${encodeURIComponent(key)}`}>Back to chart {chart.name}</a>
          <p id="save-state" class="save-state" role="status" data-state="loading">
            Loading the draft…
          </p>
          <div class="designer-files">
            <button type="button" id="export" class="button-secondary">
              Export layout JSON
            </button>
            <input type="file" id="import" accept="application/json,.json" class="visually-hidden file-input" />
            <label for="import" class="button button-secondary file-button">
              Import layout JSON
            </label>
          </div>
          <noscript>
            <p>The designer needs JavaScript. The draft can also be replaced as JSON on the chart's page or through the API.</p>
          </noscript>
        </div>

        <div id="conflict" class="error-summary" role="alert" tabindex={-1} hidden aria-labelledby="conflict-title">
          <h2 id="conflict-title">This draft was changed somewhere else</h2>
          <p id="conflict-message">Your changes are not saved.</p>
          <div class="button-group">
            <button type="button" id="reload-draft">
              Reload the draft
            </button>
            <button type="button" id="save-copy" class="button-secondary">
              Save as a copy
            </button>
          </div>
        </div>

        <div class="designer-toolbar" role="toolbar" aria-label="Designer">
          {/* The first things a new chart needs; what they add is set in the panels beside the drawing. */}
          <button type="button" id="add-section">
            Add section
          </button>
          <button type="button" id="add-area">
            Add GA area
          </button>
          <span class="toolbar-gap"></span>
          <CommandButton id="undo" command="undo" secondary />
          <CommandButton id="redo" command="redo" secondary />
          <CommandButton id="save" command="save" />
          <span class="toolbar-gap"></span>
          <CommandButton id="zoom-in" command="zoomIn" secondary />
          <CommandButton id="zoom-out" command="zoomOut" secondary />
          <CommandButton id="zoom-fit" command="fit" secondary />
        </div>

        <div class="designer-body">
          <div class="designer-canvas-wrap">
            <div id="canvas" class="designer-canvas" tabindex={0} role="application" aria-label="Seat map drawing" aria-describedby="canvas-help">
              <p id="canvas-help" class="visually-hidden">
                Use the controls beside the drawing, or the keyboard shortcuts listed below the drawing.
              </p>
            </div>
            <div id="canvas-empty" class="canvas-empty" hidden>
              <h2>This chart is empty</h2>
              <p>
                Name a section and the category of its seats beside the drawing (and set its rows and seats per row), then choose <strong>Add section</strong>{" "}
                in the toolbar; or name an area for standing room and choose <strong>Add GA area</strong>. Each new one goes beside the others. Then save the
                draft.
              </p>
            </div>
            <p class="hint" id="canvas-summary" aria-live="polite"></p>
          </div>
          <div class="designer-tools">
            <section class="panel" aria-labelledby="section-tools-title">
              <h2 id="section-tools-title">Sections</h2>
              <p class="hint" id="section-mode">
                "Add section" in the toolbar makes a section from these settings. Select a section to change its settings.
              </p>
              <Select id="section-select" label="Selected section" options={[["", "None"]]} />
              <TextField
                id="section-name"
                label="Section name"
                hint={
                  chart.publishedVersion === null
                    ? "Also the start of its seat labels: a stand named N1 has seats N1-A-1, N1-A-2 … Left empty: Section A, with seats A-A-1 …"
                    : "A new section's name starts its seat labels (N1 gives N1-A-1). This chart is published, so renaming a section keeps its labels."
                }
              />
              <div class="field-row">
                <Select id="section-category" label="Category of its seats" options={[[NEW_CATEGORY, "A new category, named below"]]} />
                <TextField id="section-category-name" label="Name of a new category" hint={'When "A new category" is chosen, for example Home'} />
              </div>
              <div class="field-row">
                <NumberField id="rows" label="Rows" value={10} min={1} max={1000} />
                <NumberField id="seats-per-row" label="Seats per row" value={20} min={1} max={1000} />
              </div>
              <div class="field-row">
                <Select
                  id="row-labels"
                  label="Row labels"
                  options={[
                    ["letters", "A, B, C …"],
                    ["numbers", "1, 2, 3 …"],
                  ]}
                />
                <Select
                  id="row-order"
                  label="Row order"
                  options={[
                    ["front", "First label at the front"],
                    ["back", "First label at the back"],
                  ]}
                />
              </div>
              <Select
                id="seat-numbering"
                label="Seat numbering"
                options={[
                  ["left-to-right", "Left to right"],
                  ["right-to-left", "Right to left"],
                  ["odd", "Odd numbers (1, 3, 5 …)"],
                  ["even", "Even numbers (2, 4, 6 …)"],
                ]}
              />
              <div class="field-row">
                <NumberField id="curve" label="Curve (degrees)" value={0} min={-300} max={300} step="any" />
                <NumberField id="skew" label="Skew (degrees)" value={0} min={-75} max={75} step="any" />
                <NumberField id="rotation" label="Rotation (degrees)" value={0} min={-360} max={360} step="any" />
              </div>
              <div class="field-row">
                <NumberField id="seat-spacing" label="Seat spacing" value={24} min={1} max={1000} step="any" />
                <NumberField id="row-spacing" label="Row spacing" value={30} min={1} max={1000} step="any" />
              </div>
              <TextField id="aisles" label="Aisles after seats" hint="Seat positions from the left, separated by commas: 5, 15" />
              <TextField
                id="label-pattern"
                label="Seat label pattern"
                value="{section}-{row}-{seat}"
                hint="{section} is the section's name as it was added (N1), {row} the row, {seat} the seat number: N1-A-1. Change it for another style, for example {row}{seat}"
              />
              <div class="button-group">
                <CommandButton id="copy-section" command="copy" secondary />
                <CommandButton id="delete-selected" command="delete" warning />
              </div>
            </section>

            <section class="panel" aria-labelledby="category-tools-title">
              <h2 id="category-tools-title">Categories</h2>
              <ul id="category-list" class="legend"></ul>
              <div class="field-row">
                <TextField id="category-name" label="Category name" />
                <div class="field field-inline">
                  <label for="category-colour">Colour</label>
                  <input id="category-colour" type="color" value="#2f5bea" />
                </div>
              </div>
              <button type="button" id="add-category" class="button-secondary">
                Add category
              </button>
              <h3>Assign to the selection</h3>
              <p class="hint" id="selection-summary">
                Nothing selected. Click a seat, Shift+click to add more, or drag a rectangle over the seats.
              </p>
              <TextField
                id="select-labels"
                label="Select seats by label"
                hint="Section names, a section and row (Stalls row C), or seat labels, separated by commas; end a label with * for every label that starts so (A-C-*)"
              />
              <button type="button" id="select-labelled" class="button-secondary">
                Select seats
              </button>
              <div class="button-group">
                <button type="button" id="select-rows" class="button-secondary">
                  Select whole rows
                </button>
                <button type="button" id="select-sections" class="button-secondary">
                  Select whole sections
                </button>
              </div>
              <Select id="assign-category-select" label="Category for the selection" options={[]} />
              <button type="button" id="assign-category">
                Assign category
              </button>
              <fieldset class="seat-features">
                <legend>Seat features of the selection</legend>
                {SEAT_FEATURE_CHOICES.map(([key, label]) => (
                  <label class="checkbox">
                    <input type="checkbox" id={`feature-${key}`} value={key} /> {label}
                  </label>
                ))}
              </fieldset>
              <button type="button" id="set-features">
                Set features
              </button>
            </section>

            <section class="panel" aria-labelledby="ga-tools-title">
              <h2 id="ga-tools-title">General admission</h2>
              <p class="hint">"Add GA area" in the toolbar adds a standing area with these settings.</p>
              <Select id="area-select" label="Selected GA area" options={[["", "None"]]} />
              <TextField id="area-name" label="Area name" hint="Its object label: unique among seats and areas" />
              <div class="field-row">
                <Select id="area-category" label="Category of its places" options={[[NEW_CATEGORY, "A new category, named below"]]} />
                <TextField id="area-category-name" label="Name of a new category" hint={'When "A new category" is chosen, for example Standing'} />
              </div>
              <div class="field-row">
                <NumberField id="area-capacity" label="Capacity" value={100} min={1} />
                <Select
                  id="area-shape"
                  label="Shape"
                  options={[
                    ["rectangle", "Rectangle"],
                    ["ellipse", "Ellipse"],
                  ]}
                />
              </div>
              <div class="field-row">
                <NumberField id="area-width" label="Width" value={240} min={1} step="any" />
                <NumberField id="area-height" label="Height" value={120} min={1} step="any" />
              </div>
            </section>

            <section class="panel" aria-labelledby="translation-tools-title">
              <h2 id="translation-tools-title">Translations</h2>
              <p class="hint">
                The name of a category or section in other languages: the buyer's map shows the name of its language, and the name above in every other
                language. Changing them is safe after publishing.
              </p>
              <Select id="translate-owner" label="Name to translate" options={[["", "No category or section yet"]]} />
              <Labelled
                id="translations"
                label="Names in other languages"
                hint="One language per line: its language tag, a colon and the name, for example de: Parkett, or pt-BR: Plateia"
                control={(hintId) => <textarea id="translations" rows={4} aria-describedby={hintId} spellcheck={false}></textarea>}
              />
              <button type="button" id="save-translations" class="button-secondary">
                Save translations
              </button>
            </section>

            <section class="panel" aria-labelledby="stage-tools-title">
              <h2 id="stage-tools-title">Stage (focal point)</h2>
              <p class="hint" id="stage-state">
                No focal point yet. Best available prefers seats near it.
              </p>
              <div class="button-group">
                <button type="button" id="place-stage" aria-pressed="false">
                  Place the stage
                </button>
                <button type="button" id="remove-stage" class="button-secondary">
                  Remove the stage
                </button>
              </div>
              <p class="hint">After "Place the stage", click the map where it is, or press Enter to put it at the middle of the view.</p>
            </section>
          </div>
        </div>

        <section class="panel" aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">Keyboard shortcuts</h2>
          <table class="shortcuts">
            <caption class="visually-hidden">Keyboard shortcuts of the designer</caption>
            <thead>
              <tr>
                <th scope="col">Action</th>
                <th scope="col">Keys</th>
              </tr>
            </thead>
            <tbody>
              {COMMANDS.map((c) => (
                <tr>
                  <td>{c.label}</td>
                  <td>
                    <kbd>{shortcutText(c)}</kbd>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="hint">
            With the mouse: click a seat to select it, Shift+click to add or remove, drag over empty space to select a rectangle, drag a section's outline or a
            GA area to move it, use the wheel to zoom, and drag with the middle button or with Space held to pan.
          </p>
        </section>
      </div>
    </Page>
  );
}

/** The seat features (contract §14) as the designer offers them. */
const SEAT_FEATURE_CHOICES: [SeatFeature, string][] = [
  ["wheelchair", "Wheelchair space"],
  ["companion", "Companion seat"],
  ["restrictedView", "Restricted view"],
  ["stepFree", "Step-free access"],
  ["hearingLoop", "Hearing loop"],
  ["extraLegroom", "Extra legroom"],
];
