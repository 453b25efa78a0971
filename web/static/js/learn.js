// A lesson page: the example board with the hint's highlights, and practice puzzles.
// The player marks cells (click: open, right click or long press: flag) and presses Check;
// the server judges the answer (the expected step never reaches the page).

import { call } from "./api.js";
import { BoardView } from "./board.js";
import { format } from "./cells.js";
import { highlightOnPoint } from "./steps.js";
import { bindBoard } from "./input.js";

function rows(text) {
  return text.split("\n").filter((line) => line && !line.startsWith("mines"));
}

function boardState(id, height, width, lines) {
  return { id, height, width, board: lines, state: "playing", wrong_flags: [] };
}

class Practice {
  constructor(config) {
    this.config = config;
    this.texts = config.texts;
    this.root = document.querySelector('[data-role="practice"]');
    this.board = new BoardView(this.root.querySelector('[data-role="practice-board"]'));
    this.result = this.root.querySelector('[data-role="practice-result"]');
    this.explanation = this.root.querySelector('[data-role="practice-explanation"]');
    this.progress = this.root.querySelector('[data-role="lesson-progress"]');
    this.percent = new Intl.NumberFormat(config.langTag, { style: "percent", maximumFractionDigits: 0 });
    this.puzzle = null;
    this.marks = new Map(); // cell index -> "open" | "flag"
    this.busy = Promise.resolve();
  }

  url(path) {
    return `${this.config.apiRoot}${path}?lang=${encodeURIComponent(this.config.lang)}`;
  }

  start() {
    const example = this.config.example;
    const view = new BoardView(document.querySelector('[data-role="example-board"]'));
    view.render(boardState(example.id, example.height, example.width, rows(example.board)));
    // the whole pattern's result: every step's cells; pointing at a step shows that step's alone
    const whole = (example.steps.length > 1 ? example.steps : [example.hint]).flatMap((step) => step.highlights);
    view.setHighlights(mergeHighlights(whole));
    for (const item of document.querySelectorAll('[data-role="example-steps"] li')) {
      const step = example.steps[Number(item.dataset.step)];
      highlightOnPoint(item, step.highlights, mergeHighlights(whole), (marks) => view.setHighlights(marks));
    }
    bindBoard(this.board, {
      onOpen: (row, col) => this.mark(row, col, "open"),
      onFlag: (row, col) => this.mark(row, col, "flag"),
    });
    this.on("check", () => this.queue(() => this.check()));
    this.on("clear-answer", () => this.clearMarks());
    this.on("next-puzzle", () => this.queue(() => this.next()));
    this.queue(() => this.next());
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

  async next(keepMessage = false) {
    const { puzzle } = await call("POST", this.url(`/lessons/${encodeURIComponent(this.config.lesson)}/puzzles`), {});
    this.show(puzzle);
    if (!keepMessage) this.say("", "");
  }

  show(puzzle) {
    this.puzzle = puzzle;
    this.board.render(boardState(puzzle.id, puzzle.height, puzzle.width, puzzle.board));
    this.board.element.dataset.puzzleId = puzzle.id;
    this.board.setHighlights([]);
    this.explanation.hidden = true;
    this.clearMarks();
  }

  mark(row, col, kind) {
    if (!this.puzzle || this.puzzle.board[row][col] !== "?") return;
    const index = row * this.puzzle.width + col;
    if (this.marks.get(index) === kind) this.marks.delete(index);
    else this.marks.set(index, kind);
    const cell = this.board.cell(row, col);
    if (this.marks.has(index)) cell.dataset.answer = this.marks.get(index);
    else delete cell.dataset.answer;
  }

  clearMarks() {
    this.marks.clear();
    for (const cell of this.board.cells) {
      delete cell.dataset.answer;
      delete cell.dataset.wrongAnswer;
    }
  }

  answer() {
    const opened = [];
    const flagged = [];
    for (const [index, kind] of this.marks) {
      const cell = [Math.floor(index / this.puzzle.width), index % this.puzzle.width];
      (kind === "open" ? opened : flagged).push(cell);
    }
    return { opened, flagged };
  }

  async check() {
    if (!this.puzzle) return;
    if (this.marks.size === 0) {
      this.say("empty", this.texts.empty);
      return;
    }
    const reply = await call("POST", this.url(`/puzzles/${encodeURIComponent(this.puzzle.id)}/answer`), this.answer());
    this.showProgress(reply.progress);
    const { status } = reply.result;
    if (status === "right") {
      this.say("right", this.texts.right);
      await this.next(true);
      return;
    }
    if (status === "incomplete") {
      this.say("incomplete", this.texts.incomplete);
      return;
    }
    this.say("wrong", this.texts.wrong);
    this.explanation.textContent = reply.explanation.text;
    this.explanation.hidden = false;
    this.board.setHighlights(reply.explanation.highlights);
    for (const [row, col] of [...reply.result.wrong_opened, ...reply.result.wrong_flagged]) {
      this.board.cell(row, col).dataset.wrongAnswer = "true";
    }
  }

  showProgress(progress) {
    const accuracy = progress.accuracy === null ? "—" : this.percent.format(progress.accuracy);
    this.progress.textContent = format(this.texts.progress, { solved: progress.solved, accuracy });
    this.progress.dataset.solved = String(progress.solved);
  }
}

const config = JSON.parse(document.getElementById("learn-config").textContent);
const practice = new Practice(config);
practice.start();
window.practice = practice; // for debugging in the console

// Highlights of several steps on one board: each cell once, with every role it has in any of them.
function mergeHighlights(highlights) {
  const byCell = new Map();
  for (const { cell, roles } of highlights) {
    const key = cell.join(",");
    const found = byCell.get(key) || { cell, roles: [] };
    for (const role of roles) if (!found.roles.includes(role)) found.roles.push(role);
    byCell.set(key, found);
  }
  return [...byCell.values()];
}
