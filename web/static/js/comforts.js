// Comforts a classic player expects: a zoom for the board's cells that the browser remembers, and
// optional question marks (off by default), kept by the browser for each game.  A question mark is the
// player's note only: the server never sees it.

const ZOOM_KEY = "board-zoom";
const ZOOMS = [0.6, 0.75, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2];
const MARKS_KEY = "question-marks";
const DIM_KEY = "dim-satisfied";

// a choice of the player's that the browser remembers (null: none)
export function storedChoice(key) {
  return stored(key);
}

export function storeChoice(key, value) {
  store(key, value);
}

// The option to dim the numbers whose mines are all flagged, remembered by the browser; ``board`` is the
// board's element, which carries it for the style sheet.
export class DimSatisfied {
  constructor(board) {
    this.board = board;
    this.apply();
  }

  get enabled() {
    return stored(DIM_KEY) === "on";
  }

  set enabled(on) {
    store(DIM_KEY, on ? "on" : null);
    this.apply();
  }

  apply() {
    if (this.enabled) this.board.dataset.dimSatisfied = "true";
    else delete this.board.dataset.dimSatisfied;
  }
}

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // private browsing: nothing is remembered
  }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private browsing: the choice lasts for this page only
  }
}

import { cellName, format } from "./cells.js";

// The board's zoom: a factor on the cell size that fits the window; ``onChange`` redraws.
export class Zoom {
  constructor(onChange) {
    const saved = Number(stored(ZOOM_KEY));
    this.index = ZOOMS.includes(saved) ? ZOOMS.indexOf(saved) : ZOOMS.indexOf(1);
    this.onChange = onChange;
  }

  get factor() {
    return ZOOMS[this.index];
  }

  step(direction) {
    const next = Math.min(ZOOMS.length - 1, Math.max(0, this.index + direction));
    if (next === this.index) return;
    this.index = next;
    store(ZOOM_KEY, String(this.factor));
    this.onChange(this.factor);
  }
}

// Question marks: with the option on, a right click (or long press) cycles a covered cell through
// flag, question mark and nothing.
export class Marks {
  constructor(board, texts) {
    this.board = board;
    this.texts = texts;
    this.gameId = null;
    this.cells = new Set();
  }

  get enabled() {
    return stored(MARKS_KEY) === "on";
  }

  set enabled(on) {
    store(MARKS_KEY, on ? "on" : null);
    if (!on) this.clear();
  }

  // the game on the board: its marks as the browser kept them, none on a cell no longer covered
  sync(game) {
    if (game.id !== this.gameId) {
      this.gameId = game.id;
      let saved = [];
      try {
        saved = JSON.parse(stored(`marks:${game.id}`) || "[]");
      } catch {
        saved = [];
      }
      this.cells = new Set(Array.isArray(saved) ? saved.filter(Number.isInteger) : []);
    }
    for (const index of [...this.cells]) {
      const row = Math.floor(index / game.width);
      if (game.board[row] === undefined || game.board[row][index % game.width] !== "?") this.cells.delete(index);
    }
    this.save();
    this.draw();
  }

  has(row, col) {
    return this.cells.has(row * this.board.width + col);
  }

  set(row, col, on) {
    const index = row * this.board.width + col;
    if (on) this.cells.add(index);
    else this.cells.delete(index);
    this.save();
    this.draw();
  }

  clear() {
    this.cells.clear();
    this.save();
    this.draw();
  }

  save() {
    if (this.gameId) store(`marks:${this.gameId}`, this.cells.size ? JSON.stringify([...this.cells]) : null);
  }

  draw() {
    this.board.cells.forEach((cell, index) => {
      const marked = this.cells.has(index) && cell.dataset.state === "covered";
      if (!marked && !cell.dataset.mark) return;
      const name = cellName(Number(cell.dataset.row), Number(cell.dataset.col));
      if (marked) {
        cell.dataset.mark = "question";
        cell.setAttribute("aria-label", format(this.texts.cellQuestion, { cell: name }));
        return;
      }
      delete cell.dataset.mark;
      if (cell.dataset.state === "covered") cell.setAttribute("aria-label", format(this.texts.cellCovered, { cell: name }));
    });
  }
}
