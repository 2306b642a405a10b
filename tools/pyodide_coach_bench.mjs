// The coach's benchmark (python -m scopa_core bench --coach) run by Pyodide,
// the interpreter the engine worker runs, under Node: the browser's speed of
// the engine code without a browser (the worker adds its calls' round trips).
//
//   node tools/pyodide_coach_bench.mjs [POSITIONS [BUDGET]]
//
// scopa_core/ is copied into Pyodide's file system as source; the figures are
// printed as the CPython command prints them (time.process_time, which
// Pyodide counts as elapsed time).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
const [positions = "36", budget = "0"] = process.argv.slice(2);

const pyodide = await loadPyodide();
function copyPackage(source, target) {
  pyodide.FS.mkdirTree(target);
  for (const name of fs.readdirSync(source)) {
    const from = path.join(source, name);
    if (fs.statSync(from).isDirectory()) {
      if (name !== "__pycache__") copyPackage(from, `${target}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${target}/${name}`, fs.readFileSync(from));
    }
  }
}
copyPackage(path.join(root, "scopa_core"), "/home/pyodide/scopa_core");
pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from scopa_core.coach.bench import main
from scopa_core.coach.values import COACH_BUDGET
main(${Number(positions)}, ${Number(budget)} or COACH_BUDGET, None)
`);
