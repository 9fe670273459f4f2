/**
 * Messages written the ICU way, so a catalog (the SDK's, the dashboard's) holds whole sentences
 * and code never glues words together:
 *
 * - `{name}` puts a value in: a number formatted for the language, a text as given (isolated for
 *   bidirectional text in a right-to-left language, so "A-1-2" stays whole inside Arabic);
 * - `{n, number}` a number, the same as `{n}` with a number;
 * - `{n, plural, =0 {…} one {…} other {…}}` picks by exact value, then by the language's plural
 *   category (`Intl.PluralRules`: Polish has one/few/many, Arabic zero/one/two/few/many), then
 *   `other`; `#` inside is the number, formatted;
 * - `{key, select, premium {…} other {…}}` picks by a text value.
 *
 * Apostrophes are plain text (no ICU quoting): French and Italian write them often. A brace that
 * does not open an argument is kept as written, and a message never throws: a catalog mistake
 * shows up as visible text, not as a broken page.
 */

/** The values a message's arguments read. */
export type MessageValues = Record<string, string | number>;

/** `#` in a plural branch. */
const POUND = 0;

interface Argument {
  name: string;
  type: "" | "number" | "plural" | "select";
  /** plural and select: the branches by key ("one", "=0", "premium"). */
  branches?: Record<string, Part[]>;
}

type Part = string | typeof POUND | Argument;

const HEAD = /\{\s*([A-Za-z_]\w*)\s*(?:,\s*(number|plural|select)\s*)?([,}])/y;
const BRANCH = /\s*(=\d+|[A-Za-z_]\w*)\s*\{/y;
const SPACE = /\s*/y;

/** The parts of a message text (see the module's comment for the syntax). */
export function parseMessage(src: string): Part[] {
  let i = 0;
  const body = (plural: boolean, nested: boolean): Part[] => {
    const out: Part[] = [];
    let text = "";
    const flush = () => {
      if (text) out.push(text);
      text = "";
    };
    while (i < src.length) {
      const c = src[i]!;
      if (c === "}" && nested) break;
      if (c === "#" && plural) {
        flush();
        out.push(POUND);
        i++;
        continue;
      }
      if (c === "{") {
        const start = i;
        const arg = argument(plural);
        if (arg) {
          flush();
          out.push(arg);
          continue;
        }
        i = start;
      }
      text += c;
      i++;
    }
    flush();
    return out;
  };
  const argument = (plural: boolean): Argument | null => {
    HEAD.lastIndex = i;
    const head = HEAD.exec(src);
    if (!head) return null;
    i = HEAD.lastIndex;
    const type = (head[2] ?? "") as Argument["type"];
    const branching = type === "plural" || type === "select";
    if (head[3] === "}") return branching ? null : { name: head[1]!, type };
    if (!branching) return null;
    const branches: Record<string, Part[]> = Object.create(null);
    for (;;) {
      BRANCH.lastIndex = i;
      const key = BRANCH.exec(src);
      if (!key) break;
      i = BRANCH.lastIndex;
      branches[key[1]!] = body(plural || type === "plural", true);
      if (src[i] !== "}") return null;
      i++;
    }
    SPACE.lastIndex = i;
    SPACE.exec(src);
    i = SPACE.lastIndex;
    if (src[i] !== "}") return null;
    i++;
    return { name: head[1]!, type, branches };
  };
  return body(false, false);
}

/** Primary language subtags written right to left. */
const RIGHT_TO_LEFT = new Set(["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"]);

/** Whether a BCP 47 tag's language is written right to left ("ar", "ar-EG", "he"). */
export function isRightToLeft(tag: string): boolean {
  return RIGHT_TO_LEFT.has(tag.toLowerCase().split("-")[0]!);
}

/** First strong isolate and pop directional isolate (Unicode bidi): a value keeps its own direction. */
const FSI = "\u2068";
const PDI = "\u2069";

/** Parsed messages by text: a catalog's few hundred sentences are parsed once each. */
const parsed = new Map<string, Part[]>();

/**
 * Formats messages in one language: numbers and plural categories by `Intl`, values isolated in a
 * right-to-left language. One per chart or page; its formatters are built once.
 */
export class MessageLocale {
  readonly rtl: boolean;
  private readonly numbers: Intl.NumberFormat;
  private readonly plurals: Intl.PluralRules;

  /** `language` is a BCP 47 tag that `Intl` accepts ("de-AT"); callers check it first. */
  constructor(readonly language: string) {
    this.rtl = isRightToLeft(language);
    this.numbers = new Intl.NumberFormat(language);
    this.plurals = new Intl.PluralRules(language);
  }

  /** A number in the language's digits and grouping ("1.234" in German, "١٬٢٣٤" in Arabic). */
  number(n: number): string {
    return this.numbers.format(n);
  }

  /** The plural category of `n` ("one", "few", …). */
  plural(n: number): string {
    return this.plurals.select(n);
  }

  /** `text` with its arguments filled from `values`. */
  format(text: string, values?: MessageValues): string {
    let parts = parsed.get(text);
    if (!parts) {
      parts = parseMessage(text);
      parsed.set(text, parts);
    }
    return this.render(parts, values, undefined);
  }

  private render(parts: Part[], values: MessageValues | undefined, count: number | undefined): string {
    let out = "";
    for (const p of parts) {
      if (typeof p === "string") out += p;
      else if (p === POUND) out += count === undefined ? "#" : this.number(count);
      else {
        const v = values?.[p.name];
        if (p.type === "plural" || p.type === "select") {
          const b = p.branches!;
          const n = Number(v);
          const branch = p.type === "plural" ? (b[`=${n}`] ?? b[this.plural(n)] ?? b.other) : (b[String(v)] ?? b.other);
          if (branch) out += this.render(branch, values, p.type === "plural" ? n : count);
        } else if (typeof v === "number") out += this.number(v);
        else if (v === undefined) out += `{${p.name}}`;
        else out += this.rtl ? FSI + v + PDI : v;
      }
    }
    return out;
  }
}

/**
 * What a message text asks for: the arguments it shows as values (`{label}`), those it chooses a
 * form by (`{n, plural, …}`, whose `#` shows the number), each once, and whether it is whole
 * (every brace part of an argument, every plural and select with `other`).
 */
export function messageArguments(text: string): { values: string[]; selectors: string[]; whole: boolean } {
  const values: string[] = [];
  const selectors: string[] = [];
  let whole = true;
  const walk = (parts: Part[]) => {
    for (const p of parts) {
      if (typeof p === "string") whole &&= !/[{}]/.test(p);
      else if (p === POUND) continue;
      else if (p.branches) {
        if (!selectors.includes(p.name)) selectors.push(p.name);
        if (!p.branches.other) whole = false;
        for (const branch of Object.values(p.branches)) walk(branch);
      } else if (!values.includes(p.name)) values.push(p.name);
    }
  };
  walk(parseMessage(text));
  return { values, selectors, whole };
}
