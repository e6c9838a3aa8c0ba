// The table's verdicts (VII-C, X): each recent shake's verdicts, reasons, a
// "Why?" per Solution and the score, kept as a disclosure by shake number so
// they stay readable however fast the next shake starts (docs/web-client.md).

import { h, withRules } from '../components/vdom.js';
import { whyView } from '../components/why.js';
import { who } from '../words.js';
import { cite } from '../rules.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */
/** @typedef {import('../table.js').ShakeRecord} ShakeRecord */

/**
 * The verdicts: the Solutions being checked, then each recent shake's
 * verdicts and score as a disclosure — open while the shake is on the
 * table, then closed but kept, one click away, however fast the next
 * shake starts; an open "Why?" keeps its shake open (X, VII-C).
 * @param {TableView} tv the table page
 */
export function renderVerdicts(tv) {
  const m = tv.m;
  const head = h('h2', { id: 'verdicts-title' }, 'Verdicts');
  if (!m) {
    return tv.sec('verdictsEl', head, h('p', { class: 'small' }, 'None yet.'));
  }
  /** @type {any[]} */
  const items = [];
  const ph = m.phase;
  if (ph.phase === 'checking') {
    ph.queue.forEach((w, k) => {
      const decided = ph.correct[w];
      items.push(h('li', { class: decided === null ? '' : decided ? 'good' : 'bad', key: `q-${w}` },
        h('b', null, `${who(m, w)}: `), h('code', null, ph.writers[w]?.presented?.solution ?? ''),
        decided === null ? (k === ph.current ? ' — being checked' : ' — waiting') : decided ? ' — correct ✓' : ' — not correct ✗'));
    });
  }
  const records = [...tv.shakes.values()].filter((r) => r.items.length || r.score).sort((a, b) => b.shake - a.shake);
  return tv.sec('verdictsEl', head,
    items.length ? h('ul', { class: 'verdict-list checking', key: 'queue' }, ...items) : null,
    records.length || items.length ? null : h('p', { class: 'small', key: 'none' }, 'When Solutions are checked, the result and the reasons (with their rule) appear here.'),
    ...records.map((r) => shakeVerdicts(tv, m, r)));
}

/**
 * One shake's verdicts and score, as a disclosure kept by its shake number.
 * @param {MatchView} m
 * @param {ShakeRecord} r
 * @param {TableView} tv the table page
 */
export function shakeVerdicts(tv, m, r) {
  const now = tv.current(r.shake);
  const whyOpen = r.items.some((v) => v.position && document.querySelector(`#shake-${r.shake} details.why[open]`));
  const open = tv.shakeOpen[r.shake] ?? (now || !!whyOpen);
  tv.shakeDrawn[r.shake] = open;
  const verdicts = r.items.map((v, i) => h('li', { class: v.correct ? 'good' : 'bad', dataset: { writer: v.writer }, key: `v-${i}` },
    h('b', null, `${who(m, v.writer)}${v.writer === m.you ? 'r' : '’s'} Solution`), v.text ? [' ', h('code', null, v.text)] : null,
    v.correct ? ' is correct ✓' : ' is not correct ✗',
    v.reasons.length ? h('ul', { class: 'reasons' }, ...v.reasons.map((x) => h('li', null, withRules(x)))) : null,
    whyView(v.position, v.text, `why-${v.writer}`)));
  const sc = r.score;
  const score = sc ? h('div', { class: 'score-why', id: now ? 'score-why' : undefined, key: 'score' }, h('b', null, `Shake ${sc.shake} is scored `, cite('X')),
    h('ul', null, ...sc.lines.map((l) => h('li', { dataset: { player: l.player } },
      h('b', null, `${who(m, l.player)}: ${l.points} point${l.points === 1 ? '' : 's'}`),
      l.penalty ? h('span', { class: 'pen' }, ` (penalties ${l.penalty})`) : null,
      l.why ? [` — ${l.why} `, cite(l.rule)] : null)))) : null;
  const summary = `Shake ${r.shake}: ${r.items.length ? `${r.items.length} Solution${r.items.length === 1 ? '' : 's'} judged` : 'no Solution judged'}${sc ? ', scored' : ''}`;
  return h('details', {
    class: `shake-verdicts${now ? ' current' : ''}`, id: `shake-${r.shake}`, key: `shake-${r.shake}`, open,
    ontoggle: (/** @type {Event} */ e) => {
      // Only the player's own clicks are remembered, not the renderer's.
      const o = /** @type {HTMLDetailsElement} */ (e.target).open;
      if (o !== tv.shakeDrawn[r.shake]) tv.shakeOpen[r.shake] = o;
      tv.shakeDrawn[r.shake] = o;
    },
  }, h('summary', null, summary),
  verdicts.length ? h('ul', { class: 'verdict-list' }, ...verdicts) : null,
  score);
}
