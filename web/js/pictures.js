// SVG pictures of the kit: cards with colored dots, cubes showing a face.

const SVG = 'http://www.w3.org/2000/svg';

/** The dot colors of the cards and color cubes (I-B-1), with a letter on each dot for color-blind players. */
export const COLORS = /** @type {Record<string, {fill: string, ink: string, name: string}>} */ ({
  B: { fill: '#1d63c9', ink: '#fff', name: 'blue' },
  R: { fill: '#d3262f', ink: '#fff', name: 'red' },
  G: { fill: '#1f8f3a', ink: '#fff', name: 'green' },
  Y: { fill: '#f4c20d', ink: '#222', name: 'yellow' },
  // The 1969 kit's fourth color (M69 2.0): drawn where yellow is.
  O: { fill: '#ef7d1a', ink: '#222', name: 'orange' },
});

/**
 * @param {string} tag
 * @param {Record<string, string|number>} attrs
 * @param {(SVGElement|string)[]} [children]
 */
function s(tag, attrs, children = []) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/** The colors on a card, in B R G Y order ('' for the blank card); a 1969 card's orange (O) stands where Y does. @param {string} card */
export function cardColors(card) {
  if (card === 'blank' || card === '-') return '';
  return ['B', 'R', 'G', 'Y', 'O'].filter((c) => card.toUpperCase().includes(c)).join('');
}

/** Words for a card, for screen readers and tooltips. @param {string} card */
export function cardWords(card) {
  const c = cardColors(card);
  if (!c) return 'the blank card (no dots)';
  return `card with ${[...c].map((x) => COLORS[x].name).join(', ')} dot${c.length > 1 ? 's' : ''}`;
}

/**
 * The stable order of cards: as on the kit's chart, by number of dots, then B R G Y.
 * @param {string} a @param {string} b
 */
export function cardOrder(a, b) {
  const ca = cardColors(a);
  const cb = cardColors(b);
  if (ca.length !== cb.length) return ca.length - cb.length;
  const key = (/** @type {string} */ c) => [...c].map((x) => 'BRGY'.indexOf(x === 'O' ? 'Y' : x)).join('');
  return key(ca) < key(cb) ? -1 : key(ca) > key(cb) ? 1 : 0;
}

/**
 * A card: a white card with a dot in each corner it carries (blue top left,
 * red top right, green bottom left, yellow bottom right).
 * @param {string} card e.g. `BR`, `blank`
 */
export function cardSvg(card) {
  const colors = cardColors(card);
  const svg = s('svg', { viewBox: '0 0 60 84', class: 'card-svg', 'aria-hidden': 'true' });
  svg.append(s('rect', { x: 2, y: 2, width: 56, height: 80, rx: 7, class: 'card-body' }));
  /** @type {Record<string, [number, number]>} */
  const spots = { B: [18, 24], R: [42, 24], G: [18, 60], Y: [42, 60], O: [42, 60] };
  for (const c of colors) {
    const [x, y] = spots[c];
    svg.append(s('circle', { cx: x, cy: y, r: 10, fill: COLORS[c].fill, stroke: '#0003', 'stroke-width': 1 }));
    svg.append(s('text', { x, y: y + 4, 'text-anchor': 'middle', class: 'dot-letter', fill: COLORS[c].ink }, [c]));
  }
  if (!colors) {
    svg.append(s('text', { x: 30, y: 47, 'text-anchor': 'middle', class: 'blank-word' }, ['blank']));
  }
  return svg;
}

/** Words for a cube face. @param {string} face */
export function faceWords(face) {
  /** @type {Record<string, string>} */
  const words = {
    '∪': 'union (∪)',
    '∩': 'intersection (∩)',
    '−': 'minus (−)',
    '′': 'complement (′)',
    V: 'the Universe (V)',
    Λ: 'the empty set (Λ)',
    '=': 'equals (=)',
    '⊆': 'is a subset of (⊆)',
  };
  if (face in COLORS) return `${COLORS[face].name} (${face})`;
  if (/^[1-5]$/.test(face)) return `digit ${face}`;
  return words[face] ?? face;
}

/**
 * A cube showing `face`. Color cubes show a big colored dot; the others their
 * symbol. `upsideDown` turns a digit over (a negative Goal digit, I-B GOAL rule 3).
 * @param {string} face
 * @param {string} family digit, color, operation or restriction
 * @param {boolean} [upsideDown]
 */
export function cubeSvg(face, family, upsideDown = false) {
  const svg = s('svg', { viewBox: '0 0 48 48', class: `cube-svg fam-${family}`, 'aria-hidden': 'true' });
  svg.append(s('rect', { x: 2, y: 2, width: 44, height: 44, rx: 8, class: 'cube-body' }));
  if (family === 'color' && face in COLORS) {
    svg.append(s('circle', { cx: 24, cy: 24, r: 14, fill: COLORS[face].fill, stroke: '#0004' }));
    svg.append(s('text', { x: 24, y: 29.5, 'text-anchor': 'middle', class: 'cube-letter', fill: COLORS[face].ink }, [face]));
  } else {
    const t = s('text', { x: 24, y: 33, 'text-anchor': 'middle', class: 'cube-symbol' }, [face]);
    if (face === '′') t.setAttribute('y', '38');
    if (upsideDown) t.setAttribute('transform', 'rotate(180 24 24)');
    svg.append(t);
  }
  return svg;
}

/** A sand timer showing how much sand is left (0..1). @param {number} frac @param {boolean} urgent */
export function sandTimerSvg(frac, urgent) {
  const f = Math.max(0, Math.min(1, frac));
  const svg = s('svg', { viewBox: '0 0 24 36', class: `sand${urgent ? ' urgent' : ''}`, 'aria-hidden': 'true' });
  svg.append(s('path', { d: 'M3 2h18M3 34h18M5 2c0 10 14 10 14 16S5 26 5 34M19 2c0 10-14 10-14 16s14 8 14 16', class: 'glass' }));
  // Sand above (what is left) and below (what ran out).
  const top = 14 * f;
  svg.append(s('path', { d: `M${12 - top * 0.45} ${17 - top}h${top * 0.9}L12 17z`, class: 'sand-top' }));
  const bottom = 14 * (1 - f);
  svg.append(s('path', { d: `M${12 - bottom * 0.5} 33h${bottom}L12 ${33 - bottom}z`, class: 'sand-bottom' }));
  return svg;
}
