// The patching renderer (docs/web-client.md): pages describe what they show as
// a tree of virtual nodes (snabbdom, as lichess does) and `mount` patches the
// page to it, so that the elements a player is using — a draft Solution and
// its caret, an open "Why?", a picked cube, a half-built Goal — are the same
// elements after any number of updates.
//
// `h` takes the props of the old `dom.js` helper (`class`, `dataset`, `style`,
// `on…` listeners, boolean attributes, `value`, `checked`, `selected`) plus
// `key` (a stable identity among siblings) and `hook` (snabbdom hooks).

import { plainText } from '../words.js';
import { ruleLink } from '../rules.js';
import './letters.js';
import { init, h as sh, attributesModule, propsModule, styleModule, eventListenersModule } from '../vendor/snabbdom.js';

/** @typedef {import('../vendor/snabbdom.js').VNode} VNode */
/** @typedef {VNode|string|number|null|undefined|false|Node} VChild */

export const patch = init([attributesModule, propsModule, styleModule, eventListenersModule]);

/** Properties, not attributes: what the player changes must be set, not just defaulted. */
const PROPS = new Set(['value', 'checked', 'selected', 'indeterminate']);

/**
 * A virtual element.
 * @param {string} tag
 * @param {Record<string, any>|null} [props]
 * @param {...(VChild|VChild[])} children
 * @returns {VNode}
 */
export function h(tag, props, ...children) {
  /** @type {Record<string, any>} */
  const attrs = {};
  /** @type {Record<string, any>} */
  const on = {};
  /** @type {Record<string, any>} */
  const prop = {};
  /** @type {import('../vendor/snabbdom.js').VNodeData} */
  const data = { attrs, on, props: prop };
  for (const [k, v] of Object.entries(props ?? {})) {
    if (PROPS.has(k)) {
      if (v !== undefined && v !== null) prop[k] = k === 'value' ? String(v) : v;
      continue;
    }
    if (v === undefined || v === null || v === false) continue;
    if (k === 'key') data.key = v;
    else if (k === 'hook') data.hook = v;
    else if (k.startsWith('on') && typeof v === 'function') on[k.slice(2)] = v;
    else if (k === 'dataset') {
      for (const [dk, dv] of Object.entries(v)) {
        if (dv !== undefined && dv !== null) attrs[`data-${dk.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = String(dv);
      }
    } else if (k === 'style' && typeof v === 'object') data.style = v;
    else attrs[k] = v === true ? true : String(v);
  }
  return sh(tag, data, kids(children));
}

/** @param {(VChild|VChild[])[]} children @returns {(VNode|string)[]} */
function kids(children) {
  /** @type {(VNode|string)[]} */
  const out = [];
  for (const c of children.flat(3)) {
    if (c === null || c === undefined || c === false) continue;
    if (typeof c === 'string' || typeof c === 'number') out.push(String(c));
    else if (c instanceof Node) out.push(...fromDom(c));
    else out.push(/** @type {VNode} */ (c));
  }
  return out;
}

/**
 * A drawing made as DOM (pictures.js) as virtual nodes: elements, attributes
 * and text (listeners are not carried over; drawings have none).
 * @param {Node} node
 * @returns {(VNode|string)[]}
 */
export function fromDom(node) {
  if (node.nodeType === Node.TEXT_NODE) return [node.textContent ?? ''];
  if (node.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return [...node.childNodes].flatMap(fromDom);
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = /** @type {Element} */ (node);
  /** @type {Record<string, string>} */
  const attrs = {};
  for (const a of el.attributes) attrs[a.name] = a.value;
  return [sh(el.localName, { attrs }, [...el.childNodes].flatMap(fromDom))];
}

/**
 * An element made and kept outside the renderer (one that must never be
 * rebuilt), placed in a host `div` that the renderer keeps by `key`.
 * @param {Element} node
 * @param {string} key
 */
export function raw(node, key) {
  return sh('div.raw-host', {
    key,
    hook: {
      insert: (v) => { if (v.elm && node.parentNode !== v.elm) /** @type {Element} */ (v.elm).replaceChildren(node); },
      postpatch: (_old, v) => { if (v.elm && node.parentNode !== v.elm) /** @type {Element} */ (v.elm).replaceChildren(node); },
    },
  });
}

/** A rule section in running text: 2026-27 / 2019-20 (`VII-B-4-b`, `A19 V-A-1`), the judges' manual (`OS-E17`), the 1969 manual (`M69 3.7`). */
export const SECTION_RE = /\(?\b((?:[AB]19 )?[IVX]+-[A-Z](?:-\d+)?(?:-[a-z])?|OS-[A-E]\d+|M69 \d+(?:\.\d+)?)\b\)?/g;

/**
 * Rule sections in running text as links to their plain-words lines
 * (rules.js); the text in plain words (words.js `plainText`).
 * @param {string} raw
 */
export function withRules(raw) {
  const text = plainText(raw);
  /** @type {(VNode|string)[]} */
  const out = [];
  let last = 0;
  for (const m of text.matchAll(SECTION_RE)) {
    const i = m.index ?? 0;
    out.push(text.slice(last, i));
    out.push(ruleLink(m[1]));
    last = i + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((x) => x !== '');
}

/** Listeners to call when something drawn outside an update changed (an answer arrived). */
const redraws = new Set();

/** Registers a page's redraw; returns the function that unregisters it. @param {() => void} f */
export function onRedraw(f) {
  redraws.add(f);
  return () => redraws.delete(f);
}

/** Asks every mounted page to draw itself again (after an answer arrived). */
export function requestRedraw() {
  for (const f of redraws) f();
}

/**
 * A page mounted at `root`: `update(view())` patches it.
 * @param {HTMLElement} root
 */
export function mount(root) {
  const place = document.createElement('div');
  root.replaceChildren(place);
  /** @type {VNode|Element} */
  let current = place;
  return {
    /** @param {VNode} vnode */
    update(vnode) {
      current = patch(current, vnode);
    },
  };
}

/** A line with its rule after it in small print. @param {string} text @param {string} [rule] */
export function ruleNote(text, rule) {
  return h('span', null, withRules(text), rule ? h('span', { class: 'rule-note' }, ' rule ', ruleLink(rule)) : null);
}

/** A virtual tree made into DOM once (for pages not yet patched). @param {VNode} vnode @returns {HTMLElement} */
export function toDom(vnode) {
  const host = document.createElement('div');
  return /** @type {HTMLElement} */ (patch(host, vnode).elm);
}
