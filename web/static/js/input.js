// Mouse, touch and keyboard on the board, turned into intents:
// onOpen(row, col) (open, or chord on an open number), onFlag(row, col), onHint().

const LONG_PRESS_MS = 450;
const MOVE_TOLERANCE_PX = 10;

function cellOf(target) {
  const cell = target instanceof Element ? target.closest(".cell") : null;
  return cell ? { cell, row: Number(cell.dataset.row), col: Number(cell.dataset.col) } : null;
}

function typing(target) {
  return target instanceof Element && target.closest("input, select, textarea, [contenteditable]") !== null;
}

export function bindBoard(board, handlers) {
  const element = board.element;
  let press = null; // a touch press that may become a long press
  let suppressClick = false;
  let lastPointer = "mouse";

  element.addEventListener("click", (event) => {
    const hit = cellOf(event.target);
    if (!hit) return;
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    board.setCursor(hit.row, hit.col);
    handlers.onOpen(hit.row, hit.col);
  });

  element.addEventListener("contextmenu", (event) => {
    const hit = cellOf(event.target);
    if (!hit) return;
    event.preventDefault();
    if (lastPointer === "touch") return; // touch flags by our own long press
    board.setCursor(hit.row, hit.col);
    handlers.onFlag(hit.row, hit.col);
  });

  element.addEventListener("pointerdown", (event) => {
    lastPointer = event.pointerType;
    if (event.pointerType !== "touch") return;
    const hit = cellOf(event.target);
    if (!hit) return;
    const current = { x: event.clientX, y: event.clientY, fired: false, timer: 0 };
    current.timer = setTimeout(() => {
      current.fired = true;
      suppressClick = true;
      board.setCursor(hit.row, hit.col);
      handlers.onFlag(hit.row, hit.col);
    }, LONG_PRESS_MS);
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
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in moves) {
      event.preventDefault();
      board.moveCursor(...moves[event.key]);
      return;
    }
    const { row, col } = board.cursor;
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      handlers.onOpen(row, col);
    } else if (event.key === "f" || event.key === "F") {
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

export function bindHintKey(onHint) {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
    if (event.key === "h" || event.key === "H") {
      event.preventDefault();
      onHint();
    }
  });
}
