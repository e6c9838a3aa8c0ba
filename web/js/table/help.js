// The table's help: how a shake goes, and the keyboard shortcuts.

import { h } from '../components/vdom.js';
import { cite } from '../rules.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */

/**
 * @param {TableView} tv the table page
 */
export function renderHelp(tv) {
  const rows = [
    ['?', 'Open or close this help'],
    ['Tab / Shift+Tab', 'Go to the next / previous control'],
    ['Enter or Space', 'Press the focused button, pick the focused cube or mark the focused card'],
    ['M', 'Go to the first cube in Resources'],
    ['R / P / F', 'Move the picked cube to Required / Permitted / Forbidden (or shift it from Permitted)'],
    ['X', 'Say “Bonus” and move the picked cube to Forbidden'],
    ['Esc', 'Put the picked cube back / close this help'],
    ['N', 'Challenge Now'],
    ['I', 'Challenge Impossible'],
    ['D', 'Go to “What to do now”'],
    ['W', 'Go to your Solution box'],
    ['Ctrl+Enter', 'Present your Solution (in the Solution box)'],
    ['U', 'Go to the Universe chart'],
    ['C', 'Charge illegal procedure (when one is pending)'],
    ['S', 'Go to the scoresheet'],
  ];
  const close = h('button', { type: 'button', dataset: { key: 'help-close' }, onclick: () => tv.toggleHelp() }, 'Close ', h('kbd', null, 'Esc'));
  return h('aside', { class: 'help', id: 'help', key: 'help', hidden: !tv.helpOpen, role: 'dialog', 'aria-label': 'Help and keyboard shortcuts' },
    h('h2', null, 'How to play here'),
    h('ol', { class: 'how' },
      h('li', null, 'The Goal-setter rolls the cubes and the dealer deals cards: that is the Universe ', cite('II'), '.'),
      h('li', null, 'In Adventurous On-Sets each player picks a variation ', cite('II-C'), '.'),
      h('li', null, 'The Goal-setter puts digit cubes in the Goal: side by side adds, one above the other multiplies, upside-down is negative ', cite('III-B'), '.'),
      h('li', null, 'Players take turns moving one cube from Resources to Required, Permitted or Forbidden ', cite('IV'), '.'),
      h('li', null, 'After any move, another player may challenge: Now or Impossible ', cite('V'), '.'),
      h('li', null, 'Then Solutions are written, presented and checked; points are scored ', cite('VII, X'), '.'),
    ),
    h('h3', null, 'Keyboard'),
    h('table', { class: 'keys' }, h('tbody', null, ...rows.map(([k, v]) => h('tr', null, h('td', null, h('kbd', null, k)), h('td', null, v))))),
    h('p', { class: 'small' }, 'Shortcut letters work when you are not typing in a box. Buttons only appear when the rules let you act; if the server refuses something, the reason and the rule appear next to it.'),
    close,
  );
}
