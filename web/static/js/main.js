// The game page: wires the board, the panel and the controls to the JSON API.

import { Api, VIDEO_FILE, base64Of } from "./api.js";
import { BoardView } from "./board.js";
import { BotRunner } from "./bot.js";
import { cellName, format } from "./cells.js";
import { DimSatisfied, Marks, Zoom, storeChoice, storedChoice } from "./comforts.js";
import { bindBoard, bindHintKey } from "./input.js";
import { touch } from "./touch.js";
import { LEVELS, Panel } from "./panel.js";
import { bindPinch } from "./pinch.js";
import { duration } from "./steps.js";
import { Timer } from "./timer.js";

// a no-guess board's grade as the API's rule options (docs/generation.md): "any" is the engine's default
const GRADE_RULES = {
  any: {},
  easy: { max_rule: "simple" },
  medium: { max_rule: "pair", require_rule: "pair" },
  hard: { max_rule: "enumeration", require_rule: "enumeration" },
};

const HINT_MEMORY = "minesweeper.hint"; // sessionStorage: the hint on screen survives a language switch

class App {
  constructor(config) {
    this.config = config;
    this.texts = config.texts;
    this.api = new Api(config.apiRoot, config.lang);
    this.board = new BoardView(document.querySelector('[data-role="board"]'), this.texts);
    this.marks = new Marks(this.board, this.texts);
    this.zoom = new Zoom(() => this.fitBoard());
    this.boardWrap = document.querySelector('[data-role="board-wrap"]');
    this.panel = new Panel(document.querySelector(".panel"), this.texts, config.learnRoot);
    this.panel.onStepHighlight = (highlights) => this.board.setHighlights(highlights || []);
    this.board.onHighlights = (roles) => this.panel.showLegend(roles);
    this.touch = matchMedia("(hover: none) and (pointer: coarse)").matches;
    this.botMoved = false; // the last move was the bot's (its win or loss is the bot's)
    this.timer = new Timer(document.querySelector('[data-role="timer"]'), config.langTag);
    this.minesLeft = document.querySelector('[data-role="mines-left"]');
    this.status = document.querySelector('[data-role="status"]');
    this.form = document.querySelector('[data-role="new-game-form"]');
    this.game = null;
    this.hint = null; // { data, level, boardKey }
    this.warning = null; // the wrong-flag explanation on offer
    this.overlayOn = false;
    this.busy = Promise.resolve();
    this.bot = new BotRunner({
      playButton: document.querySelector('[data-action="bot-play"]'),
      speedSelect: document.querySelector('select[name="bot-speed"]'),
      texts: this.texts,
      step: () => this.botStep(),
      queue: (task) => this.queue(task),
    });
  }

  // -- setup ---------------------------------------------------------------------------
  start() {
    bindBoard(this.board, {
      onOpen: (row, col) => {
        this.bot.pause(); // the player takes over
        this.queue(() => this.open(row, col));
      },
      onFlag: (row, col) => {
        this.bot.pause();
        this.queue(() => this.flag(row, col));
      },
      // the middle button or both buttons: a chord on an open number (on any other cell, nothing)
      onChord: (row, col) => {
        if (!this.game || !/^[1-8]$/.test(this.game.board[row][col])) return;
        this.bot.pause();
        this.queue(() => this.open(row, col));
      },
    });
    this.on("bot-play", () => this.bot.toggle());
    this.on("bot-step", () => this.bot.stepOnce());
    bindHintKey(() => this.queue(() => this.nextHint()));
    this.on("hint", () => this.queue(() => this.nextHint()));
    // a pinch on the board zooms it too; the hinted cells stay in view
    bindPinch(this.boardWrap, (direction) => {
      this.zoom.step(direction);
      this.revealHighlights();
    });
    this.on("zoom-in", () => {
      this.zoom.step(1);
      this.revealHighlights();
    });
    this.on("zoom-out", () => {
      this.zoom.step(-1);
      this.revealHighlights();
    });
    const dim = new DimSatisfied(this.board.element);
    const dimChoice = this.form.querySelector('input[name="dim-satisfied"]');
    dimChoice.checked = dim.enabled;
    dimChoice.addEventListener("change", () => {
      dim.enabled = dimChoice.checked;
    });
    this.autopilotChoice = this.form.querySelector('select[name="autopilot"]');
    this.autopilotChoice.value = storedChoice("autopilot") || "";
    this.autopilotChoice.addEventListener("change", () => storeChoice("autopilot", this.autopilotChoice.value || null));
    const marksChoice = this.form.querySelector('input[name="question-marks"]');
    marksChoice.checked = this.marks.enabled;
    marksChoice.addEventListener("change", () => {
      this.marks.enabled = marksChoice.checked;
    });
    // touch: the scheme and the long press's time (remembered by the browser), and the toggle's Flag mode button
    const schemeChoice = this.form.querySelector('select[name="touch-scheme"]');
    const pressChoice = this.form.querySelector('select[name="long-press"]');
    const flagMode = document.querySelector('[data-action="flag-mode"]');
    const syncTouch = () => {
      flagMode.hidden = touch.scheme !== "toggle";
      flagMode.setAttribute("aria-pressed", String(touch.flagMode));
      this.board.element.dataset.touchScheme = touch.scheme;
      this.board.element.dataset.longPressMs = String(touch.pressMs);
    };
    schemeChoice.value = touch.scheme;
    pressChoice.value = String(touch.pressMs);
    schemeChoice.addEventListener("change", () => {
      touch.scheme = schemeChoice.value;
      syncTouch();
    });
    pressChoice.addEventListener("change", () => {
      touch.pressMs = Number(pressChoice.value);
      syncTouch();
    });
    this.on("flag-mode", () => {
      touch.flagMode = !touch.flagMode;
      syncTouch();
    });
    syncTouch();
    // phones: the controls a game needs less often fold behind "More"
    this.on("more", (event) => {
      const main = document.querySelector("main.game");
      const open = main.dataset.more !== "open";
      main.dataset.more = open ? "open" : "closed";
      event.currentTarget.setAttribute("aria-expanded", String(open));
      this.fitBoard();
    });
    this.on("restart", () => this.queue(() => this.restart()));
    this.on("replay", () => this.queue(() => this.replay()));
    this.on("undo", () => this.queue(() => this.undo()));
    this.on("accept", () => this.queue(() => this.accept()));
    this.on("probabilities", () => this.queue(() => this.toggleOverlay()));
    this.on("vision", () => this.queue(() => this.toggleVision()));
    this.on("why", () => this.showWarningExplanation());
    for (const button of document.querySelectorAll('[data-action="level"]')) {
      button.addEventListener("click", () => this.showLevel(button.dataset.level));
    }
    // (the form is not validated by the browser, whose bubble cannot show inside the closed menu: the
    // server says what is wrong, in the page's language, and the menu opens on the fields)
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.queue(async () => {
        try {
          await this.newGame(this.settings());
        } catch (error) {
          if (error.status === 400) {
            this.settingsMenu.open = true;
            document.querySelector("main.game").dataset.more = "open";
          }
          throw error;
        }
      });
    });
    const preset = this.form.elements.namedItem("preset");
    const custom = this.form.querySelector('[data-role="custom"]');
    this.settingsMenu = this.form.querySelector('[data-role="settings"]');
    preset.addEventListener("change", () => {
      custom.hidden = preset.value !== "custom";
      this.form.querySelector('[data-role="multiplier"]').hidden = preset.value === "custom";
      if (preset.value === "custom") this.settingsMenu.open = true; // the size fields are in there
    });
    for (const radio of this.form.querySelectorAll('input[name="mode"]')) {
      radio.addEventListener("change", () => this.syncModeChoice());
    }
    // the menu closes on Escape and on a click elsewhere, like any menu
    document.addEventListener("click", (event) => {
      if (this.settingsMenu.open && !this.settingsMenu.contains(event.target)) this.settingsMenu.open = false;
    });
    this.settingsMenu.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.settingsMenu.open) {
        this.settingsMenu.open = false;
        this.settingsMenu.querySelector("summary").focus();
      }
    });
    this.syncModeChoice();
    // a replay file becomes a game of this session, and its review opens
    this.form.querySelector('[data-role="replay-import"]').addEventListener("change", (event) => {
      const file = event.target.files && event.target.files[0];
      if (file) {
        this.closeMenus(); // (an error then shows in view, not behind the open menu)
        this.queue(() => this.importReplay(file));
      }
    });
    // the board's cells grow and shrink with the window
    addEventListener("resize", () => this.fitBoard());
    this.panel.showLegend(new Set());
    this.queue(() => this.load());
  }

  on(action, handler) {
    for (const element of document.querySelectorAll(`[data-action="${action}"]`)) {
      element.addEventListener("click", handler);
    }
  }

  // one request at a time, in order (a double click never races); the board's data-busy says whether any
  // is queued or running (what a browser test waits for before it checks that nothing more happens)
  queue(task) {
    const board = document.querySelector('[data-role="board"]');
    this.pending = (this.pending ?? 0) + 1;
    board.dataset.busy = "true";
    this.busy = this.busy
      .then(task)
      .catch((error) => this.fail(error))
      .finally(() => {
        this.pending -= 1;
        if (this.pending === 0) board.dataset.busy = "false";
      });
    return this.busy;
  }

  // The cells as large as the window allows: the whole board in view beside the explanation (on a
  // phone, across the screen's width, at least 44 px for a beginner board, larger ones then pan)
  fitBoard() {
    if (!this.board.width) return;
    const wrap = this.boardWrap;
    const top = wrap.getBoundingClientRect().top + scrollY;
    const phone = innerWidth <= 700;
    const area = wrap.closest(".play-area");
    const panel = area.querySelector(".panel");
    const beside = getComputedStyle(area).flexDirection === "row" && getComputedStyle(panel).position !== "fixed";
    const width = area.clientWidth - (beside ? panel.offsetWidth + 16 : 0);
    const height = phone ? Infinity : Math.max(200, document.documentElement.clientHeight - top - 12);
    // a touch screen: at least 36 px on beginner, an intermediate board fits the width, larger ones pan
    const least = this.touch ? (this.board.width <= 9 ? 36 : this.board.width <= 16 ? 18 : 30) : 20;
    const style = getComputedStyle(this.board.element);
    const size = this.board.fit(width, height, least, phone ? 56 : 72, parseFloat(style.columnGap) || 2, phone ? parseFloat(style.getPropertyValue("--axis-size")) || null : null);
    // the player's zoom on top (a larger board then pans in its frame)
    if (this.zoom.factor !== 1) this.board.element.style.setProperty("--cell", `${Math.max(12, Math.round(size * this.zoom.factor))}px`);
    this.board.element.dataset.zoom = String(this.zoom.factor);
  }

  // the mode menu's label names the chosen mode; the depth applies to no-guess boards only
  syncModeChoice() {
    const checked = this.form.querySelector('input[name="mode"]:checked');
    const mode = checked ? checked.value : "classic";
    this.form.querySelector('[data-role="max-rule"]').hidden = mode !== "no-guess";
    this.form.querySelector('[data-role="settings-summary"]').textContent = format(this.texts.summaryMode, {
      mode: this.config.modeNames[mode] || mode,
    });
  }

  over() {
    return Boolean(this.game) && (this.game.state === "won" || this.game.state === "lost");
  }

  // Hint, Probabilities and the bot after the game: say why they do nothing
  sayOver() {
    this.panel.showOver(this.texts.over);
  }

  fail(error) {
    this.panel.showMessage(format(this.texts.error, { error: error.message || String(error) }), "error");
    this.panel.setOpen(true); // (on a phone the sheet opens: an error is something to read)
  }

  settings() {
    const data = new FormData(this.form);
    const preset = data.get("preset");
    const mode = data.get("mode") || "classic";
    // the board's grade applies to no-guess boards only: the deepest rule it may need and the rule it must need
    const depth = mode === "no-guess" ? GRADE_RULES[data.get("grade")] || {} : {};
    const warnings = data.get("warnings") === "on";
    if (preset !== "custom") return { preset, mode, warnings, multiplier: Number(data.get("multiplier") || 1), ...depth };
    return {
      preset: "custom",
      mode,
      warnings,
      ...depth,
      width: Number(data.get("width")),
      height: Number(data.get("height")),
      mines: Number(data.get("mines")),
    };
  }

  async load() {
    if (this.config.gameId) {
      try {
        const { game } = await this.api.get(this.config.gameId);
        this.show(game);
        await this.restoreHint();
        return;
      } catch (error) {
        if (error.status !== 404) throw error;
      }
    }
    await this.newGame({ preset: "beginner" });
  }

  // -- game state ----------------------------------------------------------------------
  boardKey(game = this.game) {
    return game ? `${game.id}:${game.board.join("/")}` : "";
  }

  show(game) {
    const previous = this.game;
    const changed = this.boardKey(game) !== this.boardKey();
    const resized = !previous || previous.height !== game.height || previous.width !== game.width;
    this.game = game;
    this.board.render(game);
    this.marks.sync(game);
    if (resized) this.fitBoard();
    this.minesLeft.textContent = new Intl.NumberFormat(this.config.langTag).format(game.mines_left);
    let status = this.texts[game.state] || "";
    // a loss that can still be undone: the board is not shown yet
    if (game.state === "lost" && game.end && game.end.pending) status = this.texts.lostPending;
    if (game.state === "ready" && this.touch) status = this.texts.readyTouch;
    // a position set up on the analysis board keeps its own mines: no first click is protected there
    if (game.state === "ready" && game.origin === "position") status = this.texts.readyPosition;
    if (this.botMoved && game.state === "won") status = this.texts.botWon;
    if (this.botMoved && game.state === "lost") status = game.end && game.end.pending ? this.texts.botLostPending : this.texts.botLost;
    this.status.textContent = status;
    this.status.dataset.state = game.state;
    for (const action of ["probabilities", "bot-play", "bot-step", "vision"]) {
      document.querySelector(`[data-action="${action}"]`).setAttribute("aria-disabled", String(this.over()));
    }
    const vision = document.querySelector('[data-action="vision"]');
    vision.setAttribute("aria-pressed", String(Boolean(game.vision)));
    vision.hidden = Boolean(game.daily); // the daily board is the same for everyone: no vision there
    this.timer.sync(game.elapsed, game.running);
    document.querySelector('[data-action="replay"]').disabled = !game.replayable;
    for (const button of document.querySelectorAll('[data-action="undo"]')) button.disabled = !game.undoable;
    const review = document.querySelector('[data-role="review-link"]');
    review.hidden = game.state === "ready";
    review.href = `${this.config.reviewRoot}${encodeURIComponent(game.id)}/review`;
    const analyse = document.querySelector('[data-role="analysis-link"]');
    analyse.hidden = game.state === "ready";
    analyse.href = `${this.config.reviewRoot}${encodeURIComponent(game.id)}/analysis`;
    document.querySelector('[data-role="loss-actions"]').hidden = !(game.end && game.end.pending);
    if (changed && previous) this.forgetHint();
    if (!previous || previous.id !== game.id) this.syncSettings(game);
    if (game.wrong_flags.length === 0) {
      this.warning = null;
      this.panel.hideWarning();
    }
    const isOver = (shown) => shown.state === "won" || shown.state === "lost";
    this.showEnd(game, Boolean(previous && previous.id === game.id && !isOver(previous) && isOver(game)));
  }

  // the end of a game: the mode's figures and, after a loss, why (also after a reload); a game that has
  // just ended opens the phone's sheet on them
  showEnd(game, ended = false) {
    const over = game.state === "won" || game.state === "lost";
    const loss = over && game.end ? game.end.loss : null;
    this.panel.showLoss(loss);
    if (loss) this.board.setHighlights(loss.highlights);
    if (!over) {
      this.panel.showSummary([]);
      // an undone loss: the game is on again, so "this game is over" no longer holds
      if (this.panel.explanation.dataset.kind === "over") this.panel.clear();
      return;
    }
    if (this.panel.explanation.dataset.kind === "empty") this.sayOver();
    const figures = game.summary;
    const number = (value, options = {}) => new Intl.NumberFormat(this.config.langTag, options).format(value);
    const lines = [
      ["mode", format(this.texts.summaryMode, { mode: this.config.modeNames[figures.mode] || figures.mode })],
      ["time", format(this.texts.summaryTime, { time: duration(game.elapsed, this.config.langTag) })],
      // the player's clicks, as the review counts them; the bot's moves too when it played
      ["clicks", format(this.texts.summaryClicks, { count: number(figures.clicks) })],
    ];
    if (figures.bot_moves) lines.push(["moves", format(this.texts.summaryMoves, { count: number(figures.moves) })]);
    if (figures.bbbv !== null) lines.push(["bbbv", format(this.texts.summaryBbbv, { count: number(figures.bbbv) })]);
    if (figures.bbbv_per_second !== null) {
      const value = number(figures.bbbv_per_second, { maximumFractionDigits: 2 });
      lines.push(["bbbv-per-second", format(this.texts.summaryBbbvPerSecond, { value })]);
    }
    if (figures.efficiency !== null) {
      const percent = number(figures.efficiency, { style: "percent", maximumFractionDigits: 0 });
      lines.push(["efficiency", format(this.texts.summaryEfficiency, { percent })]);
    }
    if ("saves" in figures) lines.push(["saves", format(this.texts.summarySaves, { count: figures.saves })]);
    // whether the game ranks, and why not (its help among the reasons)
    if (figures.unranked && figures.unranked.length) {
      const names = this.config.unrankedNames;
      const reasons = new Intl.ListFormat(this.config.langTag).format(figures.unranked.map((r) => names[r] || r));
      lines.push(["unranked", format(this.texts.unranked, { reasons })]);
    } else if (figures.unranked) {
      lines.push(["ranked", this.texts.ranked]);
    }
    if ("assists" in figures) lines.push(["assists", format(this.texts.summaryAssists, { count: figures.assists })]);
    this.panel.showSummary(lines);
    if (ended) this.panel.setOpen(true);
  }

  // phones: bring the highlighted cells into view, between the top of the screen and the explanation sheet
  revealHighlights() {
    if (innerWidth > 700) return;
    const cells = [...this.board.element.querySelectorAll(".cell[data-highlight]")];
    if (!cells.length) return;
    cells[0].scrollIntoView({ block: "nearest", inline: "nearest" }); // a board that pans: its column in view
    const rects = cells.map((cell) => cell.getBoundingClientRect());
    const top = Math.min(...rects.map((rect) => rect.top));
    const bottom = Math.max(...rects.map((rect) => rect.bottom));
    const panel = document.querySelector(".panel");
    const sheet = panel && getComputedStyle(panel).position === "fixed" ? panel.getBoundingClientRect().top : innerHeight;
    const margin = 8;
    let by = 0;
    if (bottom > sheet - margin) by = bottom - (sheet - margin);
    if (top - by < margin) by = top - margin; // taller than the space: its top first
    if (by) scrollBy({ top: by, behavior: "instant" });
  }

  // what the mode did around a move: cells opened for the player, a forgiven mine
  showOutcome(outcome) {
    const notices = [];
    if (outcome.saved) notices.push({ kind: "saved", text: this.texts.saved });
    for (const assist of outcome.assists) notices.push({ kind: "assist", text: assist.text });
    this.panel.showNotices(notices);
    this.board.markAssisted(outcome.assists.map((assist) => assist.cell));
  }

  forgetHint() {
    this.panel.clear(); // a hint, a bot move's reason: they were about the board before
    this.hint = null;
    this.board.setHighlights([]);
    sessionStorage.removeItem(HINT_MEMORY);
    if (this.overlayOn && this.game && this.game.state === "playing") {
      this.queue(() => this.refreshOverlay());
    } else {
      this.setOverlay(null);
    }
  }

  // the new-game form shows the board being played
  syncSettings(game) {
    const preset = this.form.elements.namedItem("preset");
    // a preset, with the multiplier that gives the game's mine count (mines = round(base × m))
    let match = null;
    let multiplier = 1;
    for (const entry of Object.entries(this.config.presets)) {
      const size = entry[1];
      if (size.height !== game.height || size.width !== game.width) continue;
      const found = this.config.multipliers.find((m) => Math.floor(size.mines * m + 0.5) === game.mines);
      if (found !== undefined) {
        match = entry;
        multiplier = found;
        break;
      }
    }
    preset.value = match ? match[0] : "custom";
    this.form.elements.namedItem("multiplier").value = String(multiplier);
    this.form.querySelector('[data-role="multiplier"]').hidden = !match;
    const mode = this.form.querySelector(`input[name="mode"][value="${game.mode}"]`);
    if (mode) mode.checked = true;
    if (!match) {
      for (const key of ["height", "width", "mines"]) this.form.elements.namedItem(key).value = String(game[key]);
    }
    this.form.querySelector('[data-role="custom"]').hidden = Boolean(match);
    this.syncModeChoice();
  }

  // the menus close on the action they lead to (a phone's "More" too: the board comes back into view)
  closeMenus() {
    this.settingsMenu.open = false;
    const main = document.querySelector("main.game");
    if (main.dataset.more !== "open") return;
    main.dataset.more = "closed";
    document.querySelector('[data-action="more"]').setAttribute("aria-expanded", "false");
    this.fitBoard();
  }

  async newGame(settings) {
    this.bot.pause();
    this.closeMenus();
    const { game } = await this.api.create(settings);
    this.botMoved = false;
    this.warning = null;
    this.panel.hideWarning();
    this.panel.showNotices([]);
    this.show(game);
    this.panel.clear();
  }

  async restart() {
    const { height, width, mines, mode, summary } = this.game;
    const settings = { height, width, mines, mode };
    if (summary.max_rule) settings.max_rule = summary.max_rule;
    if (summary.require_rule) settings.require_rule = summary.require_rule;
    await this.newGame(settings);
  }

  // a replay file of this app (JSON), or a replay video of Arbiter, Viennasweeper, Metasweeper or
  // Minesweeper Clone (sent as base64 with its name: the server reads it)
  async importReplay(file) {
    let data;
    if (VIDEO_FILE.test(file.name)) {
      data = { video: await base64Of(file), name: file.name };
    } else {
      try {
        data = JSON.parse(await file.text());
      } catch (error) {
        throw new Error(`${file.name}: ${error.message}`);
      }
    }
    const { review } = await this.api.importReplay(data);
    window.location.assign(review);
  }

  // take back the last move (also the losing click, until the loss is accepted)
  async undo() {
    if (!this.game || !this.game.undoable) return;
    this.bot.pause();
    const { game } = await this.api.undo(this.game.id);
    this.botMoved = false;
    this.warning = null;
    this.panel.hideWarning();
    this.panel.showNotices([]);
    this.show(game);
  }

  // accept a loss: the whole board is shown, and no more undo
  async accept() {
    if (!this.game || !this.game.end || !this.game.end.pending) return;
    const { game } = await this.api.accept(this.game.id);
    this.show(game);
  }

  async replay() {
    this.bot.pause();
    if (!this.game || !this.game.replayable) return;
    this.closeMenus();
    const { game } = await this.api.replay(this.game.id);
    this.botMoved = false;
    this.warning = null;
    this.panel.hideWarning();
    this.panel.showNotices([]);
    this.show(game);
    this.panel.clear();
  }

  // -- moves -----------------------------------------------------------------------------
  async open(row, col) {
    if (!this.game || this.game.state === "won" || this.game.state === "lost") return;
    const symbol = this.game.board[row][col];
    if (symbol === "F") return;
    const action = symbol === "?" ? "open" : "chord";
    if (action === "chord" && (symbol === "." || symbol === "0")) return;
    const { game, outcome } = await this.api.move(this.game.id, action, row, col);
    this.botMoved = false;
    this.show(game);
    this.showOutcome(outcome);
    await this.autopilot();
  }

  // the autopilot (an option, remembered by the browser): after the player's move, the game plays every move the
  // steps at or below the chosen level decide, so that the player meets only the harder ones
  async autopilot() {
    const level = this.autopilotChoice.value;
    if (!level || !this.game || this.game.state !== "playing") return;
    const { game, opened, flagged } = await this.api.autopilot(this.game.id, level);
    if (opened.length || flagged.length) this.show(game);
  }

  async flag(row, col) {
    if (!this.game || this.game.state !== "playing") return;
    const symbol = this.game.board[row][col];
    if (symbol !== "?" && symbol !== "F") return;
    // with question marks: flag, then "?", then nothing (the mark is the player's own note)
    if (this.marks.enabled && symbol === "?" && this.marks.has(row, col)) {
      this.marks.set(row, col, false);
      return;
    }
    const { game, warning } = await this.api.move(this.game.id, "flag", row, col);
    if (this.marks.enabled && symbol === "F") this.marks.set(row, col, true);
    this.botMoved = false;
    this.show(game);
    if (warning) {
      this.warning = warning;
      this.panel.showWarning(cellName(...warning.cell));
      return; // a wrong flag to fix first: the autopilot would not move anyway
    }
    await this.autopilot();
  }

  // -- watch the bot ---------------------------------------------------------------------
  // One bot move, applied by the server through the game's mode; true while the game goes on.
  async botStep() {
    if (!this.game) return false;
    if (this.over()) {
      this.sayOver();
      return false;
    }
    const { game, move, outcome } = await this.api.bot(this.game.id);
    this.botMoved = true;
    this.show(game);
    this.showOutcome(outcome);
    this.board.setCursor(...move.cell);
    if (game.state === "lost") return false; // the loss report stays on show
    this.board.setHighlights(this.panel.showBotMove(move));
    return game.state === "playing";
  }

  showWarningExplanation() {
    if (!this.warning) return;
    this.hint = { data: this.warning, level: "full", boardKey: this.boardKey() };
    this.board.setHighlights(this.panel.showHint(this.warning, "full"));
  }

  // -- hints ------------------------------------------------------------------------------
  async nextHint() {
    if (!this.game) return;
    const current = this.hint;
    if (current && current.boardKey === this.boardKey() && current.data.levels) {
      const next = LEVELS[Math.min(LEVELS.length - 1, LEVELS.indexOf(current.level) + 1)];
      this.showLevel(next);
      return;
    }
    if (this.over()) {
      this.sayOver();
      return;
    }
    await this.fetchHint("where");
  }

  async fetchHint(level) {
    const { hint } = await this.api.hint(this.game.id);
    this.hint = { data: hint, level, boardKey: this.boardKey() };
    this.showLevel(level);
    if (hint.overlay) {
      this.setOverlay(hint.overlay);
    }
  }

  showLevel(level) {
    if (!this.hint) return;
    this.hint.level = level;
    this.board.setHighlights(this.panel.showHint(this.hint.data, level));
    this.revealHighlights();
    if (this.hint.data.kind !== "wrong_flag") {
      sessionStorage.setItem(HINT_MEMORY, JSON.stringify({ boardKey: this.hint.boardKey, level }));
    }
  }

  async restoreHint() {
    let saved = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(HINT_MEMORY) || "null");
    } catch {
      saved = null;
    }
    if (saved && saved.boardKey === this.boardKey() && this.game.state !== "won" && this.game.state !== "lost") {
      await this.fetchHint(LEVELS.includes(saved.level) ? saved.level : "where");
    }
  }

  // -- probability overlay ------------------------------------------------------------------
  // mine vision: the mines on the board (the game is assisted for good once it is on)
  async toggleVision() {
    if (!this.game || this.over()) return;
    const { game } = await this.api.vision(this.game.id, !this.game.vision);
    this.show(game);
  }

  async toggleOverlay() {
    if (this.overlayOn) {
      this.setOverlay(null);
      return;
    }
    if (this.over()) {
      this.sayOver();
      return;
    }
    if (!this.game || this.game.state !== "playing") return;
    this.overlayOn = true;
    await this.refreshOverlay();
  }

  async refreshOverlay() {
    const { overlay } = await this.api.probabilities(this.game.id);
    this.setOverlay(overlay);
  }

  setOverlay(overlay) {
    this.overlayOn = Boolean(overlay); // the button shows what is on the board, however it got there
    this.board.setOverlay(overlay);
    // the note names the safest cells the board marks
    if (overlay) this.panel.showOverlayNote(overlay);
    else this.panel.hideOverlayNote();
    document.querySelector('[data-action="probabilities"]').setAttribute("aria-pressed", String(Boolean(overlay)));
  }
}

const config = JSON.parse(document.getElementById("app-config").textContent);
const app = new App(config);
app.start();
window.minesweeper = app; // for debugging in the console
