// The board: one element per cell with stable data hooks
// (data-row, data-col, data-state = covered | flagged | revealed | mine, data-highlight = roles),
// laid out as an ARIA grid: rows of cells, each named for a screen reader ("C5, covered", "C5, 2").

import { cellName, columnLetters, format } from "./cells.js";

const ENGLISH = {
  cellCovered: "%(cell)s, covered",
  cellFlagged: "%(cell)s, flagged",
  cellNumber: "%(cell)s, %(number)s",
  cellEmpty: "%(cell)s, empty",
  cellMine: "%(cell)s, mine",
  cellExploded: "%(cell)s, exploded mine",
  cellWrongFlag: "%(cell)s, wrong flag",
};

export class BoardView {
  constructor(element, texts = {}) {
    this.element = element;
    this.texts = { ...ENGLISH, ...texts };
    this.onHighlights = null; // called with the roles now on show (the legend follows them)
    this.height = 0;
    this.width = 0;
    this.cells = [];
    this.cursor = { row: 0, col: 0 };
  }

  cell(row, col) {
    if (row < 0 || col < 0 || row >= this.height || col >= this.width) return null;
    return this.cells[row * this.width + col];
  }

  build(height, width) {
    this.height = height;
    this.width = width;
    this.cells = [];
    const rows = [];
    const header = document.createElement("div");
    header.className = "grid-row";
    header.setAttribute("role", "row");
    const corner = document.createElement("span");
    corner.className = "axis corner";
    corner.setAttribute("role", "presentation");
    header.append(corner);
    for (let col = 0; col < width; col += 1) {
      const label = document.createElement("span");
      label.className = "axis column";
      label.setAttribute("role", "columnheader");
      label.textContent = columnLetters(col);
      header.append(label);
    }
    rows.push(header);
    for (let row = 0; row < height; row += 1) {
      const line = document.createElement("div");
      line.className = "grid-row";
      line.setAttribute("role", "row");
      const label = document.createElement("span");
      label.className = "axis row";
      label.setAttribute("role", "rowheader");
      label.textContent = String(row + 1);
      line.append(label);
      for (let col = 0; col < width; col += 1) {
        const cell = document.createElement("button");
        cell.type = "button";
        cell.className = "cell";
        cell.tabIndex = -1;
        cell.setAttribute("role", "gridcell");
        cell.dataset.row = String(row);
        cell.dataset.col = String(col);
        cell.dataset.state = "covered";
        cell.setAttribute("aria-label", format(this.texts.cellCovered, { cell: cellName(row, col) }));
        this.cells.push(cell);
        line.append(cell);
      }
      rows.push(line);
    }
    this.element.style.setProperty("--columns", String(width));
    this.element.setAttribute("aria-rowcount", String(height + 1));
    this.element.setAttribute("aria-colcount", String(width + 1));
    this.element.replaceChildren(...rows);
    this.cursor = { row: Math.floor(height / 2), col: Math.floor(width / 2) };
    this.markCursor();
  }

  // The cell size that fits ``width`` x ``height`` pixels, between ``least`` and ``most``.
  fit(width, height, least, most) {
    const axis = 0.6; // the labels' row and column, in cells (see .board --axis)
    const gap = 2;
    const across = (width - gap * this.width) / (this.width + axis);
    const down = (height - gap * this.height) / (this.height + axis);
    const size = Math.floor(Math.max(least, Math.min(most, across, down)));
    this.element.style.setProperty("--cell", `${size}px`);
    return size;
  }

  render(game) {
    if (game.height !== this.height || game.width !== this.width) this.build(game.height, game.width);
    const end = game.end || null;
    const mines = new Set(end ? end.mines.map(([r, c]) => r * game.width + c) : []);
    const wrong = new Set((end ? end.wrong_flags : game.wrong_flags).map(([r, c]) => r * game.width + c));
    const exploded = end && end.exploded ? end.exploded[0] * game.width + end.exploded[1] : -1;
    // mine vision: the mines under the covered cells, and where the last forgiving save took mines from
    const vision = game.vision || null;
    const seen = new Set(vision ? vision.mines.map(([r, c]) => r * game.width + c) : []);
    const last = vision && vision.moved.length ? vision.moved[vision.moved.length - 1] : null;
    const movedFrom = new Set(last ? last.from.map(([r, c]) => r * game.width + c) : []);
    game.board.forEach((line, row) => {
      for (let col = 0; col < line.length; col += 1) {
        const index = row * game.width + col;
        const cell = this.cells[index];
        this.paint(cell, line[col], mines.has(index), wrong.has(index), index === exploded);
        const covered = cell.dataset.state === "covered" || cell.dataset.state === "flagged";
        let mark = null;
        if (covered && seen.has(index)) mark = "mine";
        else if (covered && movedFrom.has(index)) mark = "moved-from";
        setFlag(cell, "vision", mark);
      }
    });
    this.element.dataset.gameState = game.state;
    this.element.dataset.gameId = game.id;
  }

  paint(cell, symbol, isMine, wrongFlag, exploded) {
    let state = "covered";
    let text = "";
    if (symbol === "F") state = "flagged";
    else if (symbol !== "?") {
      state = "revealed";
      text = symbol === "." || symbol === "0" ? "" : symbol;
    }
    const flaggedMine = isMine && state === "flagged";
    if (isMine && state !== "revealed") state = "mine";
    cell.dataset.state = state;
    cell.textContent = text;
    const name = cellName(Number(cell.dataset.row), Number(cell.dataset.col));
    let label = this.texts.cellCovered;
    if (exploded) label = this.texts.cellExploded;
    else if (wrongFlag) label = this.texts.cellWrongFlag;
    else if (state === "flagged" || flaggedMine) label = this.texts.cellFlagged;
    else if (state === "mine") label = this.texts.cellMine;
    else if (state === "revealed") label = text ? this.texts.cellNumber : this.texts.cellEmpty;
    cell.setAttribute("aria-label", format(label, { cell: name, number: text }));
    setFlag(cell, "number", state === "revealed" ? (text || "0") : null);
    setFlag(cell, "wrongFlag", wrongFlag ? "true" : null);
    setFlag(cell, "flaggedMine", flaggedMine ? "true" : null);
    setFlag(cell, "exploded", exploded ? "true" : null);
    delete cell.dataset.probability;
    cell.style.removeProperty("--p");
  }

  setHighlights(highlights) {
    for (const cell of this.cells) delete cell.dataset.highlight;
    for (const { cell: [row, col], roles } of highlights) {
      const element = this.cell(row, col);
      if (element && roles.length) element.dataset.highlight = roles.join(" ");
    }
    this.changed();
  }

  // cells the game opened for the player (assist mode)
  markAssisted(cells) {
    for (const cell of this.cells) delete cell.dataset.assisted;
    for (const [row, col] of cells) {
      const element = this.cell(row, col);
      if (element) element.dataset.assisted = "true";
    }
    this.changed();
  }

  // the roles on show (highlights, the assisted mark, wrong flags), for the legend
  rolesInView() {
    const roles = new Set();
    for (const cell of this.cells) {
      if (cell.dataset.highlight) for (const role of cell.dataset.highlight.split(" ")) roles.add(role);
      if (cell.dataset.assisted) roles.add("assisted");
      if (cell.dataset.wrongFlag) roles.add("wrong-flag");
    }
    return roles;
  }

  changed() {
    if (this.onHighlights) this.onHighlights(this.rolesInView());
  }

  setOverlay(overlay) {
    this.element.classList.toggle("with-overlay", Boolean(overlay));
    for (const cell of this.cells) {
      const label = cell.querySelector(".prob");
      if (label) label.remove();
      delete cell.dataset.probability;
      cell.style.removeProperty("--p");
    }
    if (!overlay) return;
    overlay.probabilities.forEach((values, row) => {
      values.forEach((p, col) => {
        const cell = this.cell(row, col);
        if (p === null || !cell || cell.dataset.state !== "covered") return;
        cell.dataset.probability = String(p);
        cell.style.setProperty("--p", String(p));
        cell.style.setProperty("--hue", String(Math.round(120 - 120 * Math.sqrt(p))));
        const label = document.createElement("span");
        label.className = "prob";
        label.textContent = overlay.percent[row][col];
        cell.append(label);
      });
    });
  }

  // -- the keyboard cursor ------------------------------------------------------------
  moveCursor(dRow, dCol) {
    const row = Math.min(this.height - 1, Math.max(0, this.cursor.row + dRow));
    const col = Math.min(this.width - 1, Math.max(0, this.cursor.col + dCol));
    this.setCursor(row, col);
  }

  setCursor(row, col) {
    this.cursor = { row, col };
    this.markCursor();
    const cell = this.cell(row, col);
    if (cell && this.element.contains(document.activeElement)) cell.focus({ preventScroll: false });
  }

  markCursor() {
    for (const cell of this.cells) {
      cell.tabIndex = -1;
      delete cell.dataset.cursor;
    }
    const cell = this.cell(this.cursor.row, this.cursor.col);
    if (cell) {
      cell.tabIndex = 0;
      cell.dataset.cursor = "true";
    }
  }
}

function setFlag(element, key, value) {
  if (value === null) delete element.dataset[key];
  else element.dataset[key] = value;
}
