// How touch plays the board, as the player chose it (the browser remembers): the scheme (a tap opens and a long
// press flags; a tap flags and a long press opens; or a button on the board's toolbar switches what a tap does),
// how long a long press lasts, and the toggle's flag mode.  A tap on an open number opens its neighbours (a chord)
// in every scheme.  The board's input (``input.js``) asks ``tapAction`` and ``longPressAction``.

import { storedChoice, storeChoice } from "./comforts.js";

export const SCHEMES = ["long-press-flags", "tap-flags", "toggle"];
const DEFAULT_SCHEME = "long-press-flags";
const DEFAULT_PRESS = 450; // (the game page offers its choices: ``web.pages.game.LONG_PRESS_TIMES``)
const PRESS_RANGE = [150, 1500];
const SCHEME_KEY = "touch-scheme";
const PRESS_KEY = "long-press-ms";

export const touch = {
  flagMode: false, // the toggle scheme: taps flag while its button is pressed (this page only)

  get scheme() {
    const value = storedChoice(SCHEME_KEY);
    return SCHEMES.includes(value) ? value : DEFAULT_SCHEME;
  },

  set scheme(value) {
    storeChoice(SCHEME_KEY, value === DEFAULT_SCHEME || !SCHEMES.includes(value) ? null : value);
    if (value !== "toggle") this.flagMode = false;
    showTouchHelp();
  },

  get pressMs() {
    const value = Number(storedChoice(PRESS_KEY));
    return value >= PRESS_RANGE[0] && value <= PRESS_RANGE[1] ? value : DEFAULT_PRESS;
  },

  set pressMs(value) {
    const valid = value >= PRESS_RANGE[0] && value <= PRESS_RANGE[1];
    storeChoice(PRESS_KEY, value === DEFAULT_PRESS || !valid ? null : String(value));
  },

  // what a tap on a covered cell does: "open" or "flag"
  tapAction() {
    return this.scheme === "tap-flags" || (this.scheme === "toggle" && this.flagMode) ? "flag" : "open";
  },

  longPressAction() {
    return this.tapAction() === "open" ? "flag" : "open";
  },
};

// the touch help says how the chosen scheme plays (one paragraph per scheme in the page)
export function showTouchHelp() {
  for (const help of document.querySelectorAll("[data-touch-help]")) {
    help.hidden = help.dataset.touchHelp !== touch.scheme;
  }
}

showTouchHelp();
