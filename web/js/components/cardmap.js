// The 4×4 map of the sixteen cards (docs/practice.md, "The card map"): rows
// B / B′ × R / R′, columns G / G′ × Y / Y′, so that every color's set is a
// half of the map and every intersection a rectangle. The Universe's cards
// are marked; the cards of a named set are highlighted. Cards are written as
// the notation writes them (docs/notation.md): their colors in the order
// B R G Y, `blank` for none.

import { h } from '../dom.js';

const ROWS = [[true, true], [true, false], [false, false], [false, true]];
const COLS = [[true, true], [true, false], [false, false], [false, true]];

/** The card with these colors, in the notation. @param {boolean} b @param {boolean} r @param {boolean} g @param {boolean} y */
export function cardName(b, r, g, y) {
  const s = `${b ? 'B' : ''}${r ? 'R' : ''}${g ? 'G' : ''}${y ? 'Y' : ''}`;
  return s || 'blank';
}

/** The cards of a list written in the notation (spaces or commas). @param {string|undefined|null} list */
export function cardsOf(list) {
  return new Set(String(list ?? '').split(/[\s,]+/).filter(Boolean).map((c) => (c === 'Λ' ? 'blank' : c)));
}

/**
 * The map: a table of 16 cells, each a card, `in-universe` when the Universe
 * has it and `named` when the set has it.
 * @param {string} universe the Universe's cards
 * @param {string|null} [named] the named set's cards, if any
 * @param {string} [caption]
 */
export function cardMap(universe, named, caption) {
  const u = cardsOf(universe);
  const s = named === null || named === undefined ? null : cardsOf(named);
  const head = (/** @type {boolean} */ on, /** @type {string} */ c) => `${c}${on ? '' : '′'}`;
  return h('table', { class: 'cardmap', role: 'grid', 'aria-label': caption ?? 'The sixteen cards' },
    caption ? h('caption', null, caption) : '',
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, ''),
      COLS.map(([g, y]) => h('th', { scope: 'col' }, `${head(g, 'G')} ${head(y, 'Y')}`)))),
    h('tbody', null, ROWS.map(([b, r]) => h('tr', null,
      h('th', { scope: 'row' }, `${head(b, 'B')} ${head(r, 'R')}`),
      COLS.map(([g, y]) => {
        const c = cardName(b, r, g, y);
        const inU = u.has(c);
        const isNamed = !!s?.has(c);
        const words = `${c}: ${inU ? 'in the Universe' : 'not in the Universe'}${isNamed ? ', in the set named' : ''}`;
        return h('td', {
          class: `cardmap-cell${inU ? ' in-universe' : ''}${isNamed ? ' named' : ''}`,
          dataset: { card: c }, title: words, 'aria-label': words,
        }, inU ? c : '·');
      })))));
}

/**
 * The card map step by step (docs/practice.md, "The card map"): one map per
 * sub-expression of a Solution's Set-Name, innermost first, as the core's
 * explanation lists them (`steps`), after a map of the cards the
 * Restrictions keep when there are Restrictions (VI-B-2). An ambiguous step
 * (VII-B-6) has a map per reading. `onsets map` prints the same maps.
 * @param {{text?: string, universe: string[], kept?: string[]|null,
 *   restrictions?: {restriction: string}[],
 *   steps: {expr: string, cards: string[]|null, interpretations?: {grouped: string, cards: string[]}[]}[]}} s
 *   one solution of an explanation (POST /api/explain)
 */
export function cardMapSteps(s) {
  const universe = s.universe.join(' ');
  /** @type {HTMLElement[]} */
  const items = [];
  if (s.kept) {
    const which = (s.restrictions ?? []).map((r) => r.restriction).join(', ');
    items.push(h('li', null, cardMap(universe, s.kept.join(' '), `The cards the Restrictions keep (${which})`)));
  }
  for (const st of s.steps) {
    if (st.cards) {
      items.push(h('li', null, cardMap(universe, st.cards.join(' '), `${st.expr} names ${st.cards.length} card${st.cards.length === 1 ? '' : 's'}`)));
    } else {
      items.push(h('li', null, h('p', null, `${st.expr} is read more than one way:`),
        (st.interpretations ?? []).map((x) => cardMap(universe, x.cards.join(' '), `${x.grouped} names ${x.cards.length}`))));
    }
  }
  return h('details', { class: 'cardmap-steps', open: true },
    h('summary', null, 'The card map, step by step'),
    h('ol', { class: 'cardmap-step-list' }, items));
}
