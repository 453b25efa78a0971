// The analysis board: a position the player builds, pastes or drops, analysed by the engine on every
// change (POST /api/positions/analysis), with import, export, a share link and "play this position".

import { VIDEO_FILE, base64Of, call } from "./api.js";
import { BoardView } from "./board.js";
import { cellName, format } from "./cells.js";
import { bindBoard } from "./input.js";
import { Panel } from "./panel.js";
import { highlightOnPoint, renderStepList } from "./steps.js";

const NUMBER_KEYS = new Set(["0", "1", "2", "3", "4", "5", "6", "7", "8"]);
const COVER_KEYS = new Set(["?", "Backspace", "Delete"]);

// The rows of a board text (the "mines N" line and comments left out) and its mine count.
function parseBoard(text) {
  let mines = null;
  const rows = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    if (line.toLowerCase().startsWith("mines")) mines = Number(line.split(/\s+/)[1]);
    else rows.push(line);
  }
  return { rows, mines };
}

class Analysis {
  constructor(config) {
    this.config = config;
    this.texts = config.texts;
    this.board = new BoardView(document.querySelector('[data-role="board"]'), this.texts);
    this.boardWrap = document.querySelector('[data-role="board-wrap"]');
    this.panel = new Panel(document.querySelector(".panel"), this.texts, config.learnRoot);
    this.panel.onStepHighlight = (highlights) => this.board.setHighlights(highlights || []);
    this.board.onHighlights = (roles) => this.panel.showLegend(roles);
    this.status = document.querySelector('[data-role="status"]');
    this.ioStatus = document.querySelector('[data-role="io-status"]');
    this.sizeForm = document.querySelector('[data-role="size-form"]');
    this.importForm = document.querySelector('[data-role="import-form"]');
    this.exportFormat = document.querySelector('[data-role="export-format"]');
    this.share = document.querySelector('[data-role="share"]');
    this.deductions = document.querySelector('[data-role="deductions"]');
    this.deductionsEmpty = document.querySelector('[data-role="deductions-empty"]');
    this.deductionsCut = document.querySelector('[data-role="deductions-cut"]');
    this.wrongFlags = document.querySelector('[data-role="wrong-flags"]');
    this.inconsistent = document.querySelector('[data-role="inconsistent"]');
    this.layoutNote = document.querySelector('[data-role="layout-note"]');
    this.showLayout = document.querySelector('[data-role="show-layout"]');
    this.playButton = document.querySelector('[data-action="play"]');
    this.height = 0;
    this.width = 0;
    this.cells = []; // one character per cell: "?", "F", "0".."8"
    this.mines = null;
    this.layout = null; // [[row, col], ...] when the position came with its mines
    this.reply = null; // the last analysis
    this.shown = []; // the hint's highlights at its level
    this.refused = false; // the status line shows the server's refusal of the position
    this.level = "full"; // an analyst wants the argument; the levels stay a click away
    this.overlayOn = false;
    this.busy = Promise.resolve();
    this.timer = 0;
    this.sheetOpen = false; // phones: whether the player opened the answer's sheet
  }

  start() {
    bindBoard(this.board, {
      onOpen: (row, col) => this.paint(row, col, this.tool()),
      onFlag: (row, col) => this.paint(row, col, this.cells[row * this.width + col] === "F" ? "?" : "F"),
    });
    this.board.element.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const { row, col } = this.board.cursor;
      if (NUMBER_KEYS.has(event.key)) this.paint(row, col, event.key);
      else if (COVER_KEYS.has(event.key)) this.paint(row, col, "?");
      else return;
      event.preventDefault();
    });
    for (const button of document.querySelectorAll('[data-action="level"]')) {
      button.addEventListener("click", () => this.showLevel(button.dataset.level));
    }
    this.panel.toggle.addEventListener("click", () => {
      this.sheetOpen = this.panel.root.dataset.open === "true";
    });
    this.sizeForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.resize();
    });
    this.on("clear", () => this.coverAll());
    this.on("probabilities", () => this.toggleOverlay());
    this.on("play", () => this.queue(() => this.play()));
    this.on("download", () => this.queue(() => this.download()));
    this.on("copy-export", () => this.queue(() => this.copyExport()));
    this.on("copy-share", () => this.copy(this.share.value));
    this.importForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(this.importForm);
      this.queue(() => this.importContent({ content: String(data.get("content")), format: data.get("format") || null }));
    });
    document.querySelector('[data-role="import-file"]').addEventListener("change", (event) => {
      const file = event.target.files && event.target.files[0];
      if (file) this.queue(() => this.importFile(file));
    });
    this.boardWrap.addEventListener("dragover", (event) => {
      event.preventDefault();
      this.boardWrap.dataset.drop = "true";
    });
    this.boardWrap.addEventListener("dragleave", () => delete this.boardWrap.dataset.drop);
    this.boardWrap.addEventListener("drop", (event) => {
      event.preventDefault();
      delete this.boardWrap.dataset.drop;
      const file = event.dataTransfer && event.dataTransfer.files[0];
      if (file) this.queue(() => this.importFile(file));
    });
    this.showLayout.querySelector("input").addEventListener("change", () => this.draw());
    addEventListener("resize", () => this.fitBoard());
    this.panel.showLegend(new Set());
    if (this.config.error) this.say(format(this.texts.error, { error: this.config.error }));
    this.load(this.config.position || { board: this.config.sample, layout: null });
  }

  on(action, handler) {
    for (const element of document.querySelectorAll(`[data-action="${action}"]`)) element.addEventListener("click", handler);
  }

  queue(task) {
    this.busy = this.busy.then(task).catch((error) => this.say(format(this.texts.error, { error: error.message })));
    return this.busy;
  }

  say(text) {
    this.status.textContent = text;
  }

  tool() {
    const checked = document.querySelector('input[name="paint"]:checked');
    return checked ? checked.value : "?";
  }

  url(path) {
    return `${this.config.apiRoot}/${path}?lang=${encodeURIComponent(this.config.lang)}`;
  }

  // -- the position ----------------------------------------------------------------------------
  // the rows of the text format
  rows() {
    const rows = [];
    for (let row = 0; row < this.height; row += 1) {
      rows.push(this.cells.slice(row * this.width, (row + 1) * this.width).map((c) => (c === "0" ? "." : c)).join(""));
    }
    return rows;
  }

  boardText() {
    return (this.mines === null ? "" : `mines ${this.mines}\n`) + this.rows().join("\n") + "\n";
  }

  body() {
    return this.layout ? { board: this.boardText(), layout: this.layout } : { board: this.boardText() };
  }

  load(position) {
    const { rows, mines } = parseBoard(position.board);
    this.height = rows.length;
    this.width = rows.length ? rows[0].length : 0;
    this.cells = rows.join("").split("").map((c) => (c === "." ? "0" : c));
    this.mines = mines;
    this.layout = position.layout || null;
    this.syncForm();
    this.changed();
  }

  syncForm() {
    this.sizeForm.elements.namedItem("width").value = String(this.width);
    this.sizeForm.elements.namedItem("height").value = String(this.height);
    this.sizeForm.elements.namedItem("mines").value = this.mines === null ? "" : String(this.mines);
  }

  paint(row, col, value) {
    const index = row * this.width + col;
    if (this.cells[index] === value) return;
    this.cells[index] = value;
    if (this.layout && NUMBER_KEYS.has(value)) this.dropLayout();
    this.changed();
  }

  dropLayout() {
    this.layout = null;
    this.say(this.texts.layoutDropped);
  }

  resize() {
    const width = Number(this.sizeForm.elements.namedItem("width").value);
    const height = Number(this.sizeForm.elements.namedItem("height").value);
    const minesValue = this.sizeForm.elements.namedItem("mines").value.trim();
    const mines = minesValue === "" ? null : Number(minesValue);
    if (width !== this.width || height !== this.height) {
      const cells = [];
      for (let row = 0; row < height; row += 1) {
        for (let col = 0; col < width; col += 1) {
          cells.push(row < this.height && col < this.width ? this.cells[row * this.width + col] : "?");
        }
      }
      this.cells = cells;
      this.width = width;
      this.height = height;
      if (this.layout) this.dropLayout();
    }
    if (this.layout && mines !== this.layout.length) this.dropLayout();
    this.mines = mines;
    this.changed();
  }

  coverAll() {
    this.cells = this.cells.map(() => "?");
    this.changed();
  }

  // after every change: draw at once, analyse shortly after (a burst of edits is analysed once)
  changed() {
    this.reply = null;
    delete this.boardWrap.dataset.analysed;
    this.draw();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.queue(() => this.analyse()), 120);
  }

  draw() {
    const showLayout = Boolean(this.layout) && this.showLayout.querySelector("input").checked;
    this.board.render({
      id: "analysis",
      state: "analysis",
      height: this.height,
      width: this.width,
      board: this.rows(),
      wrong_flags: this.reply ? this.reply.solution.wrong_flags : [],
      end: showLayout ? { mines: this.layout, wrong_flags: [], exploded: null } : null,
    });
    this.fitBoard();
    this.showLayout.hidden = !this.layout;
    this.layoutNote.textContent = this.layout ? format(this.texts.layoutKnown, { count: String(this.layout.length) }) : this.texts.layoutUnknown;
    this.playButton.disabled = !this.layout;
  }

  fitBoard() {
    if (!this.board.width) return;
    const area = this.boardWrap.closest(".play-area");
    const panel = area.querySelector(".panel");
    const beside = getComputedStyle(area).flexDirection === "row" && getComputedStyle(panel).position !== "fixed";
    const width = area.clientWidth - (beside ? panel.offsetWidth + 16 : 0);
    const top = this.boardWrap.getBoundingClientRect().top + scrollY;
    const phone = innerWidth <= 700;
    const height = phone ? Infinity : Math.max(240, document.documentElement.clientHeight - top - 48);
    this.board.fit(width, height, 20, phone ? 56 : 64);
  }

  // -- the engine's answer -----------------------------------------------------------------------
  async analyse() {
    const text = this.boardText();
    let reply;
    try {
      reply = await call("POST", this.url("analysis"), this.body());
    } catch (error) {
      if (this.boardText() !== text) return; // edited meanwhile: the next analysis answers
      this.reply = null;
      this.clearAnswer();
      this.say(format(this.texts.error, { error: error.message }));
      this.refused = true;
      return;
    }
    if (this.boardText() !== text) return;
    this.reply = reply;
    if (this.refused) this.say(""); // the position is valid again: its refusal goes
    this.refused = false;
    this.draw();
    this.show();
  }

  clearAnswer() {
    this.panel.clear();
    this.board.setHighlights([]);
    this.board.setOverlay(null);
    renderStepList(this.deductions, [], [], () => {});
    this.deductionsCut.hidden = true;
    this.wrongFlags.replaceChildren();
    this.inconsistent.hidden = true;
  }

  show() {
    const reply = this.reply;
    const position = reply.position;
    this.share.value = new URL(position.share, location.href).href;
    this.boardWrap.dataset.analysed = position.share; // the position the answer on screen is about
    history.replaceState(null, "", position.share);
    this.exportFormat.replaceChildren(
      ...position.formats.map((name) => {
        const option = document.createElement("option");
        option.value = name;
        option.textContent = name;
        return option;
      }),
    );
    const solution = reply.solution;
    this.inconsistent.hidden = solution.consistent;
    if (!solution.consistent) this.inconsistent.querySelector('[data-role="inconsistent-text"]').textContent = solution.text;
    const draw = (marks) => this.board.setHighlights(marks || []);
    const back = (marks) => draw(marks || this.shown);
    renderStepList(
      this.deductions,
      solution.deductions.map((item) => ({ text: item.text, highlights: item.highlights, rule: item.rule })),
      null,
      back,
    );
    this.deductionsEmpty.hidden = solution.deductions.length > 0 || !solution.consistent;
    this.deductionsEmpty.textContent = this.texts.noDeductions;
    // a large position's list is cut to what one answer holds: say so, with how many steps there are
    this.deductionsCut.hidden = !solution.truncated;
    this.deductionsCut.textContent = solution.truncated
      ? format(this.texts.deductionsCut, { shown: String(solution.deductions.length), total: String(solution.deductions_total) })
      : "";
    this.wrongFlags.replaceChildren(
      ...(reply.wrong_flags.length
        ? reply.wrong_flags.map((hint) => {
            const item = document.createElement("li");
            item.tabIndex = 0;
            item.textContent = hint.text;
            item.dataset.cell = cellName(hint.cell[0], hint.cell[1]);
            highlightOnPoint(item, hint.highlights, null, back);
            return item;
          })
        : [Object.assign(document.createElement("li"), { textContent: this.texts.noWrongFlags })]),
    );
    this.showLevel(this.level);
    this.setOverlay(this.overlayOn || reply.hint.kind === "guess" ? reply.overlay : null);
    // phones: the answer waits in its sheet (opened with its toggle) so that editing keeps the board in view
    if (getComputedStyle(this.panel.root).position === "fixed") this.panel.setOpen(this.sheetOpen);
  }

  showLevel(level) {
    if (!this.reply) return;
    this.level = level;
    this.shown = this.panel.showHint(this.reply.hint, level); // what the board shows when no list item is pointed at
    this.board.setHighlights(this.shown);
  }

  toggleOverlay() {
    this.overlayOn = !this.overlayOn;
    this.setOverlay(this.overlayOn && this.reply ? this.reply.overlay : null);
  }

  setOverlay(overlay) {
    this.board.setOverlay(overlay);
    if (overlay) this.panel.showOverlayNote(overlay);
    else this.panel.hideOverlayNote();
    document.querySelector('[data-action="probabilities"]').setAttribute("aria-pressed", String(Boolean(overlay)));
  }

  // -- import, export, share, play ------------------------------------------------------------------
  async importContent(body) {
    const reply = await call("POST", this.url("import"), body);
    this.load(reply.position);
    this.ioStatus.textContent = format(this.texts.imported, { format: reply.format });
  }

  async importFile(file) {
    // a replay video: the game it recorded, reviewed move by move
    if (VIDEO_FILE.test(file.name)) {
      const { review } = await call("POST", `${this.config.replaysUrl}?lang=${encodeURIComponent(this.config.lang)}`, {
        video: await base64Of(file),
        name: file.name,
      });
      window.location.assign(review);
      return;
    }
    if (file.size > this.config.maxBytes) {
      this.ioStatus.textContent = format(this.texts.fileTooLarge, { size: String(file.size), limit: String(this.config.maxBytes) });
      return;
    }
    await this.importContent({ content: await base64Of(file), base64: true });
  }

  async exported() {
    return call("POST", this.url("export"), { ...this.body(), format: this.exportFormat.value });
  }

  async download() {
    const reply = await this.exported();
    const bytes = reply.base64 !== undefined ? Uint8Array.from(atob(reply.base64), (c) => c.charCodeAt(0)) : reply.content;
    const url = URL.createObjectURL(new Blob([bytes], { type: reply.base64 !== undefined ? "application/octet-stream" : "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = reply.filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async copyExport() {
    const reply = await this.exported();
    this.copy(reply.content !== undefined ? reply.content : reply.base64);
  }

  copy(text) {
    const done = () => {
      this.ioStatus.textContent = this.texts.copied;
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, () => this.fallbackCopy(text, done));
    } else {
      this.fallbackCopy(text, done);
    }
  }

  fallbackCopy(text, done) {
    this.share.select();
    if (this.share.value === text && document.execCommand("copy")) done();
  }

  async play() {
    if (!this.layout) return;
    const reply = await call("POST", this.url("game"), this.body());
    location.assign(reply.page);
  }
}

const config = JSON.parse(document.getElementById("analysis-config").textContent);
const analysis = new Analysis(config);
analysis.start();
window.analysis = analysis; // for debugging in the console
