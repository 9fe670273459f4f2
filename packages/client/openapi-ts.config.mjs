// @hey-api/openapi-ts: generates src/generated/ from openapi.json (npm run generate). Nobody edits the output.
// Relative imports end in `.js`, so the emitted declarations resolve under `moduleResolution`
// "nodenext" and "node16" as well as "bundler" (test/packed.test.mjs checks all three).
export default {
  input: "./openapi.json",
  output: { path: "./src/generated", format: false, lint: false, module: { extension: ".js" } },
  plugins: ["@hey-api/typescript", { name: "@hey-api/sdk", asClass: false }, "@hey-api/client-fetch"],
};
