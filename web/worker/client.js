// The page's side of the engine worker (worker/engine.mjs). It defines one global:
//
//   scopaEngine.call(fn, ...args) -> Promise of the reply's JSON text
//   scopaEngine.prepare()          a first visit's worker made, asking for nothing yet
//   scopaEngine.start()            starts the worker (once; later calls do nothing)
//   scopaEngine.go()               the page's own start is done (app/engine.py)
//   scopaEngine.settled            a Promise: the engine is up, or could not start
//
// The worker is not started when this script runs: Pyodide is 4.8 MB, ten
// times the page's own files, and on a phone's line it would share the
// bandwidth with them from the first millisecond (docs/performance.md, "A
// phone's first visit"). pyscript-strict.mjs starts it once MicroPython is up,
// that is once the page's own files have come; the table is painted and
// playable before that (paint.js), and the opening book (app/book.py) answers
// the first moves until the engine holds the match.
//
// start.js makes a first visit's worker with the page's own files (prepare()), so
// that its script is in when start() lets it ask for Pyodide's files: one round
// trip less before they take the line (docs/performance.md, step 33).
//
// On a first visit the worker asks for Pyodide's files at once but starts Pyodide
// (the compile of its 9.6 MB of WebAssembly, then CPython's own start) only when
// the page's start is done (go()), or GO_AT_LATEST_MS after it was started,
// whatever happens. On two cores that work took the CPU from the page's start,
// whose short tasks it stretched several times over (docs/performance.md, step
// 32); the book answers meanwhile. A later visit's worker is not held: its files
// come from the service worker and its wasm compiled by this page.
//
// `fn` is a name in engine_worker.py's __export__, `args` its arguments
// (usually one JSON text; trailing nulls and undefineds are dropped, so
// call(fn, null) calls fn()). The promise is rejected with the
// worker's sentence when the call fails (an unknown name, an engine that could
// not start). Calls made before the engine is up wait for it. The page reaches
// it through app/engine.py only; the browser tests call it directly (it is
// their documented hook into the engine, e2e/conftest.py call_engine).
//
// The worker's start-up moments become performance marks
// "scopa-worker-<name>" on the page's clock (tools/webbench.py reads them).
"use strict";

(() => {
  // The response to compile Pyodide's wasm from. V8's compiled code of it is
  // kept with the response it was compiled from, so on a visit under the service
  // worker it comes from the HTTP cache, as on the first visit, whose compile
  // left its code there (sw.js routes this one file to the network stack). Never
  // from the network then: offline with the HTTP cache emptied it comes from the
  // service worker's cache, compiled once more.
  async function pyodideWasm(url) {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      try {
        const cached = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
        if (cached.ok) return cached;
      } catch {
        // not in the HTTP cache: a TypeError, at once
      }
      const stored = await caches.match(url);
      if (stored) return stored;
    }
    return fetch(url);
  }

  const here = document.currentScript.src;
  const GO_AT_LATEST_MS = 3000;
  let worker = null;
  let held = false; // a first visit's worker, waiting for go()
  let gated = false; // a worker made by prepare(), waiting for start()
  let started = false;
  let pageStarted = false;
  let settle;
  const settled = new Promise((resolve) => (settle = resolve));
  const early = []; // calls made before the worker was started, sent when it is
  const pending = new Map();
  let next = 0;
  let broken = null; // the sentence, once the worker itself has failed

  const fail = (sentence) => {
    broken = sentence;
    settle();
    for (const { reject } of pending.values()) reject(new Error(sentence));
    pending.clear();
  };

  const marks = (named) => {
    for (const [name, epoch] of Object.entries(named)) {
      const startTime = Math.max(0, epoch - performance.timeOrigin);
      try {
        performance.mark(`scopa-worker-${name}`, { startTime });
      } catch (error) {
        console.warn("scopa: no performance mark", name, error);
      }
    }
  };

  const answered = ({ data }) => {
    if (data.marks) {
      marks(data.marks);
      if ("engine" in data.marks || "failed" in data.marks) settle();
      return;
    }
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    if (data.ok) waiting.resolve(data.value);
    else waiting.reject(new Error(data.error));
  };

  // The page's start is done (app/engine.py page_started), or GO_AT_LATEST_MS have
  // passed (by: "deadline"): a held worker starts Pyodide. The mark says which.
  function go(by = "page") {
    pageStarted = true;
    if (!held) return;
    held = false;
    performance.mark("scopa-engine-go", { detail: { by } });
    worker.postMessage({ go: true });
  }

  const returning = () => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

  // A first visit's worker, made while the page's own files come: its script is in
  // when start() lets it ask for Pyodide's files. A returning player's starts at once.
  function prepare() {
    if (worker || started) return;
    if (returning() || pageStarted) {
      start();
      return;
    }
    held = true;
    gated = true;
    make("engine-made-early");
  }

  function start() {
    if (started) return;
    started = true;
    performance.mark("scopa-engine-start");
    if (gated) {
      gated = false;
      worker.postMessage({ fetch: true });
    } else {
      held = !returning() && !pageStarted;
      make(held ? "engine-after-page" : "engine");
    }
    if (held) setTimeout(() => go("deadline"), GO_AT_LATEST_MS);
  }

  // The worker, its name saying whether it waits for {fetch} and {go} (engine.mjs
  // reads it before any message).
  function make(name) {
    worker = new Worker(new URL("engine.mjs", here), { type: "module", name });
    // Pyodide's WebAssembly, compiled here on a later visit: Chromium's code cache
    // keeps a page's compiled WebAssembly between visits, not a worker's (engine.mjs
    // says more). Not on a first visit: there the end of the compile is a main-thread
    // task of 25-30 ms (more than 100 on a phone) half a minute in, which a phone's
    // page would feel; the worker compiles it, and the second visit's page keeps it.
    if (returning()) {
      WebAssembly.compileStreaming(pyodideWasm(new URL("../@PYODIDE@/pyodide.asm.wasm", here))).then(
        (wasm) => worker.postMessage({ wasm }),
        (error) => {
          console.warn("scopa: the engine worker compiles Pyodide itself:", error);
          worker.postMessage({ wasm: null });
        },
      );
    } else {
      worker.postMessage({ wasm: null });
    }
    worker.addEventListener("message", answered);
    // the worker's script could not load or threw before answering
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      fail(`the engine could not start: ${event.message || "its worker failed to load"}`);
    });
    for (const message of early.splice(0)) worker.postMessage(message);
  }

  const call = (fn, ...args) =>
    new Promise((resolve, reject) => {
      if (broken) {
        reject(new Error(broken));
        return;
      }
      while (args.length && (args.at(-1) ?? null) === null) args.pop();
      next += 1;
      pending.set(next, { resolve, reject });
      const message = { id: next, fn: String(fn), args };
      if (worker) worker.postMessage(message);
      else early.push(message);
    });

  Object.defineProperty(self, "scopaEngine", {
    value: Object.freeze({ call, go, prepare, settled, start }),
  });
})();
