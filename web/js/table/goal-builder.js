// The Goal builder (III-B-1): only the legal layouts, digit cubes in slots,
// upside-down for negative; the Goal drawn as cubes with its value.

import { h } from '../components/vdom.js';
import { goalPicture } from '../components/goal.js';
import { LAYOUTS, goalValue, readGoal } from '../notation.js';
import { goalWords } from '../words.js';
import { cite } from '../rules.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */

/**
 * The Goal builder: only the layouts of III-B-1, digits may be turned upside-down.
 * @param {MatchView} m
 * @param {'goal'|'write'} area
 * @param {TableView} tv the table page
 */
export function goalBuilder(tv, m, area) {
  const ph = m.phase;
  const digits = m.cubes.filter((c) => c.family === 'digit' && (c.place === 'resources' || c.place === 'goal'));
  const revise = ph.phase === 'goal' ? ph.revise : [];
  // An illegal Goal is rebuilt with the same cubes (OS-B2); a 2019-20 arrangement may grow (III-B-2).
  const grows = ph.phase === 'goal' && !!ph.arranged;
  const layouts = LAYOUTS.filter((l) => l.slots <= digits.length && (!revise.length || (grows ? l.slots >= revise.length : l.slots === revise.length)));
  if (!layouts.some((l) => l.id === tv.gb.layout)) tv.gb.layout = layouts[0]?.id ?? 'single';
  const layout = LAYOUTS.find((l) => l.id === tv.gb.layout) ?? LAYOUTS[0];
  // Keep the slots consistent: each digit cube at most once.
  const slots = tv.gb.slots.slice(0, layout.slots);
  for (let i = 0; i < layout.slots; i++) {
    if (slots[i] === null || slots[i] === undefined || !digits.some((d) => d.id === slots[i]) || slots.indexOf(slots[i]) !== i) {
      slots[i] = digits.find((d) => !slots.includes(d.id))?.id ?? null;
    }
  }
  tv.gb.slots = [...slots, null, null, null].slice(0, 3);
  const text = slots.every((s) => s !== null)
    ? layout.text(slots.map((s, i) => `${tv.gb.flips[i] ? '~' : ''}${m.cubes[/** @type {number} */ (s)].face}`))
    : '';
  const legalGoals = new Set(m.legal.filter((a) => a.type === 'set_goal').map((a) => a.goal));
  const read = text ? readGoal(text) : null;
  const value = read ? goalValue(read) : null;

  const shapeGroup = h('div', { class: 'layouts', role: 'radiogroup', 'aria-label': 'Goal layout' },
    ...layouts.map((l) => h('label', { class: `layout${l.id === layout.id ? ' picked' : ''}` },
      h('input', { type: 'radio', name: `layout-${area}`, value: l.id, checked: l.id === layout.id, dataset: { key: `layout-${area}-${l.id}` }, onchange: () => { tv.gb.layout = l.id; tv.render(); } }),
      layoutPicture(l.cells), h('span', null, h('b', null, l.name), h('br'), h('small', null, l.help)))));
  const slotRows = h('div', { class: 'slots' }, ...Array.from({ length: layout.slots }, (_, i) => {
    const sel = h('select', { 'aria-label': `Cube ${'ABC'[i]}`, dataset: { key: `slot-${area}-${i}` }, onchange: (/** @type {Event} */ e) => {
      const v = Number(/** @type {HTMLSelectElement} */ (e.target).value);
      const other = tv.gb.slots.indexOf(v);
      if (other >= 0 && other !== i) tv.gb.slots[other] = tv.gb.slots[i];
      tv.gb.slots[i] = v;
      tv.render();
    } }, ...digits.map((d) => h('option', { value: d.id, selected: slots[i] === d.id }, `${d.face}${digits.filter((x) => x.face === d.face).length > 1 ? ` (cube ${d.id + 1})` : ''}`)));
    const flip = h('input', { type: 'checkbox', checked: tv.gb.flips[i], dataset: { key: `flip-${area}-${i}` }, onchange: (/** @type {Event} */ e) => { tv.gb.flips[i] = /** @type {HTMLInputElement} */ (e.target).checked; tv.render(); } });
    return h('div', { class: 'slot' }, h('b', null, 'ABC'[i]), ' ', sel, h('label', null, flip, ' upside-down (negative)'));
  }));
  const preview = h('div', { class: 'goal-preview' },
    read ? goalPicture(read) : null,
    h('div', null, text ? h('span', { class: 'goal-text' }, goalWords(text)) : 'Not enough digit cubes.',
      value !== null && value < 0 ? h('p', { class: 'small warn' }, 'This names a negative number: a Goal must name a whole number ', cite('III-B'), '.') : null,
      text && legalGoals.size && legalGoals.has(text) ? h('span', { class: 'ok' }, ' ✓ a legal Goal') : null));
  /** @type {any[]} */
  const more = [];
  if (area === 'goal') {
    // 2019-20 III-B-2-b: the cubes may be placed in the Goal section before saying “Goal”.
    const arranges = m.legal.some((a) => a.type === 'arrange_goal');
    more.push(h('div', { class: 'actions' }, tv.btn('Set this Goal (say “Goal”)', () => {
      if (!text) return;
      tv.act('goal', { type: 'set_goal', goal: text });
    }, { key: 'set-goal', cls: 'primary', disabled: !text }),
    arranges ? tv.btn('Place it in the Goal section (not “Goal” yet)', () => {
      if (!text) return;
      tv.act('goal', { type: 'arrange_goal', goal: text });
    }, { key: 'arrange-goal', disabled: !text }) : null));
  }
  tv.goalText = text;
  return h('div', { class: 'goal-builder', id: `goal-builder-${area}` }, shapeGroup, slotRows, preview, ...more);
}

/** A small drawing of a Goal layout's cells. @param {[number, number][]} cells */
export function layoutPicture(cells) {
  return h('span', { class: 'layout-pic', 'aria-hidden': 'true' },
    ...cells.map(([r, c]) => h('span', { class: 'cell', style: { gridRow: String(r + 1), gridColumn: Number.isInteger(c) ? String(c * 2 + 1) + ' / span 2' : '2 / span 2' } })));
}
