/**
 * Parts of a page that change without anyone here acting (the delivery log, an event's counts and
 * sales) are marked `data-refresh`; they are refreshed by fetching the page again and swapping in
 * the server's fresh rendering of the same element, so the markup has one author: the server.
 * `data-refresh-every="<ms>"` also refreshes them on a timer while the tab is visible.
 */

let inFlight: Promise<void> | null = null;

async function refreshOnce(): Promise<void> {
  const regions = Array.from(document.querySelectorAll<HTMLElement>("[data-refresh]"));
  if (regions.length === 0) return;
  const res = await fetch(location.href, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } });
  if (!res.ok) return;
  const fresh = new DOMParser().parseFromString(await res.text(), "text/html");
  for (const region of regions) {
    const next = fresh.getElementById(region.id);
    if (!next || next.innerHTML === region.innerHTML) continue;
    // A keyboard user inside the region keeps their place: focus returns to the control of the same id.
    const focused = region.contains(document.activeElement) ? document.activeElement?.id : undefined;
    region.innerHTML = next.innerHTML;
    if (focused) document.getElementById(focused)?.focus();
  }
}

/** Refreshes every `data-refresh` region now (one request; concurrent calls share it). */
export function refreshRegions(): Promise<void> {
  inFlight ??= refreshOnce()
    .catch(() => {
      // A failed refresh leaves the last rendering in place; the next one tries again.
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Starts the timers of the regions that ask for them. */
export function startAutoRefresh(): void {
  const periods = Array.from(document.querySelectorAll<HTMLElement>("[data-refresh-every]")).map((el) => Number(el.dataset.refreshEvery));
  const ms = Math.min(...periods.filter((n) => n >= 500));
  if (!Number.isFinite(ms)) return;
  setInterval(() => {
    if (document.visibilityState === "visible") void refreshRegions();
  }, ms);
}
