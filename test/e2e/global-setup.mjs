/**
 * vitest global setup of the e2e suite: one dev server and one provisioned workspace for all files,
 * handed to the tests with provide()/inject().
 */
import { provision } from "./service.mjs";
import { startDevServer } from "./server.mjs";

let server;

export async function setup(project) {
  server = await startDevServer();
  try {
    const ws = await provision(server);
    project.provide("e2e", { baseUrl: server.baseUrl, adminToken: server.adminToken, ...ws });
  } catch (err) {
    console.error(server.log());
    await server.stop();
    throw err;
  }
}

export async function teardown() {
  await server?.stop();
}
