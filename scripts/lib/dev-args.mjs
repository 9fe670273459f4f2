// Reads the few `wrangler dev` arguments that the dev script must know about, without consuming them:
// every argument is still passed on to wrangler unchanged.

/**
 * @typedef {object} DevArgs
 * @property {number | undefined} port
 * @property {string | undefined} ip
 * @property {Record<string, string>} vars      values of `--var NAME:VALUE` (they override .dev.vars)
 * @property {string | undefined} persistTo
 * @property {string | undefined} config
 * @property {string | undefined} env
 * @property {string | undefined} protocol     value of --local-protocol
 */

/**
 * @param {string[]} argv the arguments after `npm run dev --`
 * @returns {DevArgs}
 */
export function parseDevArgs(argv) {
  /** @type {DevArgs} */
  const out = { port: undefined, ip: undefined, vars: {}, persistTo: undefined, config: undefined, env: undefined, protocol: undefined };
  const single = {
    "--port": "port",
    "--ip": "ip",
    "--persist-to": "persistTo",
    "--config": "config",
    "-c": "config",
    "--env": "env",
    "-e": "env",
    "--local-protocol": "protocol",
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("-") && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("-") && eq > 0 ? arg.slice(eq + 1) : undefined;
    if (flag in single) {
      const value = inline ?? argv[++i];
      if (value === undefined) break;
      out[single[flag]] = value;
    } else if (flag === "--var") {
      // yargs arrays take every following value up to the next flag: `--var A:1 B:2`.
      const values = inline !== undefined ? [inline] : [];
      if (inline === undefined) while (i + 1 < argv.length && !argv[i + 1].startsWith("-")) values.push(argv[++i]);
      for (const pair of values) {
        const colon = pair.indexOf(":");
        if (colon > 0) out.vars[pair.slice(0, colon)] = pair.slice(colon + 1);
      }
    }
  }
  if (out.port !== undefined) {
    const n = Number(out.port);
    out.port = Number.isInteger(n) && n > 0 && n < 65536 ? n : undefined;
  }
  return out;
}

/**
 * The URL to call a server listening on `ip:port`: wildcard addresses are reached over loopback.
 * @param {string} ip
 * @param {number} port
 * @param {string} [protocol]
 */
export function baseUrlFor(ip, port, protocol = "http") {
  let host = ip === "0.0.0.0" || ip === "*" ? "127.0.0.1" : ip === "::" ? "[::1]" : ip;
  if (host.includes(":") && !host.startsWith("[")) host = `[${host}]`;
  return `${protocol}://${host}:${port}`;
}
