// The first paint as the live page will be: in the person's language, with their choices, so
// that nothing moves when the DOM layer (MicroPython, about half a second later) takes over. A
// classic script at the top of <body>, like theme.js. Before every frame until the page is
// parsed, and once it is, it does with what is saved what the DOM layer then does again: the
// marked texts (dom.load_language), the choices pressed, the chosen game's settings shown and
// Continue when that game has a save (prefs.sync_choices), or the saved game's table instead
// (main.py). A choice with nothing valid saved keeps the markup's pressed default. The build
// writes the texts the page's markup names, from i18n/*.json, in place of the placeholder
// (build.py, write_first_paint). Storage that throws is read as empty: the page still paints.
(() => {
  const STRINGS = "__FIRST_PAINT_STRINGS__";
  const LANGS = ["zh-Hans", "zh-Hant", "en"]; // prefs.LANGS

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      return null; // storage blocked: the DOM layer says so
    }
  }

  function savedPrefs() {
    try {
      const prefs = JSON.parse(read("rummy-table/prefs") || "{}"); // prefs.KEY
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
  const lang = LANGS.includes(prefs.lang) ? prefs.lang : browserLanguage();
  const texts = (typeof STRINGS === "object" && STRINGS[lang]) || {}; // unbuilt: the markup's
  const chosen = { lang };

  function parsed() {
    return document.readyState !== "loading";
  }

  function translate() {
    for (const node of document.querySelectorAll("[data-i18n]")) {
      const text = texts[node.dataset.i18n];
      if (text !== undefined && node.textContent !== text) node.textContent = text;
    }
    for (const node of document.querySelectorAll("[data-i18n-aria]")) {
      const text = texts[node.dataset.i18nAria];
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

  // The chosen game's settings, and Continue when it has a save; or its table's skeleton when
  // the page opens no shared hand (main.py shows it too, then the engine restores the save).
  function show() {
    const game = document.querySelector('[data-choice="game"][aria-pressed="true"]');
    const start = document.getElementById("start-screen");
    if (!game || !start) return;
    document.body.dataset.game = game.dataset.value;
    const saved = Boolean(read(`rummy-table/${game.dataset.value}/save`)); // prefs.storage_key
    const linked = location.hash.length > 1; // a shared hand opens over the start screen
    const table = saved && !linked ? document.getElementById(`${game.dataset.value}-table`) : null;
    start.hidden = Boolean(table);
    if (table) table.hidden = false;
    for (const node of document.querySelectorAll(".in-game")) node.hidden = !table;
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

  function paint() {
    translate();
    press();
    show();
  }

  function beforeFrame() {
    paint();
    if (!parsed()) requestAnimationFrame(beforeFrame);
  }

  window.rummyBrowserLanguage = browserLanguage;
  document.documentElement.lang = lang;
  if (texts["app.title"]) document.title = texts["app.title"];
  requestAnimationFrame(beforeFrame);
  document.addEventListener("readystatechange", paint, { once: true });
})();
