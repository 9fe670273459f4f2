/**
 * The dashboard's one browser module. Pages are rendered on the server and work as documents;
 * this adds what needs a script: sending action forms as JSON with errors shown in place, one-time
 * secrets revealed, regions kept fresh, copy buttons, and the event page's seat map.
 */
import { initSeatMap } from "./box-office";
import { initForms } from "./forms";
import { initMenu } from "./menu";
import { fillTimeZones, initRows } from "./rows";
import { notify, showFlash } from "./notice";
import { startAutoRefresh } from "./refresh";
import { initTableLabels } from "./table-labels";
import { say } from "./words";

function initCopyButtons(): void {
  document.addEventListener("click", (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>("button[data-copy]");
    if (!button) return;
    const source = document.getElementById(button.dataset.copy!) as HTMLInputElement | null;
    if (!source) return;
    source.select();
    void navigator.clipboard?.writeText(source.value).then(
      () => notify(say("copy.done")),
      () => notify(say("copy.failed")),
    );
  });
}

showFlash();
initForms();
initCopyButtons();
initMenu();
initRows();
fillTimeZones();
initTableLabels();
startAutoRefresh();
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = "true";
void initSeatMap().catch((err: unknown) => {
  const host = document.getElementById("seat-map");
  if (host) host.setAttribute("data-error", err instanceof Error ? err.message : String(err));
});
