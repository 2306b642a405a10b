// PyScript for this page, under a Content-Security-Policy without 'unsafe-eval',
// and the page's Python files in one request.
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
// The page's modules (.mpy) and data files come as one file, app/page.pack
// (tools/build.py page_pack), written into MicroPython's working directory
// by a main-thread onReady hook, which PyScript awaits before it runs
// app/main.py. PyScript's `files` config fetched them one request each
// (85 of them through the service worker) before the first drawing.
import { hooks } from "./@PYSCRIPT@/core.js";

for (const hook of Object.values(hooks.worker)) hook.clear();

// Requested at once (index.html preloads it too), read when MicroPython is up.
const pagePack = fetch(new URL("app/page.pack", import.meta.url)).then((response) => {
  if (!response.ok) throw new Error(`app/page.pack: HTTP ${response.status}`);
  return response.arrayBuffer();
});

// The pack: a 4-byte little-endian length N, N bytes of JSON [[path, size],
// ...], then the files' bytes in that order.
function unpack(buffer, FS) {
  const headLength = buffer.byteLength >= 4 ? new DataView(buffer).getUint32(0, true) : 0;
  if (!headLength || 4 + headLength > buffer.byteLength) throw new Error("app/page.pack is damaged");
  const index = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headLength)));
  let offset = 4 + headLength;
  const end = offset + index.reduce((sum, [, size]) => sum + size, 0);
  if (end !== buffer.byteLength) throw new Error("app/page.pack is damaged (cut short?)");
  const folders = new Set();
  for (const [path, size] of index) {
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
// in the browser's language (the page's own words are in the pack). Also the
// page's Python's way to say it (main.py), so the sentence is written once.
function couldNotStart(error) {
  const italian = String(navigator.language || "").toLowerCase().startsWith("it");
  const said = italian ? "La pagina non è potuta partire: " : "The page could not start: ";
  const status = document.getElementById("status");
  if (status) status.textContent = said + String((error && error.message) || error);
  document.body.dataset.phase = "error";
}

Object.defineProperty(self, "scopaCouldNotStart", { value: couldNotStart });

hooks.main.onReady.add(async ({ interpreter }) => {
  // MicroPython is up, so the page's own files have come: the engine's 4.8 MB
  // may have the line now (worker/client.js)
  self.scopaEngine.start();
  try {
    unpack(await pagePack, interpreter.FS);
  } catch (error) {
    couldNotStart(error);
    throw error;
  }
});
