// The rules glossary's links and page (docs/web-client.md, "Citations"):
// `ruleLink` draws a citation as a link to its plain-words line on the
// `/rules` page (the line as its tooltip), from the one table of
// rule-lines.js; a section not in the table falls back to the nearest
// enclosing one (VII-B-4-b → VII-B-4 → VII-B), so no citation is left
// without a line.

import { h, mount } from './components/vdom.js';
import { RULES, citeParts, ruleAnchor, ruleLine } from './rule-lines.js';

export { RULES, ruleAnchor, ruleLine };

/**
 * A citation as a link to its plain-words line (the line is also its
 * title, and read after the section by screen readers).
 * @param {string} section as cited (`VII-B-4-b`)
 */
export function ruleLink(section) {
  const r = ruleLine(section);
  if (!r) return h('small', { class: 'rule' }, section);
  return h('a', { class: 'rule rule-link', href: `/rules#${ruleAnchor(r.id)}`, title: `${r.title}: ${r.line}`, 'aria-label': `${section}: ${r.title}` }, section);
}

/** The `/rules` page: every line of the glossary, by part. @param {HTMLElement} root */
export function showRules(root) {
  document.title = 'On-Sets — the rules in plain words';
  const parts = [
    ['The tournament rules (2026-27)', (/** @type {string} */ id) => /^[IVX]+-/.test(id)],
    ['The judges’ manual', (/** @type {string} */ id) => id.startsWith('OS-')],
    ['The 1969 manual', (/** @type {string} */ id) => id.startsWith('M69')],
  ];
  const view = mount(root);
  view.update(h('div', { class: 'rules-page', id: 'rules-page' },
    h('h1', null, 'The rules in plain words'),
    h('p', null, 'Each rule a page cites, in one line. The full texts are the tournament rules, the judges’ manual and the 1969 manual; the 2019-20 rules number the same sections the same way.'),
    ...parts.map(([title, pick]) => h('section', { class: 'panel' },
      h('h2', null, /** @type {string} */ (title)),
      h('dl', { class: 'rules-list' }, ...RULES.filter(([id]) => /** @type {(id: string) => boolean} */ (pick)(id)).flatMap(([id, t, line]) => [
        h('dt', { id: ruleAnchor(id) }, h('b', null, id), ' ', t),
        h('dd', null, line),
      ]))))));
  const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
  if (target) {
    target.classList.add('rule-target');
    target.scrollIntoView();
  }
}

/**
 * One citation or a list of them (`V-B, XI-A-1-f`; `M69 3.1, 3.5 A`) as
 * links to their lines; a part the glossary does not know stays in small
 * print.
 * @param {string} text
 */
export function cite(text) {
  /** @type {any[]} */
  const out = [];
  citeParts(text).forEach((p, i) => {
    if (i) out.push(', ');
    out.push(p.rule ? h('a', { class: 'rule rule-link', href: `/rules#${ruleAnchor(p.rule.id)}`, title: `${p.rule.title}: ${p.rule.line}`, 'aria-label': `${p.text}: ${p.rule.title}` }, p.text)
      : h('small', { class: 'rule' }, p.text));
  });
  return h('span', { class: 'cites' }, ...out);
}
