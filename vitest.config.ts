import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { wranglerConfigForTests } from "./scripts/lib/test-wrangler-config.mjs";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        // wrangler.toml without a developer's .dev.vars beside it (scripts/lib/test-wrangler-config.mjs).
        wrangler: { configPath: wranglerConfigForTests(import.meta.dirname) },
        // The production Worker with the test hooks of the event object (test/support/worker.ts).
        main: "./test/support/worker.ts",
        miniflare: {
          // Queue handlers called from tests need this test-only flag.
          compatibilityFlags: ["service_binding_extra_handlers"],
          bindings: {
            TEST_MIGRATIONS: migrations,
            ADMIN_TOKEN: "test-admin-token",
            PUBLIC_KEY_SECRET: "test-public-key-secret",
            WEBHOOK_ALLOW_PRIVATE_URLS: "true",
            WEBHOOK_RETRY_BASE_SECONDS: "1",
            WEBHOOK_REDRIVE_SECONDS: "2",
          },
        },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      exclude: ["test/e2e/**"],
      setupFiles: ["./test/support/setup.ts"],
      // A real local HTTP receiver that webhook deliveries reach over the loopback network.
      globalSetup: ["./test/support/receiver-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
});
