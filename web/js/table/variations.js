// The variation selection sheet (II-C, XIII): every choice offered, none hidden.

import { h } from '../components/vdom.js';
import { cardWords, faceWords } from '../pictures.js';
import { VARIATIONS, selectable } from '../words.js';
import { cite } from '../rules.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */

/**
 * The variation selection sheet (II-C): the division's list of XIII, and
 * for each variation only the choices the server lists as legal — those
 * with an effect that cost no point (II-C-2). A ✓ marks every variation
 * with such a choice before anything is picked.
 * @param {MatchView} m
 * @param {TableView} tv the table page
 */
export function variationSheet(tv, m) {
  const made = m.selections.filter((s) => s.player === m.you && !s.withdrawn).length;
  const legal = m.legal.filter((a) => a.type === 'select_variation').map((a) => /** @type {string} */ (a.variation));
  /** @param {string} key */
  const choicesOf = (key) => legal.filter((s) => s.startsWith(`${key} `)).map((s) => s.slice(key.length + 1));
  const list = VARIATIONS.filter((v) => selectable(v.key, m.division));
  const open = list.filter((v) => (v.blank ? choicesOf(v.key).length > 0 : legal.includes(v.key)));
  const closed = list.filter((v) => !open.includes(v));
  const rows = [];
  for (const v of open) {
    const id = `var-${v.key}`;
    const radio = h('input', { type: 'radio', name: 'variation', id, value: v.key, checked: tv.vs.key === v.key, dataset: { key: id }, onchange: () => { tv.vs = { key: v.key, param: v.blank ? choicesOf(v.key)[0] ?? '' : '' }; tv.render(); } });
    /** @type {any} */
    let blank = null;
    const blankId = `${id}-blank`;
    if (v.blank) {
      const choices = choicesOf(v.key);
      blank = h('select', { id: blankId, 'aria-label': `${v.name}: which ${v.blank}`, dataset: { key: blankId }, disabled: tv.vs.key !== v.key,
        onchange: (/** @type {Event} */ e) => { tv.vs.param = /** @type {HTMLSelectElement} */ (e.target).value; tv.render(); } },
        ...choices.map((c) => h('option', { value: c, selected: tv.vs.key === v.key && tv.vs.param === c }, v.blank === 'card' ? `${c} (${cardWords(c)})` : v.blank === 'cube' ? faceWords(c) : c)));
    }
    rows.push(h('div', { class: `var-row${tv.vs.key === v.key ? ' picked' : ''}`, key: v.key },
      radio, h('label', { for: id }, h('b', null, v.name), ' — ', v.help.replace('___', v.blank ? `(${v.blank})` : '')), blank, ' ', cite(v.rule),
      h('span', { class: 'ok', title: 'This choice has an effect on this shake and costs no point' }, ' ✓')));
  }
  const choose = h('fieldset', { class: 'var-sheet' }, h('legend', null, made ? 'You may choose one more variation' : 'Choose a variation for this shake'), ...rows);
  const end = tv.legal((a) => a.type === 'end_selection');
  const send = () => {
    const v = VARIATIONS.find((x) => x.key === tv.vs.key);
    if (!v) {
      tv.notices.variations = { text: 'Pick a variation first.', tone: 'error' };
      tv.render();
      return;
    }
    if (v.blank && !tv.vs.param.trim()) {
      tv.notices.variations = { text: `Fill in the blank: which ${v.blank}?`, tone: 'error' };
      tv.render();
      return;
    }
    tv.act('variations', { type: 'select_variation', variation: v.blank ? `${v.key} ${tv.vs.param.trim()}` : v.key });
  };
  const mine = m.timers.find((t) => t.player === m.you && t.task === 'select_variation');
  return [
    h('p', { class: 'big-line' }, 'Your turn to choose a variation', mine ? [': ', tv.timer(mine, m, false), ' left. '] : '. ', cite('II-C-1, XI-A-1-b')),
    h('p', { class: 'small' }, 'Only choices that change this shake are offered, each marked ✓: one with no effect, or that clashes with one already chosen, would cost a point ', cite('II-C-2'), '.'),
    open.length ? choose : h('p', null, 'No variation would change this shake now.'),
    closed.length ? h('p', { class: 'small', id: 'var-closed' }, `Not offered now (no effect on this shake, or not allowed with the choices so far): ${closed.map((v) => v.name).join(', ')}.`) : null,
    h('div', { class: 'actions' },
      open.length ? tv.btn('Choose this variation', send, { key: 'var-send', cls: 'primary' }) : null,
      end ? tv.btn('No more variations', () => tv.act('variations', end), { key: 'var-end' }) : null),
    tv.notice('variations'),
  ];
}
