/**
 * What a chart says, in its language: the messages of one catalog (English filling any gap, the
 * integrator's `messages` on top) and the `Intl` formats of that language. Every component of the
 * map takes its words from here and never builds a sentence of its own.
 */
import { MessageLocale, type MessageValues } from "../domain/message-format";
import { EN, type MessageId } from "./catalogs/en";

export type { MessageId } from "./catalogs/en";

/**
 * English, the fallback of every message: the bundle's catalog, and the venue part's words
 * (catalogs/en-venue.ts) once that part is loaded (addEnglish).
 */
const english: Partial<Record<MessageId, string>> = { ...EN };

/** Adds messages to English: the venue part's, when it loads. */
export function addEnglish(texts: Partial<Record<MessageId, string>>): void {
  Object.assign(english, texts);
}

/** Whether `id` names a message: one of the bundle's, or of the venue part's (ids under `venue.`, `table.` or `booth.`). */
export function isMessageId(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(EN, id) || /^(venue|table|booth)\./.test(id);
}

export class Words {
  readonly locale: MessageLocale;
  private clock: Intl.DateTimeFormat | null = null;

  /**
   * `language`: the BCP 47 tag `Intl` formats with ("de-AT"); `texts`: the messages by id, of
   * which any missing one is English.
   */
  constructor(
    readonly language: string,
    private readonly texts: Readonly<Partial<Record<string, string>>> = EN,
  ) {
    this.locale = new MessageLocale(language);
  }

  /** "rtl" for a language written right to left (Arabic), else "ltr". */
  get dir(): "ltr" | "rtl" {
    return this.locale.rtl ? "rtl" : "ltr";
  }

  /** The message `id` with its values. */
  t(id: MessageId, values?: MessageValues): string {
    return this.locale.format(this.texts[id] ?? english[id] ?? id, values);
  }

  /** A count in the language's digits and grouping. */
  number(n: number): string {
    return this.locale.number(n);
  }

  /**
   * Parts of a name or description joined as the language lists them ("A, B" / "A، B" / "A、B");
   * in a right-to-left language each part is isolated, so a Latin section name keeps its place.
   */
  list(parts: readonly string[]): string {
    return (this.locale.rtl ? parts.map((p) => `\u2068${p}\u2069`) : parts).join(this.t("list.separator"));
  }

  /** A time of day, hours and minutes, on the buyer's clock ("19:30", "7:30 PM"). */
  time(at: Date): string {
    this.clock ??= new Intl.DateTimeFormat(this.language, { hour: "2-digit", minute: "2-digit" });
    return this.clock.format(at);
  }

  /** A duration as a clock: "9:05", an hour or more as "1:02:05", in the language's digits. */
  remaining(ms: number): string {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(total / 3600);
    const two = (n: number) => (n < 10 ? this.number(0) : "") + this.number(n);
    const m = Math.floor((total % 3600) / 60);
    return h > 0 ? `${this.number(h)}:${two(m)}:${two(total % 60)}` : `${this.number(m)}:${two(total % 60)}`;
  }
}

/** English, the words of a chart until its own are known (and of code that never asks). */
export const ENGLISH = new Words("en");
