import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deploymentSigningSecret, signingSecrets } from "../src/db/signing-secrets";
import { signFields } from "../src/keys/signing";
import { pacerStub } from "../src/waiting-room/pacer-stub";
import { getWorkspace, rotatePublicKey } from "../src/workspaces/provision";
import { ADMIN, call, expectError, expectOk, newEvent, newWorkspace, token, type EventFixture } from "./support/fixtures";
import { dash, fetchWorker, signedIn } from "./support/dashboard";

/**
 * Publishable keys rotate per workspace environment (docs/security.md): the new key works at once, the
 * previous one for its grace period and then answers 401; admissions signed under the previous key
 * are accepted as long as it is; the operator API, its CLI's route and the dashboard's button do the
 * same thing.
 */

const rotate = (workspaceKey: string, environment: string, body?: unknown) =>
  call("POST", `/admin/v1/workspaces/${workspaceKey}/public-keys/${environment}/rotate`, { headers: ADMIN, body });
const readEvent = (f: EventFixture, key: string) => call("GET", `/api/v1/events/${f.eventKey}`, { key });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the operator API", () => {
  it("issues a new key that works at once; the old one works for its grace period, then is 401", async () => {
    const f = await newEvent({ environment: "production" });
    const old = f.pk;
    expectOk(await readEvent(f, old));
    const before = Date.now();
    const res = await rotate(f.keys.workspaceKey, "production", { graceSeconds: 1 });
    expect(res.status).toBe(200);
    const { publicKey, previousKeyValidUntil } = res.body as { publicKey: string; previousKeyValidUntil: string };
    expect(publicKey).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(publicKey).not.toBe(old);
    expect(Date.parse(previousKeyValidUntil)).toBeGreaterThanOrEqual(before + 1000);
    expect(Date.parse(previousKeyValidUntil)).toBeLessThanOrEqual(Date.now() + 1000);
    expectOk(await readEvent(f, publicKey));
    expectOk(await readEvent(f, old));
    // The operator API shows the new key; the other environment's is unchanged.
    const ws = await call("GET", `/admin/v1/workspaces/${f.keys.workspaceKey}`, { headers: ADMIN });
    expect(ws.body.publicKeys).toEqual({ production: publicKey, sandbox: f.keys.pkTest });
    await sleep(Date.parse(previousKeyValidUntil) - Date.now() + 50);
    expectError(await readEvent(f, old), 401, "unauthorized");
    expectOk(await readEvent(f, publicKey));
    expectOk(await call("GET", `/api/v1/events`, { key: f.keys.skLive }));
  });

  it("with graceSeconds 0 the old key stops at once; the default grace is a day", async () => {
    const keys = await newWorkspace();
    const f = await newEvent({ keys, environment: "sandbox" });
    expectOk(await readEvent(f, keys.pkTest));
    const now = await rotate(keys.workspaceKey, "sandbox", { graceSeconds: 0 });
    expect(now.status).toBe(200);
    expectError(await readEvent(f, keys.pkTest), 401, "unauthorized");
    const second = now.body.publicKey as string;
    expectOk(await readEvent(f, second));
    const started = Date.now();
    const daily = await rotate(keys.workspaceKey, "sandbox");
    expect(daily.status).toBe(200);
    const until = Date.parse(daily.body.previousKeyValidUntil as string);
    expect(until - started).toBeGreaterThanOrEqual(86_400_000 - 5_000);
    expect(until - Date.now()).toBeLessThanOrEqual(86_400_000);
    expectOk(await readEvent(f, second));
    expectOk(await readEvent(f, daily.body.publicKey as string));
    // A third rotation with no grace ends every earlier key at once.
    const third = await rotate(keys.workspaceKey, "sandbox", { graceSeconds: 0 });
    expectError(await readEvent(f, second), 401, "unauthorized");
    expectError(await readEvent(f, daily.body.publicKey as string), 401, "unauthorized");
    expectOk(await readEvent(f, third.body.publicKey as string));
  });

  it("refuses a bad grace, an unknown environment, a missing workspace and a missing token", async () => {
    const keys = await newWorkspace();
    for (const body of [{ graceSeconds: -1 }, { graceSeconds: 604_801 }, { graceSeconds: 1.5 }, { graceSeconds: "60" }, { grace: 60 }]) {
      expectError(await rotate(keys.workspaceKey, "production", body), 400, "validation_failed");
    }
    expectOk(await rotate(keys.workspaceKey, "production", { graceSeconds: 604_800 }));
    expectError(await rotate(keys.workspaceKey, "staging"), 400, "validation_failed");
    expectError(await rotate("ws_nothing", "production"), 404, "workspace_not_found");
    expectError(await call("POST", `/admin/v1/workspaces/${keys.workspaceKey}/public-keys/production/rotate`, { key: keys.skLive }), 401, "unauthorized");
  });
});

describe("admissions and the signing secret", () => {
  const room = (f: EventFixture) => `/api/v1/events/${f.eventKey}/waiting-room`;
  const ip = { "CF-Connecting-IP": "203.0.113.40" };
  const holdWith = (f: EventFixture, key: string, admission: string, label: string) =>
    call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
      key,
      headers: { ...ip, "X-Admission": admission },
      body: { objectLabels: [label], holdToken: token() },
    });

  async function admittedTicket(f: EventFixture): Promise<string> {
    expectOk(
      await call("PUT", room(f), {
        key: f.sk,
        body: { enabled: true, opensAt: new Date(Date.now() - 1000).toISOString(), admitPerMinute: 600, sessionMinutes: 10 },
      }),
    );
    const joined = await call("POST", `${room(f)}/join`, { key: f.pk, headers: ip });
    const scope = { workspaceId: f.keys.workspaceId, environment: f.environment, eventKey: f.eventKey };
    for (let i = 0; i < 30; i++) {
      const t = await call("GET", `${room(f)}/tickets/${joined.body.ticket}`, { key: f.pk });
      if (t.body.admitted) return joined.body.ticket as string;
      await pacerStub(env, scope).tickAt(Date.now() + i * 1000);
    }
    throw new Error("never admitted");
  }

  it("an admission signed before a rotation holds during the grace period and not after; new ones are signed with the new secret", async () => {
    const f = await newEvent({ environment: "production" });
    const ticket = await admittedTicket(f);
    const before = (await call("GET", `${room(f)}/tickets/${ticket}`, { key: f.pk })).body.admission as string;
    expectOk(await holdWith(f, f.pk, before, "A-1-1"));
    const rotated = await rotate(f.keys.workspaceKey, "production", { graceSeconds: 1 });
    const pk = rotated.body.publicKey as string;
    // During the grace period: the old admission, with the new key too.
    expectOk(await holdWith(f, pk, before, "A-1-2"));
    const after = (await call("GET", `${room(f)}/tickets/${ticket}`, { key: pk })).body.admission as string;
    expect(after).not.toBe(before);
    await sleep(Date.parse(rotated.body.previousKeyValidUntil as string) - Date.now() + 50);
    expectError(await holdWith(f, pk, before, "A-1-3"), 403, "admission_required");
    expectOk(await holdWith(f, pk, after, "A-1-4"));
  });

  it("an admission given out before per-workspace secrets (the deployment's own secret) still holds until it expires", async () => {
    const f = await newEvent({ environment: "production" });
    const ticket = await admittedTicket(f);
    const current = (await call("GET", `${room(f)}/tickets/${ticket}`, { key: f.pk })).body.admission as string;
    const eventId = current.split(".")[2]!;
    const legacy = async (expiresAt: number, secret = deploymentSigningSecret(env as unknown as Env)) => {
      const signature = await signFields(secret, "wr1", [f.keys.workspaceId, "production", f.eventKey, eventId, ticket, "203.0.113.40", String(expiresAt)]);
      return `${ticket}.${eventId}.${expiresAt}.${signature}`;
    };
    expectOk(await holdWith(f, f.pk, await legacy(Date.now() + 600_000), "A-1-1"));
    expectError(await holdWith(f, f.pk, await legacy(Date.now() - 1), "A-1-2"), 403, "admission_required");
    expectError(await holdWith(f, f.pk, await legacy(Date.now() + 600_000, "another-secret"), "A-1-2"), 403, "admission_required");
  });

  it("each workspace environment signs with a secret of its own, which rotates with its publishable key", async () => {
    const keys = await newWorkspace();
    const other = await newWorkspace();
    const e = env as unknown as Env;
    const [live] = await signingSecrets(e, { workspaceId: keys.workspaceId, environment: "production" });
    const [test] = await signingSecrets(e, { workspaceId: keys.workspaceId, environment: "sandbox" });
    const [elsewhere] = await signingSecrets(e, { workspaceId: other.workspaceId, environment: "production" });
    expect(new Set([live, test, elsewhere]).size).toBe(3);
    await rotate(keys.workspaceKey, "production", { graceSeconds: 60 });
    const after = await signingSecrets(e, { workspaceId: keys.workspaceId, environment: "production" });
    expect(after).toHaveLength(2);
    expect(after[0]).not.toBe(live);
    expect(after[1]).toBe(live);
    expect(await signingSecrets(e, { workspaceId: keys.workspaceId, environment: "sandbox" })).toEqual([test]);
  });
});

describe("PUBLIC_KEY_SECRET and existing keys", () => {
  it("a changed PUBLIC_KEY_SECRET is refused rather than showing keys that would not work; a rotation issues one that does", async () => {
    const keys = await newWorkspace();
    const changed = { ...(env as unknown as Env), PUBLIC_KEY_SECRET: "another-deployment-secret" };
    await expect(getWorkspace(changed, keys.workspaceKey)).rejects.toMatchObject({ code: "conflict" });
    const { publicKey } = await rotatePublicKey(changed, keys.workspaceId, "production", 60);
    // The sandbox key is still the old secret's: the workspace cannot be shown until it rotates too.
    await expect(getWorkspace(changed, keys.workspaceKey)).rejects.toMatchObject({ code: "conflict" });
    const sandbox = await rotatePublicKey(changed, keys.workspaceId, "sandbox", 60);
    expect((await getWorkspace(changed, keys.workspaceKey))?.publicKeys).toEqual({ production: publicKey, sandbox: sandbox.publicKey });
    // The key shown under the changed secret authenticates; the one issued before still does during its grace.
    const f = await newEvent({ keys, environment: "production" });
    expectOk(await readEvent(f, publicKey));
    expectOk(await readEvent(f, keys.pkLive));
  });

  it("the upgrade's data migration moves each workspace's salt onto its keys, so existing keys stay as they were", async () => {
    const keys = await newWorkspace();
    await env.DB.prepare("UPDATE api_keys SET salt = NULL WHERE workspace_id = ?").bind(keys.workspaceId).run();
    const ws = await env.DB.prepare("SELECT public_key_salt AS salt FROM workspaces WHERE id = ?").bind(keys.workspaceId).first<{ salt: string }>();
    // Before per-key salts both environments were derived from the workspace's one salt.
    await env.DB.prepare("UPDATE workspaces SET public_key_salt = ? WHERE id = ?").bind(ws!.salt, keys.workspaceId).run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("public_key_salts_data"));
    expect(migration?.queries.join("\n")).toContain("UPDATE `api_keys`");
    for (const query of migration!.queries) await env.DB.prepare(query).run();
    const rows = await env.DB.prepare("SELECT salt FROM api_keys WHERE workspace_id = ? AND kind = 'public'").bind(keys.workspaceId).all<{ salt: string }>();
    expect(rows.results.map((r) => r.salt)).toEqual([ws!.salt, ws!.salt]);
  });
});

describe("the dashboard", () => {
  it("the Keys page has a Rotate publishable key button whose data route rotates the environment's key", async () => {
    const { keys, cookie } = await signedIn();
    const page = await (await fetchWorker("/dashboard/sandbox/keys", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Rotate publishable key");
    expect(page).toContain('data-api="/dashboard/api/sandbox/public-key/rotate"');
    const res = await dash(cookie, "POST", "/dashboard/api/sandbox/public-key/rotate", { graceSeconds: 0 });
    expect(res.status).toBe(200);
    const f = await newEvent({ keys, environment: "sandbox" });
    expectError(await readEvent(f, keys.pkTest), 401, "unauthorized");
    expectOk(await readEvent(f, res.body.publicKey as string));
    const page2 = await (await fetchWorker("/dashboard/sandbox/keys", { headers: { Cookie: cookie } })).text();
    expect(page2).toContain(res.body.publicKey as string);
    // Without a body the default grace of a day applies.
    const later = await dash(cookie, "POST", "/dashboard/api/sandbox/public-key/rotate");
    expect(Date.parse(later.body.previousKeyValidUntil as string) - Date.now()).toBeGreaterThan(86_000_000);
    expect((await dash(cookie, "POST", "/dashboard/api/sandbox/public-key/rotate", { graceSeconds: 700_000 })).status).toBe(400);
  });
});
