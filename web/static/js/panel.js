// The explanation panel: the hint text at the chosen level, the wrong-flag warning,
// and the safest-cell note under the probability overlay.

import { safestNote } from "./board.js";
import { format } from "./cells.js";
import { renderStepList } from "./steps.js";

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
    this.stepsLead = root.querySelector('[data-role="steps-lead"]');
    this.steps = root.querySelector('[data-role="steps"]');
    this.stepsAction = root.querySelector('[data-role="steps-action"]');
    this.root = root;
    this.legend = root.querySelector('[data-role="legend"]');
    this.legendHeading = root.querySelector('[data-role="legend-heading"]');
    this.touch = matchMedia("(hover: none) and (pointer: coarse)").matches;
    this.lossChain = root.querySelector('[data-role="loss-chain"]');
    // set by the page: draws a chain step's highlights when the player points at (or focuses) the step
    this.onStepHighlight = null;
    this.summary = root.querySelector('[data-role="summary"]');
    this.emptyText = this.touch ? this.explanation.dataset.emptyTextTouch : this.explanation.dataset.emptyText;
    this.explanation.textContent = this.emptyText;
    const toggle = root.querySelector('[data-action="panel-toggle"]');
    toggle.addEventListener("click", () => this.setOpen(root.dataset.open !== "true"));
    this.toggle = toggle;
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

  // phones: the explanation sheet opens when there is something to read, and the player can close it
  setOpen(open) {
    this.root.dataset.open = String(open);
    this.toggle.setAttribute("aria-expanded", String(open));
  }

  // The legend lists only the roles on the board now
  showLegend(roles) {
    let any = false;
    for (const item of this.legend.querySelectorAll("[data-legend]")) {
      item.hidden = !roles.has(item.dataset.legend);
      any = any || !item.hidden;
    }
    this.legend.hidden = !any;
    this.legendHeading.hidden = !any;
  }

  // A proof as a numbered list of steps, each highlighting its own cells while pointed at or focused
  renderSteps(deduction, whole) {
    const proof = deduction && deduction.proof && deduction.proof.length > 1 ? deduction.proof : [];
    renderStepList(this.steps, proof, whole, (marks) => this.drawStep(marks));
    const shown = proof.length > 0;
    this.stepsLead.hidden = !shown || !deduction.lead;
    this.stepsLead.textContent = shown ? deduction.lead : "";
    this.stepsAction.hidden = !shown;
    this.stepsAction.textContent = shown ? deduction.action : "";
    return shown;
  }

  // A numbered chain of steps (a wrong flag's or a loss's reason): each step's sentence, and its
  // highlights drawn while the player points at or focuses it; ``whole`` is drawn again on leaving.
  renderChain(list, chain, whole) {
    return renderStepList(list, chain && chain.length > 1 ? chain : [], whole, (marks) => this.drawStep(marks));
  }

  drawStep(highlights) {
    if (this.onStepHighlight) this.onStepHighlight(highlights);
  }

  // Shows ``hint`` at ``level``; returns the highlights to draw.
  showHint(hint, level) {
    this.showLesson(hint.lesson);
    const hasLevels = Boolean(hint.levels);
    const shown = hasLevels ? level : "full";
    const chained = this.renderChain(this.chain, hint.chain, hint.highlights);
    // the full argument of a longer proof: its steps as a list, not one paragraph
    const stepped = !chained && shown === "full" && this.renderSteps(hint.deduction, hint.highlights);
    if (!stepped) this.renderSteps(null, null);
    this.explanation.hidden = stepped;
    this.explanation.textContent = chained ? hint.lead : hasLevels ? hint.levels[shown] : hint.text;
    this.setOpen(true);
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
    this.setOpen(true);
    this.showLesson(move.lesson);
    this.explanation.dataset.move = move.kind;
    this.explanation.dataset.certain = String(move.certain);
    return move.highlights;
  }

  showMessage(text, kind = "message") {
    this.showLesson(null);
    this.renderChain(this.chain, null, null);
    this.renderSteps(null, null);
    this.explanation.hidden = false;
    this.explanation.textContent = text;
    this.explanation.dataset.kind = kind;
    delete this.explanation.dataset.level;
    delete this.explanation.dataset.move;
    delete this.explanation.dataset.certain;
    this.levels.hidden = true;
  }

  clear() {
    this.showMessage(this.emptyText, "empty");
    this.setOpen(false);
  }

  // after the game: what the buttons can no longer do, in place of "Stuck? Press Hint"
  showOver(text) {
    this.showMessage(text, "over");
  }

  showWarning(cellName) {
    this.warningText.textContent = format(this.texts.wrongFlag, { cell: cellName });
    this.warning.hidden = false;
    this.setOpen(true);
  }

  hideWarning() {
    this.warning.hidden = true;
  }

  // under the probability overlay: the safest cells, named (at most a few, then how many more)
  showOverlayNote(overlay) {
    const safest = overlay && overlay.safest;
    const note = safest && safest.percent !== null ? safestNote(overlay, this.texts, document.documentElement.lang) : null;
    this.overlayNote.textContent = note || "";
    this.overlayNote.hidden = !note;
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
    this.setOpen(true);
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
