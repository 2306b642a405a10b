// The engine worker: CPython (Pyodide) in a plain module worker.
//
// Started by the page's worker/client.js as soon as index.html is read, so
// Pyodide starts while MicroPython draws the table. No PyScript here: its
// worker rebuilds hooks from source text with Function(), which the page's
// Content-Security-Policy refuses (no 'unsafe-eval').
//
// Messages from the page: {id, fn, args}, answered by calling the function
// `fn` of engine_worker.py -- only a name listed in its __export__ -- with
// `args` (texts, usually one JSON text; none for an empty list), as
// {id, ok: true, value: TEXT} or {id, ok: false, error: SENTENCE}. Messages
// that arrive before Python is ready wait in a queue, in order.
//
// Pyodide's WebAssembly comes compiled by the page ({wasm: WebAssembly.Module},
// client.js): Chromium keeps compiled WebAssembly in its code cache for a
// page's compile but not for a worker's, which compiled the 9.6 MB again
// at every visit (a warm start took twice as long as on a page). The worker
// hands that module to Pyodide (answeringPyodidesFetches); without one (null: a first
// visit, whose page leaves the compile to the worker, or a page that could not
// compile it) Pyodide fetches and compiles it itself.
//
// A first visit's page starts its own Python first (client.js names such a worker
// "engine-after-page", or "engine-made-early" when it made it with the page's own
// files, before they had come: that one asks for nothing until the page's {fetch}
// message, and its script is in by then). The worker then asks for Pyodide's files
// at once and keeps what comes, so that the line is never idle, but starts Pyodide
// (its compile, then CPython's start) only at the page's {go} message. On two cores
// that CPU work stretched the page's start (docs/performance.md, steps 32 and 33).
//
// The worker's Python (engine_worker.py, its edge, and the scopa_core
// modules it imports) comes as engine.zip, compiled to bytecode by the build
// (tools/build.py engine_zips), and is imported from the zip itself. Start-up
// moments go to the page as {marks: {name: epoch ms}} (client.js turns them
// into performance marks "scopa-worker-<name>" for the benchmark).
//
// Play with a friend (scopa_core/link, a third of the worker's Python) is in
// link-<hash>.zip, which a first visit does not download: before answering the first
// message whose fn is in engine_worker's __link__, the worker fetches it (from
// sw.js's cache once the page has fetched it in idle time, app/lazy_files.py)
// and adds it (add_link_zip). Messages are answered one after another, in the
// order they came, so a later message waits for that fetch too. A fetch that
// fails (offline, never fetched) is tried again at the next link call; the call
// itself answers with the engine's sentence (worker_api.py, session.link_not_here).

const PYODIDE = new URL("../@PYODIDE@/", import.meta.url).href;
const ENGINE_ZIP = new URL("engine.zip", import.meta.url).href;
const ZIP_PATH = "/home/pyodide/engine.zip";
const LINK_ZIP = new URL("../@LINK_ZIP@", import.meta.url).href; // worker/link-<hash>.zip
const LINK_ZIP_PATH = "/home/pyodide/link.zip";

const GATED = self.name === "engine-made-early"; // asks for nothing before {fetch}
const HELD = GATED || self.name === "engine-after-page"; // starts Pyodide at {go}
// Pyodide's files that loadPyodide() asks for with fetch(): asked for at once when held
const WASM = PYODIDE + "pyodide.asm.wasm";
const KEPT = [WASM, PYODIDE + "python_stdlib.zip", PYODIDE + "pyodide-lock.json"];
// Held, engine.zip is asked for when this much of the wasm (decoded; the build writes
// its size) is still to come: on a phone's 1.6 Mbit/s about a round trip and a
// little more of the line (the wasm compresses 2.7 to 1), so that the zip's first
// bytes come with the wasm's last and Pyodide's start after the wasm (0.5 s there)
// overlaps the rest of the zip. Asked for sooner, it would hold the wasm back, and
// Pyodide's start with it; after the wasm, the line would wait for its request
// (docs/performance.md, step 33).
const WASM_BYTES = Number("@PYODIDE_WASM_BYTES@");
const ZIP_LEAD_BYTES = 120_000;

const queue = [];
let answer = null; // set once Python is up (or has failed)
let gotWasm;
const pageWasm = new Promise((resolve) => (gotWasm = resolve));
let letFetch;
const mayFetch = new Promise((resolve) => (letFetch = resolve));
if (!GATED) letFetch();
let letGo;
const pageStarted = new Promise((resolve) => (letGo = resolve));
if (!HELD) letGo();
self.addEventListener("message", ({ data }) => {
  if ("wasm" in data) gotWasm(data.wasm);
  else if ("fetch" in data) letFetch();
  else if ("go" in data) letGo();
  else if (answer) answer(data);
  else queue.push(data);
});

const mark = (name) =>
  self.postMessage({ marks: { [name]: performance.timeOrigin + performance.now() } });
mark("start");

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// A response read as it comes, so that its download never waits for a reader, and
// handed on as a stream of what has come and what is still coming. `arrived` gets
// a promise that settles once the whole body has come (or could not); `progress`,
// if given, is told how many bytes have come after each chunk.
async function keep(url, arrived, progress = () => {}) {
  let hasArrived;
  arrived.push(new Promise((resolve) => (hasArrived = resolve)));
  let response;
  try {
    response = await fetch(url);
  } finally {
    if (!response || !response.ok || !response.body) hasArrived();
  }
  if (!response.ok || !response.body) return response;
  const chunks = [];
  let done = false;
  let failed = null;
  let wake = () => {};
  const reader = response.body.getReader();
  (async () => {
    let received = 0;
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks.push(read.value);
        received += read.value.byteLength;
        progress(received);
        wake();
      }
    } catch (error) {
      failed = error;
    }
    done = true;
    hasArrived();
    wake();
  })();
  const body = new ReadableStream({
    async pull(controller) {
      while (!chunks.length && !done) await new Promise((resolve) => (wake = resolve));
      if (chunks.length) controller.enqueue(chunks.shift());
      else if (failed) controller.error(failed);
      else controller.close();
    },
  });
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

// Before a link function's first call: link.zip fetched and on the path.
function linkLoader(pyodide, module) {
  const needing = new Set(module.__link__.toJs().map(String));
  let added = false;
  return async (fn) => {
    if (added || !needing.has(fn)) return;
    try {
      pyodide.FS.writeFile(LINK_ZIP_PATH, await download(LINK_ZIP));
      module.add_link_zip(LINK_ZIP_PATH);
      added = true;
    } catch (error) {
      console.warn("scopa: the link's Python is not on this device:", error);
    }
  };
}

// While Pyodide starts: its request for its wasm gets an empty answer (never
// read), and its instantiateStreaming() the page's compiled module; the files
// asked for early (kept) are answered from what came.
async function answeringPyodidesFetches(start, kept) {
  const url = WASM;
  const { fetch } = self;
  const { instantiateStreaming } = WebAssembly;
  self.fetch = async (input, init) => {
    const asked = String(input);
    if (asked === url && (await pageWasm)) return new Response(new ArrayBuffer(0));
    const early = kept.get(asked);
    if (!early) return fetch(input, init);
    kept.delete(asked);
    return early.catch(() => fetch(input, init)); // asked again, as Pyodide would have
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = await pageWasm;
    if (!module) return instantiateStreaming(source, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await start();
  } finally {
    self.fetch = fetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

// Python up, the engine imported: the exported functions by name.
async function startPython() {
  await mayFetch;
  if (GATED) mark("fetch");
  // held: Pyodide's scripts asked for first, as Pyodide itself asks (the module map
  // keeps them: loadPyodide's import of pyodide.asm.mjs gets this one), then its files
  const pyodideScript = import(PYODIDE + "pyodide.mjs");
  if (HELD) import(PYODIDE + "pyodide.asm.mjs").catch(() => {}); // loadPyodide says why
  // The engine's Python is read only once CPython is up. Held, it is asked for as
  // the wasm's last bytes come (ZIP_LEAD_BYTES), or once Pyodide's files have come:
  // it then comes while the wasm's compile ends and CPython starts, instead of
  // sharing the line with them before (a phone's line is idle then). Otherwise it
  // downloads meanwhile.
  let nearlyIn;
  const wasmNearlyIn = new Promise((resolve) => (nearlyIn = resolve));
  const wasmProgress = (received) => {
    if (received >= WASM_BYTES - ZIP_LEAD_BYTES) nearlyIn();
  };
  const arrived = [];
  const kept = new Map(
    HELD ? KEPT.map((url) => [url, keep(url, arrived, url === WASM ? wasmProgress : undefined)]) : [],
  );
  for (const early of kept.values()) early.catch(() => {}); // asked again if it failed
  const zip = Promise.race([wasmNearlyIn, Promise.all(arrived)]).then(() => download(ENGINE_ZIP));
  await pageStarted;
  if (HELD) mark("go");
  const { loadPyodide } = await pyodideScript;
  const pyodide = await answeringPyodidesFetches(() => loadPyodide({ indexURL: PYODIDE }), kept);
  mark("pyodide");
  pyodide.FS.writeFile(ZIP_PATH, await zip);
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ZIP_PATH)})`);
  const module = pyodide.pyimport("engine_worker");
  const names = module.__export__.toJs();
  const functions = new Map(names.map((name) => [String(name), module[name]]));
  mark("engine");
  return { functions, PyProxy: pyodide.ffi.PyProxy, needs: linkLoader(pyodide, module) };
}

function message(error) {
  return String((error && error.message) || error);
}

async function call({ functions, PyProxy }, fn, args) {
  const f = functions.get(fn);
  if (f === undefined) throw new Error(`the engine has no function ${JSON.stringify(fn)}`);
  let value = await f(...(Array.isArray(args) ? args : []));
  if (value instanceof PyProxy) {
    const proxy = value;
    value = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
  }
  return value;
}

function answering(python) {
  let previous = Promise.resolve();
  const answerOne = async ({ id, fn, args }) => {
    try {
      await python.needs(fn);
      self.postMessage({ id, ok: true, value: await call(python, fn, args) });
    } catch (error) {
      self.postMessage({ id, ok: false, error: message(error) });
    }
  };
  return (data) => {
    previous = previous.then(() => answerOne(data));
  };
}

function refusing(error) {
  const sentence = `the engine could not start: ${message(error)}`;
  return ({ id }) => self.postMessage({ id, ok: false, error: sentence });
}

try {
  answer = answering(await startPython());
} catch (error) {
  console.error(error);
  mark("failed");
  answer = refusing(error);
}
for (const data of queue.splice(0)) answer(data);
