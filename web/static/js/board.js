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
  cellChance: "%(cell)s, covered, mine chance %(percent)s",
  cellChanceSafest: "%(cell)s, covered, mine chance %(percent)s, safest",
  safestOne: "Safest cell (%(percent)s chance of a mine): %(cells)s",
  safestMany: "Safest cells (%(percent)s chance of a mine): %(cells)s",
  safestMore: "%(count)s more",
  chanceKey: "Mine chance:",
};

const CHIP_CLEARANCE = 2; // px between an overlay chip and its cell's edge, at least
const SAFEST_NAMED = 5; // the note names at most this many safest cells (else 4 and "N more")

// the overlay's colour for a mine chance ``p``, on a square-root scale so that low risks differ: a hue from green
// to red, or (the colour-blind palette) a mix from dark blue to light orange
function paintRisk(element, p) {
  element.style.setProperty("--hue", String(Math.round(120 - 120 * Math.sqrt(p))));
  element.style.setProperty("--risk", String(Math.sqrt(p)));
}

// the chances the overlay's key shows
const KEY_STEPS = [0, 0.05, 0.2, 0.5, 1];

export class BoardView {
  constructor(element, texts = {}) {
    this.element = element;
    this.texts = { ...ENGLISH, ...texts };
    this.onHighlights = null; // called with the roles now on show (the legend follows them)
    this.height = 0;
    this.width = 0;
    this.cells = [];
    this.cursor = { row: 0, col: 0 };
    // the overlay's chips are measured again whenever the board's size changes
    this.chipWatch = typeof ResizeObserver === "function" ? new ResizeObserver(() => this.fitChips()) : null;
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

  // The cell size that fits ``width`` x ``height`` pixels, between ``least`` and ``most``, with
  // ``gap`` pixels between cells and the labels' row and column ``axisSize`` pixels wide (else 0.6 cell,
  // see .board --axis).
  fit(width, height, least, most, gap = 2, axisSize = null) {
    const across = axisSize ? (width - gap * this.width - axisSize) / this.width : (width - gap * this.width) / (this.width + 0.6);
    const down = axisSize ? (height - gap * this.height - axisSize) / this.height : (height - gap * this.height) / (this.height + 0.6);
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
    this.markSatisfied(game);
    this.element.dataset.gameState = game.state;
    this.element.dataset.gameId = game.id;
  }

  // a number with as many flags around it as it counts (the player's flags): shown dimmed when the player
  // chose it (the board's data-dim-satisfied), so that the numbers still at work stand out
  markSatisfied(game) {
    const rows = game.board;
    for (let row = 0; row < game.height; row += 1) {
      for (let col = 0; col < game.width; col += 1) {
        const symbol = rows[row][col];
        let satisfied = false;
        if (symbol >= "1" && symbol <= "8") {
          let flags = 0;
          for (let dr = -1; dr <= 1; dr += 1) {
            for (let dc = -1; dc <= 1; dc += 1) {
              const line = rows[row + dr];
              if ((dr || dc) && line && line[col + dc] === "F") flags += 1;
            }
          }
          satisfied = flags === Number(symbol);
        }
        setFlag(this.cells[row * game.width + col], "satisfied", satisfied ? "true" : null);
      }
    }
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
    delete cell.dataset.safest;
    cell.removeAttribute("title");
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

  // The probability overlay: each covered cell's mine chance as a chip (small cells: its colour, and the
  // percentage as a tooltip), the safest cells marked (data-safest); the cell's name says both.
  setOverlay(overlay) {
    this.element.classList.toggle("with-overlay", Boolean(overlay));
    if (this.chipWatch) this.chipWatch.disconnect();
    delete this.element.dataset.chips;
    for (const cell of this.cells) {
      const label = cell.querySelector(".prob");
      if (label) label.remove();
      if (cell.dataset.probability !== undefined) {
        const name = cellName(Number(cell.dataset.row), Number(cell.dataset.col));
        cell.setAttribute("aria-label", format(this.texts.cellCovered, { cell: name }));
      }
      delete cell.dataset.probability;
      delete cell.dataset.safest;
      cell.removeAttribute("title");
      cell.style.removeProperty("--p");
    }
    this.showKey(Boolean(overlay));
    if (!overlay) return;
    const safest = new Set(safestCells(overlay).map(([row, col]) => row * this.width + col));
    overlay.probabilities.forEach((values, row) => {
      values.forEach((p, col) => {
        const cell = this.cell(row, col);
        if (p === null || !cell || cell.dataset.state !== "covered") return;
        const percent = overlay.percent[row][col];
        const isSafest = safest.has(row * this.width + col);
        cell.dataset.probability = String(p);
        if (isSafest) cell.dataset.safest = "true";
        cell.style.setProperty("--p", String(p));
        paintRisk(cell, p);
        // the visible percentage is part of the name (WCAG 2.5.3 Label in Name)
        const text = isSafest ? this.texts.cellChanceSafest : this.texts.cellChance;
        cell.setAttribute("aria-label", format(text, { cell: cellName(row, col), percent }));
        cell.title = percent;
        const label = document.createElement("span");
        label.className = "prob";
        label.textContent = percent;
        cell.append(label);
      });
    });
    this.fitChips();
    if (this.chipWatch) this.chipWatch.observe(this.element);
  }

  // The overlay's key below the board: what its colours mean, on the same scale (shown with the overlay only)
  showKey(on) {
    const wrap = this.element.closest(".board-wrap") || this.element;
    let key = wrap.nextElementSibling && wrap.nextElementSibling.matches(".prob-key") ? wrap.nextElementSibling : null;
    if (!on || !this.texts.chanceKey) {
      if (key) key.hidden = true;
      return;
    }
    if (!key) {
      key = document.createElement("p");
      key.className = "prob-key";
      key.dataset.role = "prob-key";
      const percent = new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "percent" });
      const label = document.createElement("span");
      label.textContent = this.texts.chanceKey;
      key.append(label);
      for (const p of KEY_STEPS) {
        const swatch = document.createElement("span");
        swatch.className = "prob-swatch";
        swatch.dataset.risk = String(p);
        paintRisk(swatch, p);
        const text = document.createElement("span");
        text.textContent = percent.format(p);
        swatch.append(text);
        key.append(swatch);
      }
      wrap.after(key);
    }
    key.hidden = false;
  }

  // Every chip shown when each one clears its cell's edge by CHIP_CLEARANCE px, else none (the colours and
  // the tooltips remain): one rule for the whole board, so that no cell lacks what its neighbours show.
  fitChips() {
    const labels = this.element.querySelectorAll(".cell .prob");
    if (!labels.length) return;
    const fits = [...labels].every((label) => {
      const cell = label.parentElement;
      const room = 2 * CHIP_CLEARANCE;
      return label.offsetWidth <= cell.clientWidth - room && label.offsetHeight <= cell.clientHeight - room;
    });
    this.element.dataset.chips = fits ? "shown" : "hidden";
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

// the overlay's safest cells ([row, col] pairs; none when no cell has a known chance)
function safestCells(overlay) {
  const safest = overlay && overlay.safest;
  return safest && safest.percent !== null ? safest.cells : [];
}

// The note under the overlay: "Safest cells (15% chance of a mine): A1, C3, and F4", at most SAFEST_NAMED
// entries ("A1, B1, C1, D1, and 7 more"); null when no cell has a known chance.  ``langTag`` joins the
// names as the page's language lists things.
export function safestNote(overlay, texts, langTag) {
  const cells = safestCells(overlay);
  if (!cells.length) return null;
  const all = { ...ENGLISH, ...texts };
  let names = cells.map(([row, col]) => cellName(row, col));
  if (names.length > SAFEST_NAMED) {
    const more = names.length - (SAFEST_NAMED - 1);
    const count = new Intl.NumberFormat(langTag).format(more);
    names = [...names.slice(0, SAFEST_NAMED - 1), format(all.safestMore, { count })];
  }
  const list = new Intl.ListFormat(langTag, { type: "conjunction" }).format(names);
  return format(cells.length === 1 ? all.safestOne : all.safestMany, { percent: overlay.safest.percent, cells: list });
}

function setFlag(element, key, value) {
  if (value === null) delete element.dataset[key];
  else element.dataset[key] = value;
}
