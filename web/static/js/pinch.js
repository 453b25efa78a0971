// Two fingers on the board zoom it (a pinch): each time the fingers' distance grows or shrinks by a quarter, the
// zoom takes one step (``onStep(1)`` or ``onStep(-1)``); the page itself does not zoom there.

const STEP_RATIO = 1.25;

export function bindPinch(element, onStep) {
  let start = null;
  const distance = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  element.addEventListener("touchstart", (event) => {
    if (event.touches.length === 2) start = distance(event.touches);
  }, { passive: true });
  element.addEventListener("touchmove", (event) => {
    if (start === null || event.touches.length !== 2) return;
    event.preventDefault(); // the board zooms, not the page
    const now = distance(event.touches);
    if (now >= start * STEP_RATIO || now <= start / STEP_RATIO) {
      onStep(now > start ? 1 : -1);
      start = now;
    }
  }, { passive: false });
  const end = (event) => {
    if (event.touches.length < 2) start = null;
  };
  element.addEventListener("touchend", end);
  element.addEventListener("touchcancel", end);
}
