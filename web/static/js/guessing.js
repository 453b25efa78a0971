// A lesson of the guessing course: its example board with the hint's highlights, and (for the safest cell)
// practice puzzles where one click or tap picks a cell; the server judges it from the view's exact probabilities
// and sends them, shown on the board to see why.

import { call } from "./api.js";
import { BoardView } from "./board.js";
import { bindBoard } from "./input.js";
import { Panel, boardState, showMinesLeft } from "./marks.js";

class GuessPractice extends Panel {
  constructor(config, root) {
    super(root, root.querySelector('[data-role="guess-result"]'), config.texts);
    this.config = config;
    this.board = new BoardView(root.querySelector('[data-role="guess-board"]'), config.texts);
    this.puzzle = null;
    this.answered = false;
  }

  url(path) {
    return `${this.config.apiRoot}/guessing/${encodeURIComponent(this.config.topic)}${path}?lang=${encodeURIComponent(this.config.lang)}`;
  }

  start() {
    bindBoard(this.board, { onOpen: (row, col) => this.pick(row, col), onFlag: () => {} });
    this.on("next-puzzle", () => this.queue(() => this.next()));
    this.queue(() => this.next());
  }

  async next() {
    const { puzzle } = await call("POST", this.url("/puzzles"), {});
    this.puzzle = puzzle;
    this.answered = false;
    this.board.render(boardState(`guess-${puzzle.seed}`, puzzle.height, puzzle.width, puzzle.board));
    this.board.element.dataset.seed = String(puzzle.seed);
    this.board.setHighlights([]);
    this.board.setOverlay(null);
    showMinesLeft(this.root.querySelector('[data-role="guess-mines"]'), puzzle.mines, puzzle.board);
    this.say("", this.texts.ask);
  }

  pick(row, col) {
    if (!this.puzzle || this.answered || this.puzzle.board[row][col] !== "?") return;
    this.answered = true;
    this.queue(async () => {
      const reply = await call("POST", this.url("/answer"), { seed: this.puzzle.seed, cell: [row, col] });
      const { verdict } = reply;
      this.board.setOverlay(reply.overlay);
      this.board.setHighlights(verdict.answers.map((cell) => ({ cell, roles: ["safest"] })));
      if (!verdict.right) this.board.cell(row, col).dataset.wrongAnswer = "true";
      this.say(verdict.right ? "right" : "wrong", verdict.text);
    });
  }
}

const config = JSON.parse(document.getElementById("guessing-config").textContent);
const example = new BoardView(document.querySelector('[data-role="example-board"]'), config.texts);
const shown = config.example;
example.render(boardState("example", shown.height, shown.width, shown.board));
example.setHighlights(shown.highlights);
showMinesLeft(document.querySelector('[data-role="example-mines"]'), shown.mines, shown.board);
const root = document.querySelector('[data-role="guess-practice"]');
if (root) {
  const practice = new GuessPractice(config, root);
  practice.start();
  window.guessing = practice; // for debugging in the console
}
