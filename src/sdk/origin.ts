/**
 * The API origin used when `apiBaseUrl` is not given: the origin the SDK script itself came from
 * (docs/sdk.md). Each entry point records it at load time, since `document.currentScript` is only
 * set while a classic script runs and `import.meta.url` only exists in the module build.
 */
let scriptOrigin: string | null = null;

/** Records the origin of the loaded bundle (called once by the entry point). */
export function setScriptOrigin(url: string | null | undefined): void {
  if (!url) return;
  try {
    scriptOrigin = new URL(url).origin;
  } catch {
    // An unparsable URL leaves the page origin as the fallback.
  }
}

/** The API base: explicit option, else the script's origin, else the page's. */
export function resolveApiBase(explicit: string | undefined): string {
  const base = explicit ?? scriptOrigin ?? (typeof location !== "undefined" ? location.origin : "");
  return base.replace(/\/+$/, "");
}

/** Where the SDK's own files are: the bundle's origin, else `apiBase` (the service the chart talks to). */
export function sdkOrigin(apiBase: string): string {
  return scriptOrigin ?? apiBase;
}
