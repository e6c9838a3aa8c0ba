// The mat (I-B-3, III-B, VII-B-4): the Goal, Required, Permitted, Forbidden and
// Resources, the cubes as buttons (click, keyboard or drag), and the bar that
// moves the picked cube (IV-B, IV-C, XIII-A-7).

import { h } from '../components/vdom.js';
import { goalPicture } from '../components/goal.js';
import { LAYOUTS, readGoal } from '../notation.js';
import { cubeSvg, faceWords } from '../pictures.js';
import { goalWords, placeWords, variationShort, variationWords } from '../words.js';
import { cite } from '../rules.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */
/** @typedef {import('../types.js').Cube} Cube */

export const SECTIONS = /** @type {const} */ ([
  ['required', 'Required', 'Every Solution must use these cubes.', 'VII-B-4-b'],
  ['permitted', 'Permitted', 'Solutions may use these cubes.', 'VII-B-4-c'],
  ['forbidden', 'Forbidden', 'No Solution may use these cubes.', 'VII-B-4-d'],
]);

/**
 * Whether a cube's act is the Goal-setter's bonus move to Forbidden (III-C).
 * @param {import('../types.js').CubeAct} a
 */
function isBonus(a) {
  return a.type === 'move' && !!a.bonus;
}

/**
 * @param {TableView} tv the table page
 */
export function renderMat(tv) {
  const m = tv.m;
  if (!m) {
    return tv.sec('mat', h('h2', { id: 'mat-title' }, 'The mat'), h('p', { class: 'small' }, 'The cubes appear when the match starts.'));
  }
  const by = (/** @type {string} */ p) => m.cubes.filter((c) => c.place === p);
  const rolled = !(m.phase.phase === 'setup' && !m.phase.rolled);
  const goalCubes = by('goal');
  const read = typeof m.goal === 'string' ? readGoal(m.goal) : null;
  const goalBox = h('div', { class: 'section sec-goal', id: 'sec-goal' },
    h('div', { class: 'sec-head' }, h('h3', null, 'Goal'), cite('III-B')),
    h('div', { class: 'sec-body' },
      read ? goalPicture(read) : goalCubes.length ? h('div', { class: 'cubes' }, ...goalCubes.map((c) => cubeEl(tv, c))) : h('span', { class: 'empty' }, m.phase.phase === 'no_goal' ? '“no Goal” declared' : 'not set yet'),
      typeof m.goal === 'string' ? h('div', { class: 'goal-text', id: 'goal-text' }, goalWords(m.goal)) : m.goal ? h('div', { class: 'goal-text' }, `${m.goal.description} (not a legal layout)`) : null,
    ),
  );
  const sections = SECTIONS.map(([place, name, help, rule]) => {
    const targets = tv.selected !== null ? tv.targets(tv.selected).filter((t) => t.act.to === place) : [];
    // Drag and drop: a cube dragged here makes its legal move to this
    // section (the regular move before "Bonus", as a click on "Put here").
    const dropAct = () => {
      if (tv.dragging === null) return null;
      const ts = tv.targets(tv.dragging).filter((t) => t.act.to === place);
      return (ts.find((t) => !isBonus(t.act)) ?? ts[0])?.act ?? null;
    };
    return h('div', { class: `section sec-${place}${targets.length ? ' target' : ''}`, id: `sec-${place}`,
      ondragover: (/** @type {DragEvent} */ e) => {
        if (!dropAct()) return;
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
        /** @type {HTMLElement} */ (e.currentTarget).classList.add('drop');
      },
      ondragleave: (/** @type {DragEvent} */ e) => /** @type {HTMLElement} */ (e.currentTarget).classList.remove('drop'),
      ondrop: (/** @type {DragEvent} */ e) => {
        e.preventDefault();
        /** @type {HTMLElement} */ (e.currentTarget).classList.remove('drop');
        const a = dropAct();
        tv.dragging = null;
        if (a) tv.act(m.phase.phase === 'goal' ? 'goal' : 'mat', a);
      } },
      h('div', { class: 'sec-head' }, h('h3', null, name), h('span', { class: 'small' }, help), cite(rule),
        ...targets.map((tg) => tv.btn(isBonus(tg.act) ? 'Bonus here' : tg.act.type === 'shift' ? 'Shift here' : 'Put here', () => tv.act('mat', tg.act), { key: `put-${place}-${isBonus(tg.act) ? 'b' : ''}`, cls: 'put' }))),
      h('div', { class: 'cubes' }, ...by(place).map((c) => cubeEl(tv, c))),
    );
  });
  const res = by('resources');
  const resBox = h('div', { class: 'section sec-resources', id: 'sec-resources' },
    h('div', { class: 'sec-head' }, h('h3', null, 'Resources'), h('span', { class: 'small' }, rolled ? `${res.filter((c) => c.family !== 'digit').length} cubes left to play` : 'not rolled yet'), cite('I-B-3')),
    h('div', { class: 'cubes' }, ...(rolled ? res.map((c) => cubeEl(tv, c)) : [])),
  );
  const vars = m.variations.length
    ? h('div', { class: 'in-force' }, h('b', null, 'Variations in force: '), ...m.variations.map((v) => h('span', { class: 'chip', title: variationWords(v) }, variationShort(v))))
    : m.adventurous ? null : h('div', { class: 'in-force small' }, 'Basic On-Sets: no variations.');
  return tv.sec('mat', h('h2', { id: 'mat-title' }, 'The mat'),
    vars,
    h('div', { class: 'mat-grid' }, goalBox, ...sections),
    resBox,
    m.phase.phase === 'moves' || m.phase.phase === 'goal' ? null : tv.notice('mat'),
  );
}

/**
 * @param {Cube} c
 * @param {TableView} tv the table page
 */
export function cubeEl(tv, c) {
  const m = /** @type {MatchView} */ (tv.m);
  const movable = tv.targets(c.id).length > 0;
  const pickable = movable || (m.phase.phase === 'goal' && m.goal_setter === m.you && c.family === 'digit' && c.place === 'resources');
  const picked = tv.selected === c.id;
  return h('button', {
    type: 'button',
    class: `cube${picked ? ' picked' : ''}${movable ? ' movable' : ''}`,
    draggable: movable ? 'true' : undefined,
    ondragstart: (/** @type {DragEvent} */ e) => {
      if (!movable) {
        e.preventDefault();
      }
      tv.dragging = c.id;
      tv.selected = null;
      e.dataTransfer?.setData('text/plain', `cube ${c.id}`);
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
      for (const t of tv.targets(c.id)) tv.root.querySelector(`#sec-${t.act.to}`)?.classList.add('target');
    },
    ondragend: () => {
      tv.dragging = null;
      for (const el of tv.root.querySelectorAll('.section.target, .section.drop')) el.classList.remove('target', 'drop');
    },
    dataset: { key: `cube-${c.id}`, cube: c.id, face: c.face },
    'aria-pressed': picked ? 'true' : 'false',
    'aria-label': `${faceWords(c.face)} cube in ${placeWords(c.place)}${movable ? ', can be moved' : ''}`,
    title: faceWords(c.face),
    onclick: () => {
      if (c.family === 'digit' && m.phase.phase === 'goal') {
        // Clicking a digit cube puts it in the next slot of the Goal builder.
        const i = tv.gb.slots.indexOf(c.id);
        if (i < 0) {
          const layout = LAYOUTS.find((l) => l.id === tv.gb.layout) ?? LAYOUTS[0];
          const free = tv.gb.slots.slice(0, layout.slots).findIndex((s, k) => s === null || tv.gb.slots.indexOf(s) !== k);
          tv.gb.slots[free >= 0 ? free : layout.slots - 1] = c.id;
        }
        tv.render();
        return;
      }
      if (!pickable && !picked) {
        tv.notices.mat = { text: m.phase.phase === 'moves' && m.phase.turn !== m.you ? 'It is not your turn.' : 'This cube cannot be moved now.', tone: 'info' };
        tv.render();
        return;
      }
      tv.selected = picked ? null : c.id;
      tv.selectedFrom = c.place;
      tv.notices.mat = undefined;
      tv.render();
    },
  }, cubeSvg(c.face, c.family));
}

/**
 * The buttons to move the picked cube (IV-B, IV-C, XIII-A-7). @param {MatchView} m
 * @param {TableView} tv the table page
 */
export function moveBar(tv, m) {
  const id = tv.selected;
  if (id === null) {
    return h('p', { class: 'small hint' },
      h('span', { class: 'kbd-only' }, 'Click a cube, or Tab to it and press Enter. Then press ', h('kbd', null, 'R'), ' Required, ', h('kbd', null, 'P'), ' Permitted, ', h('kbd', null, 'F'), ' Forbidden or ', h('kbd', null, 'X'), ' Bonus to Forbidden.'),
      h('span', { class: 'touch-only' }, 'Tap a cube, then “Put here” on the section it goes to.'));
  }
  const c = m.cubes[id];
  const targets = tv.targets(id);
  return h('div', { class: 'move-bar', role: 'group', 'aria-label': 'Move the chosen cube' },
    h('span', { class: 'chosen' }, cubeSvg(c.face, c.family), h('span', null, ` ${faceWords(c.face)} → `)),
    ...targets.map((tg) => tv.btn(tg.label, () => tv.act(m.phase.phase === 'goal' ? 'goal' : 'mat', tg.act), { key: `to-${tg.kbd}`, kbd: tg.kbd, cls: isBonus(tg.act) ? 'bonus' : 'primary' })),
    targets.length ? null : h('span', { class: 'small' }, 'This cube cannot be moved now.'),
    tv.btn('Cancel', () => { tv.selected = null; tv.render(); }, { key: 'cancel', kbd: 'Esc' }),
  );
}
