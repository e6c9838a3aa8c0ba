// Letters on cards and cubes (docs/web-client.md, "Letters"): color is never
// the only carrier of meaning — every colored dot can carry its letter (B, R,
// G, Y; O in 1969). The choice is kept in the browser (store.js) and applies
// to every page through one class on <html>.

import { h } from './vdom.js';
import { KEYS, kept, keep } from './store.js';

/** Whether letters are shown (the default: shown). */
export function lettersShown() {
  return kept(KEYS.letters, '1') !== '0';
}

/** Applies the kept choice to the page (called once at start). */
export function applyLetters() {
  document.documentElement.classList.toggle('no-letters', !lettersShown());
}

/** @param {boolean} on */
export function setLetters(on) {
  keep(KEYS.letters, on ? '1' : '0');
  applyLetters();
}

/**
 * The toggle, a checkbox any page may show.
 * @param {() => void} [changed] called after the choice changed (to redraw)
 */
export function lettersToggle(changed) {
  return h('label', { class: 'letters-toggle' },
    h('input', { type: 'checkbox', id: 'letters-toggle', checked: lettersShown(), onchange: (/** @type {Event} */ e) => {
      setLetters(/** @type {HTMLInputElement} */ (e.target).checked);
      changed?.();
    } }),
    ' Letters on cards and cubes');
}

// At load, in a browser (the modules are also imported by node tests).
if (typeof document !== 'undefined') applyLetters();
