// The webhook receiver of the crash test: node:http on 127.0.0.1, answering 200 to everything (it
// must not cause retries of its own), verifying every delivery's `Service-Signature` the way
// docs/webhooks.md#verifying-the-signature tells integrators to, and recording each distinct event (by `evt_` id).
import { signatureProblem } from "../webhook-signature.mjs";
import http from "node:http";

/**
 * Stripe's own verifier, when the `stripe` package happens to be installed (it is not a
 * dependency): a second, independent opinion on the signature scheme. Null when unavailable.
 */
async function loadStripeVerifier() {
  try {
    const { default: Stripe } = await import("stripe");
    const stripe = new Stripe("sk_test_unused");
    return (raw, header, secret) => {
      try {
        stripe.webhooks.constructEvent(raw, header, secret, TOLERANCE_SECONDS);
        return null;
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
    };
  } catch {
    return null;
  }
}

/**
 * @typedef {object} Delivery
 * @property {string} id          evt_ id
 * @property {string} type
 * @property {Record<string, any>} object data.object
 * @property {number} firstAt     ms epoch of the first delivery of this id
 * @property {number} copies      how many times this id arrived
 */

/** Starts the receiver; `secret` must be set (setSecret) before deliveries can verify. */
export async function startReceiver() {
  const stripeVerify = await loadStripeVerifier();
  /** @type {Map<string, Delivery>} */
  const byId = new Map();
  const stats = { posts: 0, badSignatures: 0, badSignatureSamples: [], stripeChecked: 0, stripeRejected: 0, unparsable: 0 };
  const listeners = new Set();
  let secret = null;

  const server = http.createServer((req, res) => {
    const chunks = [];
    // A delivery cut by a kill is simply not recorded (the sender saw no answer and must retry).
    req.on("error", () => {});
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      const raw = Buffer.concat(chunks);
      const header = req.headers["service-signature"];
      stats.posts++;
      const problem = secret === null ? "no secret known yet" : signatureProblem(raw, typeof header === "string" ? header : undefined, secret);
      if (problem) {
        stats.badSignatures++;
        if (stats.badSignatureSamples.length < 5) stats.badSignatureSamples.push(problem);
      }
      if (stripeVerify && secret !== null) {
        stats.stripeChecked++;
        if (stripeVerify(raw, header, secret)) stats.stripeRejected++;
      }
      let env;
      try {
        env = JSON.parse(raw.toString("utf8"));
      } catch {
        stats.unparsable++;
        return;
      }
      if (!env || typeof env.id !== "string" || typeof env.type !== "string") {
        stats.unparsable++;
        return;
      }
      const seen = byId.get(env.id);
      if (seen) seen.copies++;
      else byId.set(env.id, { id: env.id, type: env.type, object: env.data?.object ?? {}, firstAt: Date.now(), copies: 1 });
      for (const l of listeners) l();
    });
  });
  // Keep-alive connections from workerd die with each kill; nothing to tune beyond the default.
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    stripeAvailable: stripeVerify !== null,
    setSecret(s) {
      secret = s;
    },
    deliveries: byId,
    stats,
    /** Calls `fn` after every recorded delivery; returns an unsubscribe function. */
    onDelivery(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
