// A card (I-B-1): its dots drawn in their corners, each dot with its letter
// (letters.js), and its words for screen readers. A card is a button when
// the page lets the player pick it (the judge's mat editor, a Universe).

import { h } from './vdom.js';
import { cardColors, cardSvg, cardWords } from '../pictures.js';

/**
 * @param {string} card `BR`, `blank`
 * @param {{pressed?: boolean, onclick?: () => void, key?: string, small?: boolean, label?: string, cls?: string}} [o]
 *   `onclick` makes it a toggle button (`pressed` its state)
 */
export function cardView(card, o = {}) {
  // The name starts with the letters drawn on the dots, so the name a
  // speech-input user says matches what they see (WCAG 2.5.3).
  const shown = cardColors(card) || 'blank';
  const words = `${shown}: ${o.label ?? cardWords(card)}`;
  const cls = `card-view${o.small ? ' small' : ''}${o.pressed ? ' picked' : ''}${o.cls ? ` ${o.cls}` : ''}`;
  if (o.onclick) {
    return h('button', { type: 'button', class: `${cls} card-btn`, key: o.key, 'aria-pressed': o.pressed ? 'true' : 'false', 'aria-label': words, title: words, dataset: { card }, onclick: o.onclick }, cardSvg(card));
  }
  return h('span', { class: cls, key: o.key, role: 'img', 'aria-label': words, title: words, dataset: { card } }, cardSvg(card));
}
