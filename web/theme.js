// The theme chosen in the settings ("system", "light" or "dark") and large print, applied before
// the first paint: a classic script at the top of <body>, as the DOM layer starts later. It puts
// body.theme-light or body.theme-dark (styles.css holds each theme's colours); "system" follows
// the browser's prefers-color-scheme, also when it changes. Large print puts html.large-print
// (styles.css scales cards, tiles and text by it), on <html> so that every rem grows with it.
// The DOM layer calls window.rummyTheme again when the person chooses, and sets large print
// itself (prefs.sync_choices).
(() => {
  const FELT = { light: "#d6e8cf", dark: "#0b5d3b" }; // the browser's bar: the table's felt
  const systemLight = window.matchMedia("(prefers-color-scheme: light)");
  let chosen = "system";

  function apply() {
    const theme = chosen === "light" || chosen === "dark" ? chosen : systemLight.matches ? "light" : "dark";
    document.body.classList.toggle("theme-light", theme === "light");
    document.body.classList.toggle("theme-dark", theme === "dark");
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.content = FELT[theme];
  }

  function stored() {
    try {
      const prefs = JSON.parse(localStorage.getItem("rummy-table/prefs") || "{}"); // prefs.KEY
      return prefs && typeof prefs === "object" ? prefs : {};
    } catch (error) {
      return {}; // storage disabled or unreadable: the DOM layer says so when it saves
    }
  }

  window.rummyTheme = (choice) => {
    chosen = choice;
    apply();
  };
  systemLight.addEventListener("change", apply);
  const prefs = stored();
  window.rummyTheme(prefs.theme);
  document.documentElement.classList.toggle("large-print", prefs.largePrint === true);
})();
