// PyScript for this page, under a Content-Security-Policy without 'unsafe-eval'.
//
// index.html loads this module instead of PyScript's core.js. PyScript 0.7
// registers one hook for its workers (onBeforeRunAsync: a `_pyscript`
// module) and rebuilds worker hooks from their source text with Function()
// -- also for a main-thread script, whose set-up reads them
// (polyscript's Hook). The page has no PyScript worker (the engine runs in
// worker/engine.mjs), so that hook is dropped through PyScript's own plugin
// API before the page's MicroPython is ready; nothing then evaluates a
// string. e2e/test_shell.py boots the app under netlify.toml's policy.
import { hooks } from "./@PYSCRIPT@/core.js";

for (const hook of Object.values(hooks.worker)) hook.clear();
