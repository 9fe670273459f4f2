/**
 * Tables stacked into rows on a phone: each cell is labelled with its column's heading
 * (`data-label`, which the stylesheet shows before the value below 640 px), so a row reads as
 * "Event: Gala · Sold: 12" without the header row. Cells a page labelled itself keep their label;
 * tables that arrive later (a refreshed region) are labelled as they come.
 */
function label(table: HTMLTableElement): void {
  const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim() ?? "");
  if (heads.length === 0) return;
  for (const row of table.querySelectorAll("tbody tr")) {
    [...row.children].forEach((cell, i) => {
      if (!cell.hasAttribute("data-label") && heads[i]) cell.setAttribute("data-label", heads[i]!);
    });
  }
}

export function initTableLabels(): void {
  for (const t of document.querySelectorAll("table")) label(t);
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node instanceof HTMLTableElement) label(node);
        else for (const t of node.querySelectorAll("table")) label(t);
      }
  }).observe(document.body, { childList: true, subtree: true });
}
