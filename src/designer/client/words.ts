/**
 * What the designer's browser module says, in the page's language (`<html lang>`, which the
 * dashboard set from the member's choice or the browser's Accept-Language): the designer's
 * catalogs by id (../words.ts), as the dashboard's own module reads its language.
 */
import { designerWords, type DesignerMessageId } from "../words";
import type { MessageValues } from "../../domain/message-format";

/** The page's words: for the modules that pass them on (the editor's refusals, the shortcut texts). */
export const pageWords = designerWords(typeof document !== "undefined" ? document.documentElement.lang : "en");

/** The message `id` with its values, in the page's language. */
export function say(id: DesignerMessageId, values?: MessageValues): string {
  return pageWords.t(id, values);
}
