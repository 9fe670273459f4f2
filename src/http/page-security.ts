/**
 * The Content-Security-Policy of the demo page at `/` and of the dashboard (dashboard/guard.ts sets
 * it with the dashboard's other headers; the API reference at `/docs` has stricter ones of its own,
 * routes/docs.ts). Scripts come only from this origin, never inline, so markup injected into a
 * page cannot run; styles may be inline (the pages carry their stylesheet, and the seat map SDK
 * injects its own as a <style> element); fetches and the live socket go to this origin only;
 * nothing may frame the pages.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const pageSecurityHeaders = {
  "Content-Security-Policy": PAGE_CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
} as const;
