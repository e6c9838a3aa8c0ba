// A tiny helper to build DOM nodes.

import { withRules as withRulesV, toDom } from './components/vdom.js';
import { ruleLink, cite } from './rules.js';

/**
 * @typedef {Record<string, any>} Props
 * @typedef {Node|string|number|null|undefined|false} Child
 */

/**
 * `h('button', {class: 'x', onclick: f}, 'Go')`. Props starting with `on` are
 * listeners; `dataset`, `style` objects and boolean attributes are handled.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props|null} [props]
 * @param {...(Child|Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'dataset') {
      for (const [dk, dv] of Object.entries(v)) el.dataset[dk] = String(dv);
    } else if (k === 'style' && typeof v === 'object') {
      Object.assign(el.style, v);
    } else if (k === 'class') {
      el.className = String(v);
    } else if (k === 'value' && 'value' in el) {
      /** @type {any} */ (el).value = v;
    } else if (v === true) {
      el.setAttribute(k, '');
    } else {
      el.setAttribute(k, String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
  return el;
}

/**
 * Text with rule sections (`VII-B-4-b`, `OS-C6`, `M69 3.7`) as links to
 * their plain-words lines (rules.js).
 * @param {string} raw the text (put in plain words by words.js `plainText`)
 */
export function withRules(raw) {
  const out = document.createDocumentFragment();
  out.append(...withRulesV(raw).map((x) => (typeof x === 'string' ? x : toDom(x))));
  return out;
}

/** @param {string} text @param {string} [rule] */
export function ruleNote(text, rule) {
  return h('span', null, withRules(text), rule ? h('span', { class: 'rule-note' }, ' rule ', toDom(ruleLink(rule))) : null);
}

/**
 * Replaces an element's children, skipping null, undefined and false.
 * @param {Element} el
 * @param {...(Child|Child[])} children
 */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false).map((c) => (typeof c === 'number' ? String(c) : /** @type {Node|string} */ (c))));
}

/** A citation or a list of them as links to their plain-words lines (rules.js `cite`), as DOM. @param {string} text */
export function citeDom(text) {
  return toDom(cite(text));
}
