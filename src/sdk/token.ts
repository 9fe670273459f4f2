/**
 * The hold token: a random UUID kept in sessionStorage per event, so a reload in the same tab keeps
 * the buyer's holds while another tab is another buyer.
 */

/** crypto.randomUUID is missing outside secure contexts (http://192.168…): fall back to getRandomValues. */
export function randomToken(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The tab's token for this event: the stored one, or a new one that is stored. */
export function sessionToken(apiBase: string, eventKey: string): string {
  const key = `seating:holdToken:${apiBase}:${eventKey}`;
  try {
    const stored = sessionStorage.getItem(key);
    if (stored && stored.length >= 8) return stored;
    const fresh = randomToken();
    sessionStorage.setItem(key, fresh);
    return fresh;
  } catch {
    // Storage can be disabled (privacy modes, sandboxed iframes): the token then lives as long as the page.
    return randomToken();
  }
}
