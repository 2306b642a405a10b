// Compile the Python modules of a zip to bytecode with Pyodide's own
// interpreter (exactly the CPython the browser runs), for tools/build.py.
//
//   node tools/pycompile.mjs PYODIDE_DIR IN.zip OUT.zip PATH_PREFIX OPTIMIZE
//
// Every NAME.py becomes NAME.pyc (no source left, so zipimport loads the
// bytecode without checking it against a source): a 16-byte header (this
// interpreter's magic number, then zeros) and the marshalled code object, its
// co_filename PATH_PREFIX + NAME.py. Column positions are left out
// (PYTHONNODEBUGRANGES), OPTIMIZE is compile()'s optimize level. Other files
// are copied. A module that does not compile is kept as source (reported on
// stderr). OUT.zip is stored uncompressed: the build recompresses it.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, input, output, prefix, optimize] = process.argv.slice(2);
if (!optimize) {
  console.error("usage: node tools/pycompile.mjs PYODIDE_DIR IN.zip OUT.zip PATH_PREFIX OPTIMIZE");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(dir) + "/",
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: (line) => console.error(line),
  stderr: (line) => console.error(line),
});
pyodide.FS.writeFile("/tmp/in.zip", fs.readFileSync(input));
pyodide.globals.set("PREFIX", prefix);
pyodide.globals.set("OPTIMIZE", Number(optimize));
pyodide.runPython(`
import importlib.util
import marshal
import zipfile

entries = []
with zipfile.ZipFile("/tmp/in.zip") as src:
    for info in src.infolist():
        if info.is_dir():
            continue
        name, data = info.filename, src.read(info)
        if name.endswith(".py"):
            try:
                code = compile(data, PREFIX + name, "exec", dont_inherit=True, optimize=OPTIMIZE)
            except SyntaxError as exc:
                print(f"pycompile: {name} kept as source: {exc}")
            else:
                name = name[:-3] + ".pyc"
                data = importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
        entries.append((name, data))
with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for name, data in entries:
        out.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
`);
fs.writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
