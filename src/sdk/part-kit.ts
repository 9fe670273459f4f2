/**
 * The modules of the bundle that the SDK's parts (parts.ts) use, which a part takes from the bundle
 * that loads it rather than carrying a copy: one catalog, one set of drawing helpers, one count of
 * hatch patterns per page. scripts/build-sdk.mjs fills this at build time with the modules each
 * part imports (by their path under src/); run from source (tests), it is empty and no part is loaded.
 */
export const PART_KIT: Record<string, unknown> = {};
