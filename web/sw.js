/*
 * Scopa service worker: the app works offline after one online visit.
 *
 * This file is a template. tools/build.py replaces the BUILD value below with
 * {cache: "scopa-<content hash>", files: [...every precached path...],
 *  lazy: [...the files a first visit does not download, kept once fetched...]}.
 *
 * - install: precache every file of the build into a cache named after the
 *   build's content hash. Runtime files (runtime/<name>-<version>-<content
 *   hash>/, never changed under one path) are copied from an older cache when
 *   present, else taken from the HTTP cache when it has them (the page
 *   registers this worker once the engine has started, so a first visit
 *   downloads them once, not twice). Every other file is revalidated with the
 *   server (a 304 sends no body), so a new build never stores a stale file.
 *   The new worker then WAITS: no skipWaiting() here, so a running game is
 *   never switched to different code under its feet.
 *   The lazy files are not precached: the decks' files (all cards/ but the
 *   default deck's sprite) and the link's Python (worker/link-<hash>.zip,
 *   play with a friend). The page fetches a deck when it is chosen, the engine worker the
 *   link at its first link call, and the page both in idle time once this
 *   worker controls it (app/lazy_files.py); respond() keeps each one in the
 *   cache as it passes. A new build's install fetches again those an older
 *   cache holds, so what is on the device stays.
 * - activate: delete every other cache of this app, then claim the clients.
 * - fetch: same-origin GETs are answered from the cache first (a directory
 *   URL from its index.html), then the network; a navigation that fails on
 *   the network falls back to the cached index.html. Where the browser has
 *   static routes (staticRoutes below), it answers every GET but navigations
 *   from the cache itself, the same way, without this script -- all but
 *   Pyodide's wasm, which the page compiles from the HTTP cache (see there).
 *
 * Update hook (for the page): when `registration.waiting` is set, or an
 * `updatefound` worker reaches state "installed" while
 * `navigator.serviceWorker.controller` is set, a new version is ready. Post
 * {type: "SKIP_WAITING"} to that waiting worker to make it take over now, then
 * reload when `navigator.serviceWorker` fires "controllerchange". Without the
 * message, the new version takes over at the next start (once every tab of
 * the app is closed).
 */
"use strict";

const BUILD = /* @BUILD@ */ null;

const CACHE_PREFIX = "scopa-";
const CACHE = BUILD ? BUILD.cache : CACHE_PREFIX + "dev";
const FILES = BUILD ? BUILD.files : [];
const LAZY = new Set(BUILD ? BUILD.lazy : []);
const RUNTIME_PREFIX = "runtime/";

const scopeURL = (path) => new URL(path, self.registration.scope).href;

async function precacheOne(cache, path) {
  const url = scopeURL(path);
  const runtime = path.startsWith(RUNTIME_PREFIX);
  if (runtime) {
    // Named after its content: it never changes, reuse an older copy.
    const old = await caches.match(url);
    if (old) {
      await cache.put(url, old);
      return;
    }
  }
  // A runtime file may come from the HTTP cache (no second download); any
  // other file is revalidated, so a new build never stores a stale file.
  const response = await fetch(new Request(url, { cache: runtime ? "default" : "no-cache" }));
  if (!response.ok) {
    throw new Error(`precache ${path}: HTTP ${response.status}`);
  }
  await cache.put(url, response);
}

// A lazy file that an older build's cache holds comes into the new cache too
// (fetched again: it may have changed). One that cannot be fetched is left to
// be fetched when it is next needed; it never fails the install.
async function keepLazy(cache) {
  for (const path of LAZY) {
    const url = scopeURL(path);
    if (!(await caches.match(url))) continue;
    try {
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (response.ok) await cache.put(url, response);
    } catch (error) {
      console.warn(`scopa: ${path} not kept:`, error);
    }
  }
}

const lazyPath = (url) => {
  const scope = new URL(self.registration.scope).pathname;
  return url.pathname.startsWith(scope) && LAZY.has(url.pathname.slice(scope.length));
};

// Every GET of the site's files but a navigation, answered from this build's
// cache by the browser itself (Chromium 123+: the service worker static routing
// API), without waking this script: a start asks for 30-odd files (the page's
// and the engine worker's, one after another in chains), and each answer from
// the fetch handler below waited its turn on this worker's one thread (20-90
// ms each on a repeat visit, docs/performance.md step 17). A file missing from
// the cache goes to the network, as in respond(). Navigations stay with the
// fetch handler: "/" is stored as index.html, and offline it falls back to it.
//
// One file goes to the browser's network stack instead: Pyodide's wasm, which
// the page compiles (worker/client.js). Chromium keeps V8's compiled code of a
// wasm file with the response it came from, and the first visit's compile came
// from the HTTP cache's: answered from this cache, the second visit compiled
// and tiered up the 9.6 MB again (docs/performance.md step 21). Its path is
// content-named and served `immutable`, so the HTTP cache answers it without
// asking the server; client.js asks with `only-if-cached` and falls back to
// this cache itself (offline, with the HTTP cache emptied), so it never waits
// on a network.
const COMPILED_BY_THE_PAGE = "@PYODIDE@/pyodide.asm.wasm";

function staticRoutes(event) {
  if (!BUILD || typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return;
  const scope = new URL(self.registration.scope);
  const files = new URLPattern({
    protocol: scope.protocol.slice(0, -1),
    hostname: scope.hostname,
    port: scope.port,
    pathname: `${scope.pathname}*`,
  });
  // The first rule that matches wins (a `not` condition cannot be combined
  // with others in one rule).
  const compiled = new URLPattern(scopeURL(COMPILED_BY_THE_PAGE));
  // respond() keeps the lazy files fetched from the network: a rule each (a
  // static route's URLPattern may hold no regular expression to list them in one)
  const lazy = [...LAZY].map((path) => ({
    condition: { urlPattern: new URLPattern(scopeURL(path)), requestMethod: "GET" },
    source: "fetch-event",
  }));
  return event.addRoutes([
    { condition: { requestMode: "navigate" }, source: "fetch-event" },
    { condition: { urlPattern: compiled, requestMethod: "GET" }, source: "network" },
    ...lazy,
    { condition: { urlPattern: files, requestMethod: "GET" }, source: { cacheName: CACHE } },
  ]);
}

self.addEventListener("install", (event) => {
  try {
    const routed = staticRoutes(event);
    if (routed) routed.catch((error) => console.warn("scopa: no static routes:", error));
  } catch (error) {
    console.warn("scopa: no static routes:", error); // the fetch handler answers everything
  }
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(FILES.map((path) => precacheOne(cache, path)));
      await keepLazy(cache);
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") {
    self.skipWaiting();
  }
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  // A directory URL ("/", "/help/") is its index.html.
  const key = url.pathname.endsWith("/") ? new URL("index.html", url).href : request;
  const hit = await cache.match(key, { ignoreSearch: true });
  if (hit) {
    return hit;
  }
  try {
    const response = await fetch(request);
    if (response.ok && lazyPath(url)) {
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    if (request.mode === "navigate") {
      const index = await cache.match(scopeURL("index.html"));
      if (index) {
        return index;
      }
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(respond(request));
});
