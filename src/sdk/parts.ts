/**
 * Parts of the SDK a chart loads only when it needs them, so a buyer's first paint downloads the
 * code it draws with and no more: the large-map renderer (canvas, seat grid, viewport of elements),
 * which only a map of more than 10,000 objects uses; the waiting room's queue screen, which only a
 * buyer of an event whose waiting room is on sees; and the venue part (venue.ts: tables, booths,
 * floors and zones drawn, named and listed), which only a layout that has them loads, as soon as
 * its objects are read (api.ts). scripts/build-sdk.mjs builds each part as an ES module next to the
 * bundles, `/sdk/v{version}/{part}.mjs`; a chart imports it from the origin
 * its bundle came from, at the bundle's own version (a page that loaded `latest` still gets the
 * part built with it), once per page. The classic script and the module build both load it with
 * `import()`, which across origins is a CORS request (the SDK's routes allow any origin). A part
 * takes the modules it shares with the bundle from the bundle (part-kit.ts), found under a key
 * that names the version. Code that bundles the SDK's source itself (the React component) imports
 * the modules instead, through its own bundler.
 */
import type * as LargeMapPart from "./large-map";
import type * as QueueScreenPart from "./queue-screen";
import type * as VenuePart from "./venue";
import { sdkOrigin } from "./origin";
import { LOCAL_PARTS, PART_KIT } from "./part-kit";
import { SDK_VERSION } from "./version";

/** Each part's module, by the file name it is served under. */
interface Parts {
  "large-map": typeof LargeMapPart;
  "queue-screen": typeof QueueScreenPart;
  venue: typeof VenuePart;
}

const loading = new Map<keyof Parts, Promise<unknown>>();

/**
 * The part `name`, from the SDK's origin (else `apiBase`). A part that fails to load is asked for
 * again by the next chart, not remembered as failed.
 */
export function loadPart<K extends keyof Parts>(name: K, apiBase: string): Promise<Parts[K]> {
  let pending = loadPartOnce(name, apiBase);
  pending = pending.catch((err: unknown) => {
    loading.delete(name);
    throw new Error(`SeatingChart: the SDK's ${name} part could not be loaded (${String(err)})`);
  });
  return pending;
}

function loadPartOnce<K extends keyof Parts>(name: K, apiBase: string): Promise<Parts[K]> {
  let pending = loading.get(name);
  const local = LOCAL_PARTS?.[name];
  if (!pending && local) {
    pending = local();
    loading.set(name, pending);
  }
  if (!pending) {
    const key = Symbol.for(`seating-sdk ${SDK_VERSION}`);
    if (!Reflect.has(globalThis, key)) Reflect.set(globalThis, key, PART_KIT);
    const url = `${sdkOrigin(apiBase)}/sdk/v${SDK_VERSION}/${name}.mjs`;
    pending = import(/* @vite-ignore */ url);
    loading.set(name, pending);
  }
  // The file at this URL is built from the module typed here, at this version.
  return pending as Promise<Parts[K]>;
}
