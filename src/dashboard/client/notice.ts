/**
 * The page's notice line (a polite live region under the page heading): what the last action did.
 * A message meant for the next page load (after a reload or a redirect) waits in sessionStorage.
 */
const KEY = "dashboard-notice";

/** Shows a message now. */
export function notify(message: string): void {
  const el = document.getElementById("notice");
  if (!el) return;
  el.textContent = message;
  el.hidden = message === "";
}

/** Keeps a message for the next page this tab loads. */
export function flash(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage refused (private mode): the next page simply shows no notice.
  }
}

/** Shows and forgets the message the previous page left. */
export function showFlash(): void {
  let message: string | null = null;
  try {
    message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (message) notify(message);
}
