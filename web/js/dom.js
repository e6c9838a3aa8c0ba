// A tiny helper to build DOM nodes.

import { plainText } from './words.js';
import { citeParts } from './rule-lines.js';

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
  const text = plainText(raw);
  const out = document.createDocumentFragment();
  const re = /\(?\b((?:[AB]19 )?[IVX]+-[A-Z](?:-\d+)?(?:-[a-z])?|OS-[A-E]\d+|M69 \d+(?:\.\d+)?)\b\)?/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    out.append(text.slice(last, i), citeDom(m[1]));
    last = i + m[0].length;
  }
  out.append(text.slice(last));
  return out;
}

/** @param {string} text @param {string} [rule] */
export function ruleNote(text, rule) {
  return h('span', null, withRules(text), rule ? h('span', { class: 'rule-note' }, ' rule ', citeDom(rule)) : null);
}

/**
 * Replaces an element's children, skipping null, undefined and false.
 * @param {Element} el
 * @param {...(Child|Child[])} children
 */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false).map((c) => (typeof c === 'number' ? String(c) : /** @type {Node|string} */ (c))));
}

/** A citation or a list of them as links to their plain-words lines (rule-lines.js), as DOM. @param {string} text */
export function citeDom(text) {
  const out = h('span', { class: 'cites' });
  citeParts(text).forEach((p, i) => {
    if (i) out.append(', ');
    out.append(p.rule ? h('a', { class: 'rule rule-link', href: `/rules#rule-${p.rule.id.replace(/[^A-Za-z0-9]+/g, '-')}`, title: `${p.rule.title}: ${p.rule.line}`, 'aria-label': `${p.text}: ${p.rule.title}` }, p.text)
      : h('small', { class: 'rule' }, p.text));
  });
  return out;
}
