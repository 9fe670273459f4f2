/**
 * The part of the runtime's `node:zlib` (the nodejs_compat flag of wrangler.toml) the service uses:
 * Node's own typings are not part of this project, whose code runs only on the Workers runtime.
 */
declare module "node:zlib" {
  export function gzipSync(data: Uint8Array, options?: { level?: number }): Uint8Array;
}
