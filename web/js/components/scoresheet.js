// A scoresheet (XII-A, XII-B): one row per shake, one column per player,
// totals at the bottom; a real table with its header cells scoped, so screen
// readers read it by row and column. The table page's scoresheet
// (table/history.js) and every page with a score use it.

import { h } from './vdom.js';

/** @typedef {import('./vdom.js').VChild} VChild */
/**
 * One row: its header cell (the shake), a cell per player, and an optional note.
 * @typedef {{label: VChild|VChild[], cells: (VChild|VChild[])[], note?: VChild|VChild[], cls?: string,
 *   numClass?: string}} SheetRow
 */

/**
 * A scoresheet of rows built by the caller.
 * @param {(VChild|VChild[])[]} players the column heads, in seat order
 * @param {SheetRow[]} rows the shakes (and a row under way, `cls: 'current'`)
 * @param {{id?: string, caption?: string, noteHead?: string, foot?: SheetRow[]}} [o]
 *   `noteHead`: a last column of notes with this head; `foot`: total rows
 */
export function sheetView(players, rows, o = {}) {
  const notes = o.noteHead !== undefined;
  /** @param {SheetRow} r @param {boolean} foot */
  const row = (r, foot) => h('tr', { class: r.cls || null },
    h(foot ? 'th' : 'td', foot ? { scope: 'row' } : null, r.label),
    ...r.cells.map((c) => h(foot ? 'th' : 'td', { class: r.numClass ?? 'num' }, c)),
    notes ? h('td', { class: 'note' }, r.note ?? null) : null);
  return h('table', { class: 'scoresheet', id: o.id },
    o.caption ? h('caption', null, o.caption) : null,
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Shake'), ...players.map((p) => h('th', { scope: 'col' }, p)),
      notes ? h('th', { scope: 'col' }, o.noteHead) : null)),
    h('tbody', null, ...rows.map((r) => row(r, false))),
    h('tfoot', null, ...(o.foot ?? []).map((r) => row(r, true))));
}

/**
 * A plain scoresheet of numbers with its totals.
 * @param {string[]} players names, in seat order
 * @param {number[][]} shakes each shake's scores, in seat order
 * @param {{id?: string, caption?: string}} [o]
 */
export function scoresheetView(players, shakes, o = {}) {
  const totals = players.map((_, i) => shakes.reduce((t, s) => t + (s[i] ?? 0), 0));
  return sheetView(players, shakes.map((s, k) => ({ label: String(k + 1), cells: players.map((_, i) => String(s[i] ?? '')) })),
    { id: o.id, caption: o.caption ?? 'Scoresheet', foot: [{ label: 'Total', cells: totals.map(String) }] });
}
