/**
 * How the SDK's parts (parts.ts) are reached. As written here, for code that bundles the SDK's
 * source itself (the React component, tests): each part is the module itself, imported on demand,
 * which that code's bundler bundles or splits as it does any `import()`, and no kit is needed.
 *
 * scripts/build-sdk.mjs replaces this module in `seating.js` and `seating.mjs`: LOCAL_PARTS is null
 * (the parts are files of their own, imported from the SDK's origin) and PART_KIT holds what the
 * parts use of the bundle's modules (the names they import, nothing else), by each module's path
 * under src/ without its extension ("sdk/api"), which a part takes from the bundle that loaded it
 * rather than carrying a copy: one catalog, one set of drawing helpers, one API client's error
 * class per page.
 */
export const LOCAL_PARTS: { [name: string]: () => Promise<unknown> } | null = {
  "large-map": () => import("./large-map"),
  "queue-screen": () => import("./queue-screen"),
  venue: () => import("./venue"),
};

export const PART_KIT: Record<string, unknown> = {};
