import { format } from "./cells.js";

// What a practice board and a run's board share: the board state to draw from a puzzle's rows, the mines-left
// counter above it, the player's marks (open or flag) on covered cells, and several steps' highlights merged.

// A puzzle's rows as a board to draw.
export function boardState(id, height, width, lines) {
  return { id, height, width, board: lines, state: "playing", wrong_flags: [] };
}

// The mines left to find on a board (its mine count less its flags), shown above it when the board has a mine
// count: the mine-count and endgame steps read it.
export function showMinesLeft(counter, mines, lines) {
  if (!counter) return;
  counter.hidden = mines === null || mines === undefined;
  if (counter.hidden) return;
  const flags = lines.reduce((count, line) => count + [...line].filter((cell) => cell === "F").length, 0);
  counter.querySelector("output").textContent = String(mines - flags);
}

// The player's answer on a puzzle's board: each covered cell marked to open or to flag (marking it again the same
// way takes the mark back), drawn as the cell's data-answer.
export class AnswerMarks {
  constructor(board) {
    this.board = board;
    this.puzzle = null;
    this.marks = new Map(); // cell index -> "open" | "flag"
  }

  reset(puzzle) {
    this.puzzle = puzzle;
    this.clear();
  }

  // Mark a covered cell; false when the cell is not one (a number, an open cell).
  mark(row, col, kind) {
    if (!this.puzzle || this.puzzle.board[row][col] !== "?") return false;
    const index = row * this.puzzle.width + col;
    if (this.marks.get(index) === kind) this.marks.delete(index);
    else this.marks.set(index, kind);
    const cell = this.board.cell(row, col);
    if (this.marks.has(index)) cell.dataset.answer = this.marks.get(index);
    else delete cell.dataset.answer;
    return true;
  }

  clear() {
    this.marks.clear();
    for (const cell of this.board.cells) {
      delete cell.dataset.answer;
      delete cell.dataset.wrongAnswer;
      delete cell.dataset.verdict;
    }
  }

  get size() {
    return this.marks.size;
  }

  // The answer as the API takes it: {opened: [[row, col], ...], flagged: [...]}
  answer() {
    const opened = [];
    const flagged = [];
    for (const [index, kind] of this.marks) {
      const cell = [Math.floor(index / this.puzzle.width), index % this.puzzle.width];
      (kind === "open" ? opened : flagged).push(cell);
    }
    return { opened, flagged };
  }
}

// Highlights of several steps on one board: each cell once, with every role it has in any of them.
export function mergeHighlights(highlights) {
  const byCell = new Map();
  for (const { cell, roles } of highlights) {
    const key = cell.join(",");
    const found = byCell.get(key) || { cell, roles: [] };
    for (const role of roles) if (!found.roles.includes(role)) found.roles.push(role);
    byCell.set(key, found);
  }
  return [...byCell.values()];
}

// Each cell's verdict on the board (right, wrong, missed), a wrong cell marked as such.
export function showCellVerdicts(board, cells) {
  for (const { cell, verdict } of cells) {
    const element = board.cell(...cell);
    element.dataset.verdict = verdict;
    if (verdict === "wrong") element.dataset.wrongAnswer = "true";
  }
}

// A part of a page that answers puzzles: its buttons (data-action), its requests one after another (a failure said
// in its result line) and that result line.
export class Panel {
  constructor(root, result, texts) {
    this.root = root;
    this.result = result;
    this.texts = texts;
    this.busy = Promise.resolve();
  }

  on(action, handler) {
    this.root.querySelector(`[data-action="${action}"]`).addEventListener("click", handler);
  }

  queue(task) {
    this.busy = this.busy.then(task).catch((error) => this.say("error", format(this.texts.error, { error: error.message })));
    return this.busy;
  }

  say(status, text) {
    this.result.dataset.status = status;
    this.result.textContent = text;
  }
}
