// Storm and Streak: a run of puzzles that grow harder.  The server deals each puzzle, keeps the clock (this page
// only counts down between replies, from the time left each reply gives) and judges each answer; once the run is
// over its misses come back explained, each on its own board.

import { call } from "./api.js";
import { BoardView } from "./board.js";
import { format } from "./cells.js";
import { bindBoard, bindKey } from "./input.js";
import { AnswerMarks, Panel, boardState, mergeHighlights, showCellVerdicts, showMinesLeft } from "./marks.js";
import { renderStepList } from "./steps.js";


class Run extends Panel {
  constructor(config) {
    const root = document.querySelector('[data-role="run"]');
    super(root, root.querySelector('[data-role="run-result"]'), config.texts);
    this.config = config;
    this.board = new BoardView(this.part("run-board"), this.texts);
    this.marks = new AnswerMarks(this.board);
    this.run = null;
    this.deadline = null; // performance.now() at which a storm's clock reaches 0, as the last reply put it
    this.ticker = null;
  }

  part(role) {
    return this.root.querySelector(`[data-role="${role}"]`);
  }

  url(path) {
    return `${this.config.apiRoot}${path}?lang=${encodeURIComponent(this.config.lang)}`;
  }

  start() {
    bindBoard(this.board, {
      onOpen: (row, col) => this.marks.mark(row, col, "open"),
      onFlag: (row, col) => this.marks.mark(row, col, "flag"),
    });
    this.on("start-run", () => this.queue(() => this.begin()));
    this.on("again", () => this.queue(() => this.begin()));
    this.on("check", () => this.queue(() => this.check()));
    this.on("clear-answer", () => this.marks.clear());
    bindKey("KeyC", () => this.queue(() => this.check())); // C checks: the hands stay on the keys
  }

  async begin() {
    const { run } = await call("POST", this.url("/runs"), { kind: this.config.kind });
    this.best = run.best;
    this.part("run-start").hidden = true;
    this.part("run-end").hidden = true;
    this.say("", "");
    this.show(run);
    this.board.element.querySelector(".cell")?.focus();
  }

  show(run) {
    this.run = run;
    this.root.dataset.state = run.over ? "over" : "on";
    this.part("run-score").textContent = String(run.score);
    this.part("run-best").textContent = run.best === null ? "—" : String(run.best);
    this.syncClock(run);
    this.part("run-board-part").hidden = run.over;
    if (run.over) {
      this.end(run);
      return;
    }
    const { puzzle } = run;
    if (this.board.element.dataset.number !== String(puzzle.number)) {
      this.board.render(boardState(`${run.id}-${puzzle.number}`, puzzle.height, puzzle.width, puzzle.board));
      this.board.element.dataset.number = String(puzzle.number);
      this.marks.reset(puzzle);
    }
    showMinesLeft(this.part("run-mines"), puzzle.mines, puzzle.board);
    this.part("run-puzzle").textContent = format(this.texts.puzzle, puzzle);
  }

  // A storm's clock: the server's time left, counted down here until the next reply (or 0: the run is then
  // fetched again, and the server says it is over)
  syncClock(run) {
    clearInterval(this.ticker);
    this.ticker = null;
    const clock = this.part("run-clock");
    if (!clock || run.seconds_left === null) return;
    this.deadline = performance.now() + run.seconds_left * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000));
      const announced = this.config.timeLeft[String(left)]; // (at 60, 30 and 10 seconds)
      if (clock.textContent !== String(left) && announced) this.part("run-announce").textContent = announced;
      clock.textContent = String(left);
      if (left === 0 && this.ticker !== null) {
        clearInterval(this.ticker);
        this.ticker = null;
        this.queue(() => this.refresh());
      }
    };
    tick();
    if (!run.over) this.ticker = setInterval(tick, 250);
  }

  async refresh() {
    const { run } = await call("GET", this.url(`/runs/${encodeURIComponent(this.run.id)}`));
    this.show(run);
  }

  async check() {
    if (!this.run || this.run.over) return;
    if (this.marks.size === 0) {
      this.say("empty", this.texts.empty);
      return;
    }
    const reply = await call("POST", this.url(`/runs/${encodeURIComponent(this.run.id)}/answer`), this.marks.answer());
    if (!reply.counted) {
      this.say("incomplete", this.texts.incomplete);
      showCellVerdicts(this.board, reply.result.cells);
      return;
    }
    const solved = reply.result.status !== "wrong";
    this.say(solved ? "right" : "wrong", solved ? this.texts.right : this.texts.wrong);
    this.show(reply.run);
    if (!reply.run.over) this.board.element.querySelector(".cell")?.focus();
  }

  end(run) {
    clearInterval(this.ticker);
    this.ticker = null;
    const summary = run.summary;
    const best = this.best === null || this.best === undefined ? 0 : this.best;
    this.say("over", run.score > best ? `${summary} ${this.texts.newBest}` : summary);
    const unranked = this.part("run-unranked");
    unranked.hidden = run.ranked;
    unranked.textContent = run.ranked ? "" : this.texts.unranked;
    const list = this.part("run-misses");
    list.replaceChildren(...run.misses.map((miss) => this.missItem(miss)));
    if (run.misses.length === 0) {
      const none = document.createElement("li");
      none.textContent = this.texts.noMisses;
      list.append(none);
    }
    this.part("run-end").hidden = false;
    this.root.querySelector('[data-action="again"]').focus();
  }

  // One miss, explained: its board with the answer's verdicts and the step there was, the reasons in words.
  missItem(miss) {
    const item = document.createElement("li");
    item.className = "run-miss";
    const heading = document.createElement("h4");
    heading.textContent = `${format(this.texts.miss, miss)}: ${miss.name}`;
    const wrap = document.createElement("div");
    wrap.className = "board-wrap";
    wrap.dir = "ltr";
    const element = document.createElement("div");
    element.className = "board";
    element.setAttribute("role", "grid");
    element.setAttribute("aria-label", heading.textContent);
    wrap.append(element);
    const view = new BoardView(element, this.texts);
    view.render(boardState(`miss-${miss.number}`, miss.height, miss.width, miss.board));
    showCellVerdicts(view, miss.result.cells);
    const whole = mergeHighlights([...(miss.explanation.shape ? miss.explanation.shape.highlights : []),
      ...miss.explanation.highlights]);
    view.setHighlights(whole);
    const reasons = document.createElement("ul");
    reasons.className = "practice-verdicts";
    renderStepList(reasons, miss.result.cells.filter((cell) => cell.text), whole, (marks) => view.setHighlights(marks));
    item.append(heading, wrap, reasons);
    // the step there was, unless a wrong cell's reason already gives it word for word
    if (!miss.result.cells.some((cell) => cell.text && cell.text.includes(miss.explanation.text))) {
      const step = document.createElement("p");
      step.className = "run-step";
      step.textContent = `${this.texts.step} ${miss.explanation.text}`;
      item.append(step);
    }
    return item;
  }
}

const config = JSON.parse(document.getElementById("run-config").textContent);
const run = new Run(config);
run.start();
window.run = run; // for debugging in the console
