/**
 * The page's two kinds of message: the error summary at the top (GOV.UK), with each problem linked
 * to its field when it has one, and the polite notice line that says what a change did.
 */
import { $, input, type FieldError } from "./form-fields";

/** Shows the error summary: a title, and each problem (a field's error links to the field and marks it invalid). */
export function showProblems(message: string, items: (string | FieldError)[]): void {
  const box = $("error-summary");
  box.querySelector("[data-message]")!.textContent = message;
  const list = box.querySelector("ul")!;
  list.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement("li");
      if (typeof item === "string") li.textContent = item;
      else {
        const a = document.createElement("a");
        a.href = `#${item.id}`;
        a.textContent = item.message;
        li.append(a);
        input(item.id).setAttribute("aria-invalid", "true");
      }
      return li;
    }),
  );
  box.hidden = false;
  box.focus();
}

/** Hides the error summary and clears the fields it marked. */
export function clearProblems(): void {
  $("error-summary").hidden = true;
  for (const n of document.querySelectorAll("[aria-invalid=true]")) n.removeAttribute("aria-invalid");
}

/** Says what a change did. */
export function showNotice(text: string): void {
  const n = $("notice");
  n.textContent = text;
  n.hidden = false;
}
