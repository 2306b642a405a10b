// QR codes for pairing (issue 16): made with qrcode-generator (loaded with
// the page), read with the browser's BarcodeDetector where it has one, else
// with jsQR (loaded the first time it is needed). Both libraries are files of
// the site (runtime/, precached), never a CDN. Knows nothing of Scopa:
//
//   scopaQR.path(text)        -> {size, d}: the code's dark modules as one SVG
//                                path, drawn by app/views/pairing.py
//   scopaQR.fromImage(blob)   -> Promise of the text of the QR code in a photo
//                                (or any image), or null
//   scopaQR.scan(video)       -> Promise of the text of the first QR code the
//                                camera shows in <video>, or null when stopped
//   scopaQR.stop()            stops the camera
"use strict";

(() => {
  const JSQR = new URL("../@JSQR@/dist/jsQR.js", document.currentScript.src).href;
  let jsqr = null;
  let stream = null;

  const path = (text) => {
    const qr = window.qrcode(0, "L");
    qr.addData(String(text));
    qr.make();
    const size = qr.getModuleCount();
    const parts = [];
    for (let r = 0; r < size; r += 1) {
      for (let c = 0; c < size; c += 1) {
        if (qr.isDark(r, c)) parts.push(`M${c} ${r}h1v1h-1z`);
      }
    }
    return { size, d: parts.join("") };
  };

  const loadJsQR = () => {
    if (!jsqr) {
      jsqr = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = JSQR;
        script.onload = () => resolve(window.jsQR);
        script.onerror = () => reject(new Error("jsQR did not load"));
        document.head.append(script);
      });
    }
    return jsqr;
  };

  const detector = () =>
    "BarcodeDetector" in window ? new window.BarcodeDetector({ formats: ["qr_code"] }) : null;

  // the text of a QR code in an image source (img, bitmap, video frame), or null
  const read = async (source, width, height) => {
    const found = detector();
    if (found) {
      try {
        const codes = await found.detect(source);
        if (codes.length) return codes[0].rawValue;
      } catch (error) {
        console.warn("scopa qr: BarcodeDetector failed, trying jsQR", error);
      }
    }
    const canvas = document.createElement("canvas");
    const scale = Math.min(1, 1024 / Math.max(width, height));
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const decode = await loadJsQR();
    const code = decode(pixels.data, pixels.width, pixels.height);
    return code ? code.data : null;
  };

  // createImageBitmap, not an <img> of a blob: URL, which the site's policy
  // (img-src 'self') refuses
  const fromImage = async (blob) => {
    const bitmap = await createImageBitmap(blob);
    try {
      return await read(bitmap, bitmap.width, bitmap.height);
    } finally {
      bitmap.close();
    }
  };

  const stop = () => {
    if (stream) for (const track of stream.getTracks()) track.stop();
    stream = null;
  };

  const scan = async (video) => {
    stop();
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    const mine = stream;
    video.srcObject = mine;
    await video.play();
    while (stream === mine) {
      if (video.videoWidth) {
        const text = await read(video, video.videoWidth, video.videoHeight);
        if (text) {
          stop();
          return text;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return null;
  };

  window.scopaQR = { path, fromImage, scan, stop };
})();
