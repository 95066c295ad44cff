// The page before Python: language, the start screen's choices, the rules sheet, the loading
// progress and the service worker. Python (app.py) takes over the table once it has started;
// a start pressed before then is queued in window.rummyBoot and honoured by app.py.
"use strict";

(function () {
  const LANGS = ["zh-Hans", "zh-Hant", "en"];
  const PREFS_KEY = "rummy-table/prefs";
  const GAMES = ["gin", "basic"];
  const BASIC_LENGTHS = ["hands-1", "hands-3", "hands-5", "target-100", "target-200"];
  const saveKey = (game) => `rummy-table/${game}/save`;

  function defaultLanguage() {
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const lower = String(tag).toLowerCase();
      if (lower.startsWith("zh")) {
        return /hant|tw|hk|mo/.test(lower) ? "zh-Hant" : "zh-Hans";
      }
      if (lower.startsWith("en")) return "en";
    }
    return "en";
  }

  function loadPrefs() {
    let prefs = {};
    try {
      prefs = JSON.parse(localStorage.getItem(PREFS_KEY) || "{}") || {};
    } catch (error) {
      prefs = {};
    }
    return {
      lang: LANGS.includes(prefs.lang) ? prefs.lang : defaultLanguage(),
      target: [50, 100].includes(prefs.target) ? prefs.target : 100,
      level: ["easy", "normal", "hard"].includes(prefs.level) ? prefs.level : "normal",
      rules: ["house", "pagat"].includes(prefs.rules) ? prefs.rules : "house",
      fourColor: prefs.fourColor === true,
      sort: ["melds", "suit", "rank"].includes(prefs.sort) ? prefs.sort : "melds",
      game: GAMES.includes(prefs.game) ? prefs.game : "gin",
      opponents: [1, 2, 3, 4, 5].includes(prefs.opponents) ? prefs.opponents : 3,
      basicLength: BASIC_LENGTHS.includes(prefs.basicLength) ? prefs.basicLength : "target-100",
      basicLevel: ["easy", "normal", "hard"].includes(prefs.basicLevel) ? prefs.basicLevel : "easy",
    };
  }

  const boot = {
    prefs: loadPrefs(),
    catalog: {},
    pendingStart: false, // "start" or "resume", pressed before Python was ready
    python: null, // set by app.py: {start(), render(), languageChanged()}
    syncChoices() {
      syncChoices();
    },
    savePrefs() {
      localStorage.setItem(PREFS_KEY, JSON.stringify(boot.prefs));
    },
    t(key, params) {
      let text = boot.catalog[key];
      if (typeof text !== "string") text = key;
      return text.replace(/\{(\w+)\}/g, (_, name) => (params && name in params ? params[name] : ""));
    },
    translate(root) {
      for (const el of (root || document).querySelectorAll("[data-i18n]")) {
        el.textContent = boot.t(el.dataset.i18n);
      }
      for (const el of (root || document).querySelectorAll("[data-i18n-aria]")) {
        el.setAttribute("aria-label", boot.t(el.dataset.i18nAria));
      }
    },
    async setLanguage(lang) {
      const response = await fetch(`./i18n/${lang}.json`);
      boot.catalog = await response.json();
      boot.prefs.lang = lang;
      document.documentElement.lang = lang;
      document.title = boot.t("app.title");
      boot.translate(document);
      syncChoices();
      if (boot.python) boot.python.languageChanged();
    },
    registerWorker() {
      // Called by app.py once the game runs: the worker's precaching downloads every file
      // again, which must not compete with Pyodide's own first download.
      if ("serviceWorker" in navigator) {
        navigator.serviceWorker.register("./sw.js").catch(() => {});
      }
    },
    notice(text) {
      const el = document.getElementById("notice");
      el.textContent = text;
      el.hidden = !text;
    },
    progress(fraction, text) {
      const bar = document.getElementById("progress");
      if (!bar) return;
      const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
      bar.setAttribute("aria-valuenow", String(percent));
      document.getElementById("progress-bar").style.width = `${percent}%`;
      document.getElementById("progress-text").textContent = text;
      bar.hidden = fraction >= 1;
    },
    showRules() {
      const basic = document.body.dataset.game === "basic";
      const body = boot.catalog[basic ? "basic.rules.body" : "rules.body"] || [];
      const parts = [];
      let list = null;
      const container = document.createElement("div");
      for (const paragraph of body) {
        if (paragraph.startsWith("- ")) {
          if (!list) {
            list = document.createElement("ul");
            parts.push(list);
          }
          const item = document.createElement("li");
          item.textContent = paragraph.slice(2);
          list.appendChild(item);
          continue;
        }
        list = null;
        const el = document.createElement(paragraph.startsWith("## ") ? "h3" : "p");
        el.textContent = paragraph.replace(/^## /, "");
        parts.push(el);
      }
      parts.forEach((el) => container.appendChild(el));
      boot.openSheet(boot.t(basic ? "basic.rules.title" : "rules.title"), container);
    },
    openSheet(title, content) {
      document.getElementById("sheet-title").textContent = title;
      const body = document.getElementById("sheet-body");
      body.replaceChildren(content);
      document.getElementById("sheet-actions").replaceChildren();
      const sheet = document.getElementById("sheet");
      boot.sheetReturnFocus = document.activeElement;
      sheet.hidden = false;
      sheet.scrollTop = 0;
      sheet.querySelector("[data-action=close-sheet]").focus({ preventScroll: true });
    },
    closeSheet() {
      document.getElementById("sheet").hidden = true;
      if (boot.sheetReturnFocus && boot.sheetReturnFocus.focus) boot.sheetReturnFocus.focus();
    },
  };
  window.rummyBoot = boot;
  watchDownloads();

  function syncChoices() {
    for (const button of document.querySelectorAll("[data-choice]")) {
      const value = boot.prefs[button.dataset.choice];
      button.setAttribute("aria-pressed", String(String(value) === button.dataset.value));
    }
    const select = document.getElementById("lang-select");
    if (select) select.value = boot.prefs.lang;
    const fourColor = document.getElementById("four-color");
    if (fourColor) fourColor.checked = boot.prefs.fourColor;
    document.body.classList.toggle("four-color", boot.prefs.fourColor);
    const startScreen = document.getElementById("start-screen");
    if (startScreen && !startScreen.hidden) {
      // The start screen shows the chosen game's settings, and "Continue" when it has a save.
      document.body.dataset.game = boot.prefs.game;
      document.getElementById("resume").hidden = !localStorage.getItem(saveKey(boot.prefs.game));
    }
  }

  // Real progress: count the bytes of the large downloads as Pyodide fetches them (the sizes
  // come from the build's precache list), then mark the start-up steps PyScript reports.
  function watchDownloads() {
    const expected = {};
    let total = 0;
    let received = 0;
    const originalFetch = window.fetch.bind(window);
    fetch("./precache.json")
      .then((response) => response.json())
      .then((list) => {
        for (const file of list.files) {
          if (/\.(wasm|zip|whl)$|pyodide\.asm\.mjs$/.test(file.url)) {
            expected[new URL(file.url, location.href).pathname] = file.bytes;
            total += file.bytes;
          }
        }
      })
      .catch(() => {});
    window.fetch = async function (input, init) {
      const response = await originalFetch(input, init);
      const path = new URL(typeof input === "string" ? input : input.url, location.href).pathname;
      if (path in expected && response.body) {
        const reader = response.clone().body.getReader();
        (async () => {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            received += value.length;
            if (total && received < total) {
              const percent = Math.round((100 * received) / total);
              boot.progress((0.85 * received) / total, boot.t("loading.download", { percent }));
            } else if (total) {
              boot.progress(0.9, boot.t("loading.python"));
            }
          }
        })().catch(() => {});
      }
      return response;
    };
  }

  function onClick(event) {
    const choice = event.target.closest("[data-choice]");
    if (choice) {
      const key = choice.dataset.choice;
      if (key === "lang") {
        boot.setLanguage(choice.dataset.value).then(() => boot.savePrefs());
        return;
      }
      const numeric = key === "target" || key === "opponents";
      boot.prefs[key] = numeric ? Number(choice.dataset.value) : choice.dataset.value;
      boot.savePrefs();
      syncChoices();
      return;
    }
    const action = event.target.closest("[data-action]");
    if (!action) return;
    const name = action.dataset.action;
    if (name === "show-rules") boot.showRules();
    else if (name === "close-sheet") boot.closeSheet();
    else if ((name === "start" || name === "resume") && !boot.python) {
      boot.pendingStart = name;
      boot.notice(boot.t("loading.queued"));
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    syncChoices();
    if (localStorage.getItem(saveKey(boot.prefs.game))) {
      // A game to resume: show its table's skeleton, not the start screen, while Python starts.
      document.getElementById("start-screen").hidden = true;
      document.getElementById(boot.prefs.game === "basic" ? "basic-table" : "table").hidden = false;
    }
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !document.getElementById("sheet").hidden) boot.closeSheet();
    });
    document.getElementById("lang-select").addEventListener("change", (event) => {
      boot.setLanguage(event.target.value).then(() => boot.savePrefs());
    });
    document.getElementById("four-color").addEventListener("change", (event) => {
      boot.prefs.fourColor = event.target.checked;
      boot.savePrefs();
      syncChoices();
      if (boot.python) boot.python.render();
    });
    boot.setLanguage(boot.prefs.lang).then(() => {
      if (document.body.dataset.phase === "loading") {
        boot.progress(0.02, boot.t("loading.download", { percent: 0 }));
      }
    });
  });
  window.addEventListener("error", (event) => {
    if (document.body && document.body.dataset.phase === "loading") {
      boot.notice(boot.t("loading.failed", { detail: event.message || "error" }));
    }
  });
})();
