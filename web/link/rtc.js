// The transport between devices (issue 16): WebRTC data channels paired by
// codes the players pass by hand. It knows nothing of Scopa: it carries text
// between this page and other pages, each channel named by the page (a
// "peer": any short text). app/linking.py drives it; docs/remote-play.md has
// the design. It defines one global:
//
//   scopaLink.configure(iceServersJSON)  STUN/TURN servers (JSON list of
//                                        RTCIceServer); "[]" (the default):
//                                        no outside service at all. The page
//                                        chooses them (app/ice_servers.py)
//   scopaLink.offer(peer)         -> Promise of this side's code (the host)
//   scopaLink.answer(peer, code)  -> Promise of the answer's code (a guest,
//                                    given the host's code)
//   scopaLink.accept(peer, code)  -> Promise (the host, given the answer)
//   scopaLink.send(peer, text)    -> true if the text was put on the channel
//   scopaLink.close(peer)
//   scopaLink.supported           false when this browser cannot pair at all
//                                 (no RTCPeerConnection, as in Debian's
//                                 WebKitGTK, or no CompressionStream): the
//                                 page says so before anyone tries
//   scopaLink.listen(fn)          fn(kind, peer, detail) for every event:
//                                 "open", "message" (detail: the text),
//                                 "close", "fail" (detail: why), "refused"
//                                 (detail: why an incoming text was dropped)
//
// A code is the session description (SDP, with every ICE candidate gathered,
// or those gathered within GATHER_MS) as JSON, compressed with the browser's CompressionStream("deflate-raw"),
// in base64url, after a two-letter prefix: "O1" an offer, "A1" an answer.
"use strict";

(() => {
  // Feature detection, never the browser's name: what a pairing needs.
  const supported =
    typeof RTCPeerConnection === "function" &&
    typeof RTCPeerConnection.prototype.createDataChannel === "function" &&
    typeof CompressionStream === "function" &&
    typeof DecompressionStream === "function";
  const LIMIT = 65536; // characters: a longer incoming text is refused, never read
  // The most ICE gathering may take: then the code is made from the candidates
  // gathered so far (the session description holds each one as it comes). The
  // device's own addresses come at once; a STUN server that does not answer
  // (unreachable, or blocked) would otherwise hold the code for many seconds.
  const GATHER_MS = 3000;
  const peers = new Map(); // peer -> {pc, channel}
  let iceServers = [];
  let listener = null;

  const tell = (kind, peer, detail) => {
    if (listener) {
      try {
        listener(kind, peer, detail === undefined ? null : detail);
      } catch (error) {
        console.warn("scopa link: listener failed", error);
      }
    }
  };

  const toBase64Url = (bytes) => {
    let text = "";
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  };

  const fromBase64Url = (text) => {
    const plain = text.replaceAll("-", "+").replaceAll("_", "/");
    const raw = atob(plain + "===".slice((plain.length + 3) % 4));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  };

  const squeeze = async (bytes, stream) =>
    new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());

  const encode = async (prefix, description) => {
    const json = JSON.stringify({ type: description.type, sdp: description.sdp });
    const packed = await squeeze(new TextEncoder().encode(json), new CompressionStream("deflate-raw"));
    return prefix + toBase64Url(packed);
  };

  // the code's text as the player pasted it: anything around it (spaces, a
  // link's address before its "#join=") is left out
  const decode = async (prefix, code, type) => {
    let text = String(code || "").trim();
    const at = text.lastIndexOf("#join=");
    if (at >= 0) text = text.slice(at + 6);
    text = text.replace(/\s+/g, "");
    if (!text.startsWith(prefix) || text.length > 8000 || !/^[A-Za-z0-9_-]+$/.test(text)) {
      throw new Error("not-a-code");
    }
    let description;
    try {
      const bytes = await squeeze(fromBase64Url(text.slice(prefix.length)), new DecompressionStream("deflate-raw"));
      description = JSON.parse(new TextDecoder().decode(bytes));
    } catch (error) {
      throw new Error("not-a-code");
    }
    if (!description || description.type !== type || typeof description.sdp !== "string") {
      throw new Error("not-a-code");
    }
    return description;
  };

  const gathered = (pc) =>
    new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") {
          clearTimeout(timer);
          resolve();
        }
      });
    });

  const wire = (peer, entry, channel) => {
    entry.channel = channel;
    channel.addEventListener("open", () => tell("open", peer));
    channel.addEventListener("close", () => {
      if (peers.get(peer) === entry) tell("close", peer);
    });
    channel.addEventListener("message", ({ data }) => {
      if (typeof data !== "string") {
        tell("refused", peer, "not-text");
      } else if (data.length > LIMIT) {
        tell("refused", peer, "too-long");
      } else {
        tell("message", peer, data);
      }
    });
  };

  const fresh = (peer) => {
    if (!supported) throw new Error("no-webrtc");
    close(peer);
    const pc = new RTCPeerConnection({ iceServers });
    const entry = { pc, channel: null };
    peers.set(peer, entry);
    pc.addEventListener("connectionstatechange", () => {
      if (peers.get(peer) !== entry) return;
      if (pc.connectionState === "failed") tell("fail", peer, "connection-failed");
      if (pc.connectionState === "disconnected" || pc.connectionState === "closed") {
        tell("close", peer);
      }
    });
    return entry;
  };

  const offer = async (peer) => {
    const entry = fresh(peer);
    wire(peer, entry, entry.pc.createDataChannel("scopa", { ordered: true }));
    await entry.pc.setLocalDescription(await entry.pc.createOffer());
    await gathered(entry.pc);
    return encode("O1", entry.pc.localDescription);
  };

  const answer = async (peer, code) => {
    const description = await decode("O1", code, "offer");
    const entry = fresh(peer);
    entry.pc.addEventListener("datachannel", ({ channel }) => wire(peer, entry, channel));
    await entry.pc.setRemoteDescription(description);
    await entry.pc.setLocalDescription(await entry.pc.createAnswer());
    await gathered(entry.pc);
    return encode("A1", entry.pc.localDescription);
  };

  const accept = async (peer, code) => {
    const entry = peers.get(peer);
    if (!entry) throw new Error("no-offer");
    const description = await decode("A1", code, "answer");
    await entry.pc.setRemoteDescription(description);
  };

  const send = (peer, text) => {
    const entry = peers.get(peer);
    if (!entry || !entry.channel || entry.channel.readyState !== "open") return false;
    entry.channel.send(String(text));
    return true;
  };

  function close(peer) {
    const entry = peers.get(peer);
    if (!entry) return;
    peers.delete(peer);
    try {
      if (entry.channel) entry.channel.close();
      entry.pc.close();
    } catch (error) {
      console.warn("scopa link: close", error);
    }
  }

  const configure = (text) => {
    try {
      const servers = JSON.parse(text || "[]");
      iceServers = Array.isArray(servers) ? servers : [];
    } catch (error) {
      iceServers = [];
    }
  };

  window.scopaLink = {
    configure,
    offer,
    answer,
    accept,
    send,
    close,
    listen: (fn) => {
      listener = fn;
    },
    limit: LIMIT,
    supported,
  };
})();
