// A cube (I-B-2): its face drawn (a color cube's dot with its letter, a
// symbol, a digit that may be upside-down) and its words for screen readers.
// A cube is a button when the page lets the player pick or move it.

import { h } from './vdom.js';
import { cubeSvg, faceWords } from '../pictures.js';

/** The family of a face (I-B-2): digit, color, operation or restriction. @param {string} face */
export function familyOf(face) {
  if (/^[BRGYO]$/.test(face)) return 'color';
  if (/^[∪∩−′]$/.test(face)) return 'operation';
  if (/^[VΛ=⊆]$/.test(face)) return 'restriction';
  return 'digit';
}

/**
 * @param {string} face
 * @param {{onclick?: () => void, label?: string, key?: string, small?: boolean, upsideDown?: boolean, pressed?: boolean,
 *   cls?: string, props?: Record<string, any>}} [o] `cls`: more classes; `props`: more properties of the
 *   button (a page's `dataset`, `draggable` and drag listeners)
 */
export function cubeView(face, o = {}) {
  const words = o.label ?? faceWords(face);
  const cls = `cube-view${o.small ? ' small' : ''}${o.pressed ? ' picked' : ''}${o.cls ? ` ${o.cls}` : ''}`;
  const pic = cubeSvg(face, familyOf(face), !!o.upsideDown);
  if (o.onclick) {
    return h('button', { type: 'button', class: `${cls} cube-btn`, key: o.key, 'aria-label': words, title: words, 'aria-pressed': o.pressed === undefined ? undefined : String(o.pressed), dataset: { face }, ...o.props, onclick: o.onclick }, pic);
  }
  return h('span', { class: cls, key: o.key, role: 'img', 'aria-label': words, title: words, dataset: { face } }, pic);
}

/**
 * A row of cubes from a list of faces; "none" when empty.
 * @param {string[]} faces
 * @param {{onclick?: (i: number) => void, label?: (face: string, i: number) => string, small?: boolean}} [o]
 */
export function cubeList(faces, o = {}) {
  if (!faces.length) return h('span', { class: 'empty' }, 'none');
  return h('span', { class: 'cube-list' }, ...faces.map((f, i) => cubeView(f, {
    key: `${i}-${f}`, small: o.small, label: o.label?.(f, i), onclick: o.onclick ? () => o.onclick?.(i) : undefined,
  })));
}
