/**
 * Repeatable rows of a form (a season's games): a button `[data-add-row="name"]` adds a copy of the
 * last `[data-row="name"]` row, emptied, with fresh ids so that every label still names its own
 * control, and moves the focus to its first field. The rows are sent as a list (forms.ts,
 * `data-row-of`).
 */

let made = 0;

function addRow(name: string, button: HTMLElement): void {
  const rows = document.querySelectorAll<HTMLElement>(`[data-row="${CSS.escape(name)}"]`);
  const last = rows[rows.length - 1];
  if (!last) return;
  const copy = last.cloneNode(true) as HTMLElement;
  const suffix = `-added-${++made}`;
  for (const el of copy.querySelectorAll<HTMLElement>("[id]")) {
    const old = el.id;
    el.id = `${old.replace(/-added-\d+$/, "")}${suffix}`;
    for (const ref of copy.querySelectorAll<HTMLElement>(`[for="${CSS.escape(old)}"]`)) ref.setAttribute("for", el.id);
    for (const ref of copy.querySelectorAll<HTMLElement>("[aria-describedby]")) {
      const ids = ref.getAttribute("aria-describedby")!.split(/\s+/);
      if (ids.includes(old)) ref.setAttribute("aria-describedby", ids.map((i) => (i === old ? el.id : i)).join(" "));
    }
  }
  for (const input of copy.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea")) {
    if (input instanceof HTMLInputElement && (input.type === "checkbox" || input.type === "radio")) input.checked = false;
    else input.value = "";
  }
  const number = copy.querySelector<HTMLElement>("[data-row-number]");
  if (number) number.textContent = String(rows.length + 1);
  last.after(copy);
  copy.querySelector<HTMLElement>("input, select, textarea")?.focus();
  button.dispatchEvent(new CustomEvent("dashboard:row-added", { bubbles: true, detail: { row: copy } }));
}

export function initRows(): void {
  document.addEventListener("click", (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLElement>("[data-add-row]");
    if (!button) return;
    e.preventDefault();
    addRow(button.dataset.addRow!, button);
  });
}

/** Fills the time zone fields of new events and seasons with the browser's own zone while they are empty. */
export function fillTimeZones(): void {
  let zone: string;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  for (const input of document.querySelectorAll<HTMLInputElement>('input[data-fill-zone="browser"]')) if (!input.value) input.value = zone;
}
