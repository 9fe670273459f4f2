/**
 * What the dashboard's browser module says, in the page's language (`<html lang>`, which the server
 * set from the member's choice or the browser's Accept-Language): the client catalogs by id, any
 * missing message in English, plurals and numbers by `Intl`.
 */
import { MessageLocale, type MessageValues } from "../../domain/message-format";
import { plainMessage, SCHEMA_WORDING } from "../../domain/plain-messages";
import { CLIENT_EN, type ClientMessageId } from "./catalogs/en";

export type { ClientMessageId } from "./catalogs/en";
import DE from "./catalogs/de";

const CATALOGS: Record<string, Partial<Record<ClientMessageId, string>>> = { en: CLIENT_EN, de: DE };

const language = (typeof document !== "undefined" ? document.documentElement.lang : "").toLowerCase().split("-")[0] || "en";
const texts = CATALOGS[language] ?? CLIENT_EN;
const locale = new MessageLocale(CATALOGS[language] ? language : "en");

/** The message `id` with its values, in the page's language. */
export function say(id: ClientMessageId, values?: MessageValues): string {
  return locale.format(texts[id] ?? CLIENT_EN[id], values);
}

/** A count in the page's language. */
export function count(n: number): string {
  return locale.number(n);
}

/** The service's validation wording for a field, as a sentence; in English the GOV.UK phrasing of plain-messages.ts. */
export function fieldMessage(label: string, message: string): string {
  if (texts === CLIENT_EN) return plainMessage(label, message);
  const field = label.trim() || say("field.value");
  for (const [re, id] of SCHEMA_WORDING) {
    const m = re.exec(message);
    if (m) return say(id, { field, n: m[1] ?? "" });
  }
  if (!label.trim()) return message;
  return /^[a-zäöü]/.test(message) ? `${field} ${message}` : `${field}: ${message}`;
}
