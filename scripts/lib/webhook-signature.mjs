// The Node side's one check of a webhook's `Service-Signature`, written from the rule of docs/webhooks.md#verifying-the-signature
// rather than from the service's code, so the crash test and the browser suites verify deliveries
// as an integrator would: the workerd suites use the service's own verifier (test/support/webhooks.ts).
import { createHmac, timingSafeEqual } from "node:crypto";

/** Accepted distance between the signature timestamp and our clock (docs/webhooks.md#verifying-the-signature: 300 s). */
const TOLERANCE_SECONDS = 300;

/**
 * Verifies `t=<unix>,v1=<hex>` over `<t>.<raw body>` with HMAC-SHA256 keyed by the whole secret,
 * in constant time, with the timestamp within ±300 s. Returns null when valid, else why not.
 * @param {Buffer} raw
 * @param {string | undefined} header
 * @param {string} secret
 */
export function signatureProblem(raw, header, secret, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (typeof header !== "string") return "missing header";
  let t = null;
  const v1 = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t" && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (name === "v1") v1.push(value);
  }
  if (t === null || v1.length === 0) return "malformed header";
  if (Math.abs(nowSeconds - t) > TOLERANCE_SECONDS) return "timestamp out of tolerance";
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.`).update(raw).digest("hex"));
  const ok = v1.some((sig) => {
    const got = Buffer.from(sig);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
  return ok ? null : "signature mismatch";
}
