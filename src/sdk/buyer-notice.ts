/**
 * The notice on the map where the buyer is looking: a refused seat's reason in a box over the top
 * of the drawing, in an assertive live region (role="alert") so a screen reader says it at once.
 * It stays until the buyer dismisses it or the next selection succeeds, or for NOTICE_MS.
 */

import type { Words } from "./words";

/** How long a notice stays up on its own. */
const NOTICE_MS = 8000;

export class BuyerNotice {
  private readonly box: HTMLDivElement;
  private readonly text: HTMLSpanElement;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(stage: HTMLElement, words: Words) {
    const doc = stage.ownerDocument;
    this.box = doc.createElement("div");
    this.box.className = "seating-notice";
    this.box.setAttribute("role", "alert");
    this.text = doc.createElement("span");
    const close = doc.createElement("button");
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", words.t("notice.dismiss"));
    close.addEventListener("click", () => this.clear());
    this.box.append(this.text, close);
    this.box.hidden = true;
    stage.append(this.box);
  }

  /** Shows `message` (replacing any other). */
  show(message: string): void {
    if (this.timer) clearTimeout(this.timer);
    this.text.textContent = message;
    this.box.hidden = false;
    this.timer = setTimeout(() => this.clear(), NOTICE_MS);
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.box.hidden = true;
    this.text.textContent = "";
  }
}
