// What every page shares: the language menu applies itself when changed (without JavaScript its
// Apply button does), and the colour theme: the system's, or the one the player chose with the toggle.

const THEME_KEY = "theme";

for (const select of document.querySelectorAll("select[data-autosubmit]")) {
  select.addEventListener("change", () => select.form.submit());
}

function storedTheme() {
  try {
    return localStorage.getItem(THEME_KEY);
  } catch {
    return null;
  }
}

function applyTheme(theme) {
  const root = document.documentElement;
  if (theme === "dark" || theme === "light") root.dataset.theme = theme;
  else delete root.dataset.theme;
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
