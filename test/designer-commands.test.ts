import { describe, expect, it } from "vitest";
import {
  ariaKeyShortcuts,
  chordText,
  commandForKey,
  commandNamed,
  COMMANDS,
  parseChord,
  shortcutText,
  type CommandTarget,
  type KeyPress,
} from "../src/designer/commands";
import { dash, fetchWorker, signedIn } from "./support/dashboard";

// The designer's command table (src/designer/commands.ts): the one place a shortcut is written,
// for the key handling, the shortcut list and the buttons' aria-keyshortcuts.

const press = (key: string, mods: Partial<Omit<KeyPress, "key">> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

/** The key presses a chord stands for, as a browser reports them (Mod as Ctrl, then as ⌘). */
function pressesOf(chord: string): KeyPress[] {
  const c = parseChord(chord);
  const keys = c.key === "Arrow" ? ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"] : [c.key];
  const shiftKey = c.shift || (c.key.length === 1 && /[{}+_]/.test(c.key));
  return keys.flatMap((key) =>
    (c.mod ? [{ ctrlKey: true }, { metaKey: true }] : [{}]).map((mod) =>
      press(c.shift && key.length === 1 ? key.toUpperCase() : key, { ...mod, shiftKey, altKey: c.alt }),
    ),
  );
}

/** A target that records what was run. */
function recorder(placingStage = false): CommandTarget & { calls: string[] } {
  const calls: string[] = [];
  const rec =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(args.length ? `${name}(${args.join(",")})` : name);
  return {
    calls,
    placingStage,
    undo: rec("undo"),
    redo: rec("redo"),
    save: rec("save"),
    copySelected: rec("copySelected"),
    deleteSelected: rec("deleteSelected"),
    selectAllSeats: rec("selectAllSeats"),
    clearSelection: rec("clearSelection"),
    placeStage: rec("placeStage"),
    nudge: rec("nudge"),
    pan: rec("pan"),
    rotate: rec("rotate"),
    zoom: rec("zoom"),
    fit: rec("fit"),
  };
}

describe("the command table", () => {
  it("gives every command a unique name, a label and readable keys", () => {
    expect(new Set(COMMANDS.map((c) => c.name)).size).toBe(COMMANDS.length);
    for (const c of COMMANDS) {
      expect(c.label.length, c.name).toBeGreaterThan(0);
      expect(c.keys.length, c.name).toBeGreaterThan(0);
      for (const k of c.keys) expect(() => parseChord(k), k).not.toThrow();
    }
    expect(() => parseChord("Ctrl+Z")).toThrow();
    expect(() => parseChord("Mod+")).toThrow();
  });

  it("runs, for every key it lists, that command and no other (no key is claimed twice)", () => {
    for (const c of COMMANDS) for (const k of c.keys) for (const p of pressesOf(k)) expect(commandForKey(p)?.name, `${k} as ${JSON.stringify(p)}`).toBe(c.name);
  });

  it("reads presses as browsers report them", () => {
    const name = (p: KeyPress) => commandForKey(p)?.name ?? null;
    expect(name(press("z", { ctrlKey: true }))).toBe("undo");
    expect(name(press("z", { metaKey: true }))).toBe("undo");
    expect(name(press("Z", { ctrlKey: true, shiftKey: true }))).toBe("redo");
    expect(name(press("y", { ctrlKey: true }))).toBe("redo");
    expect(name(press("s", { ctrlKey: true }))).toBe("save");
    expect(name(press("ArrowDown"))).toBe("move");
    expect(name(press("ArrowDown", { shiftKey: true }))).toBe("moveFar");
    expect(name(press("ArrowDown", { shiftKey: true, altKey: true }))).toBe("pan");
    // Shift+[ arrives as "{" on most layouts; "+" as Shift+= on many.
    expect(name(press("{", { shiftKey: true }))).toBe("rotateFar");
    expect(name(press("[", {}))).toBe("rotate");
    expect(name(press("+", { shiftKey: true }))).toBe("zoomIn");
    expect(name(press("=", {}))).toBe("zoomIn");
    // Keys the table does not list stay the browser's: Ctrl+0 (page zoom), plain letters, Shift+Delete.
    expect(name(press("0", { ctrlKey: true }))).toBeNull();
    expect(name(press("z"))).toBeNull();
    expect(name(press("Delete", { shiftKey: true }))).toBeNull();
  });

  it("passes the pressed key to the command (which arrow, which bracket) and asks `when`", () => {
    const t = recorder();
    commandForKey(press("ArrowLeft"))!.run(t, "ArrowLeft");
    commandForKey(press("ArrowDown", { shiftKey: true }))!.run(t, "ArrowDown");
    commandForKey(press("ArrowUp", { shiftKey: true, altKey: true }))!.run(t, "ArrowUp");
    commandForKey(press("{", { shiftKey: true }))!.run(t, "{");
    commandForKey(press("]"))!.run(t, "]");
    expect(t.calls).toEqual(["nudge(-10,0)", "nudge(0,100)", "pan(0,60)", "rotate(-15)", "rotate(5)"]);
    const enter = commandForKey(press("Enter"))!;
    expect(enter.when!(recorder(false))).toBe(false);
    expect(enter.when!(recorder(true))).toBe(true);
  });

  it("writes the keys for people and for aria-keyshortcuts", () => {
    expect(shortcutText(commandNamed("redo"))).toBe("Ctrl+Shift+Z or Ctrl+Y");
    expect(shortcutText(commandNamed("move"))).toBe("Arrow keys");
    expect(chordText("Shift+Alt+Arrow")).toBe("Shift+Alt+Arrow keys");
    expect(shortcutText(commandNamed("zoomIn"))).toBe("+ or =");
    expect(ariaKeyShortcuts(commandNamed("redo"))).toBe("Control+Shift+Z Control+Y");
    expect(ariaKeyShortcuts(commandNamed("zoomIn"))).toBe("Plus =");
    expect(ariaKeyShortcuts(commandNamed("delete"))).toBe("Delete Backspace");
  });
});

describe("the designer page", () => {
  it("lists every command with its keys, and its command buttons take name and keys from the table", async () => {
    const { cookie } = await signedIn();
    const created = await dash<{ chartKey: string }>(cookie, "POST", "/dashboard/api/charts", { name: "Commands hall" });
    expect(created.status).toBe(201);
    const res = await fetchWorker(`/dashboard/charts/${created.body.chartKey}/design`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const table = html.slice(html.indexOf('id="shortcuts-title"'));
    const rows = [...table.matchAll(/<tr><td>([^<]*)<\/td><td><kbd>([^<]*)<\/kbd><\/td><\/tr>/g)].map((m) => [m[1], m[2]]);
    const unescape = (s: string) =>
      s
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">");
    expect(rows.map(([l, k]) => [unescape(l!), unescape(k!)])).toEqual(COMMANDS.map((c) => [c.label, shortcutText(c)]));
    const buttons = [
      ...html.matchAll(/<button type="button" id="[^"]+"(?: class="[^"]+")? data-command="([^"]+)" aria-keyshortcuts="([^"]+)">([^<]*)<\/button>/g),
    ];
    expect(buttons.map((m) => m[1])).toEqual(["undo", "redo", "save", "zoomIn", "zoomOut", "fit", "copy", "delete"]);
    for (const [, name, keys, label] of buttons) {
      expect(unescape(keys!)).toBe(ariaKeyShortcuts(commandNamed(name!)));
      expect(unescape(label!)).toBe(commandNamed(name!).label);
    }
  });
});
