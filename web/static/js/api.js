// The JSON API, as promises.  Every failure becomes an ApiFailure with the server's message.

export class ApiFailure extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

// The session's CSRF token: from the page, then from each reply (it changes when the session does).
let csrfToken = document.querySelector('meta[name="csrf-token"]')?.content || "";

// A file's bytes as base64 text (for a JSON body): a replay video, a board file.
export async function base64Of(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

// A replay video of Arbiter, Viennasweeper, Metasweeper or Minesweeper Clone, by its file name.
export const VIDEO_FILE = /\.(avf|rmv|evf|mvf)$/i;

export async function call(method, url, body) {
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (method !== "GET" && csrfToken) options.headers["X-CSRF-Token"] = csrfToken;
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (error) {
    throw new ApiFailure(String(error.message || error), 0);
  }
  csrfToken = response.headers.get("X-CSRF-Token") || csrfToken;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiFailure((data && data.error) || response.statusText, response.status);
  }
  return data;
}

export class Api {
  constructor(root, language) {
    this.root = root; // e.g. "/api/games"
    this.language = language;
  }

  game(id, suffix = "") {
    return `${this.root}/${encodeURIComponent(id)}${suffix}`;
  }

  withLanguage(url) {
    return `${url}?lang=${encodeURIComponent(this.language)}`;
  }

  create(settings) {
    return call("POST", this.root, settings);
  }

  get(id) {
    return call("GET", this.game(id));
  }

  move(id, action, row, col) {
    return call("POST", this.withLanguage(this.game(id, `/${action}`)), { row, col });
  }

  importReplay(data) {
    return call("POST", this.withLanguage(`${this.root.replace(/\/games$/, "")}/replays`), data);
  }

  undo(id) {
    return call("POST", this.game(id, "/undo"), {});
  }

  accept(id) {
    return call("POST", this.game(id, "/accept"), {});
  }

  replay(id) {
    return call("POST", this.game(id, "/replay"), {});
  }

  bot(id) {
    return call("POST", this.withLanguage(this.game(id, "/bot")), {});
  }

  hint(id) {
    return call("GET", this.withLanguage(this.game(id, "/hint")));
  }

  probabilities(id) {
    return call("GET", this.withLanguage(this.game(id, "/probabilities")));
  }

  // every move the steps at or below ``level`` (simple, pair) decide, played as the bot
  autopilot(id, level) {
    return call("POST", this.withLanguage(this.game(id, "/autopilot")), { level });
  }

  vision(id, on) {
    return call("POST", this.withLanguage(this.game(id, "/vision")), { on });
  }
}
