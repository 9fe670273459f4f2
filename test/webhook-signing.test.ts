import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSignatureHeader, signatureHeader, timingSafeEqual, verifyWebhook } from "../src/webhooks/signing";

/**
 * Expected hex computed once, independently, with Node's crypto:
 * `crypto.createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")`.
 */
const VECTORS: ReadonlyArray<readonly [string, number, string, string]> = [
  [
    "whsec_test_secret_0123456789abcdefghij",
    1700000000,
    '{"id":"evt_1","type":"seat.held"}',
    "f2d4b23ae5dade8e6bb085e46adfce688598fbd3625666ed5cff3eec408aaa8e",
  ],
  ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", 1614556800, "", "6a4098e1e20e2cb13ec646f7612369e6f7bd17bcf1e0fade688736e1e61f16e6"],
  ["whsec_ünïcode", 1795000000, '{"label":"Café – Reihe 1"}', "97a0e9b2b4aa640e1af8183d2ae50ea3c00465175ef7f434fbe874a94f608595"],
];

describe("signing", () => {
  it.each(VECTORS)("signs fixed vector %#", async (secret, t, body, hex) => {
    expect(await signatureHeader(secret, t, body)).toBe(`t=${t},v1=${hex}`);
  });

  it("has Stripe's header shape: t=<digits>,v1=<64 lowercase hex>", async () => {
    const header = await signatureHeader("whsec_x", 1700000000, "{}");
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("parses the way Stripe's verifier parses (split on ',' then '=', no trimming, HMAC over `${t}.${payload}`)", async () => {
    const [secret, t, body, hex] = VECTORS[0];
    const header = await signatureHeader(secret, t, body);
    // stripe-node's parseHeader, restated: every "k=v" item, t parsed as an integer, v1 collected.
    const parsed = header.split(",").reduce<{ timestamp: number; signatures: string[] }>(
      (acc, item) => {
        const kv = item.split("=");
        if (kv[0] === "t") acc.timestamp = parseInt(kv[1], 10);
        if (kv[0] === "v1") acc.signatures.push(kv[1]);
        return acc;
      },
      { timestamp: -1, signatures: [] },
    );
    expect(parsed).toEqual({ timestamp: t, signatures: [hex] });
  });

  describe("verifyWebhook", () => {
    const [secret, t, body, hex] = VECTORS[0];
    const header = `t=${t},v1=${hex}`;

    it("accepts a valid signature at the same second and at ±300 s", async () => {
      expect(await verifyWebhook(body, header, secret, { now: t })).toEqual({ ok: true, timestamp: t });
      expect((await verifyWebhook(body, header, secret, { now: t + 300 })).ok).toBe(true);
      expect((await verifyWebhook(body, header, secret, { now: t - 300 })).ok).toBe(true);
    });

    it("refuses a timestamp 301 s in the past or in the future", async () => {
      expect(await verifyWebhook(body, header, secret, { now: t + 301 })).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
      expect(await verifyWebhook(body, header, secret, { now: t - 301 })).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    });

    it("honours a custom tolerance", async () => {
      expect((await verifyWebhook(body, header, secret, { now: t + 10, toleranceSeconds: 5 })).ok).toBe(false);
    });

    it("refuses a tampered body, a re-serialised body, a wrong secret and a moved timestamp", async () => {
      expect((await verifyWebhook(body.replace("held", "booked"), header, secret, { now: t })).ok).toBe(false);
      expect((await verifyWebhook(JSON.stringify(JSON.parse(body), null, 2), header, secret, { now: t })).ok).toBe(false);
      expect((await verifyWebhook(body, header, "whsec_other", { now: t })).ok).toBe(false);
      expect(await verifyWebhook(body, `t=${t + 1},v1=${hex}`, secret, { now: t })).toEqual({ ok: false, reason: "signature_mismatch" });
    });

    it("refuses a signature of the wrong length and malformed headers", async () => {
      expect(await verifyWebhook(body, `t=${t},v1=${hex.slice(0, 63)}`, secret, { now: t })).toEqual({ ok: false, reason: "signature_mismatch" });
      expect(await verifyWebhook(body, `t=${t},v1=${hex}00`, secret, { now: t })).toEqual({ ok: false, reason: "signature_mismatch" });
      for (const bad of ["", "garbage", `v1=${hex}`, `t=${t}`, `t=abc,v1=${hex}`]) {
        expect(await verifyWebhook(body, bad, secret, { now: t })).toEqual({ ok: false, reason: "malformed_header" });
      }
    });

    it("accepts when any of several v1 signatures matches and ignores other schemes", async () => {
      expect((await verifyWebhook(body, `t=${t},v0=abc,v1=${"0".repeat(64)},v1=${hex}`, secret, { now: t })).ok).toBe(true);
    });
  });

  it("round-trips any body and secret, and any one-character change of the body fails", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.nat(),
        async (body, secret, t, pos) => {
          const header = await signatureHeader(secret, t, body);
          expect((await verifyWebhook(body, header, secret, { now: t })).ok).toBe(true);
          const i = body.length === 0 ? 0 : pos % body.length;
          const tampered = body.slice(0, i) + (body[i] === "x" ? "y" : "x") + body.slice(i + 1);
          expect((await verifyWebhook(tampered, header, secret, { now: t })).ok).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("compares in constant time with an immediate length check", () => {
    expect(timingSafeEqual("abc", "abc")).toBe(true);
    expect(timingSafeEqual("abc", "abd")).toBe(false);
    expect(timingSafeEqual("abc", "abcd")).toBe(false);
    expect(parseSignatureHeader("t=1, v1=AB")).toEqual({ timestamp: 1, signatures: ["ab"] });
  });
});
