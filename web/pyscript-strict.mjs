// PyScript for this page, under a Content-Security-Policy without 'unsafe-eval',
// and the page's Python files in three requests.
//
// index.html loads this module instead of PyScript's core.js. PyScript 0.7
// registers one hook for its workers (onBeforeRunAsync: a `_pyscript`
// module) and rebuilds worker hooks from their source text with Function()
// -- also for a main-thread script, whose set-up reads them
// (polyscript's Hook). The page has no PyScript worker (the engine runs in
// worker/engine.mjs), so that hook is dropped through PyScript's own plugin
// API before the page's MicroPython is ready; nothing then evaluates a
// string. e2e/test_shell.py boots the app under netlify.toml's policy.
//
// The page's modules (.mpy) and data files come in two packs (tools/build.py
// page_packs) written into MicroPython's working directory: app/start.pack
// (what the start imports) and the page's language's sentences
// (app/strings/<lang>.json) by a main-thread onReady hook, which PyScript
// awaits before it runs app/main.py; app/rest.pack (the screens and flows used
// later) as soon as it has come after them, so that on a phone's line it does
// not hold the start back. PyScript's `files` config fetched the files one
// request each (85 of them through the service worker) before the first drawing.
//
// PyScript's own Python (its `pyscript` package) comes as bytecode in the start pack
// too, imported a few modules to a task instead of PyScript's bootstrap, which
// compiled it from source in the start's longest task (tools/pyscript_bytecode.py).
//
// It defines scopaPage: {rest: Promise (the rest pack is written), strings(lang):
// Promise (that language's sentences are written: app/i18n.py reads them)}.
import { hooks, optional, stdlib } from "./@PYSCRIPT@/core.js";

for (const hook of Object.values(hooks.worker)) hook.clear();

const bytes = (path) =>
  fetch(new URL(path, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });

// the page's language, as paint.js (and app/page.py) read it
const lang = (self.scopaPaint && self.scopaPaint.lang) || "en";

// MicroPython's wasm (the runtime, 190 KB) has come. The page's own files, read only
// once MicroPython is up, are asked for then: on a phone's line they no longer share
// it with the runtime (equal shares), which comes sooner, and they come while
// MicroPython starts (docs/performance.md, "A phone's first visit").
// (start.js's scopaRuntimeHere: the load event of the runtime's preload)
const runtimeHere = Promise.race([
  self.scopaRuntimeHere || Promise.resolve(),
  new Promise((resolve) => setTimeout(resolve, 15000)), // whatever happens, not for ever
]);
const startPack = runtimeHere.then(() => bytes("app/start.pack"));
const sentences = { [lang]: runtimeHere.then(() => bytes(`app/strings/${lang}.json`)) };
// the painted table's opening book (paint.js holds it; start.js asked for it first)
runtimeHere.then(() => self.scopaPaint && self.scopaPaint.book());
// the rest once the start pack has come: not sharing the line with it
const restPack = startPack.then(() => bytes("app/rest.pack"));
let gotFiles; // MicroPython's file system, once it is up
const filesReady = new Promise((resolve) => (gotFiles = resolve));

// The longest the start writes files or imports in one task before it lets the
// browser in (as app/main.py's SLICE_MS): a slower phone gets shorter slices
const SLICE_MS = 5;

// The pack: a 4-byte little-endian length N, N bytes of JSON [[path, size],
// ...], then the files' bytes in that order. Written SLICE_MS at a time.
async function unpack(buffer, FS, name) {
  const headLength = buffer.byteLength >= 4 ? new DataView(buffer).getUint32(0, true) : 0;
  if (!headLength || 4 + headLength > buffer.byteLength) throw new Error(`${name} is damaged`);
  const index = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headLength)));
  let offset = 4 + headLength;
  const end = offset + index.reduce((sum, [, size]) => sum + size, 0);
  if (end !== buffer.byteLength) throw new Error(`${name} is damaged (cut short?)`);
  const folders = new Set();
  let began = performance.now();
  for (const [path, size] of index) {
    if (performance.now() - began >= SLICE_MS) {
      await nextTask();
      began = performance.now();
    }
    const parts = path.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (!folders.has(folder) && !FS.analyzePath(folder).exists) FS.mkdir(folder);
      folders.add(folder);
    }
    FS.writeFile(path, new Uint8Array(buffer, offset, size));
    offset += size;
  }
}

// Without its files the page cannot start: say so where "Loading..." stands,
// in the browser's language (the page's own words are in the pack), in plain
// words: the error's own text goes to the console, never on the page. Also the
// page's Python's way to say it (main.py), so the sentence is written once.
function couldNotStart(error) {
  console.error("scopa: the page could not start:", error);
  const italian = String(navigator.language || "").toLowerCase().startsWith("it");
  const said = italian
    ? "La pagina non è potuta partire. Ricaricala; se succede di nuovo, questo browser non riesce a far girare il gioco (i dettagli sono nella console del browser)."
    : "The page could not start. Reload it; if it happens again, this browser cannot run the game (the details are in the browser's console).";
  const status = document.getElementById("status");
  if (status) status.textContent = said;
  document.body.dataset.phase = "error";
}

Object.defineProperty(self, "scopaCouldNotStart", { value: couldNotStart });

function writeFile(FS, path, buffer) {
  const folder = path.split("/").slice(0, -1).join("/");
  if (folder && !FS.analyzePath(folder).exists) FS.mkdir(folder);
  FS.writeFile(path, new Uint8Array(buffer));
}

// The rest of the page's Python, written once MicroPython is up and it has come. A
// module of it asked for before then waits (app/actions.py, app/page.py).
const rest = Promise.all([restPack, filesReady]).then(([buffer, FS]) =>
  unpack(buffer, FS, "app/rest.pack"),
);
rest.catch((error) => console.warn("scopa: the rest of the page's Python did not come:", error));

// A language's sentences in MicroPython's files (once), before the page uses them.
function strings(code) {
  const wanted = code === "it" ? "it" : "en";
  if (!sentences[wanted]) {
    const asked = bytes(`app/strings/${wanted}.json`);
    sentences[wanted] = asked;
    asked.catch(() => {
      if (sentences[wanted] === asked) delete sentences[wanted]; // asked again next time
    });
  }
  return Promise.all([sentences[wanted], filesReady]).then(([buffer, FS]) =>
    writeFile(FS, `strings/${wanted}.json`, buffer),
  );
}

Object.defineProperty(self, "scopaPage", { value: Object.freeze({ rest, strings }) });

// A promise resolved in a new task of the browser's (a message, not a timer: no
// clamping to 4 ms): app/tasks.py's next_task(), which ends the page's Python's
// task there, as asyncio's own loop does not.
const nextTask = () =>
  new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
Object.defineProperty(self, "scopaNextTask", { value: nextTask });

// the other language's sentences after the rest and the engine's start (client.js
// settled), not sharing a phone's line with them: a switch of language is then at
// once (before, it fetches them itself)
const engineSettled = self.scopaEngine ? self.scopaEngine.settled : Promise.resolve();
Promise.all([rest, engineSettled])
  .then(() => strings(lang === "it" ? "en" : "it"))
  .catch(() => {});

// PyScript's bootstrap (its hooks.js: the "mpy" type's) as it is about to run it,
// and the one the start pack's bytecode of its package was compiled from (its
// length and FNV-1a hash, written by the build: tools/pyscript_bytecode.py).
const BOOTSTRAP = stdlib.replace(optional, "");
const COMPILED_FROM = @PYSCRIPT_BOOTSTRAP@;

function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

// What the bootstrap leaves behind, the `pyscript` package imported, from the
// bytecode: what its modules import first, then the package, a task each when run
// as PyScript runs a script with top-level await (runPythonAsync).
const STEPS = ["import base64, collections, html, io", "import asyncio, functools, inspect"];
const BY_BYTECODE = {
  runPython: [...STEPS, "import pyscript"].join("\n") + "\ndel pyscript\n",
  runPythonAsync:
    "import js as _scopa_js\n" +
    STEPS.map((step) => `${step}\nawait _scopa_js.scopaNextTask()\n`).join("") +
    "import pyscript\ndel pyscript, _scopa_js\n",
};

// PyScript calls runPython or runPythonAsync with its bootstrap once, before main.py:
// that call imports the bytecode instead. Any other text (another PyScript) runs as
// it is, its .py files then taking precedence over the .mpy ones.
function bootstrapFromBytecode(interpreter) {
  const compiled =
    COMPILED_FROM &&
    BOOTSTRAP.length === COMPILED_FROM.length &&
    fnv1a(BOOTSTRAP) === COMPILED_FROM.fnv;
  if (!compiled) {
    console.warn("scopa: PyScript's bootstrap is not the one its bytecode was made from");
    return;
  }
  const originals = {};
  const restore = () => Object.assign(interpreter, originals);
  for (const name of Object.keys(BY_BYTECODE)) {
    originals[name] = interpreter[name];
    interpreter[name] = (code, ...rest) => {
      restore();
      if (code !== BOOTSTRAP) return originals[name].call(interpreter, code, ...rest);
      performance.mark("scopa-pyscript-bytecode");
      return originals[name].call(interpreter, BY_BYTECODE[name], ...rest);
    };
  }
}

hooks.main.onReady.add(async ({ interpreter }) => {
  try {
    const FS = interpreter.FS;
    await nextTask(); // not in MicroPython's own set-up task
    await unpack(await startPack, FS, "app/start.pack");
    writeFile(FS, `strings/${lang}.json`, await sentences[lang]);
    gotFiles(FS);
    bootstrapFromBytecode(interpreter);
  } catch (error) {
    couldNotStart(error);
    throw error;
  } finally {
    // MicroPython is up and the page's start has its files: the engine's 4.8 MB may
    // have the line now (worker/client.js), not sharing it with them
    self.scopaEngine.start();
  }
  // PyScript runs main.py as soon as this hook is done: in a task of its own, not
  // after the unpacking and MicroPython's set-up in one long task (Lighthouse's
  // blocking time; docs/performance.md, step 30)
  await nextTask();
});
