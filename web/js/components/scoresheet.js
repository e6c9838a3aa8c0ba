// A scoresheet (XII-A): one row per shake, one column per player, totals
// at the bottom; a real table, so screen readers read it by row and column.

import { h } from './vdom.js';

/**
 * @param {string[]} players names, in seat order
 * @param {number[][]} shakes each shake's scores, in seat order
 * @param {{id?: string, caption?: string}} [o]
 */
export function scoresheetView(players, shakes, o = {}) {
  const totals = players.map((_, i) => shakes.reduce((t, s) => t + (s[i] ?? 0), 0));
  return h('table', { class: 'scoresheet', id: o.id },
    h('caption', null, o.caption ?? 'Scoresheet'),
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Shake'), ...players.map((p) => h('th', { scope: 'col' }, p)))),
    h('tbody', null, ...shakes.map((s, k) => h('tr', null, h('th', { scope: 'row' }, String(k + 1)), ...players.map((_, i) => h('td', null, String(s[i] ?? '')))))),
    h('tfoot', null, h('tr', null, h('th', { scope: 'row' }, 'Total'), ...totals.map((t) => h('td', null, String(t))))));
}
