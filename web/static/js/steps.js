// A list of reasoning steps (a proof's steps, a chain of deductions): each item shows its sentence, and
// draws that step's highlights while the player points at or focuses it, ``whole`` again on leaving.

// Make ``item`` show ``highlights`` on hover and focus, and ``whole`` when left (``draw`` draws them).
export function highlightOnPoint(item, highlights, whole, draw) {
  const show = () => draw(highlights);
  const back = () => draw(whole);
  item.addEventListener("mouseenter", show);
  item.addEventListener("focus", show);
  item.addEventListener("mouseleave", back);
  item.addEventListener("blur", back);
}

// Fill ``list`` with one focusable item per step ({text, highlights, depth?, kind?}); hide it when empty.
export function renderStepList(list, steps, whole, draw) {
  list.replaceChildren(
    ...steps.map((step) => {
      const item = document.createElement("li");
      item.textContent = step.text;
      item.tabIndex = 0;
      item.dataset.depth = String(step.depth || 0);
      if (step.kind || step.rule) item.dataset.kind = step.kind || step.rule;
      highlightOnPoint(item, step.highlights, whole, draw);
      return item;
    }),
  );
  list.hidden = steps.length === 0;
  return steps.length > 0;
}

// "42 s", "1:05", "1:02:05" in the page's number format.
export function duration(seconds, langTag) {
  const whole = Math.floor(seconds || 0);
  if (whole < 60) return `${new Intl.NumberFormat(langTag).format(whole)} s`;
  const twoDigits = new Intl.NumberFormat(langTag, { minimumIntegerDigits: 2 });
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = twoDigits.format(whole % 60);
  return hours ? `${hours}:${twoDigits.format(minutes)}:${rest}` : `${minutes}:${rest}`;
}
