/**
 * The small quantity prompt of a GA area: an inline, keyboard-usable dialog (not window.prompt,
 * which blocks the page and cannot be styled or driven by tests).
 */
import type { Words } from "./words";

export interface QuantityPrompt {
  areaName: string;
  /** What this chart holds there now (0 for none). */
  current: number;
  /** The most that may be asked for (remaining + current, within maxSelectedObjects). */
  max: number;
}

/** Resolves to the new quantity, 0 to release, or null when cancelled. */
export function askQuantity(host: HTMLElement, prompt: QuantityPrompt, words: Words): Promise<number | null> {
  const doc = host.ownerDocument;
  const previousFocus = doc.activeElement as HTMLElement | SVGElement | null;
  const backdrop = doc.createElement("div");
  backdrop.className = "seating-dialog-backdrop";
  const box = doc.createElement("div");
  box.className = "seating-dialog";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-labelledby", "seating-dialog-title");
  box.setAttribute("data-seating-dialog", "quantity");
  const title = doc.createElement("h2");
  title.id = "seating-dialog-title";
  title.textContent = prompt.areaName;
  const hint = doc.createElement("p");
  hint.textContent = prompt.current > 0 ? words.t("dialog.holdMore", { current: prompt.current }) : words.t("dialog.howMany", { max: prompt.max });
  const input = doc.createElement("input");
  input.type = "number";
  input.name = "quantity";
  input.min = "1";
  input.max = String(prompt.max);
  input.value = String(Math.min(Math.max(prompt.current, 1), Math.max(prompt.max, 1)));
  input.setAttribute("aria-label", words.t("dialog.quantity"));
  const actions = doc.createElement("div");
  actions.className = "seating-dialog-actions";
  const button = (action: string, text: string) => {
    const b = doc.createElement("button");
    b.type = "button";
    b.dataset.action = action;
    b.textContent = text;
    return b;
  };
  const cancel = button("cancel", words.t("dialog.cancel"));
  const release = button("release", words.t("dialog.release"));
  const hold = button("hold", words.t(prompt.current > 0 ? "dialog.update" : "dialog.hold"));
  actions.append(cancel);
  if (prompt.current > 0) actions.append(release);
  actions.append(hold);
  box.append(title, hint, input, actions);
  backdrop.appendChild(box);
  host.appendChild(backdrop);
  input.focus();
  input.select();

  return new Promise((resolve) => {
    const done = (value: number | null) => {
      backdrop.remove();
      previousFocus?.focus?.();
      resolve(value);
    };
    const submit = () => {
      const n = Math.floor(Number(input.value));
      if (!Number.isFinite(n) || n < 1 || n > prompt.max) {
        input.setAttribute("aria-invalid", "true");
        hint.textContent = words.t("dialog.range", { max: prompt.max });
        return;
      }
      done(n);
    };
    cancel.addEventListener("click", () => done(null));
    release.addEventListener("click", () => done(0));
    hold.addEventListener("click", submit);
    backdrop.addEventListener("click", (e) => {
      if (e.target === backdrop) done(null);
    });
    box.addEventListener("keydown", (e) => {
      if (e.key === "Escape") done(null);
      else if (e.key === "Enter" && e.target === input) submit();
    });
  });
}
