// The challenge block (V): Now! and Impossible!, and why they are greyed.

import { h } from '../components/vdom.js';
import { cite } from '../rules.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */

/**
 * The challenge block's buttons (V). @param {MatchView} m
 * @param {TableView} tv the table page
 */
export function challengeBlock(tv, m) {
  const now = tv.legal((a) => a.type === 'challenge' && a.kind === 'now');
  const imp = tv.legal((a) => a.type === 'challenge' && a.kind === 'impossible');
  const box = h('div', { class: 'block', role: 'group', 'aria-label': 'The challenge block' },
    h('div', { class: 'block-title' }, 'Challenge block'),
    h('div', { class: 'actions' },
      tv.btn('Now!', () => now && tv.act('challenge', now), { key: 'ch-now', kbd: 'N', cls: 'challenge', disabled: !now, title: 'A correct Solution can be written with the mat and at most one more cube (V-A-1)' }),
      tv.btn('Impossible!', () => imp && tv.act('challenge', imp), { key: 'ch-imp', kbd: 'I', cls: 'challenge', disabled: !imp, title: 'Nobody can write a correct Solution, however the other cubes are played (V-A-2)' }),
    ),
    h('p', { class: 'small' }, h('b', null, 'Now'), ': a correct Solution can be written with the mat and at most one more cube. ', h('b', null, 'Impossible'), ': no correct Solution can be written, whatever is played. ', cite('V-A')),
    !now && !imp ? h('p', { class: 'small', id: 'challenge-why-not' }, ...noChallengeWords(tv, m)) : null,
    m.you !== null && m.last_mover !== null && m.last_mover !== m.you
      ? h('p', { class: 'small' }, 'Need a moment? ', tv.btn('Pick up the block', () => tv.act('challenge', { type: 'pick_up_block' }), { key: 'pick-up', cls: 'small-btn' }),
        ' then you have 15 seconds to say Now or Impossible; putting it down or staying silent costs a point ', cite('V-B, XI-A-1-f'), '.')
      : null,
    tv.notice('challenge'),
  );
  return box;
}

/**
 * Why Now! and Impossible! are greyed, in words (V-A, V-B).
 * @param {MatchView} m
 * @returns {any[]}
 * @param {TableView} tv the table page
 */
export function noChallengeWords(tv, m) {
  if (m.you === null) return ['Spectators do not challenge.'];
  if (m.last_mover === m.you) return ['Greyed: you moved last, and you may not challenge your own move ', cite('V-B'), '.'];
  if (m.last_mover === null) return ['Greyed: a challenge answers a move, and no cube has been moved yet this shake ', cite('V-A'), '.'];
  if (!m.present[m.you]) return ['Greyed: you are not at the table this shake ', cite('X-D'), '.'];
  return ['Greyed: no challenge can be made at this moment.'];
}
