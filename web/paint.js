// The table painted before MicroPython starts: a playable first screen at once.
//
// Runs as a classic script right after #app in index.html (so before the
// browser's first paint), and paints #app with one of two things, else nothing:
//
//  - a returning player's last table: the page's Python keeps an image of what
//    it drew (keep(), below: #app as an element tree) with the number of the
//    save it belongs to; it is painted when that save is still the latest one
//    (scopa.v1.saved) and the language and deck are still the ones it was drawn in;
//  - a first visit (nothing saved, no address settings, the default match):
//    one of the opening tables the build dealt and drew with the page's own
//    views (tools/first_paint.py, #first-paints), chosen at random, in the
//    page's language, with the guided hand's offer.
//
// The page's Python draws the same table again when it takes over (its start
// reads `table` below to draw the same deal), identical, and then plays the
// cards tapped meanwhile (taps(): the chooser gets them in order; a first card of one
// move is answered here at once from the opening book: answer()). Elements are
// made with createElement and setAttribute from a list of tags and attribute
// names that the page's views use, never from markup: an image in localStorage
// cannot become a script. Nothing here decides a rule.
//
// The rest of the page is asked for once this paint is on screen (start.js).
//
// It defines one global, scopaPaint: {painted, table, key, lang, deckLoad, taps(),
// played, keep(key, phase), book(), bookWithin(ms), bookEntry(path)}.
"use strict";

(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const PREFIX = "scopa.v1.";
  const PAINT = PREFIX + "paint";
  const DEFAULT_DECK = "french";
  const DEFAULT_SETTINGS = { preset: "scopa", variants: [], target: 11, level: "normal" };
  const TAGS = new Set([
    "div", "span", "p", "button", "section", "header", "main", "nav", "h1", "h2", "h3",
    "strong", "em", "small", "ul", "ol", "li", "label", "svg:svg", "svg:use", "svg:path",
    "svg:rect", "svg:circle", "svg:g",
  ]);
  const BODY = ["data-phase", "data-seat-to-move", "data-deck", "data-hand-size", "data-players"];
  // what a moment of play adds that the page's start does not draw: left out of an image
  const PASSING = new Set(["selected", "option", "chosen", "dim", "deal-in", "taking", "sweep-card"]);
  const PASSING_IDS = new Set(["hint-panel", "review-bar", "clock", "tutorial-offer"]);

  const read = (key) => {
    try {
      const text = localStorage.getItem(key);
      return text === null ? null : JSON.parse(text);
    } catch {
      return undefined; // unreadable: the page's Python says why
    }
  };

  const attributeOk = (tag, name, value) =>
    !/^on/i.test(name) &&
    name !== "style" &&
    (name !== "href" || (tag === "svg:use" && String(value).startsWith("#card-")));

  function build(node) {
    if (typeof node === "string") return document.createTextNode(node);
    if (!Array.isArray(node) || !TAGS.has(node[0])) return null;
    const [tag, attrs, ...children] = node;
    const el = tag.startsWith("svg:")
      ? document.createElementNS(SVG, tag.slice(4))
      : document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (attributeOk(tag, name, value)) el.setAttribute(name, String(value));
    }
    for (const child of children) {
      const made = build(child);
      if (made) el.appendChild(made);
    }
    return el;
  }

  function paint(image) {
    const app = document.getElementById("app");
    const built = build(image.app);
    if (!app || !built || built.id !== "app") return false;
    app.replaceWith(built);
    document.documentElement.lang = image.html.lang;
    for (const name of BODY) {
      if (name in image.body) document.body.setAttribute(name, image.body[name]);
    }
    return true;
  }

  const prefs = read(PREFIX + "prefs") || {};
  const lang = ["en", "it"].includes(prefs.lang)
    ? prefs.lang
    : String(navigator.language || "").toLowerCase().startsWith("it") ? "it" : "en";
  const deck = typeof prefs.deck === "string" ? prefs.deck : DEFAULT_DECK;

  // The long cards of many patterns (the Trevigiane are more than twice as long
  // as wide) leave the table and the hand no room unless the window is tall: a
  // window under LONG_CARDS_HEIGHT px tall as the page opens (every phone, most
  // laptops) draws every deck 2:3, from cards/short/<deck>.svg (style.css
  // follows <html data-cards="short">, and the page's Python fetches the same
  // files: views/cards.py). Decided once, so that turning the phone or resizing
  // the window never changes the cards' shape in the middle of a game.
  const LONG_CARDS_HEIGHT = 1000;
  const short = innerHeight < LONG_CARDS_HEIGHT;
  if (short) document.documentElement.dataset.cards = "short";
  const spritePath = (name) =>
    short && name !== DEFAULT_DECK ? `cards/short/${name}.svg` : `cards/${name}.svg`;

  // Another deck than the default one (whose sprite index.html holds): its sprite
  // is asked for at once (sw.js has it in its cache), so that the cards painted
  // below are the player's deck a moment later, not when the page's Python asks
  // for it (views/cards.py, which also says so if it cannot be had). The page's
  // Python waits for this load rather than fetching the sprite a second time
  // (scopaPaint.deckLoad), and asks for it itself only if it failed.
  async function loadDeck(name) {
    try {
      const response = await fetch(spritePath(name));
      if (!response.ok) return false;
      const text = await response.text();
      const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
      const store = document.getElementById("card-sprite");
      // only over the default deck's: the page may have put another one since
      if (svg.localName !== "svg" || !store || store.dataset.deck !== DEFAULT_DECK) return false;
      store.replaceChildren(document.adoptNode(svg));
      store.dataset.deck = name;
      return true;
    } catch {
      return false; // the page's Python fetches it again
    }
  }
  const deckLoad =
    deck !== DEFAULT_DECK && /^[a-z]+$/.test(deck)
      ? { deck, done: loadDeck(deck) }
      : { deck: null, done: Promise.resolve(false) };

  // the image of the latest save's table, as drawn in this language and deck
  function savedImage() {
    if (location.search) return null; // an address that starts or changes a match: Python says
    const image = read(PAINT);
    const whole =
      image && typeof image === "object" && Array.isArray(image.app) &&
      image.html && typeof image.html.lang === "string" &&
      image.body && typeof image.body === "object";
    if (!whole) return null;
    if (image.saved !== read(PREFIX + "saved") || image.lang !== lang || image.deck !== deck) {
      return null;
    }
    const view = read(PREFIX + "view");
    if (!view || typeof view !== "object" || view.key !== image.key) return null;
    return image;
  }

  const isDefault = (settings) =>
    settings === undefined ||
    (settings !== null &&
      settings.preset === DEFAULT_SETTINGS.preset &&
      Array.isArray(settings.variants) && settings.variants.length === 0 &&
      settings.target === DEFAULT_SETTINGS.target &&
      settings.level === DEFAULT_SETTINGS.level);

  // the same test as the page's start (opening.py first_table), kept narrow: any
  // address settings, saved game or non-default choice and the page waits for Python
  function firstImage() {
    if (location.search || read(PREFIX + "record") !== null || read(PREFIX + "view") !== null) {
      return null;
    }
    if (deck !== DEFAULT_DECK || !isDefault(prefs.settings)) return null;
    const data = document.getElementById("first-paints");
    let paints;
    try {
      paints = JSON.parse(data.textContent);
    } catch {
      return null;
    }
    if (!Array.isArray(paints) || !paints.length) return null;
    const table = Math.floor(Math.random() * paints.length) % paints.length;
    const image = paints[table][lang];
    if (prefs.tutorial_seen) image.app = withoutOffer(image.app);
    return { table, image };
  }

  // the offer once answered is not made again (tutorial.py): left out of the paint
  const withoutOffer = (node) => {
    if (typeof node === "string") return node;
    const kept = node.slice(2).filter((c) => typeof c === "string" || c[1].id !== "tutorial-offer");
    return [node[0], node[1], ...kept.map(withoutOffer)];
  };

  const state = { painted: null, table: null, key: null, taken: false, played: 0 };
  const tapped = [];
  try {
    const saved = savedImage();
    const first = saved ? null : firstImage();
    if (saved && paint(saved)) {
      state.painted = "saved";
      state.key = saved.key;
    } else if (first && paint(first.image)) {
      state.painted = "first";
      state.table = first.table;
    }
  } catch (error) {
    console.warn("scopa: the table was not painted early:", error);
  }
  if (state.painted) performance.mark("scopa-painted");

  // The opening book of the table painted (tools/opening_book.py): the engine's answers
  // to the first moves, which the page's Python gives (app/book.py) until Pyodide is up.
  // Asked for first of the page's files (start.js), after the first paint, which it
  // would hold back on a slow line; there before the page's Python, which plays the taps.
  // With it, book/<n>.<lang>.json: the tables a first tap leads to (answer(), below).
  let book = null;
  let answers = null; // book/<n>.<lang>.json: see answer() below
  let bookLoaded = null;
  const fetchJson = (path) =>
    fetch(path)
      .then((response) => (response.ok ? response.json() : null))
      .then((data) => (data && typeof data === "object" ? data : null))
      .catch(() => null);
  const loadBook = () => {
    if (bookLoaded) return bookLoaded;
    if (state.painted !== "first") return (bookLoaded = Promise.resolve(false));
    const shown = fetchJson(`book/${state.table}.${lang}.json`).then((data) => (answers = data));
    bookLoaded = fetchJson(`book/${state.table}.json`).then((data) => {
      book = data;
      return book !== null;
    });
    Promise.all([shown, bookLoaded]).then(answerKept);
    return bookLoaded;
  };
  // The same, waited for at most `ms` from now (then false): the page's Python takes
  // the taps once this settles, and a line that stalls must not keep them from it.
  const bookWithin = (ms) =>
    Promise.race([loadBook(), new Promise((resolve) => setTimeout(resolve, ms, false))]);

  // The book's entry for a path of the person's moves ("3C:3D|6H:"), as JSON text
  // without its sub-book, or null when the book does not go there.
  function bookEntry(path) {
    let node = book;
    let entry = null;
    for (const key of String(path).split("|")) {
      entry = node && Object.hasOwn(node, key) ? node[key] : null;
      if (!entry) return null;
      node = entry.next || null;
    }
    const { next, ...rest } = entry;
    return JSON.stringify(rest);
  }

  // A hand card of one move tapped on the opening table before the page's Python is up,
  // as the first tap: the table after that move and the computer's answer, which the
  // build drew with the page's views (tools/first_paint.py answer_paints), shown at once
  // and said as the page says moves (#live). The page's Python makes the same two moves
  // from the book when it takes over (opening.py catch_up: taps() gives ["played", move]
  // first) and draws the same table. Cards of several captures are not in it (the player
  // chooses), nor a put-down the sweep warning would hold: their taps are kept, below.
  function answer(card) {
    const ready = !state.taken && state.painted === "first" && !tapped.length && book;
    const shown = ready && answers && Object.hasOwn(answers, card) ? answers[card] : null;
    if (!shown || typeof shown.move !== "string") return false;
    const image = prefs.tutorial_seen ? { ...shown, app: withoutOffer(shown.app) } : shown;
    if (!paint(image)) return false;
    // a short fade of the new table, none under reduced motion (as motion.py); an
    // animation, not a style or class: the table stays what the page's Python draws
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    const app = document.getElementById("app");
    if (!still && app.animate) app.animate([{ opacity: 0.5 }, { opacity: 1 }], 200);
    tapped.push(["played", shown.move]);
    state.played += 1;
    const live = document.getElementById("live");
    if (live) {
      live.textContent = "";
      live.textContent = String(shown.said || "");
    }
    document.body.dataset.moveDrawn = String(shown.key);
    performance.mark("scopa-move-drawn:" + shown.key);
    return true;
  }

  // a first tap that came before the book: answered now if it can be
  function answerKept() {
    if (state.taken || tapped.length !== 1 || tapped[0][0] !== "hand") return;
    const card = tapped.pop()[1];
    if (!answer(card)) tapped.push(["hand", card]);
  }

  // A card or a button tapped before the page's Python takes them (taps(), once the
  // book is here or not coming): kept, and done by it in order (a card through its
  // chooser, a button by its data-action), as if tapped then. A kept tap goes no
  // further: the page's own listener is on from the moment its objects are made,
  // before it takes these, and a tap done by both would be done twice (a language
  // switched back, a card put down again while the first waits for the engine).
  document.addEventListener(
    "click",
    (event) => {
      if (state.taken || !event.target.closest) return;
      const card = event.target.closest("[data-card]");
      const zone = card && card.closest('[data-zone="hand"], [data-zone="table"]');
      const action = event.target.closest("#app [data-action]");
      if (zone && zone.dataset.zone === "hand" && answer(card.dataset.card)) {
        event.preventDefault();
      } else if (zone) {
        tapped.push([zone.dataset.zone, card.dataset.card]);
        if (zone.dataset.zone === "hand") {
          for (const other of zone.querySelectorAll(".selected")) other.classList.remove("selected");
          card.classList.add("selected");
        }
      } else if (action) {
        tapped.push(["action", action.dataset.action]);
        event.preventDefault(); // as the page's listener does for a data-action
      } else {
        return;
      }
      event.stopPropagation();
    },
    true,
  );

  // An image of #app as it is drawn now, for the next visit (see the top).
  function image(key) {
    const tree = (el) => {
      if (el.nodeType === Node.TEXT_NODE) return el.data;
      if (el.nodeType !== Node.ELEMENT_NODE || PASSING_IDS.has(el.id)) return null;
      const tag = (el.namespaceURI === SVG ? "svg:" : "") + el.localName;
      const attrs = {};
      for (const { name, value } of el.attributes) {
        if (name === "style") continue;
        attrs[name] =
          name === "class" ? value.split(" ").filter((c) => c && !PASSING.has(c)).join(" ") : value;
      }
      const out = [tag, attrs];
      for (const child of el.childNodes) {
        const made = tree(child);
        if (made !== null) out.push(made);
      }
      return out;
    };
    const body = {};
    for (const name of BODY) {
      const value = document.body.getAttribute(name);
      if (value !== null) body[name] = value;
    }
    return {
      saved: read(PREFIX + "saved"),
      key,
      lang: document.documentElement.lang,
      deck: document.body.dataset.deck || DEFAULT_DECK,
      html: { lang: document.documentElement.lang },
      body,
      app: tree(document.getElementById("app")),
    };
  }
  // the image asked for last, taken in the next task (the drawing that asked is done by
  // then; a tab closed at once still keeps it: pagehide)
  let wanted = null;
  const keepNow = () => {
    if (!wanted) return;
    const [key, phase] = wanted;
    wanted = null;
    try {
      const kept = image(key);
      if (kept.saved === null) return; // nothing saved yet: the next start deals afresh
      if (phase) kept.body["data-phase"] = phase;
      localStorage.setItem(PAINT, JSON.stringify(kept));
    } catch (error) {
      console.warn("scopa: no image of the table kept:", error);
    }
  };
  addEventListener("pagehide", keepNow);

  Object.defineProperty(self, "scopaPaint", {
    value: Object.freeze({
      get painted() {
        return state.painted;
      },
      get table() {
        return state.table;
      },
      get key() {
        return state.key;
      },
      // the page's language (app/page.py reads it the same way; pyscript-strict.mjs
      // asks for its sentences first)
      lang,
      // the player's deck's sprite asked for at once: {deck (null: the default's, in
      // index.html), done: a promise of true once it is in #card-sprite}
      deckLoad,
      // asks for the painted table's opening book (once); resolves to true once it is
      // here (false: none); bookWithin(ms): the same, or false after ms
      book: loadBook,
      bookWithin,
      bookEntry,
      // the moves answer() showed (the page's start draws that table, not the dealt one)
      get played() {
        return state.played;
      },
      // the page's Python has drawn the table: it handles taps from now on
      taps() {
        state.taken = true;
        return tapped.splice(0);
      },
      // the page's Python drew the view `key` and saved it: an image once drawing
      // settles, with the phase its start draws that view in (a move on its way is not)
      keep(key, phase) {
        if (!wanted) setTimeout(keepNow, 0);
        wanted = [String(key), phase ? String(phase) : ""];
      },
    }),
  });
})();
