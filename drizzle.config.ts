import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations that `wrangler d1 migrations apply` and the tests apply.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema.ts",
  out: "./migrations",
});
