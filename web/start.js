// The rest of the page, asked for once the first paint is on screen.
//
// paint.js has painted the table (or nothing) before the browser's first
// paint. After the frame that shows it, this asks for PyScript, MicroPython and
// MicroPython's runtime, all at once (the build lists them in index.html's
// #page-files: preloads, then pyscript-strict.mjs, which asks for the page's own
// Python once the runtime has come), and after them the QR libraries. Not before: on a slow line they would share it with paint.js and
// the styles, and hold the first paint back by a second (docs/performance.md,
// "A phone's first visit"). A returning player's engine starts at once (its
// files come from the service worker, not the line); a first visit's worker is
// made now and asks for Pyodide's files once MicroPython is up (pyscript-strict.mjs).
"use strict";

(() => {
  // MicroPython's runtime has come (its preload's load, or error: MicroPython then asks
  // for it itself): pyscript-strict.mjs asks for the page's own files then (the build
  // marks that preload "runtime" in #page-files).
  let runtimeCame;
  Object.defineProperty(self, "scopaRuntimeHere", {
    value: new Promise((resolve) => (runtimeCame = resolve)),
  });

  function loadPage() {
    // the painted table's opening book and the tables its first taps lead to (paint.js),
    // first: a few KB, and a card tapped now is answered as soon as they are here
    if (self.scopaPaint) self.scopaPaint.book();
    let files = [];
    try {
      files = JSON.parse(document.getElementById("page-files").textContent);
    } catch (error) {
      console.warn("scopa: no list of the page's files:", error);
    }
    let runtimeListed = false;
    for (const [rel, href, as, role] of files) {
      const link = document.createElement("link");
      link.rel = rel;
      link.href = href;
      if (as) {
        link.as = as;
        link.crossOrigin = "anonymous"; // as fetch() asks for them
      }
      if (role === "runtime") {
        runtimeListed = true;
        link.addEventListener("load", runtimeCame, { once: true });
        link.addEventListener("error", runtimeCame, { once: true });
      }
      document.head.append(link);
    }
    if (!runtimeListed) runtimeCame();
    const script = (src, module) => {
      const el = document.createElement("script");
      if (module) el.type = "module";
      else el.async = true;
      el.src = src;
      document.head.append(el);
    };
    script("pyscript-strict.mjs", true);
    // the pairing dialog's QR codes (link/qr.js reads window.qrcode only when it draws
    // one; pairing needs the engine): once everything above has come (the window's
    // load) and the engine is up, not sharing the line with either
    const qrcode = document.getElementById("page-files").dataset.qrcode;
    const qr = () => {
      if (qrcode) script(qrcode, false);
      script("link/qr.js", false);
    };
    const loaded = new Promise((resolve) => {
      if (document.readyState === "complete") resolve();
      else addEventListener("load", () => setTimeout(resolve, 0), { once: true });
    });
    const engine = self.scopaEngine; // worker/client.js: without it, the QR scripts still come
    Promise.all([loaded, engine && engine.settled]).then(qr);
    // a returning player's engine comes from the service worker, not the line: at
    // once; a first visit's worker is made now and asks for Pyodide once MicroPython
    // is up (pyscript-strict.mjs), its script in by then
    if (engine) engine.prepare();
  }

  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    loadPage();
  };
  // after the frame that shows the paint (a hidden tab draws no frames: at once)
  if (document.visibilityState === "hidden") load();
  else requestAnimationFrame(() => setTimeout(load, 0));
  document.addEventListener("visibilitychange", load, { once: true });
})();
