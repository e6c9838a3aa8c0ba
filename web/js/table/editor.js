// The Solution editor: a textarea made once and never rebuilt (so focus,
// caret and selection survive every update, docs/web-client.md), a palette
// of symbols, and the server's own reading of the draft as a preview.

import { citeDom, fill as fillDom, h as dh } from '../dom.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */

export const PALETTE = [
  ['B', 'B', 'blue'], ['R', 'R', 'red'], ['G', 'G', 'green'], ['Y', 'Y', 'yellow'],
  ['∪', 'U', 'union'], ['∩', 'n', 'intersection'], ['−', '-', 'minus'], ['′', "'", 'complement'],
  ['V', 'V', 'the Universe'], ['Λ', '^', 'the empty set'], ['=', '=', 'equals'], ['⊆', '<', 'subset'],
  ['(', '(', 'open bracket'], [')', ')', 'close bracket'], ['@', '@', 'this cube stands for…'], ['; ', ';', 'new part'],
  [' || ', '||', 'between Two Solutions (XIII-D-14)'], ['\nblank: ', 'blank:', 'the colors on the blank card (XIII-C-12)'],
];

/**
 * @param {TableView} tv the table page
 */
export function makeEditor(tv) {
  const area = dh('textarea', {
    id: 'solution', class: 'mono', rows: 4, spellcheck: 'false', autocomplete: 'off',
    'aria-label': 'Your Solution (private until you present it)',
    placeholder: 'e.g.  B ∪ R′   or with a Restriction:  G ⊆ B; B ∪ R\nType U for ∪, n for ∩, - for −, \' for ′, ^ for Λ, < for ⊆',
    dataset: { key: 'solution' },
  });
  const feedback = dh('p', { class: 'feedback', id: 'solution-feedback', 'aria-live': 'polite' });
  const preview = dh('p', { class: 'preview mono', id: 'solution-preview' });
  const palette = dh('div', { class: 'palette', role: 'group', 'aria-label': 'Symbols' },
    ...PALETTE.map(([sym, key, words]) => dh('button', {
      type: 'button', class: `sym${sym.trim().length > 2 ? ' wide' : ''}`, title: `${words} (type ${key})`, 'aria-label': `insert ${words}`, tabindex: '-1', dataset: { sym: sym.trim() },
      onclick: () => insert(tv, sym),
    }, sym.trim())));
  area.addEventListener('input', () => updateFeedback(tv));
  area.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      tv.present();
    }
  });
  const box = dh('div', { class: 'editor' }, palette, area, preview, feedback);
  return { box, area, feedback, preview };
}

/**
 * @param {string} sym
 * @param {TableView} tv the table page
 */
export function insert(tv, sym) {
  const a = tv.editor.area;
  const s = a.selectionStart ?? a.value.length;
  const e = a.selectionEnd ?? s;
  a.value = a.value.slice(0, s) + sym + a.value.slice(e);
  a.selectionStart = a.selectionEnd = s + sym.length;
  a.focus();
  updateFeedback(tv);
}

/**
 * Live feedback on the draft: the server's own reading (the `preview`
 * request, answered to this page only), asked a quarter of a second after
 * the last key, so the page and the checker never disagree.
 * @param {TableView} tv the table page
 */
export function updateFeedback(tv) {
  const text = tv.editor.area.value;
  clearTimeout(tv.previewTimer);
  if (!text.trim()) {
    fillDom(tv.editor.feedback, 'Write your Solution here.');
    tv.editor.feedback.className = 'feedback';
    tv.editor.preview.textContent = '';
    return;
  }
  tv.editor.feedback.className = 'feedback pending';
  tv.previewTimer = setTimeout(async () => {
    const r = await tv.conn.preview(text);
    if (tv.editor.area.value !== text) return;
    if (!r) {
      fillDom(tv.editor.feedback, 'Not connected: the server reads your Solution when the connection is back.');
      tv.editor.feedback.className = 'feedback warn';
      return;
    }
    showPreview(tv, r);
  }, 250);
}

/**
 * @param {import('../types.js').Preview} r
 * @param {TableView} tv the table page
 */
export function showPreview(tv, r) {
  const fb = tv.editor.feedback;
  if (!r.ok) {
    const where = [r.line ? `line ${r.line}` : '', r.column ? `column ${r.column}` : ''].filter(Boolean).join(', ');
    fillDom(fb, `${where ? `${where}: ` : ''}${r.message ?? 'this does not read as a Solution'}`, r.rule && r.rule !== '-' ? citeDom(r.rule) : null);
    fb.className = 'feedback warn';
    tv.editor.preview.textContent = '';
    return;
  }
  const sols = r.solutions ?? [];
  const two = sols.length > 1;
  const noName = sols.findIndex((x) => x.set_names === 0);
  const many = sols.findIndex((x) => x.set_names > 1);
  tv.editor.preview.textContent = `Reads as: ${r.reads ?? ''}`;
  if (noName >= 0) {
    fillDom(fb, `${two ? `Solution ${noName + 1} needs` : 'A Solution needs'} one Set-Name part (a part without = or ⊆) `, citeDom('VI-A'));
    fb.className = 'feedback warn';
  } else if (many >= 0) {
    fillDom(fb, `Only one Set-Name part per Solution: the other parts must be Restrictions `, citeDom('VI-A'));
    fb.className = 'feedback warn';
  } else {
    const parts = sols.reduce((n, x) => n + x.set_names + x.restrictions + x.blanks, 0);
    fillDom(fb, `Reads well: ${two ? `${sols.length} Solutions, ` : ''}${parts} part${parts > 1 ? 's' : ''}. The judge decides if it is correct.`);
    fb.className = 'feedback good';
  }
}
