/**
 * The hold's remaining time, shown in the chart's toolbar while it holds anything: "Held for 9:41".
 * It reads the earliest expiry each second (the moment the whole hold token's session ends, see
 * hold-expiry.ts). role="timer" is a live region that is not read out on every tick; a screen
 * reader user finds it by its name, and hears the minute marks through the chart's live region.
 */
import type { Words } from "./words";

export class HoldCountdown {
  private readonly box: HTMLDivElement;
  private readonly time: HTMLElement;
  private readonly timer: ReturnType<typeof setInterval>;

  /**
   * Shows the time until `earliest()` (Infinity when nothing is held) in `host`; `announce`
   * hears "2 minutes left" and "1 minute left" once each.
   */
  constructor(
    host: HTMLElement,
    private readonly earliest: () => number,
    private readonly announce: (text: string) => void,
    private readonly words: Words,
  ) {
    const doc = host.ownerDocument;
    this.box = doc.createElement("div");
    this.box.className = "seating-countdown";
    this.box.setAttribute("role", "timer");
    this.box.setAttribute("aria-label", words.t("countdown.name"));
    this.time = doc.createElement("strong");
    // The sentence is the catalog's; the time goes where its {time} stands, in bold.
    const [before = "", after = ""] = words.t("countdown.text", { time: "\u0000" }).split(/\u2068?\u0000\u2069?/);
    this.box.append(doc.createTextNode(before), this.time, doc.createTextNode(after));
    this.box.hidden = true;
    // Before the zoom buttons, which keep the toolbar's right end.
    host.insertBefore(this.box, host.querySelector(".seating-controls"));
    this.timer = setInterval(() => this.tick(), 1000);
    this.tick();
  }

  private warned = new Set<number>();

  /** Brings the shown time up to date (called each second, and at once after a hold). */
  tick(): void {
    const end = this.earliest();
    if (end === Infinity) {
      this.box.hidden = true;
      this.warned.clear();
      return;
    }
    const left = end - Date.now();
    this.box.hidden = false;
    this.time.textContent = this.words.remaining(left);
    this.box.classList.toggle("seating-countdown-low", left < 60_000);
    for (const minutes of [2, 1]) {
      if (left <= minutes * 60_000 && left > (minutes - 1) * 60_000 && !this.warned.has(minutes)) {
        this.warned.add(minutes);
        this.announce(this.words.t("countdown.warning", { minutes }));
      }
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.box.remove();
  }
}
