/**
 * Undo and redo: a history of scenes (Excalidraw's model). Scenes are immutable plain data that
 * share unchanged parts, so keeping a few hundred of them costs little. Pure functions over a
 * plain record.
 */

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** How many earlier scenes are kept. */
export const HISTORY_LIMIT = 300;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A new present; the old one goes on the undo stack and the redo stack is emptied. A same scene changes nothing. */
export function commit<T>(h: History<T>, next: T): History<T> {
  if (next === h.present) return h;
  const past = [...h.past, h.present];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { past, present: next, future: [] };
}

export function undo<T>(h: History<T>): History<T> {
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) };
}

export const canUndo = <T>(h: History<T>) => h.past.length > 0;
export const canRedo = <T>(h: History<T>) => h.future.length > 0;
