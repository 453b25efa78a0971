// Mouse, touch and keyboard on the board, turned into intents:
// onOpen(row, col) (open, or chord on an open number), onFlag(row, col), onChord(row, col) (the middle
// button, or both buttons, on an open number), onHint().  While the middle button or both buttons are
// held, the covered neighbours of the cell look pressed, as in the classic game (a chord that opens
// nothing shows them too).
//
// Keyboard shortcuts go by the physical key (event.code), not the character it
// types (event.key): F and H are the keys where a US keyboard has them, so they
// work on any layout (Russian "а"/"р", Arabic, Korean ...) and with an input
// method on.  A virtual keyboard that reports no code falls back to the character.

import { touch } from "./touch.js";

const MOVE_TOLERANCE_PX = 10;

function cellOf(target) {
  const cell = target instanceof Element ? target.closest(".cell") : null;
  return cell ? { cell, row: Number(cell.dataset.row), col: Number(cell.dataset.col) } : null;
}

// a covered cell, flagged or not: the cells a tap or a long press may open or flag
function covered(cell) {
  return cell.dataset.state === "covered" || cell.dataset.state === "flagged";
}

function typing(target) {
  return target instanceof Element && target.closest("input, select, textarea, [contenteditable]") !== null;
}

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const OPEN_KEYS = new Set(["Space", "Enter", "NumpadEnter"]);
// event.key -> event.code, for keyboards that report no code (some virtual ones)
const CODE_OF_KEY = { " ": "Space", Enter: "Enter", f: "KeyF", F: "KeyF", h: "KeyH", H: "KeyH", c: "KeyC", C: "KeyC" };

// The physical key of a shortcut, or null when a modifier is held (a browser or
// system shortcut) or the key is typed into a form field.
function shortcut(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return null;
  if (event.code && event.code !== "Unidentified") return event.code;
  return CODE_OF_KEY[event.key] ?? (Object.hasOwn(MOVES, event.key) ? event.key : null);
}

// The covered, unflagged cells around (row, col) look pressed (or no longer, with ``on`` false).
function pressAround(board, row, col, on) {
  for (let r = row - 1; r <= row + 1; r += 1) {
    for (let c = col - 1; c <= col + 1; c += 1) {
      if (r < 0 || c < 0 || r >= board.height || c >= board.width) continue;
      const cell = board.cell(r, c);
      if (on && cell.dataset.state === "covered") cell.dataset.pressed = "true";
      else delete cell.dataset.pressed;
    }
  }
}

export function bindBoard(board, handlers) {
  const element = board.element;
  let press = null; // a touch press that may become a long press
  let suppressClick = false;
  let pinched = false; // this touch gesture had a second finger: it zooms, it does not open
  let lastPointer = "mouse";
  let chording = null; // the cell a middle-button or two-button chord is held on
  let rightHeld = false; // a two-button chord was released with the right button still down
  let swallowMenu = false; // that right button was let go: the context menu it may bring is the chord's

  // the middle button, or the left and right buttons together: a chord when released
  element.addEventListener("mousedown", (event) => {
    swallowMenu = false;
    const hit = cellOf(event.target);
    if (!hit || !(event.button === 1 || (event.buttons & 3) === 3)) return;
    event.preventDefault(); // (no autoscroll from the middle button)
    if (chording) pressAround(board, chording.row, chording.col, false);
    chording = { row: hit.row, col: hit.col, left: (event.buttons & 1) === 1 };
    pressAround(board, hit.row, hit.col, true);
  });
  const release = (event) => {
    if (!chording) {
      if (rightHeld && event.button === 2) swallowMenu = true;
      rightHeld = false;
      return;
    }
    const { row, col, left } = chording;
    chording = null;
    rightHeld = (event.buttons & 2) === 2;
    if (event.button === 2) swallowMenu = true;
    pressAround(board, row, col, false);
    if (left || event.button === 0) suppressClick = true; // the left button's click that follows is the chord's
    board.setCursor(row, col);
    if (handlers.onChord) handlers.onChord(row, col);
  };
  element.addEventListener("mouseup", release);
  element.addEventListener("mouseleave", () => {
    if (chording) pressAround(board, chording.row, chording.col, false);
    chording = null;
  });
  element.addEventListener("auxclick", (event) => event.button === 1 && event.preventDefault());

  element.addEventListener("click", (event) => {
    const hit = cellOf(event.target);
    if (!hit || (pinched && lastPointer === "touch")) return;
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    board.setCursor(hit.row, hit.col);
    // a tap on a covered cell does what the touch scheme says (on an open number: a chord, in every scheme)
    if (lastPointer === "touch" && touch.tapAction() === "flag" && covered(hit.cell)) handlers.onFlag(hit.row, hit.col);
    else handlers.onOpen(hit.row, hit.col);
  });

  element.addEventListener("contextmenu", (event) => {
    const hit = cellOf(event.target);
    if (!hit) return;
    event.preventDefault();
    if (lastPointer === "touch") return; // touch flags by our own long press
    // the right button of a two-button chord (held with the left, or let go after it)
    if (chording || (event.buttons & 1) === 1 || rightHeld || swallowMenu) {
      swallowMenu = false;
      return;
    }
    board.setCursor(hit.row, hit.col);
    handlers.onFlag(hit.row, hit.col);
  });

  element.addEventListener("pointerdown", (event) => {
    lastPointer = event.pointerType;
    if (event.pointerType !== "touch") return;
    if (!event.isPrimary) {
      // a second finger: a pinch (``pinch.js``), neither a long press nor a tap, until the next gesture
      if (press) clearTimeout(press.timer);
      press = null;
      pinched = true;
      return;
    }
    pinched = false;
    const hit = cellOf(event.target);
    if (!hit) return;
    const current = { x: event.clientX, y: event.clientY, fired: false, timer: 0 };
    current.timer = setTimeout(() => {
      current.fired = true;
      suppressClick = true;
      board.setCursor(hit.row, hit.col);
      if (touch.longPressAction() === "flag" || !covered(hit.cell)) handlers.onFlag(hit.row, hit.col);
      else handlers.onOpen(hit.row, hit.col);
    }, touch.pressMs);
    press = current;
  });

  const cancel = () => {
    if (press) clearTimeout(press.timer);
  };
  element.addEventListener("pointerup", cancel);
  element.addEventListener("pointercancel", cancel);
  element.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_TOLERANCE_PX) cancel();
  });

  element.addEventListener("keydown", (event) => {
    const code = shortcut(event);
    if (code === null) return;
    if (Object.hasOwn(MOVES, code)) {
      event.preventDefault();
      board.moveCursor(...MOVES[code]);
      return;
    }
    const { row, col } = board.cursor;
    if (OPEN_KEYS.has(code)) {
      event.preventDefault();
      handlers.onOpen(row, col);
    } else if (code === "KeyF") {
      event.preventDefault();
      handlers.onFlag(row, col);
    }
  });

  element.addEventListener("focusin", (event) => {
    const hit = cellOf(event.target);
    if (hit && (hit.row !== board.cursor.row || hit.col !== board.cursor.col)) {
      board.cursor = { row: hit.row, col: hit.col };
      board.markCursor();
    }
  });
}

// A page-wide shortcut: the physical key ``code`` (KeyH, KeyC ...) runs ``action``.
export function bindKey(code, action) {
  document.addEventListener("keydown", (event) => {
    if (shortcut(event) === code) {
      event.preventDefault();
      action();
    }
  });
}

export function bindHintKey(onHint) {
  bindKey("KeyH", onHint);
}
