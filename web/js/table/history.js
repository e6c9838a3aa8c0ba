// "What happened" (every event in words with its rule), the live region a
// screen reader announces, and the scoresheet (XII-B).

import { h, ruleNote } from '../components/vdom.js';
import { cite } from '../rules.js';

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
  const table = h('table', { class: 'scoresheet', id: 'scoresheet-table' },
    h('thead', null, h('tr', null, h('th', null, 'Shake'), ...m.players.map((p, i) => h('th', null, i === m.you ? `${p} (you)` : p)), h('th', null, 'Note'))),
    h('tbody', null,
      ...m.history.map((r) => h('tr', { class: r.void ? 'void' : '' },
        h('td', null, String(r.shake), r.goal_setter >= 0 ? h('small', null, ` (${m.players[r.goal_setter]} set)`) : null),
        ...r.points.map((p, i) => h('td', { class: 'num' }, String(p), r.penalties[i] ? h('span', { class: 'pen' }, ` ${r.penalties[i]}`) : null)),
        h('td', { class: 'note' }, r.void ? 'void' : r.note))),
      m.penalties.some((x) => x) ? h('tr', { class: 'current' }, h('td', null, `${m.shake} (now)`), ...m.penalties.map((p) => h('td', { class: 'num pen' }, p ? String(p) : '')), h('td', null, 'penalties so far')) : null),
    h('tfoot', null,
      h('tr', null, h('th', null, 'Total'), ...m.totals.map((t) => h('th', { class: 'num' }, String(t))), h('td', null)),
      m.match_points ? h('tr', null, h('th', null, 'Match points'), ...m.match_points.map((t) => h('th', { class: 'num' }, String(t))), h('td', null, cite('XII-A'))) : null),
  );
  return tv.sec('scores', head, table, h('p', { class: 'small' }, 'Penalties are shown in red beside the points. ', cite('X, XI-A')));
}
