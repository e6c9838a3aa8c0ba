// The Universe (II-B): the cards dealt, each a button the player may mark on
// their own chart.

import { h } from '../components/vdom.js';
import { cardOrder, cardSvg, cardWords } from '../pictures.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */

/**
 * @param {TableView} tv the table page
 */
export function renderUniverse(tv) {
  const m = tv.m;
  const head = h('h2', { id: 'universe-title' }, 'The Universe');
  if (!m || !m.cards.length) {
    return tv.sec('universe', head, h('p', { class: 'small' }, 'No cards dealt yet.'));
  }
  const cards = [...m.cards].sort(cardOrder);
  return tv.sec('universe', head,
    h('p', { class: 'small' }, `${cards.length} cards. Your chart: click a card (or Tab to it and press Enter) to mark it while you think. Only you see the marks.`),
    h('div', { class: 'cards', role: 'group', 'aria-label': 'Universe chart' },
      ...cards.map((card) => h('button', {
        type: 'button',
        class: `card${tv.marks.has(card) ? ' marked' : ''}`,
        dataset: { key: `card-${card}`, card },
        'aria-pressed': tv.marks.has(card) ? 'true' : 'false',

        title: cardWords(card),
        onclick: () => {
          if (tv.marks.has(card)) tv.marks.delete(card);
          else tv.marks.add(card);
          tv.render();
        },
        // Named by its content: the letters shown on it, then the words (WCAG 2.5.3).
      }, cardSvg(card), h('span', { class: 'card-name' }, card === 'blank' ? 'blank' : card),
      h('span', { class: 'sr-only' }, `: ${cardWords(card)}${tv.marks.has(card) ? ', marked' : ''}`)))),
    h('div', { class: 'chart-tools' },
      h('span', { class: 'small', id: 'mark-count' }, `${tv.marks.size} marked`),
      tv.marks.size ? tv.btn('Clear marks', () => { tv.marks.clear(); tv.render(); }, { key: 'clear-marks' }) : null),
  );
}
