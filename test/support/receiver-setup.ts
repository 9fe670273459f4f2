/**
 * Vitest globalSetup (runs in Node, not in workerd): a real local HTTP receiver for webhook
 * end-to-end tests. The Worker under test delivers to it over the loopback network, and the tests
 * (inside workerd) read what it received over HTTP, because they cannot share memory with Node.
 *
 * Each test uses its own path (`/hook/<random>`), so tests and files never see each other's
 * requests. Control routes:
 * - `GET  /__requests?path=/hook/x` → `{ items: [{ method, path, headers, body, receivedAt }] }`
 * - `POST /__fail?path=/hook/x&count=N&status=500` → the next N requests to that path get `status`
 *   (a 3xx also sends `Location: /hook/x-redirected`, so a test can prove nobody followed it).
 */
import type { TestProject } from "vitest/node";

// The project has no @types/node (tests type-check against workerd's types), so the few Node
// APIs used here are described structurally and node:http is imported by a non-literal name.
interface IncomingMessage {
  url?: string;
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  on(event: "data", fn: (chunk: Uint8Array) => void): void;
  on(event: "end", fn: () => void): void;
  on(event: "error", fn: (err: unknown) => void): void;
}
interface ServerResponse {
  writeHead(status: number, headers: Record<string, string>): void;
  setHeader(name: string, value: string): void;
  end(body: string): void;
}
interface Server {
  listen(port: number, host: string, cb: () => void): void;
  address(): { port: number };
  close(cb: () => void): void;
}
interface NodeHttp {
  createServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Server;
}
const NODE_HTTP: string = "node:http";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the local webhook receiver, e.g. `http://127.0.0.1:40123`. */
    receiverUrl: string;
  }
}

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.length;
      }
      resolve(new TextDecoder().decode(all));
    });
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const received = new Map<string, Recorded[]>();
  const failures = new Map<string, { count: number; status: number }>();

  const { createServer } = (await import(NODE_HTTP)) as NodeHttp;
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://receiver");
      const body = await readBody(req);
      if (url.pathname === "/__requests") {
        return json(res, 200, { items: received.get(url.searchParams.get("path") ?? "") ?? [] });
      }
      if (url.pathname === "/__fail") {
        const path = url.searchParams.get("path") ?? "";
        failures.set(path, { count: Number(url.searchParams.get("count") ?? "1"), status: Number(url.searchParams.get("status") ?? "500") });
        return json(res, 200, { ok: true });
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
      const list = received.get(url.pathname) ?? [];
      list.push({ method: req.method ?? "", path: url.pathname, headers, body, receivedAt: Date.now() });
      received.set(url.pathname, list);
      const failure = failures.get(url.pathname);
      if (failure && failure.count > 0) {
        failure.count -= 1;
        if (failure.status >= 300 && failure.status < 400) res.setHeader("location", `${url.pathname}-redirected`);
        return json(res, failure.status, { error: "told to fail" });
      }
      return json(res, 200, { received: true });
    } catch (err) {
      json(res, 500, { error: String(err) });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  project.provide("receiverUrl", `http://127.0.0.1:${port}`);

  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
