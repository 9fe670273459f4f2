import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

/** How many distinct (method, path) answers an isolate keeps: an on-sale's hot paths are a handful. */
const REMEMBERED = 1024;

/**
 * The app's router: Hono's trie router, with the answer for each (method, path) kept once found.
 *
 * During an on-sale nearly every request is one of a few paths (the event's hold, its status read),
 * and matching one walks the trie and builds its handler list and parameters anew each time:
 * about 2 KB of garbage a hold. A match depends only on the method and the path, and Hono only
 * reads it, so the same answer serves every later request of that path. The memory is bounded: past
 * REMEMBERED paths it starts over, so a client inventing paths costs itself a walk, nothing more.
 *
 * Hono's default (SmartRouter) would first try its RegExpRouter, which refuses a fixed segment
 * beside a parameter at the same place (`/events/import-from-sandbox` beside `/events/{eventKey}`),
 * and fall back to this same trie on the isolate's first request.
 */
export class RouteMemo<T> implements Router<T> {
  readonly name = "RouteMemo";
  readonly #trie = new TrieRouter<T>();
  readonly #found = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#found.clear();
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    // A method has no "/" and a path starts with one: the two never run together ambiguously.
    const key = method + path;
    let result = this.#found.get(key);
    if (result === undefined) {
      result = this.#trie.match(method, path);
      if (this.#found.size >= REMEMBERED) this.#found.clear();
      this.#found.set(key, result);
    }
    return result;
  }
}
