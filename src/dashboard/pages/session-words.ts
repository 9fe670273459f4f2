/**
 * Sessions in words, for the Team and Account pages: which browser (from its User-Agent, roughly,
 * as people name them) and whether it is in use right now.
 */
import { words } from "../words";

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
  const w = words();
  if (!browser) return system ? w.t("session.someBrowserOn", { system }) : w.t("session.unknownBrowser");
  return system ? w.t("session.browserOn", { browser, system }) : browser;
}

/** A session whose last request was within five minutes is "active now". */
export function isActiveNow(lastActiveAt: number, now = Date.now()): boolean {
  return now - lastActiveAt < 5 * 60_000;
}
