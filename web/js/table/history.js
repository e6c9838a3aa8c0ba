// "What happened" (every event in words with its rule), the live region a
// screen reader announces, and the scoresheet (XII-B).

import { h, ruleNote } from '../components/vdom.js';
import { cite } from '../rules.js';
import { sheetView } from '../components/scoresheet.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */

/**
 * @param {TableView} tv the table page
 */
export function renderHappenings(tv) {
  const list = h('ol', { class: 'log', reversed: true }, ...tv.log.slice(0, 40).map((l) => h('li', { class: `tone-${l.tone}` }, ruleNote(l.text, l.rule))));
  return tv.sec('happenings', h('h2', { id: 'happenings-title' }, 'What happened'), tv.log.length ? list : h('p', { class: 'small' }, 'Nothing yet.'));
}

/**
 * The live region a screen reader reads: the last events of the table, in
 * words, as they come (WCAG 4.1.3).
 * @param {TableView} tv the table page
 */
export function announcer(tv) {
  const last = tv.log.slice(0, 3).reverse();
  return h('div', { id: 'announcer', class: 'sr-only', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions', key: 'announcer' },
    ...last.map((l) => h('p', { key: `a-${l.seq}` }, l.text)));
}

/**
 * @param {TableView} tv the table page
 */
export function renderScores(tv) {
  const m = tv.m;
  const head = h('h2', { id: 'scores-title' }, 'Scoresheet ', cite('XII-B'));
  if (!m) {
    return tv.sec('scores', head, h('p', { class: 'small' }, 'Scores appear when the match starts.'));
  }
  const table = sheetView(m.players.map((p, i) => (i === m.you ? `${p} (you)` : p)), [
    ...m.history.map((r) => ({
      cls: r.void ? 'void' : '',
      label: [String(r.shake), r.goal_setter >= 0 ? h('small', null, ` (${m.players[r.goal_setter]} set)`) : null],
      cells: r.points.map((p, i) => [String(p), r.penalties[i] ? h('span', { class: 'pen' }, ` ${r.penalties[i]}`) : null]),
      note: r.void ? 'void' : r.note,
    })),
    ...(m.penalties.some((x) => x)
      ? [{ cls: 'current', label: `${m.shake} (now)`, numClass: 'num pen', cells: m.penalties.map((p) => (p ? String(p) : '')), note: 'penalties so far' }]
      : []),
  ], {
    id: 'scoresheet-table',
    noteHead: 'Note',
    foot: [
      { label: 'Total', cells: m.totals.map(String) },
      ...(m.match_points ? [{ label: 'Match points', cells: m.match_points.map(String), note: cite('XII-A') }] : []),
    ],
  });
  return tv.sec('scores', head, table, h('p', { class: 'small' }, 'Penalties are shown in red beside the points. ', cite('X, XI-A')));
}
