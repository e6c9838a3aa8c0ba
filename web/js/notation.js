// Goal layouts (III-B-1): the seven shapes the Goal builder offers, and a
// Goal text from the server read back into its shape to draw it on the mat.
//
// Solutions are never parsed here: the page asks the server for the core's
// own reading of a draft (the `preview` request of docs/protocol.md), so
// the page and the checker can never disagree.

// ---- Goals (III-B) ----

/**
 * The legal Goal layouts of III-B-1 (docs/notation.md "Goals").
 * `cells` places each slot on a small grid: [row, column] (column may be x.5).
 * @typedef {{id: string, name: string, help: string, slots: number,
 *   text: (d: string[]) => string, value: (n: number[]) => number, cells: [number, number][]}} Layout
 * @type {Layout[]}
 */
export const LAYOUTS = [
  { id: 'single', name: 'One cube', help: 'the number on the cube', slots: 1, text: (d) => d[0], value: (n) => n[0], cells: [[0, 0]] },
  { id: 'sum2', name: 'Side by side (add)', help: 'A + B', slots: 2, text: (d) => `${d[0]}+${d[1]}`, value: (n) => n[0] + n[1], cells: [[0, 0], [0, 1]] },
  { id: 'prod2', name: 'One above the other (multiply)', help: 'A × B', slots: 2, text: (d) => `${d[0]}*${d[1]}`, value: (n) => n[0] * n[1], cells: [[0, 0], [1, 0]] },
  { id: 'sum3', name: 'Three side by side (add)', help: 'A + B + C', slots: 3, text: (d) => `${d[0]}+${d[1]}+${d[2]}`, value: (n) => n[0] + n[1] + n[2], cells: [[0, 0], [0, 1], [0, 2]] },
  { id: 'prod3', name: 'Three in a column (multiply)', help: 'A × B × C', slots: 3, text: (d) => `${d[0]}*${d[1]}*${d[2]}`, value: (n) => n[0] * n[1] * n[2], cells: [[0, 0], [1, 0], [2, 0]] },
  { id: 'L', name: 'L shape', help: '(A × B) + C: A above B, C beside B', slots: 3, text: (d) => `${d[0]}*${d[1]}+${d[2]}`, value: (n) => n[0] * n[1] + n[2], cells: [[0, 0], [1, 0], [1, 1]] },
  { id: 'T', name: 'T shape (upside-down T)', help: 'A × (B + C): A above both B and C', slots: 3, text: (d) => `${d[0]}*(${d[1]}+${d[2]})`, value: (n) => n[0] * (n[1] + n[2]), cells: [[0, 0.5], [1, 0], [1, 1]] },
];

/**
 * Reads a Goal text (`3*(~2+1)`) back into a layout, digits and flips, to draw it.
 * @param {string} text
 * @returns {{layout: Layout, digits: number[], flips: boolean[]} | null}
 */
export function readGoal(text) {
  const digits = [];
  const flips = [];
  let shape = '';
  let flip = false;
  for (const c of text.replace(/\s/g, '')) {
    if (c === '~') flip = true;
    else if (/[1-5]/.test(c)) {
      digits.push(Number(c));
      flips.push(flip);
      flip = false;
      shape += 'd';
    } else if ('x×X*'.includes(c)) shape += '*';
    else shape += c;
  }
  /** @type {Record<string, string>} */
  const ids = { d: 'single', 'd+d': 'sum2', 'd*d': 'prod2', 'd+d+d': 'sum3', 'd*d*d': 'prod3', 'd*d+d': 'L', 'd*(d+d)': 'T' };
  const layout = LAYOUTS.find((l) => l.id === ids[shape]);
  return layout ? { layout, digits, flips } : null;
}

/** @param {{layout: Layout, digits: number[], flips: boolean[]}} g */
export function goalValue(g) {
  return g.layout.value(g.digits.map((d, i) => (g.flips[i] ? -d : d)));
}
