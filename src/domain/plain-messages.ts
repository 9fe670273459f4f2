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
