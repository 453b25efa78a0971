// Cell names as the engine writes them: column letters then the 1-based row ("C5", "AD16").

export function columnLetters(col) {
  let letters = "";
  let n = col + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export function cellName(row, col) {
  return `${columnLetters(col)}${row + 1}`;
}

export function format(template, params) {
  return template.replace(/%\((\w+)\)s/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
