// The review page: the game move by move, the board as it was before each move, each move's verdict
// and words, the step a guess missed (as a list of steps that highlight their cells), and the summary.

import { call } from "./api.js";
import { BoardView } from "./board.js";
import { format } from "./cells.js";
import { duration, renderStepList } from "./steps.js";

class Review {
  constructor(config) {
    this.config = config;
    this.texts = config.texts;
    this.board = new BoardView(document.querySelector('[data-role="review-board"]'), this.texts);
    this.list = document.querySelector('[data-role="review-moves"]');
    this.position = document.querySelector('[data-role="review-position"]');
    this.verdict = document.querySelector('[data-role="review-verdict"]');
    this.text = document.querySelector('[data-role="review-text"]');
    this.stepsLead = document.querySelector('[data-role="steps-lead"]');
    this.steps = document.querySelector('[data-role="steps"]');
    this.stepsAction = document.querySelector('[data-role="steps-action"]');
    this.moves = [];
    this.game = null;
    this.current = 0; // 0 .. moves.length (the last is the end of the game)
  }

  async start() {
    for (const [action, go] of [
      ["review-first", () => this.show(0)],
      ["review-prev", () => this.show(this.current - 1)],
      ["review-next", () => this.show(this.current + 1)],
      ["review-last", () => this.show(this.moves.length)],
    ]) {
      document.querySelector(`[data-action="${action}"]`).addEventListener("click", go);
    }
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest("input, select, textarea")) return;
      const step = { ArrowLeft: -1, ArrowRight: 1, PageUp: -1, PageDown: 1 }[event.code];
      if (!step || event.target.closest(".board")) return;
      event.preventDefault();
      this.show(this.current + (document.dir === "rtl" && event.code.startsWith("Arrow") ? -step : step));
    });
    const url = `${this.config.apiRoot}/${encodeURIComponent(this.config.gameId)}/review?lang=${encodeURIComponent(this.config.lang)}`;
    try {
      const { game, review, figures } = await call("GET", url);
      this.game = game;
      this.figures = figures || null;
      // a long game's review comes in pages (each with its boards): the others one after the other
      const moves = [...review.moves];
      for (let page = 2; page <= review.page.pages; page += 1) {
        moves.push(...(await call("GET", `${url}&page=${page}`)).review.moves);
      }
      this.moves = moves;
      // a finished game can be kept and shared as a replay file (it holds the layout)
      document.querySelector('[data-role="replay-download"]').hidden = !(game.end && !game.end.pending);
      this.summary(review.summary);
      this.renderList();
      // "#move-41" (a link from "Your practice"): open the review at that move
      const linked = /^#move-(\d+)$/.exec(window.location.hash);
      this.show(linked ? Math.min(Math.max(Number(linked[1]) - 1, 0), this.moves.length) : 0);
    } catch (error) {
      this.text.textContent = format(this.texts.error, { error: error.message || String(error) });
    }
  }

  number(value, options = {}) {
    return new Intl.NumberFormat(this.config.langTag, options).format(value);
  }

  summary(figures) {
    const t = this.texts;
    const percent = (value) => this.number(value, { style: "percent", maximumFractionDigits: 0 });
    const lines = [
      ["moves", format(t.moves, { count: figures.moves })],
      ["clicks", format(t.clicks, { count: figures.clicks })],
      ["forced", format(t.forced, { count: figures.guesses.forced })],
      ["avoidable", format(t.avoidable, { count: figures.guesses.avoidable })],
      ["wrong-flags", format(t.wrongFlags, { count: figures.wrong_flags })],
      ["hints", format(t.hints, { count: figures.hints })],
    ];
    if (figures.accuracy !== null) lines.push(["accuracy", format(t.accuracy, { percent: percent(figures.accuracy) })]);
    if (figures.time !== null) lines.push(["time", format(t.time, { time: duration(figures.time, this.config.langTag) })]);
    if (figures.bbbv !== null) lines.push(["bbbv", format(t.bbbv, { count: figures.bbbv })]);
    if (figures.bbbv_per_second !== null) {
      lines.push(["bbbv-per-second", format(t.bbbvPerSecond, { value: this.number(figures.bbbv_per_second, { maximumFractionDigits: 2 }) })]);
    }
    if (figures.efficiency !== null) lines.push(["efficiency", format(t.efficiency, { percent: percent(figures.efficiency) })]);
    // the community's figures of a finished game, as ms_toollib computes them
    const video = this.figures;
    if (video) {
      const decimals = { zini: 0, hzini: 0, ioe: 3, rqp: 2, stnb: 1, throughput: 3 };
      // (IOE is the efficiency above; STNB is defined for the three standard levels only: 0 elsewhere)
      for (const [key, name] of [["zini", "ZiNi"], ["hzini", "HZiNi"], ["rqp", "RQP"], ["stnb", "STNB"], ["throughput", "Throughput"]]) {
        if (typeof video[key] !== "number" || (key === "stnb" && video[key] === 0)) continue;
        const value = this.number(video[key], { maximumFractionDigits: decimals[key] });
        lines.push([key, format(t.figure, { name: key === "throughput" ? t.throughput : name, value })]);
      }
    }
    if (figures.grade_text) lines.push(["grade", figures.grade_text]); // what the board needed from the first click
    if (figures.note) lines.push(["unjudged", figures.note]);
    if (figures.assisted.length) {
      const names = { hint: t.assistedHint, probabilities: t.assistedProbabilities, bot: t.assistedBot, undo: t.assistedUndo };
      const reasons = new Intl.ListFormat(this.config.langTag).format(figures.assisted.map((r) => names[r] || r));
      lines.push(["assisted", format(t.assisted, { reasons })]);
    }
    document.querySelector('[data-role="review-summary"]').replaceChildren(
      ...lines.map(([key, text]) => {
        const item = document.createElement("li");
        item.dataset.figure = key;
        item.textContent = text;
        return item;
      }),
    );
  }

  renderList() {
    // the list's numbers get room for their digits ("100." and up are not clipped)
    this.list.style.setProperty("--digits", String(String(this.moves.length).length));
    this.list.replaceChildren(
      ...this.moves.map((move, position) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.verdict = move.verdict;
        button.dataset.index = String(position);
        if (move.undone) button.dataset.undone = "true";
        if (move.lost) button.dataset.lost = "true";
        button.textContent = `${this.texts[move.verdict]}: ${move.text}`;
        button.addEventListener("click", () => this.show(position));
        item.append(button);
        return item;
      }),
    );
  }

  // the board before move ``position`` (or, past the last, the game's end), and that move's words
  show(position) {
    const at = Math.max(0, Math.min(this.moves.length, position));
    this.current = at;
    const move = this.moves[at];
    const { height, width, id } = this.game;
    if (move) {
      this.board.render({ height, width, id, board: move.board, state: "playing", wrong_flags: [], end: null });
      this.board.setHighlights(move.highlights);
      this.position.textContent = format(this.texts.position, { number: at + 1, count: this.moves.length });
      this.verdict.textContent = this.texts[move.verdict];
      this.verdict.dataset.verdict = move.verdict;
      this.text.textContent = move.loss ? `${move.text} ${move.loss.text}` : move.text;
      this.renderSteps(move.missed);
    } else {
      this.board.render(this.game);
      this.board.setHighlights([]);
      this.position.textContent = this.texts.end;
      this.verdict.textContent = "";
      delete this.verdict.dataset.verdict;
      this.text.textContent = "";
      this.renderSteps(null);
    }
    for (const button of this.list.querySelectorAll("button")) {
      if (Number(button.dataset.index) === at) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
  }

  renderSteps(deduction) {
    const proof = deduction ? deduction.proof : [];
    const whole = this.moves[this.current] ? this.moves[this.current].highlights : [];
    renderStepList(this.steps, proof, whole, (marks) => this.board.setHighlights(marks));
    this.stepsLead.hidden = !deduction || !deduction.lead;
    this.stepsLead.textContent = deduction ? deduction.lead : "";
    this.stepsAction.hidden = !deduction;
    this.stepsAction.textContent = deduction ? deduction.action : "";
  }
}

const config = JSON.parse(document.getElementById("review-config").textContent);
new Review(config).start();
