// What to do while Solutions are written (VII-A, VIII, XI-B-2) and checked
// by the players (VII-C).

import { h } from '../components/vdom.js';
import { goalView } from '../components/goal.js';
import { who, whom } from '../words.js';
import { cite } from '../rules.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */
/** @typedef {import('../types.js').Act} Act */
/** @typedef {'goal_illegal'|'wrong_value'|'ambiguous'|'undefined'|'variation'} ObjectReason why a Solution is objected to (VII-C-5) */

/**
 * @param {MatchView} m
 * @param {Extract<import('../types.js').Phase, {phase: 'writing'}>} ph
 * @param {TableView} tv the table page
 */
export function writingPanel(tv, m, ph) {
  const W = (/** @type {number} */ p) => who(m, p);
  const me = m.you;
  const out = [];
  const k = ph.kind;
  if (k.kind === 'challenge') out.push(h('p', { class: 'big-line' }, `${W(k.challenger)} challenged ${k.challenge === 'now' ? 'Now' : 'Impossible'} against ${whom(m, k.mover)}. `, cite('VII-A')));
  else if (k.kind === 'forceout') out.push(h('p', { class: 'big-line' }, `${W(k.mover)} moved the last cube: everyone may write a Solution. `, cite('VIII')));
  else if (k.kind === 'end_of_round') out.push(h('p', { class: 'big-line' }, 'Stop! Everyone may write a Solution using any Resources cubes. ', cite('XI-B-2')));
  else out.push(h('p', { class: 'big-line' }, `${W(k.challenger)} challenged the “no Goal”: write a Goal and a Solution. `, cite('III-D-2')));
  if (me !== null) {
    const wr = ph.writers[me];
    const joins = tv.joinSides();
    const roleWords = { must: 'You must write a Solution.', may: joins ? `You are the Third Party: join the ${joins.writer} (write a Solution) or the ${joins.other} (no Solution). If you present nothing you join the ${joins.other}.` : k.kind === 'challenge' || k.kind === 'no_goal' ? 'You are the Third Party: you may write a Solution, or decline.' : 'You may write a Solution.', may_not: 'You may not write a Solution this time.' };
    if (wr.presented) out.push(h('p', null, 'You presented your Solution. Waiting for the others.'));
    else if (wr.declined) out.push(h('p', null, 'You declined to write.'));
    else if (wr.lapsed) out.push(h('p', null, 'Your time to write ran out.'));
    else out.push(h('p', { class: 'role' }, roleWords[wr.role], ' ', cite(joins && wr.role === 'may' ? 'VII-A-3' : wr.role === 'may' && k.kind === 'challenge' ? 'VII-C-1' : 'VII-A')));
    const imp = tv.legal((a) => a.type === 'challenge' && a.kind === 'impossible');
    if (imp) out.push(h('div', { class: 'actions' }, tv.btn('Impossible!', () => tv.act('challenge', imp), { key: 'ch-imp', kbd: 'I', cls: 'challenge' }), h('span', { class: 'small' }, ' During the first minute after the last cube you may challenge Impossible ', cite('VIII-B'))));
    if (tv.has('present')) out.push(h('p', { class: 'small kbd-only' }, 'Write in the Solution box ', h('kbd', null, 'W'), ', then Present ', h('kbd', null, 'Ctrl+Enter'), '.'));
  }
  out.push(h('ul', { class: 'writers' }, ...ph.writers.map((wr, p) => wr.role === 'may_not' && !wr.presented ? null : h('li', null, `${W(p)}: `, wr.presented ? 'presented ✓' : wr.declined ? 'declined' : wr.lapsed ? 'time ran out' : 'writing…'))));
  out.push(tv.notice('challenge'));
  return out;
}

/**
 * @param {MatchView} m
 * @param {Extract<import('../types.js').Phase, {phase: 'checking'}>} ph
 * @param {TableView} tv the table page
 */
export function checkingPanel(tv, m, ph) {
  const W = (/** @type {number} */ p) => who(m, p);
  const w = ph.queue[ph.current];
  if (w === undefined) return [h('p', { class: 'big-line' }, 'Checking is over.')];
  if (m.checking === 'judge') return [h('p', { class: 'big-line' }, 'The judge is checking the Solutions.', cite('VII-C-6'))];
  const sol = ph.writers[w]?.presented?.solution ?? '';
  const goal = ph.writers[w]?.presented?.goal;
  /** @type {any[]} */
  const out = [h('p', { class: 'big-line' }, w === m.you ? 'Your Solution is being checked.' : `Check ${W(w)}'s Solution (2 minutes). `, cite('VII-C-3')),
    h('pre', { class: 'solution-shown', id: 'checked-solution' }, sol || '(no text)'),
    goal ? h('p', null, 'Written Goal: ', typeof goal === 'string' ? goalView(goal, { strict: true }) : `${goal.description ?? 'a Goal that is not a legal layout'}`) : null];
  const accept = tv.legal((a) => a.type === 'accept' && a.writer === w);
  const mine = m.you !== null ? ph.decisions[ph.current]?.[m.you] : undefined;
  if (accept) {
    const reasons = [
      ['wrong_value', 'It does not name the Goal’s number of cards', 'VII-C-5-b'],
      ['ambiguous', 'It is ambiguous: here is a grouping that gives another number', 'VII-C-5-c'],
      ['undefined', 'A symbol or group of symbols has no meaning', 'VII-C-5-d'],
      ['variation', 'It breaks a variation or uses the cubes wrongly', 'VII-C-5-e'],
      ['goal_illegal', 'The Goal has no legal meaning', 'VII-C-5-a'],
    ];
    if (tv.ck.reason === 'ambiguous' && !tv.ck.grouping) tv.ck.grouping = sol;
    const grouping = h('input', { id: 'grouping', class: 'mono', value: tv.ck.grouping, 'aria-label': 'Your bracketing of the Solution', dataset: { key: 'grouping' }, oninput: (/** @type {Event} */ e) => { tv.ck.grouping = /** @type {HTMLInputElement} */ (e.target).value; } });
    out.push(h('div', { class: 'actions' }, tv.btn('Accept: it is correct', () => tv.act('check', accept), { key: 'accept', cls: 'primary' })),
      h('fieldset', { class: 'object' }, h('legend', null, 'Or object, with a reason'),
        ...reasons.map(([v, label, rule]) => h('label', { class: 'reason' },
          h('input', { type: 'radio', name: 'reason', value: v, checked: tv.ck.reason === v, dataset: { key: `reason-${v}` }, onchange: () => { tv.ck.reason = v; tv.render(); } }), ` ${label} `, cite(rule))),
        tv.ck.reason === 'ambiguous' ? h('label', { class: 'grouping' }, 'Add brackets to show the other reading: ', grouping) : null,
        tv.btn('Object', () => {
          const reason = /** @type {ObjectReason} */ (tv.ck.reason);
          /** @type {Act} */
          const act = reason === 'ambiguous'
            ? { type: 'object', writer: w, reason, grouping: tv.ck.grouping }
            : { type: 'object', writer: w, reason };
          tv.act('check', act);
        }, { key: 'object', cls: 'challenge' })));
  } else if (w !== m.you && mine && mine !== 'pending') out.push(h('p', null, 'You have decided. Waiting for the others.'));
  out.push(tv.notice('check'));
  return out;
}
