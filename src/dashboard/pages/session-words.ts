/**
 * Sessions in words, for the Team and Account pages: which browser (from its User-Agent, roughly,
 * as people name them) and whether it is in use right now.
 */

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/HeadlessChrome|Chromium|Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Firefox on Windows", "Chrome on Android", or "Unknown browser". */
export function browserName(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (!browser) return system ? `A browser on ${system}` : "Unknown browser";
  return system ? `${browser} on ${system}` : browser;
}

/** A session whose last request was within five minutes is "active now". */
export function isActiveNow(lastActiveAt: number, now = Date.now()): boolean {
  return now - lastActiveAt < 5 * 60_000;
}
