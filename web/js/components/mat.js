// The mat (I-B-3) as every page draws it: the Goal (cubes with their value),
// the three sections Required, Permitted and Forbidden, Resources and the
// Universe's cards. Read-only by default; with `onCube` each cube is a
// button (the judge's mat editor removes it), with `onCard` each card.

import { h } from './vdom.js';
import { cardView } from './card.js';
import { cubeList } from './cube.js';
import { goalView } from './goal.js';
import { ruleLink } from '../rules.js';
import { cardOrder } from '../pictures.js';

/** The sections of the mat and Resources, with what each means and its rule. */
export const MAT_SECTIONS = /** @type {const} */ ([
  ['resources', 'Resources', 'Cubes not yet played.', 'II-A'],
  ['required', 'Required', 'Every Solution must use these cubes.', 'VII-B-4-b'],
  ['permitted', 'Permitted', 'Solutions may use these cubes.', 'VII-B-4-c'],
  ['forbidden', 'Forbidden', 'No Solution may use these cubes.', 'VII-B-4-d'],
]);

/**
 * @typedef {{universe: string[], goal: string, resources: string[], required: string[],
 *   permitted: string[], forbidden: string[]}} MatState
 */

/**
 * @param {MatState} m
 * @param {{id?: string, onCube?: (section: string, i: number) => void,
 *   cubeLabel?: (section: string, face: string) => string, hideGoal?: boolean, title?: string}} [o]
 */
export function matView(m, o = {}) {
  const id = o.id ?? 'mat';
  return h('div', { class: 'mat-view', id },
    o.hideGoal ? null : h('section', { class: 'mat-sec sec-goal', 'aria-labelledby': `${id}-goal` },
      h('h3', { id: `${id}-goal` }, 'Goal ', ruleLink('III-B')),
      m.goal ? goalView(m.goal, { id: `${id}-goal-view`, strict: true }) : h('span', { class: 'empty' }, 'not set')),
    ...MAT_SECTIONS.map(([sec, name, help, rule]) => h('section', { class: `mat-sec sec-${sec}`, 'aria-labelledby': `${id}-${sec}` },
      h('h3', { id: `${id}-${sec}` }, name, ' ', ruleLink(rule)),
      h('p', { class: 'small' }, help),
      cubeList(/** @type {string[]} */ (m[/** @type {keyof MatState} */ (sec)]), {
        onclick: o.onCube ? (i) => o.onCube?.(sec, i) : undefined,
        label: o.cubeLabel ? (f) => /** @type {(s: string, f: string) => string} */ (o.cubeLabel)(sec, f) : undefined,
      }))),
    h('section', { class: 'mat-sec sec-universe', 'aria-labelledby': `${id}-universe` },
      h('h3', { id: `${id}-universe` }, `Universe (${m.universe.length} card${m.universe.length === 1 ? '' : 's'}) `, ruleLink('II-B')),
      m.universe.length ? h('div', { class: 'card-list' }, ...[...m.universe].sort(cardOrder).map((c) => cardView(c, { key: c, small: true })))
        : h('span', { class: 'empty' }, 'no cards')));
}

/** A notation list (`"∪ Y G ′"`) as faces. @param {string|undefined|null} list */
export function faces(list) {
  return String(list ?? '').split(/\s+/).filter(Boolean);
}

/** A position's JSON (docs/notation.md) as a mat. @param {Record<string, any>} p @returns {MatState} */
export function matOfPosition(p) {
  return {
    universe: faces(p.universe),
    goal: typeof p.goal === 'string' ? p.goal : '',
    resources: faces(p.resources),
    required: faces(p.required),
    permitted: faces(p.permitted),
    forbidden: faces(p.forbidden),
  };
}
