// The first paint as the live page will be: in the person's language, with their choices, so
// that nothing moves when the DOM layer (MicroPython, about half a second later) takes over. A
// classic script at the top of <body>, like theme.js. Before every frame until the page is
// parsed, and once it is, it does with what is saved what the DOM layer then does again: the
// marked texts (dom.load_language), the choices pressed, the chosen game's settings shown and
// Continue when that game has a save (prefs.sync_choices), its seats (ui/seats.py), or the
// saved game's table instead (main.py). A choice with nothing valid saved keeps the markup's pressed default. The build
// writes the texts the page's markup names, from i18n/*.json, in place of the placeholder
// (build.py, write_first_paint). Storage that throws is read as empty: the page still paints.
//
// Until the DOM layer is live (`body.dataset.ui`), this also answers the start screen's taps,
// so that none is lost: a choice is pressed and painted at once, as the DOM layer draws it, and
// kept where the DOM layer reads it as it starts (the saved prefs, and `window.rummyEarly`,
// as storage may keep nothing: prefs.Prefs.load); a Start, Continue or Today's deal is kept
// there too, said as the DOM layer says it, and played once the engine is up (main.py).
(() => {
  const STRINGS = "__FIRST_PAINT_STRINGS__";
  const LANGS = ["zh-Hans", "zh-Hant", "en"]; // prefs.LANGS
  const KEY = "rummy-table/prefs"; // prefs.KEY
  const NUMERIC = ["target", "opponents", "rkOpponents"]; // prefs.NUMERIC
  const LEVELS = { gin: "level", basic: "basicLevel", rummikub: "rkLevel" }; // prefs.LEVEL_CHOICES
  const KINDS = ["person", "easy", "normal", "hard"]; // seats.KINDS
  const NAME_LENGTH = 20; // seats.NAME_LENGTH
  const QUEUED = ["start", "resume", "daily"]; // the actions main.begin keeps while loading
  // What the person did before the DOM layer was live: the choices tapped, as prefs.Prefs
  // stores them, and the last of QUEUED tapped (or null).
  const early = { prefs: {}, action: null };

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      return null; // storage blocked: the DOM layer says so
    }
  }

  function savedPrefs() {
    try {
      const prefs = JSON.parse(read(KEY) || "{}");
      return prefs && typeof prefs === "object" ? prefs : {};
    } catch (error) {
      return {};
    }
  }

  // The browser's language if it is one of ours (any Chinese but Traditional's regions is
  // Simplified), else English. The DOM layer asks it too (prefs.default_language).
  function browserLanguage() {
    const tags = navigator.languages && navigator.languages.length
      ? navigator.languages
      : [navigator.language || "en"];
    for (const tag of tags) {
      const lower = String(tag).toLowerCase();
      if (lower.startsWith("zh")) {
        return ["hant", "tw", "hk", "mo"].some((mark) => lower.includes(mark)) ? "zh-Hant" : "zh-Hans";
      }
      if (lower.startsWith("en")) return "en";
    }
    return "en";
  }

  const prefs = savedPrefs();
  let lang = LANGS.includes(prefs.lang) ? prefs.lang : browserLanguage();
  let texts = {};
  const chosen = {};

  function parsed() {
    return document.readyState !== "loading";
  }

  // The text of `key` with its {placeholders} filled from `params`, an unknown one by nothing
  // (dom.fill); undefined when unbuilt.
  function words(key, params = {}) {
    const text = texts[key];
    return text === undefined ? undefined : text.replace(/\{([^}]*)\}/g, (_, name) => params[name] ?? "");
  }

  function translate() {
    for (const node of document.querySelectorAll("[data-i18n]")) {
      const text = words(node.dataset.i18n);
      if (text !== undefined && node.textContent !== text) node.textContent = text;
    }
    for (const node of document.querySelectorAll("[data-i18n-aria]")) {
      const text = words(node.dataset.i18nAria);
      if (text !== undefined) node.setAttribute("aria-label", text);
    }
  }

  function press() {
    for (const button of document.querySelectorAll("[data-choice]")) {
      const name = button.dataset.choice;
      if (!(name in chosen)) {
        const group = `[data-choice="${name}"]`;
        const offered = document.querySelector(`${group}[data-value="${CSS.escape(String(prefs[name]))}"]`)
          || (parsed() && document.querySelector(`${group}[aria-pressed="true"]`));
        if (!offered) continue; // its buttons not all parsed yet: as they are
        chosen[name] = offered.dataset.value;
      }
      button.setAttribute("aria-pressed", String(button.dataset.value === chosen[name]));
    }
    const select = document.getElementById("lang-select");
    if (select) select.value = lang;
  }

  // The page in `choice`, a language: its texts, <html lang> and title (dom.load_language).
  function speak(choice) {
    lang = chosen.lang = choice;
    texts = (typeof STRINGS === "object" && STRINGS[lang]) || {}; // unbuilt: the markup's
    document.documentElement.lang = lang;
    if (texts["app.title"]) document.title = texts["app.title"];
  }

  // The chosen game's settings, and Continue when it has a save; or its table's skeleton when
  // the page opens no shared hand and no game was chosen here (main.py shows it too, then the
  // engine restores the save).
  function show() {
    const game = document.querySelector('[data-choice="game"][aria-pressed="true"]');
    const start = document.getElementById("start-screen");
    if (!game || !start) return;
    document.body.dataset.game = game.dataset.value;
    const saved = Boolean(read(`rummy-table/${game.dataset.value}/save`)); // prefs.storage_key
    const linked = location.hash.length > 1; // a shared hand opens over the start screen
    const stays = linked || "game" in early.prefs; // main.py's Page.stay
    const table = saved && !stays ? document.getElementById(`${game.dataset.value}-table`) : null;
    start.hidden = Boolean(table);
    if (table) table.hidden = false;
    for (const node of document.querySelectorAll(".in-game")) node.hidden = !table;
    const offer = document.getElementById("tutorial-offer"); // tutorial.draw_offer
    if (offer) offer.hidden = prefs.tutorialOffered === true || Boolean(table);
    const resume = document.getElementById("resume");
    const startButton = document.querySelector('[data-testid="start"]');
    if (resume) resume.hidden = !saved;
    if (startButton) {
      startButton.classList.toggle("primary", !saved); // one primary button
      // In the game's words, as main.word_start says it: Rummikub deals its first round.
      const key = game.dataset.value === "rummikub" ? startButton.dataset.i18nRummikub : "start.button";
      startButton.dataset.i18n = key;
      if (texts[key] !== undefined) startButton.textContent = texts[key];
    }
  }

  // Each seat's kind for `game` (seats.kinds): as chosen, else the person first and the
  // computer players at the game's level; and the names typed, by seat (seats.names).
  function kinds(game) {
    const every = { ...savedPrefs().seats, ...early.prefs.seats };
    const saved = Array.isArray(every[game]) ? every[game] : [];
    const opponents = game === "rummikub" ? "rkOpponents" : "opponents";
    const count = game === "gin" ? 2 : 1 + Number(chosen[opponents]);
    return Array.from({ length: count }, (_, seat) =>
      KINDS.includes(saved[seat]) ? saved[seat] : seat === 0 ? "person" : chosen[LEVELS[game]]);
  }

  function names() {
    const typed = "names" in early.prefs ? early.prefs.names : savedPrefs().names;
    return Array.isArray(typed) ? typed.map((name) => (typeof name === "string" ? name : "")) : [];
  }

  // The chosen game's seats, a row each from the template, as seats.draw_seats draws them.
  function drawSeats() {
    const rows = document.getElementById("seat-rows");
    const template = document.getElementById("seat-row");
    const game = chosen.game;
    const opponents = game === "rummikub" ? "rkOpponents" : "opponents";
    // The template is whole only once the parser is past it (its next element is there): a
    // frame painted mid-template would clone rows without their name field.
    const whole = template && template.nextElementSibling;
    if (!rows || !whole || !(LEVELS[game] in chosen) || (game !== "gin" && !(opponents in chosen))) {
      return; // not all parsed yet
    }
    const keys = template.dataset;
    const chosenKinds = kinds(game);
    const typed = names();
    while (rows.children.length > chosenKinds.length) rows.lastElementChild.remove();
    while (rows.children.length < chosenKinds.length) rows.appendChild(template.content.cloneNode(true));
    [...rows.children].forEach((row, seat) => {
      const number = { number: seat + 1 };
      row.querySelector(".seat-number").textContent = words(keys.i18nSeat, number) ?? "";
      const select = row.querySelector("select");
      select.dataset.testid = `seat-${seat}`;
      select.dataset.seat = String(seat);
      select.setAttribute("aria-label", words(keys.i18nSeat, number) ?? "");
      for (const option of select.options) {
        option.textContent = words(option.value === "person" ? keys.i18nPerson : `level.${option.value}`) ?? "";
      }
      select.value = chosenKinds[seat];
      const name = row.querySelector("input");
      name.dataset.testid = `seat-${seat}-name`;
      name.dataset.seat = String(seat);
      name.setAttribute("aria-label", words(keys.i18nName, number) ?? "");
      name.placeholder = words(keys.i18nPlayer, number) ?? "";
      name.hidden = chosenKinds[seat] !== "person";
      if (document.activeElement !== name) name.value = typed[seat] ?? "";
    });
  }

  function paint() {
    translate();
    press();
    show();
    drawSeats();
  }

  function beforeFrame() {
    paint();
    if (!parsed()) requestAnimationFrame(beforeFrame);
  }

  function live() {
    return document.body.dataset.ui === "live"; // main.py: the DOM layer answers from now on
  }

  // A choice made: kept for the DOM layer, as prefs.Prefs stores it, and painted now.
  function keep(name, value) {
    early.prefs[name] = value;
    try {
      localStorage.setItem(KEY, JSON.stringify({ ...savedPrefs(), ...early.prefs }));
    } catch (error) {
      // storage blocked or full: kept in window.rummyEarly only, as the DOM layer keeps it
    }
    paint();
  }

  // A start-screen button's choice (prefs.Prefs.choose); a game's level sets its computer
  // seats, where they were chosen (seats.choose_level).
  function choose(name, value) {
    chosen[name] = value;
    if (name === "lang") speak(value);
    const game = Object.keys(LEVELS).find((key) => LEVELS[key] === name);
    if (game && game in { ...savedPrefs().seats, ...early.prefs.seats }) {
      chooseKind(game, (kind) => (kind === "person" ? kind : value));
    }
    keep(name, NUMERIC.includes(name) ? Number(value) : value);
  }

  // The seats of `game` as `change` makes each kind (seats.choose_kind), kept with the others.
  function chooseKind(game, change) {
    early.prefs.seats = { ...savedPrefs().seats, ...early.prefs.seats, [game]: kinds(game).map(change) };
  }

  // A Start (or Continue, Today's deal) tapped while loading: kept, and said (main.begin).
  function queue(action) {
    early.action = action;
    const notice = document.getElementById("notice");
    const text = texts[notice.dataset.i18nQueued];
    if (!text) return; // unbuilt: no words to say it in
    const words = document.getElementById("notice-parts").content.querySelector("span").cloneNode();
    words.textContent = text;
    notice.replaceChildren(words);
    notice.hidden = false;
  }

  function onTap(event) {
    if (live()) return;
    const target = event.target.closest("[data-choice],[data-action]");
    if (!target) return;
    if (target.dataset.choice) choose(target.dataset.choice, target.dataset.value);
    else if (QUEUED.includes(target.dataset.action)) queue(target.dataset.action);
  }

  function onChange(event) {
    if (live()) return;
    const target = event.target;
    if (target.id === "lang-select") choose("lang", target.value);
    else if (target.matches(".seat-kind") && KINDS.includes(target.value)) {
      const seat = Number(target.dataset.seat);
      chooseKind(chosen.game, (kind, at) => (at === seat ? target.value : kind));
      keep("seats", early.prefs.seats);
    }
  }

  // A person's name typed (seats.type_name).
  function onInput(event) {
    if (live() || !event.target.matches(".seat-name")) return;
    const typed = names();
    typed[Number(event.target.dataset.seat)] = event.target.value.slice(0, NAME_LENGTH);
    keep("names", Array.from(typed, (name) => name ?? ""));
  }

  window.rummyBrowserLanguage = browserLanguage;
  window.rummyEarly = early;
  speak(lang);
  requestAnimationFrame(beforeFrame);
  document.addEventListener("readystatechange", paint, { once: true });
  document.addEventListener("click", onTap);
  document.addEventListener("change", onChange);
  document.addEventListener("input", onInput);
})();
