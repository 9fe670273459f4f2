// Debian's Chromium as the e2e suite and the SDK benchmark drive it (browsers cannot be downloaded
// on these machines, so playwright-core gets the system's binary).
import { chromium } from "playwright-core";

/** Headless Chromium with software rendering and the flags that keep it quiet and offline-safe. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
