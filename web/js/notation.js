// A light reading of the Solution notation (docs/notation.md) for live
// feedback while writing. The server's checker is the judge: this only
// points out typing mistakes early.

/** ASCII and other aliases → the canonical symbol. */
const ALIASES = /** @type {Record<string, string>} */ ({
  U: '∪', u: '∪', '∪': '∪',
  n: '∩', '∩': '∩',
  '-': '−', '–': '−', '−': '−',
  "'": '′', '’': '′', '′': '′',
  V: 'V', v: 'V', '∨': 'V',
  '^': 'Λ', '∧': 'Λ', '∅': 'Λ', Ø: 'Λ', Δ: 'Λ', Λ: 'Λ',
  '=': '=',
  '<': '⊆', '⊂': '⊆', '⊆': '⊆',
  B: 'B', b: 'B', R: 'R', r: 'R', G: 'G', g: 'G', Y: 'Y', y: 'Y',
});

const BINOPS = new Set(['∪', '∩', '−']);
const RELOPS = new Set(['=', '⊆']);
const SETS = new Set(['B', 'R', 'G', 'Y', 'V', 'Λ']);
const OPEN = /** @type {Record<string, string>} */ ({ '(': ')', '[': ']', '{': '}' });
const CLOSE = new Set([')', ']', '}']);

/**
 * @typedef {{sym: string, col: number, ann?: string}} Tok
 * @typedef {{ok: boolean, message: string, col?: number, canonical: string, parts: number, setNames: number}} Feedback
 */

/**
 * Canonical (Unicode) form of what was typed, for the preview line.
 * @param {string} text
 */
export function canonical(text) {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const t = line.trim();
      if (t === '||') return '||';
      if (/^blank\s*[:=]/i.test(t)) return t.replace(/^blank\s*[:=]\s*/i, 'blank: ').toUpperCase().replace('BLANK', 'blank');
      return line
        .replace(/\/\\/g, 'Λ')
        .replace(/./gu, (c) => ALIASES[c] ?? c);
    })
    .join('\n');
}

/**
 * Reads one part into tokens.
 * @param {string} part
 * @param {number} base column of the part's first character (1-based)
 * @returns {{toks: Tok[]} | {error: string, col: number}}
 */
function tokenize(part, base) {
  /** @type {Tok[]} */
  const toks = [];
  const chars = [...part.replace(/\/\\/g, 'Λ ')];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const col = base + i;
    if (/\s/.test(c)) continue;
    if (c in OPEN || CLOSE.has(c)) {
      toks.push({ sym: c, col });
      continue;
    }
    if (c === '@') {
      const prev = toks[toks.length - 1];
      let j = i + 1;
      while (j < chars.length && /\s/.test(chars[j])) j++;
      const cube = ALIASES[chars[j]];
      if (!prev || prev.sym in OPEN || CLOSE.has(prev.sym)) return { error: '`@` comes right after a symbol: `∪@B` means "this B cube is used as ∪"', col };
      if (!cube) return { error: 'after `@` write the cube that stands for the symbol, e.g. `∪@B`', col };
      prev.ann = cube;
      i = j;
      continue;
    }
    const sym = ALIASES[c];
    if (!sym) {
      if (/[0-9]/.test(c)) return { error: `digits belong in the Goal, not in a Solution`, col };
      return { error: `"${c}" is not a symbol of the game`, col };
    }
    toks.push({ sym, col });
  }
  return { toks };
}

/**
 * Parses a Set-Name or Restriction from the tokens (grammar of notation.md).
 * @param {Tok[]} toks
 * @returns {{relations: number} | {error: string, col: number}}
 */
function parsePart(toks) {
  let i = 0;
  let relations = 0;
  /** @type {{error: string, col: number}} */
  let err = { error: '', col: 0 };
  const end = toks.length ? toks[toks.length - 1].col + 1 : 1;
  const at = () => (i < toks.length ? toks[i].col : end);
  const fail = (/** @type {string} */ m) => {
    if (!err.error) err = { error: m, col: at() };
    return false;
  };
  /** @param {boolean} top whether = and ⊆ may appear at this level */
  const setName = (top) => {
    if (!operand(top)) return false;
    while (i < toks.length) {
      const t = toks[i].sym;
      if (BINOPS.has(t)) {
        i++;
        if (!operand(top)) return false;
      } else if (RELOPS.has(t)) {
        if (!top) return fail('= and ⊆ may not stand inside brackets (VI-B-3)');
        return true;
      } else if (t === '′') {
        return fail('′ (complement) comes right after a set, like `R′`');
      } else if (SETS.has(t) || t in OPEN) {
        return fail('two sets side by side: put ∪, ∩ or − between them');
      } else return true;
    }
    return true;
  };
  /** @param {boolean} top */
  const operand = (top) => {
    if (i >= toks.length) return fail('a set is missing here');
    const t = toks[i].sym;
    if (SETS.has(t)) i++;
    else if (t in OPEN) {
      const close = OPEN[t];
      i++;
      // A whole Restriction may be in brackets at the top level.
      if (!setName(top)) return false;
      if (top && i < toks.length && RELOPS.has(toks[i].sym)) {
        while (i < toks.length && RELOPS.has(toks[i].sym)) {
          relations++;
          i++;
          if (!setName(false)) return false;
        }
      }
      if (i >= toks.length || toks[i].sym !== close) return fail(`a bracket is not closed: expected "${close}"`);
      i++;
    } else if (t === '′') return fail('′ (complement) comes after a set, like `R′`, not before it');
    else if (BINOPS.has(t)) return fail(`${t} needs a set on each side`);
    else if (RELOPS.has(t)) return fail(`${t} needs a set on each side`);
    else if (CLOSE.has(t)) return fail('this bracket closes nothing');
    else return fail(`unexpected "${t}"`);
    while (i < toks.length && toks[i].sym === '′') i++;
    return true;
  };
  if (!setName(true)) return err;
  while (i < toks.length && RELOPS.has(toks[i].sym)) {
    relations++;
    i++;
    if (!setName(true)) return err;
  }
  if (i < toks.length) {
    fail(CLOSE.has(toks[i].sym) ? 'this bracket closes nothing' : `unexpected "${toks[i].sym}"`);
    return err;
  }
  return { relations };
}

/**
 * Live feedback on a Solution as typed: the first problem found, or a
 * summary of the parts.
 * @param {string} text
 * @returns {Feedback}
 */
export function readSolution(text) {
  const canon = canonical(text);
  if (!text.trim()) return { ok: false, message: 'Write your Solution here.', canonical: '', parts: 0, setNames: 0 };
  let parts = 0;
  let setNames = 0;
  const lines = text.split(/\r?\n/);
  let solutions = 1;
  for (let ln = 0; ln < lines.length; ln++) {
    // " || " inside a line separates Two Solutions too.
    const segs = lines[ln].split('||');
    if (segs.length > 1) solutions += segs.length - 1;
    let col = 1;
    for (const seg of segs) {
      for (const piece of seg.split(/[;,]/)) {
        const base = col;
        col += [...piece].length + 1;
        const t = piece.trim();
        if (!t) continue;
        parts++;
        if (/^blank\s*[:=]/i.test(t)) {
          const rest = t.replace(/^blank\s*[:=]\s*/i, '');
          if (!/^(-|[brgyBRGY]*)$/.test(rest.replace(/\s/g, ''))) {
            return { ok: false, message: `line ${ln + 1}: after "blank:" write the colors on the blank card, like "blank: BG", or "-"`, col: base, canonical: canon, parts, setNames };
          }
          continue;
        }
        const r = tokenize(piece, base);
        if ('error' in r) return { ok: false, message: `line ${ln + 1}, column ${r.col}: ${r.error}`, col: r.col, canonical: canon, parts, setNames };
        const p = parsePart(r.toks);
        if ('error' in p) return { ok: false, message: `line ${ln + 1}, column ${p.col}: ${p.error}`, col: p.col, canonical: canon, parts, setNames };
        if (p.relations === 0) setNames++;
      }
      col += 2;
    }
  }
  if (setNames === 0) return { ok: false, message: 'A Solution needs one Set-Name part (a part without = or ⊆), VII-B-1.', canonical: canon, parts, setNames };
  if (setNames > solutions) return { ok: false, message: 'Only one Set-Name part per Solution (VI-A): the other parts must be Restrictions.', canonical: canon, parts, setNames };
  return { ok: true, message: `Reads well: ${parts} part${parts > 1 ? 's' : ''}. The judge decides if it is correct.`, canonical: canon, parts, setNames };
}

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
