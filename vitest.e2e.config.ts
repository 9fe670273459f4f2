import { defineConfig } from "vitest/config";

/**
 * End-to-end tests of the browser SDK (`npm run test:e2e`): plain Node vitest, not the workers pool.
 * The global setup starts `wrangler dev` on a free port with a fresh local state directory and
 * provisions a workspace, chart and event; the tests drive Debian's Chromium with playwright-core.
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.mjs"],
    globalSetup: ["./test/e2e/global-setup.mjs"],
    environment: "node",
    pool: "forks",
    // One browser and one dev server: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
