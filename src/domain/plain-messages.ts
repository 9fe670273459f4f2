/**
 * Validation messages as a person reads them. The API answers zod's own wording in `errors`
 * ("Invalid input: expected string, received undefined"), which suits a developer; the dashboard
 * and the designer show people the GOV.UK way instead: "Enter an order id", "Name must be 255
 * characters or fewer". A message already written for people (it does not look like zod's) is
 * kept, after its field's label.
 */

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? "an" : "a");
const lower = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/** Rules from zod's wording to a sentence about the field `label` (a visible label, "Order id"). */
const RULES: [RegExp, (label: string, m: RegExpExecArray) => string][] = [
  [/received undefined|^Required$/i, (l) => `Enter ${article(l)} ${lower(l)}`],
  [/expected string to have >=1 characters?/i, (l) => `Enter ${article(l)} ${lower(l)}`],
  [/expected string to have >=(\d+) characters/i, (l, m) => `${l} must be ${m[1]} characters or more`],
  [/expected string to have <=(\d+) characters/i, (l, m) => `${l} must be ${m[1]} characters or fewer`],
  [/expected array to have >=1 items?/i, (l) => `Choose at least one ${lower(l)}`],
  [/expected array to have >=(\d+) items/i, (l, m) => `Choose at least ${m[1]} ${lower(l)}`],
  [/expected array to have <=(\d+) items/i, (l, m) => `Choose at most ${m[1]} ${lower(l)}`],
  [/expected number to be >=(-?[\d.]+)/i, (l, m) => `${l} must be ${m[1]} or more`],
  [/expected number to be >(-?[\d.]+)/i, (l, m) => `${l} must be more than ${m[1]}`],
  [/expected number to be <=(-?[\d.]+)/i, (l, m) => `${l} must be ${m[1]} or less`],
  [/expected number to be <(-?[\d.]+)/i, (l, m) => `${l} must be less than ${m[1]}`],
  [/expected int/i, (l) => `${l} must be a whole number`],
  [/expected number/i, (l) => `${l} must be a number`],
  [/invalid (url|uri)/i, (l) => `Enter ${lower(l)} as a web address, like https://example.com/webhooks`],
  [/invalid (iso )?(date|datetime)/i, (l) => `Enter ${lower(l)} as a date and time`],
  [/invalid option|expected one of/i, (l) => `Select ${article(l)} ${lower(l)} from the list`],
  [/must match pattern/i, (l) => `${l} can only use letters, digits, dashes (-) and underscores (_)`],
  [/expected boolean/i, (l) => `Select whether ${lower(l)} applies`],
  [/^Invalid input|^Invalid /i, (l) => `Check ${lower(l)}: it is not in a form this field takes`],
];

/** Whether a message is zod's wording rather than one written for people. */
export function isSchemaWording(message: string): boolean {
  return RULES.some(([re]) => re.test(message)) || /^Too (small|big)/.test(message);
}

/**
 * One field's message as a sentence for people: zod's wording becomes the GOV.UK phrase for the
 * field `label`; any other message keeps its voice ("Name" + "must be unique" reads as one
 * sentence, a message of its own follows the label and a colon). Without a label, zod's wording
 * speaks of "a value".
 */
export function plainMessage(label: string, message: string): string {
  const field = label.trim();
  for (const [re, say] of RULES) {
    const m = re.exec(message);
    if (m) return say(field || "Value", m);
  }
  if (!field) return message;
  return /^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`;
}

/** "1 section", "3 sections": a count with its noun in the right number. */
export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * zod's wording as message ids, for a person reading another language than English: the
 * dashboard's and the designer's catalogs each word these ids (`{field}` the field, `{n}` the
 * number the rule names). The first rule that matches decides, as in RULES above.
 */
export type SchemaWordingId =
  | "field.required"
  | "field.minLength"
  | "field.maxLength"
  | "field.chooseOne"
  | "field.chooseMin"
  | "field.chooseMax"
  | "field.min"
  | "field.above"
  | "field.max"
  | "field.below"
  | "field.integer"
  | "field.number"
  | "field.url"
  | "field.date"
  | "field.option"
  | "field.pattern"
  | "field.boolean"
  | "field.invalid";

export const SCHEMA_WORDING: readonly [RegExp, SchemaWordingId][] = [
  [/received undefined|^Required$|expected string to have >=1 characters?/i, "field.required"],
  [/expected string to have >=(\d+) characters/i, "field.minLength"],
  [/expected string to have <=(\d+) characters/i, "field.maxLength"],
  [/expected array to have >=1 items?/i, "field.chooseOne"],
  [/expected array to have >=(\d+) items/i, "field.chooseMin"],
  [/expected array to have <=(\d+) items/i, "field.chooseMax"],
  [/expected number to be >=(-?[\d.]+)/i, "field.min"],
  [/expected number to be >(-?[\d.]+)/i, "field.above"],
  [/expected number to be <=(-?[\d.]+)/i, "field.max"],
  [/expected number to be <(-?[\d.]+)/i, "field.below"],
  [/expected int/i, "field.integer"],
  [/expected number/i, "field.number"],
  [/invalid (url|uri)/i, "field.url"],
  [/invalid (iso )?(date|datetime)/i, "field.date"],
  [/invalid option|expected one of/i, "field.option"],
  [/must match pattern/i, "field.pattern"],
  [/expected boolean/i, "field.boolean"],
  [/^Invalid input|^Invalid /i, "field.invalid"],
];
