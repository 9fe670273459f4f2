import type { Principal } from "./context";
import { ApiError } from "./errors";

/** The window of the SANDBOX_RATE_LIMITER binding (wrangler.toml), sent as Retry-After. */
const WINDOW_SECONDS = 10;

/**
 * Counts a sandbox request against its workspace's limit with the Workers Rate Limiting binding;
 * 429 `rate_limited` past it. Production traffic is not limited here: an on-sale burst is
 * legitimate, and the per-event Durable Object is what serialises it. (Step 2 of the pipeline,
 * http/pipeline.ts.)
 */
export async function checkSandboxLimit(env: Env, principal: Principal): Promise<void> {
  if (principal.environment !== "sandbox") return;
  const { success } = await env.SANDBOX_RATE_LIMITER.limit({ key: principal.workspaceId });
  if (!success) {
    throw new ApiError("rate_limited", `Sandbox requests are limited per workspace; retry in ${WINDOW_SECONDS} seconds`, {
      headers: { "Retry-After": String(WINDOW_SECONDS) },
    });
  }
}
