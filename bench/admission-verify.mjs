#!/usr/bin/env node
/**
 * What the hold path adds for a waiting room's admission, alone: one verifyAdmission (an HMAC-SHA256
 * with the key imported once, src/waiting-room/admission.ts as is) per hold, timed in Node's Web
 * Crypto, which like workerd's is BoringSSL/OpenSSL underneath. Compare with a hold's CPU (about
 * 2 ms in the holdcost scenario, BENCHMARKS.md).
 *
 * Usage: node bench/admission-verify.mjs [count=20000]
 */
import { signAdmission, verifyAdmission } from "../src/waiting-room/admission.ts";

const count = Number(process.argv[2] ?? 20_000);
const secret = "bench-secret";
const scope = { workspaceId: "ws", environment: "production", eventKey: "gala-2026" };
const admission = await signAdmission(secret, scope, "ev_0123456789abcdef", "3.AAAAAAAAAAAAAAAAAAAAAA", "203.0.113.9", Date.now() + 600_000);
for (let i = 0; i < 2000; i++) await verifyAdmission(secret, scope, admission, "203.0.113.9", Date.now());
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let ok = 0;
for (let i = 0; i < count; i++) if (await verifyAdmission(secret, scope, admission, "203.0.113.9", Date.now())) ok++;
const wall = (performance.now() - t0) / count;
const cpu = process.cpuUsage(cpu0);
console.log(`${count} verifications (${ok} valid): ${(wall * 1000).toFixed(1)} us wall, ${((cpu.user + cpu.system) / count).toFixed(1)} us CPU each`);

// The HMAC itself, without Web Crypto's promise and thread-pool hop in Node (workerd signs on the
// calling thread): the floor of what one admission check can cost.
const { createHmac } = await import("node:crypto");
const cpu1 = process.cpuUsage();
for (let i = 0; i < count; i++)
  createHmac("sha256", secret).update(`wr1|ws|production|gala-2026|3.AAAAAAAAAAAAAAAAAAAAAA|203.0.113.9|${i}`).digest("base64url");
const raw = process.cpuUsage(cpu1);
console.log(`the HMAC alone (node:crypto): ${((raw.user + raw.system) / count).toFixed(1)} us CPU each`);
