// What every page shares: the language menu applies itself when changed (without JavaScript its
// Apply button does), the colour theme: the system's, or the one the player chose with the toggle,
// and on phones the site menu folded behind one button (without JavaScript it stays open).

const THEME_KEY = "theme";

for (const select of document.querySelectorAll("select[data-autosubmit]")) {
  select.addEventListener("change", () => select.form.submit());
}

// the skip link lands where the keys work: on a board, its current cell (the frame around it takes no keys)
const skipLink = document.querySelector(".skip-link");
if (skipLink) {
  skipLink.addEventListener("click", (event) => {
    const target = document.querySelector(skipLink.getAttribute("href"));
    const cell = target && target.querySelector('.cell[tabindex="0"]');
    if (!cell) return;
    event.preventDefault();
    cell.focus();
  });
}

// the palette (classic, or colour-blind safe): the player's choice, remembered by the browser, on every page
const PALETTE_KEY = "palette";
const PALETTES = ["colour-blind"];

function applyPalette(palette) {
  if (PALETTES.includes(palette)) document.documentElement.dataset.palette = palette;
  else delete document.documentElement.dataset.palette;
}

function storedPalette() {
  try {
    return localStorage.getItem(PALETTE_KEY);
  } catch {
    return null;
  }
}

applyPalette(storedPalette());
for (const select of document.querySelectorAll("select[data-palette-choice]")) {
  select.value = storedPalette() || "";
  select.addEventListener("change", () => {
    try {
      if (select.value) localStorage.setItem(PALETTE_KEY, select.value);
      else localStorage.removeItem(PALETTE_KEY);
    } catch {
      // private browsing: the choice lasts for this page only
    }
    applyPalette(select.value);
  });
}

function storedTheme() {
  try {
    return localStorage.getItem(THEME_KEY);
  } catch {
    return null;
  }
}

// the browser's bar colour (theme-color) for each scheme, as the page's <meta> tags say it
const THEME_COLORS = [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => ({
  meta,
  media: meta.getAttribute("media"),
  dark: (meta.getAttribute("media") || "").includes("dark"),
}));
const COLOR_OF = Object.fromEntries(THEME_COLORS.map(({ meta, dark }) => [dark ? "dark" : "light", meta.content]));

function applyTheme(theme) {
  const root = document.documentElement;
  if (theme === "dark" || theme === "light") root.dataset.theme = theme;
  else delete root.dataset.theme;
  // a theme the player chose colours the browser's bar too, whatever the system's scheme
  for (const { meta, media, dark } of THEME_COLORS) {
    if (theme === "dark" || theme === "light") {
      meta.removeAttribute("media");
      meta.content = COLOR_OF[theme] || meta.content;
    } else if (media) {
      meta.setAttribute("media", media);
      meta.content = COLOR_OF[dark ? "dark" : "light"] || meta.content;
    }
  }
  const dark = theme ? theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  for (const toggle of document.querySelectorAll('[data-action="theme"]')) {
    toggle.setAttribute("aria-pressed", String(dark));
  }
}

applyTheme(storedTheme());
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => applyTheme(storedTheme()));
for (const toggle of document.querySelectorAll('[data-action="theme"]')) {
  toggle.hidden = false;
  toggle.addEventListener("click", () => {
    const dark = toggle.getAttribute("aria-pressed") !== "true";
    try {
      localStorage.setItem(THEME_KEY, dark ? "dark" : "light");
    } catch {
      // private browsing: the choice lasts for this page only
    }
    applyTheme(dark ? "dark" : "light");
  });
}

const menuToggle = document.querySelector('[data-action="site-menu"]');
const siteMenu = document.querySelector('[data-role="site-menu"]');
if (menuToggle && siteMenu) {
  document.documentElement.classList.add("menu-ready");
  menuToggle.hidden = false;
  menuToggle.addEventListener("click", () => {
    const open = menuToggle.getAttribute("aria-expanded") !== "true";
    menuToggle.setAttribute("aria-expanded", String(open));
    siteMenu.dataset.open = String(open);
  });
}

// Installable: the service worker (its address on the manifest link, which only pages with the site's header
// have) keeps the static files and a page to show when the server cannot be reached; it is told this page's
// language so that the page it keeps speaks it.  Without service workers (or when registering fails, e.g.
// offline) the site works as before.
const manifestLink = document.querySelector('link[rel="manifest"][data-service-worker]');
if (manifestLink && "serviceWorker" in navigator) {
  const registerWorker = () => {
    navigator.serviceWorker.register(manifestLink.dataset.serviceWorker).catch(() => {});
    navigator.serviceWorker.ready.then((registration) => {
      registration.active?.postMessage({ offlineLanguage: document.documentElement.lang });
    });
  };
  if (document.readyState === "complete") registerWorker();
  else addEventListener("load", registerWorker, { once: true });
}
