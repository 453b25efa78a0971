// The explanation panel: the hint text at the chosen level, the wrong-flag warning,
// and the safest-cell note under the probability overlay.

import { format } from "./cells.js";

export const LEVELS = ["where", "pattern", "full"];

// which highlight roles each level shows: first only where to look, then the areas, then everything
const LEVEL_ROLES = {
  where: new Set(["clue"]),
  pattern: new Set(["clue", "common", "unique-a", "unique-b", "known-mine"]),
  full: null,
};

export class Panel {
  constructor(root, texts, learnRoot) {
    this.texts = texts;
    this.learnRoot = learnRoot;
    this.explanation = root.querySelector('[data-role="explanation"]');
    this.levels = root.querySelector('[data-role="levels"]');
    this.warning = root.querySelector('[data-role="warning"]');
    this.warningText = root.querySelector('[data-role="warning-text"]');
    this.overlayNote = root.querySelector('[data-role="overlay-note"]');
    this.notices = root.querySelector('[data-role="notices"]');
    this.learnLink = root.querySelector('[data-role="learn-link"]');
    this.loss = root.querySelector('[data-role="loss-report"]');
    this.chain = root.querySelector('[data-role="chain"]');
    this.lossChain = root.querySelector('[data-role="loss-chain"]');
    // set by the page: draws a chain step's highlights when the player points at (or focuses) the step
    this.onStepHighlight = null;
    this.summary = root.querySelector('[data-role="summary"]');
    this.emptyText = this.explanation.dataset.emptyText;
  }

  // "Learn this pattern": a link to the lesson about a step's pattern (hidden without one)
  showLesson(lesson) {
    this.learnLink.hidden = !lesson;
    if (!lesson) {
      delete this.learnLink.dataset.lesson;
      return;
    }
    this.learnLink.dataset.lesson = lesson;
    this.learnLink.href = `${this.learnRoot}${encodeURIComponent(lesson)}`;
    this.learnLink.textContent = this.texts.learnPattern;
  }

  // A numbered chain of steps (a wrong flag's or a loss's reason): each step's sentence, and its
  // highlights drawn while the player points at or focuses it; ``whole`` is drawn again on leaving.
  renderChain(list, chain, whole) {
    const steps = chain && chain.length > 1 ? chain : [];
    list.replaceChildren(
      ...steps.map((step) => {
        const item = document.createElement("li");
        item.textContent = step.text;
        item.tabIndex = 0;
        const show = () => this.onStepHighlight && this.onStepHighlight(step.highlights);
        const back = () => this.onStepHighlight && this.onStepHighlight(whole);
        item.addEventListener("mouseenter", show);
        item.addEventListener("focus", show);
        item.addEventListener("mouseleave", back);
        item.addEventListener("blur", back);
        return item;
      }),
    );
    list.hidden = steps.length === 0;
    return steps.length > 0;
  }

  // Shows ``hint`` at ``level``; returns the highlights to draw.
  showHint(hint, level) {
    this.showLesson(hint.lesson);
    const hasLevels = Boolean(hint.levels);
    const shown = hasLevels ? level : "full";
    const chained = this.renderChain(this.chain, hint.chain, hint.highlights);
    this.explanation.textContent = chained ? hint.lead : hasLevels ? hint.levels[shown] : hint.text;
    this.explanation.dataset.kind = hint.kind;
    this.explanation.dataset.level = shown;
    this.levels.hidden = !hasLevels;
    for (const button of this.levels.querySelectorAll("[data-level]")) {
      button.setAttribute("aria-pressed", String(button.dataset.level === shown));
    }
    const roles = LEVEL_ROLES[shown];
    if (!roles) return hint.highlights;
    return hint.highlights
      .map(({ cell, roles: cellRoles }) => ({ cell, roles: cellRoles.filter((role) => roles.has(role)) }))
      .filter(({ roles: cellRoles }) => cellRoles.length > 0);
  }

  // A bot move: its explanation; returns the highlights to draw.
  showBotMove(move) {
    this.showMessage(move.text, "bot");
    this.showLesson(move.lesson);
    this.explanation.dataset.move = move.kind;
    this.explanation.dataset.certain = String(move.certain);
    return move.highlights;
  }

  showMessage(text, kind = "message") {
    this.showLesson(null);
    this.renderChain(this.chain, null, null);
    this.explanation.textContent = text;
    this.explanation.dataset.kind = kind;
    delete this.explanation.dataset.level;
    delete this.explanation.dataset.move;
    delete this.explanation.dataset.certain;
    this.levels.hidden = true;
  }

  clear() {
    this.showMessage(this.emptyText, "empty");
  }

  showWarning(cellName) {
    this.warningText.textContent = format(this.texts.wrongFlag, { cell: cellName });
    this.warning.hidden = false;
  }

  hideWarning() {
    this.warning.hidden = true;
  }

  showOverlayNote(overlay) {
    const safest = overlay && overlay.safest;
    if (!safest || safest.percent === null) {
      this.overlayNote.hidden = true;
      return;
    }
    this.overlayNote.textContent = format(this.texts.safest, { percent: safest.percent });
    this.overlayNote.hidden = false;
  }

  hideOverlayNote() {
    this.overlayNote.hidden = true;
  }

  // What the game's mode did around a move: [{kind: "assist" | "saved", text}, ...]
  showNotices(notices) {
    this.notices.replaceChildren(
      ...notices.map(({ kind, text }) => {
        const item = document.createElement("li");
        item.dataset.kind = kind;
        item.textContent = text;
        return item;
      }),
    );
    this.notices.hidden = notices.length === 0;
  }

  showLoss(loss) {
    this.loss.hidden = !loss;
    if (!loss) return;
    this.loss.querySelector('[data-role="loss-heading"]').textContent = this.texts.lossHeading;
    const chained = this.renderChain(this.lossChain, loss.chain, loss.highlights);
    this.loss.querySelector('[data-role="loss-text"]').textContent = chained ? loss.lead : loss.text;
    this.loss.dataset.kind = loss.kind;
  }

  // The end-of-game summary: [text, ...] (hidden while the game runs)
  showSummary(lines) {
    this.summary.replaceChildren(
      ...lines.map(([key, text]) => {
        const item = document.createElement("li");
        item.dataset.figure = key;
        item.textContent = text;
        return item;
      }),
    );
    this.summary.hidden = lines.length === 0;
  }
}
