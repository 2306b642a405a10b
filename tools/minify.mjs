// Minify a classic script with terser, for tools/build.py (the QR libraries,
// which npm ships unminified and the service worker precaches).
//
//   node tools/minify.mjs TERSER_DIR IN.js OUT.js PREAMBLE
//
// Compressed and mangled, top-level names kept (the scripts define globals the
// page reads: qrcode, jsQR). PREAMBLE (the library's licence header, chosen by
// the build) goes first; comments terser keeps by default (/*! and @license)
// stay too. No eval is introduced, so the page's CSP is unaffected.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, input, output, preamble] = process.argv.slice(2);
if (preamble === undefined) {
  console.error("usage: node tools/minify.mjs TERSER_DIR IN.js OUT.js PREAMBLE");
  process.exit(2);
}
const entry = path.join(dir, "main.js");
const { minify } = await import(pathToFileURL(entry).href);
const source = fs.readFileSync(input, "utf8");
const result = await minify(source, {
  compress: { passes: 2 },
  mangle: true,
  format: { comments: "some", preamble: preamble || undefined },
});
fs.writeFileSync(output, result.code + "\n");
