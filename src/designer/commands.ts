/**
 * The designer's commands, each with a name, a label people read, the keys that run it and what it
 * does. Everything about a shortcut comes from this one table: the page lists the commands with
 * their keys, the toolbar's buttons take their names and aria-keyshortcuts from it, and the
 * browser module runs whatever command a key press names. No DOM, so the server-rendered page
 * imports it too, and it is tested in workerd.
 *
 * Keys are written as chords: modifiers, then the key as KeyboardEvent.key reports it, joined by
 * "+": "Mod+Z" (Mod is Ctrl, or ⌘ on a Mac), "Shift+Alt+Arrow" ("Arrow" is any arrow key),
 * "Delete", "[", "Plus" (the + key: "+" joins a chord). Shift counts for letters and named keys.
 * A symbol key already says whether Shift made it ("{" is Shift+[ on most keyboards), so a chord
 * names the symbol, and Shift is not compared.
 *
 * A command's label here is its English; the designer's catalogs word it as `command.<name>` in
 * every language the dashboard speaks (commandLabel), and a test holds the two English alike.
 */
import { ENGLISH, isDesignerMessageId, type DesignerMessageId, type DesignerWords } from "./words";

/** What commands act on: the designer page (client/designer.ts). */
export interface CommandTarget {
  undo(): void;
  redo(): void;
  save(): void;
  copySelected(): void;
  deleteSelected(): void;
  selectAllSeats(): void;
  /** Clears the selection and stops placing the stage. */
  clearSelection(): void;
  /** True after "Place the stage" until the stage is placed. */
  readonly placingStage: boolean;
  /** Puts the stage at the middle of the view. */
  placeStage(): void;
  /** Moves the selected sections and areas, or the chosen table or booth, by (dx, dy) layout units; with nothing selected, pans the view one step that way. */
  nudge(dx: number, dy: number): void;
  /** Moves the view by (dx, dy) screen pixels. */
  pan(dx: number, dy: number): void;
  rotate(degrees: number): void;
  zoom(factor: number): void;
  fit(): void;
}

export interface Command {
  readonly name: string;
  /** What people read in the shortcut list, and a button's name where the page has one. */
  readonly label: string;
  /** Key chords that run it. */
  readonly keys: readonly string[];
  /** Runs even while a form field has the focus (only saving: Ctrl+S works anywhere). */
  readonly whileTyping?: boolean;
  /** Whether it applies now; when not, its keys are left to the browser. */
  readonly when?: (target: CommandTarget) => boolean;
  /** Does it; `key` is the KeyboardEvent.key pressed (which arrow, which bracket), "" from a button. */
  readonly run: (target: CommandTarget, key: string) => void;
}

/** Layout units one arrow press moves the selection (ten times as far with Shift). */
const NUDGE = 10;
/** Screen pixels one Shift+Alt+arrow press pans the view. */
const PAN = 60;
const ZOOM_STEP = 1.25;

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const arrow = (key: string): [number, number] => ARROWS[key] ?? [0, 0];
/** -1 for the opening bracket (anticlockwise), 1 for the closing one. */
const turn = (key: string) => (key === "[" || key === "{" ? -1 : 1);

/** Every command, in the order the page lists them. */
export const COMMANDS: readonly Command[] = [
  { name: "undo", label: "Undo", keys: ["Mod+Z"], run: (t) => t.undo() },
  { name: "redo", label: "Redo", keys: ["Mod+Shift+Z", "Mod+Y"], run: (t) => t.redo() },
  { name: "save", label: "Save draft", keys: ["Mod+S"], whileTyping: true, run: (t) => t.save() },
  { name: "copy", label: "Copy section", keys: ["Mod+D"], run: (t) => t.copySelected() },
  { name: "delete", label: "Delete selected", keys: ["Delete", "Backspace"], run: (t) => t.deleteSelected() },
  {
    name: "move",
    label: "Move the selected sections or areas, or the chosen table or booth (with nothing selected: pan)",
    keys: ["Arrow"],
    run: (t, key) => t.nudge(arrow(key)[0] * NUDGE, arrow(key)[1] * NUDGE),
  },
  {
    name: "moveFar",
    label: "Move them 10 times further",
    keys: ["Shift+Arrow"],
    run: (t, key) => t.nudge(arrow(key)[0] * NUDGE * 10, arrow(key)[1] * NUDGE * 10),
  },
  { name: "pan", label: "Pan the view", keys: ["Shift+Alt+Arrow"], run: (t, key) => t.pan(-arrow(key)[0] * PAN, -arrow(key)[1] * PAN) },
  { name: "rotate", label: "Rotate the selected sections by 5°", keys: ["[", "]"], run: (t, key) => t.rotate(turn(key) * 5) },
  { name: "rotateFar", label: "Rotate them by 15°", keys: ["{", "}"], run: (t, key) => t.rotate(turn(key) * 15) },
  { name: "selectAll", label: "Select all seats", keys: ["Mod+A"], run: (t) => t.selectAllSeats() },
  { name: "clear", label: "Clear the selection", keys: ["Escape"], run: (t) => t.clearSelection() },
  {
    name: "placeStage",
    label: "Put the stage at the middle of the view (after Place the stage)",
    keys: ["Enter"],
    when: (t) => t.placingStage,
    run: (t) => t.placeStage(),
  },
  { name: "zoomIn", label: "Zoom in", keys: ["Plus", "="], run: (t) => t.zoom(ZOOM_STEP) },
  { name: "zoomOut", label: "Zoom out", keys: ["-"], run: (t) => t.zoom(1 / ZOOM_STEP) },
  { name: "fit", label: "Fit to view", keys: ["0"], run: (t) => t.fit() },
];

/** The command called `name` (a bug when there is none: the page and the table disagree). */
export function commandNamed(name: string): Command {
  const c = COMMANDS.find((x) => x.name === name);
  if (!c) throw new Error(`designer: no command "${name}"`);
  return c;
}

/** A chord read: its modifiers and its key as KeyboardEvent.key reports it ("Arrow" for any arrow). */
export interface Chord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

const MODIFIERS = new Set(["Mod", "Shift", "Alt"]);

/** Reads a chord of the table; throws on one it cannot read (a typo in the table). */
export function parseChord(chord: string): Chord {
  const parts = chord.split("+");
  const key = parts.pop()!;
  if (!key || MODIFIERS.has(key) || parts.some((p) => !MODIFIERS.has(p))) throw new Error(`designer: unreadable key chord "${chord}"`);
  return { mod: parts.includes("Mod"), shift: parts.includes("Shift"), alt: parts.includes("Alt"), key: key === "Plus" ? "+" : key };
}

/** A letter or a named key ("Delete", "ArrowUp"), for which Shift is part of the chord. */
const shiftCounts = (key: string) => key.length > 1 || /^[a-z]$/i.test(key);

/** The key press a handler sees (a KeyboardEvent has these). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

function matches(c: Chord, press: KeyPress): boolean {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const wanted = c.key.length === 1 ? c.key.toLowerCase() : c.key;
  if (wanted === "Arrow" ? !Object.hasOwn(ARROWS, key) : key !== wanted) return false;
  if (c.mod !== (press.ctrlKey || press.metaKey) || c.alt !== press.altKey) return false;
  return !shiftCounts(wanted) || c.shift === press.shiftKey;
}

const CHORDS = COMMANDS.flatMap((command) => command.keys.map((k) => ({ command, chord: parseChord(k) })));

/** The command a key press runs, if any. */
export function commandForKey(press: KeyPress): Command | null {
  return CHORDS.find(({ chord }) => matches(chord, press))?.command ?? null;
}

/** A command's name in the language of `words` ("Undo", "Rückgängig"); its English label when the catalogs have none. */
export function commandLabel(command: Command, words: DesignerWords = ENGLISH): string {
  const id = `command.${command.name}`;
  return isDesignerMessageId(id) ? words.t(id) : command.label;
}

/** Keys with a name of their own, as the keyboards of a language print them ("Entf" in German). */
const KEY_NAMES: Record<string, DesignerMessageId> = {
  Arrow: "key.arrows",
  Delete: "key.delete",
  Backspace: "key.backspace",
  Escape: "key.escape",
  Enter: "key.enter",
};

/** A chord as people read it: "Ctrl+Shift+Z", "Arrow keys", "+"; in German "Strg+Umschalt+Z". */
export function chordText(chord: string, words: DesignerWords = ENGLISH): string {
  const c = parseChord(chord);
  const named = KEY_NAMES[c.key];
  const key = named ? words.t(named) : c.key;
  return [c.mod && words.t("key.mod"), c.shift && words.t("key.shift"), c.alt && words.t("key.alt"), key].filter(Boolean).join("+");
}

/** A command's keys as the shortcut list shows them: "Ctrl+Shift+Z or Ctrl+Y". */
export function shortcutText(command: Command, words: DesignerWords = ENGLISH): string {
  return command.keys.map((k) => chordText(k, words)).reduce((first, second) => words.t("key.either", { first, second }));
}

/** A command's keys as an aria-keyshortcuts value: "Control+Shift+Z Control+Y". */
export function ariaKeyShortcuts(command: Command): string {
  return command.keys
    .flatMap((k) => {
      const c = parseChord(k);
      const keys = c.key === "Arrow" ? Object.keys(ARROWS) : [c.key];
      // "+" joins the parts of a value, so the plus key is written "Plus" (as in the table).
      return keys.map((key) => [c.mod && "Control", c.shift && "Shift", c.alt && "Alt", key === "+" ? "Plus" : key].filter(Boolean).join("+"));
    })
    .join(" ");
}
