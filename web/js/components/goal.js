// A Goal drawn as its cubes, with its value (III-B): the digit cubes in their
// layout (side by side adds, one above the other multiplies, upside-down is
// negative) and "= 5" beside them. Every page draws Goals with this, never as
// raw notation (docs/web-client.md).

import { h, toDom } from './vdom.js';
import { readGoal, goalValue } from '../notation.js';
import { cubeSvg } from '../pictures.js';
import { goalWords } from '../words.js';

/**
 * The cubes of a read Goal in their layout.
 * @param {{layout: import('../notation.js').Layout, digits: number[], flips: boolean[]}} g
 */
export function goalPicture(g) {
  return h('span', { class: 'goal-pic', 'aria-hidden': 'true' },
    ...g.layout.cells.map(([r, c], i) => h('span', { class: 'goal-cube', style: { gridRow: String(r + 1), gridColumn: Number.isInteger(c) ? `${c * 2 + 1} / span 2` : '2 / span 2' } },
      cubeSvg(String(g.digits[i]), 'digit', g.flips[i]))));
}

/**
 * A Goal as cubes with its value; a text that is not a legal layout is
 * shown in words (with what it lacks) instead.
 * @param {string} text the Goal in notation (`3*(~1+2)`)
 * @param {{id?: string, strict?: boolean}} [o] `strict`: say so when the text is not one of the layouts of III-B-1
 */
export function goalView(text, o = {}) {
  const g = readGoal(text);
  if (!g) return h('span', { class: 'goal-view', id: o.id }, h('span', { class: 'goal-text' }, `${goalWords(text)}${o.strict ? ' (not a legal Goal layout)' : ''}`));
  const value = goalValue(g);
  return h('span', { class: 'goal-view', id: o.id, role: 'img', 'aria-label': `Goal: ${goalWords(text)}` },
    goalPicture(g), h('span', { class: 'goal-value', 'aria-hidden': 'true' }, `= ${value}`));
}

/** `goalView` as a DOM element, for pages not yet on the renderer. @param {string} text @param {{id?: string, strict?: boolean}} [o] */
export function goalElement(text, o) {
  return toDom(goalView(text, o));
}
