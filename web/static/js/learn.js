// A lesson page: the example board with the hint's highlights, and practice puzzles.
// The player marks cells (click: open, right click or long press: flag) and presses Check;
// the server judges the answer (the expected step never reaches the page).

import { call } from "./api.js";
import { BoardView } from "./board.js";
import { format } from "./cells.js";
import { highlightOnPoint, renderStepList } from "./steps.js";
import { bindBoard } from "./input.js";
import { AnswerMarks, Panel, boardState, mergeHighlights, showCellVerdicts, showMinesLeft } from "./marks.js";

function rows(text) {
  return text.split("\n").filter((line) => line && !line.startsWith("mines"));
}

function minesCounter(role) {
  return document.querySelector(`[data-role="${role}"]`);
}

class Practice extends Panel {
  constructor(config) {
    const root = document.querySelector('[data-role="practice"]');
    super(root, root.querySelector('[data-role="practice-result"]'), config.texts);
    this.config = config;
    this.board = new BoardView(this.root.querySelector('[data-role="practice-board"]'));
    this.explanation = this.root.querySelector('[data-role="practice-explanation"]');
    this.verdicts = this.root.querySelector('[data-role="practice-verdicts"]');
    this.legend = this.root.querySelector('[data-role="practice-legend"]');
    this.progress = this.root.querySelector('[data-role="lesson-progress"]');
    this.puzzleRating = this.root.querySelector('[data-role="puzzle-rating"]');
    this.ratingChange = this.root.querySelector('[data-role="rating-change"]');
    this.work = this.root.querySelector('[data-role="practice-work"]');
    this.numbers = new Set(); // show your work: the numbers the answer rests on (cell indices)
    this.percent = new Intl.NumberFormat(config.langTag, { style: "percent", maximumFractionDigits: 0 });
    this.puzzle = null;
    this.marks = new AnswerMarks(this.board);
  }

  url(path) {
    return `${this.config.apiRoot}${path}?lang=${encodeURIComponent(this.config.lang)}`;
  }

  start() {
    if (this.config.example) this.showExample(this.config.example);
    bindBoard(this.board, {
      onOpen: (row, col) => this.mark(row, col, "open"),
      onFlag: (row, col) => this.mark(row, col, "flag"),
    });
    this.on("check", () => this.queue(() => this.check()));
    this.on("clear-answer", () => this.clearMarks());
    this.on("next-puzzle", () => this.queue(() => this.next()));
    this.queue(() => this.next());
  }

  showExample(example) {
    const view = new BoardView(document.querySelector('[data-role="example-board"]'));
    view.render(boardState(example.id, example.height, example.width, rows(example.board)));
    showMinesLeft(minesCounter("example-mines"), example.mines, rows(example.board));
    // pointing at a step shows that step's cells alone; else the whole result:
    // a named shape: its result (numbers, mines, safe cells, flags taken away); else every step's cells
    const steps = (example.steps.length > 1 ? example.steps : [example.hint]).flatMap((step) => step.highlights);
    const whole = example.shape ? example.shape.highlights : mergeHighlights(steps);
    view.setHighlights(whole);
    for (const item of document.querySelectorAll('[data-role="example-steps"] li')) {
      const step = example.steps[Number(item.dataset.step)];
      highlightOnPoint(item, step.highlights, whole, (marks) => view.setHighlights(marks));
    }
  }

  async next(keepMessage = false) {
    // "Your practice": the pattern due first, with the move of the player's game where it was missed
    const path = this.config.personal ? "/practice/puzzles" : `/lessons/${encodeURIComponent(this.config.lesson)}/puzzles`;
    const { puzzle, source } = await call("POST", this.url(path), {});
    this.show(puzzle);
    if (source) this.showSource(source);
    if (!keepMessage) {
      this.say("", "");
      this.showWork(null);
    }
  }

  showSource(source) {
    this.root.querySelector('[data-role="practice-pattern"]').textContent = source.name;
    this.root.querySelector('[data-role="practice-source-text"]').textContent = source.last.text;
    this.root.querySelector('[data-role="practice-source-link"]').href = source.last.url;
    this.root.querySelector('[data-role="practice-source"]').hidden = false;
    this.board.element.dataset.pattern = source.pattern;
  }

  show(puzzle) {
    this.puzzle = puzzle;
    this.board.render(boardState(puzzle.id, puzzle.height, puzzle.width, puzzle.board));
    showMinesLeft(minesCounter("practice-mines"), puzzle.mines, puzzle.board);
    this.puzzleRating.textContent = puzzle.rating === null ? "" : format(this.texts.puzzle_rating, { rating: puzzle.rating });
    this.board.element.dataset.puzzleId = puzzle.id;
    this.board.setHighlights([]);
    this.explanation.hidden = true;
    this.verdicts.hidden = true;
    this.legend.hidden = true;
    this.marks.reset(puzzle);
    this.clearMarks();
  }

  mark(row, col, kind) {
    if (!this.puzzle) return;
    const symbol = this.puzzle.board[row][col];
    if (kind === "open" && symbol >= "1" && symbol <= "8") {
      // show your work: a number clicked is one the answer rests on (click again to take it back)
      const key = row * this.puzzle.width + col;
      const cell = this.board.cell(row, col);
      if (this.numbers.has(key)) {
        this.numbers.delete(key);
        delete cell.dataset.used;
      } else {
        this.numbers.add(key);
        cell.dataset.used = "true";
      }
      return;
    }
    this.marks.mark(row, col, kind);
  }

  clearMarks() {
    this.marks.clear();
    this.numbers.clear();
    for (const cell of this.board.cells) delete cell.dataset.used;
  }

  clearVerdicts() {
    for (const cell of this.board.cells) {
      delete cell.dataset.verdict;
      delete cell.dataset.wrongAnswer;
    }
    this.board.setHighlights([]);
    this.verdicts.replaceChildren();
    this.verdicts.hidden = true;
    this.explanation.hidden = true;
    this.legend.hidden = true;
  }

  answer() {
    const { opened, flagged } = this.marks.answer();
    const numbers = [...this.numbers].map((index) => [Math.floor(index / this.puzzle.width), index % this.puzzle.width]);
    return numbers.length ? { opened, flagged, numbers } : { opened, flagged };
  }

  async check() {
    if (!this.puzzle) return;
    if (this.marks.size === 0) {
      this.say("empty", this.texts.empty);
      return;
    }
    const reply = await call("POST", this.url(`/puzzles/${encodeURIComponent(this.puzzle.id)}/answer`), this.answer());
    this.showProgress(reply.progress);
    if (reply.rating) this.showRating(reply.rating);
    this.showWork(reply.work);
    this.clearVerdicts(); // only this attempt's verdicts are shown
    const { status } = reply.result;
    if (status === "right") {
      if (reply.work) {
        // shown work: the puzzle stays on the board with what the marked numbers prove (or a placement they fit)
        this.say("right", this.texts.rightWork);
        this.board.setHighlights(reply.work.highlights);
        return;
      }
      this.say("right", this.texts.right);
      await this.next(true);
      return;
    }
    if (status === "incomplete" || status === "partial") {
      this.say(status, status === "partial" ? reply.result.text : this.texts.incomplete);
      for (const { cell, verdict } of reply.result.cells) this.board.cell(...cell).dataset.verdict = verdict;
      return;
    }
    this.say("wrong", this.texts.wrong);
    this.showVerdicts(reply.result, reply.explanation);
  }

  // A wrong answer: each cell's verdict on the board, each wrong cell's reason (point at it to see its
  // cells), then the pattern's step with its highlights and a legend of the roles shown.
  showVerdicts(result, explanation) {
    showCellVerdicts(this.board, result.cells);
    const whole = mergeHighlights([...(explanation.shape ? explanation.shape.highlights : []), ...explanation.highlights]);
    const draw = (marks) => this.board.setHighlights(marks);
    renderStepList(this.verdicts, result.cells.filter((item) => item.text), whole, draw);
    this.explanation.querySelector('[data-role="practice-step-heading"]').textContent = this.texts.step;
    const shape = this.explanation.querySelector('[data-role="practice-shape"]');
    shape.textContent = explanation.shape ? explanation.shape.text : "";
    shape.hidden = !explanation.shape;
    this.explanation.querySelector('[data-role="practice-step"]').textContent = explanation.text;
    this.explanation.hidden = false;
    draw(whole);
    const shown = new Set(
      [...whole, ...result.cells.flatMap((item) => item.highlights)].flatMap((mark) => mark.roles),
    );
    this.legend.replaceChildren(
      ...Object.entries(this.config.roles)
        .filter(([role]) => shown.has(role))
        .map(([role, label]) => {
          const item = document.createElement("li");
          const swatch = document.createElement("span");
          swatch.className = "swatch";
          swatch.dataset.highlight = role;
          item.append(swatch, ` ${label}`);
          return item;
        }),
    );
    this.legend.hidden = shown.size === 0;
  }

  // Show your work: whether the numbers the player marked prove the answer (kept on show with the next puzzle)
  showWork(work) {
    this.work.hidden = !work; // (a partial answer's work stays until the next check)
    this.work.textContent = work ? work.text : "";
    if (work) this.work.dataset.proves = String(work.proves);
    else delete this.work.dataset.proves;
  }

  // A rated first attempt: the player's rating in this lesson before and after, and the overall one
  showRating(change) {
    this.ratingChange.textContent = format(this.texts.rating_change, {
      before: change.before,
      after: change.after,
      overall: change.overall_after,
    });
    this.ratingChange.dataset.after = String(change.after);
    this.ratingChange.hidden = false;
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

