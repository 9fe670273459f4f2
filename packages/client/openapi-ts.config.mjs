// @hey-api/openapi-ts: generates src/generated/ from openapi.json (npm run generate). Nobody edits the output.
export default {
  input: "./openapi.json",
  output: { path: "./src/generated", format: false, lint: false },
  plugins: ["@hey-api/typescript", { name: "@hey-api/sdk", asClass: false }, "@hey-api/client-fetch"],
};
