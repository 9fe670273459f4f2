// Loopback port helpers shared by `npm run dev`, the browser tests and the benchmarks.
import net from "node:net";

/**
 * Whether nothing listens on host:port yet.
 * @param {number} port
 * @param {string} host
 * @returns {Promise<boolean>}
 */
export function portIsFree(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free port from `start` on (at most 100 tried), or `start` when none is. */
export async function firstFreePort(start, host) {
  for (let port = start; port < start + 100; port++) if (await portIsFree(port, host)) return port;
  return start;
}

/**
 * A TCP port that was free on 127.0.0.1 a moment ago (chosen by the kernel).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}
