// Variation drills (`/practice/drills`, docs/practice.md "Variation drills"):
// the student ticks the variations to force on (each named in plain words with
// its rule section), chooses a kind, and gets puzzles only from positions where
// the solver proved the variation changes the answer
// (GET /api/puzzles/drill). Answers go through the puzzles' attempt route;
// a written Solution's verdict is shown with its explanation and the card map
// step by step.

import { h, withRules } from './dom.js';
import { playerId, positionView } from './puzzles.js';
import { fetchExplanation, renderExplanation } from './explain.js';
import { cardMap } from './components/cardmap.js';
import { request as api } from './api.js';

/** @param {unknown} x */
const message = (x) => (x instanceof Error ? x.message : String(x));

/**
 * Shows the drills page in `root`.
 * @param {HTMLElement} root
 * @param {(path: string) => void} go
 * @returns {{destroy: () => void}}
 */
export function showDrills(root, go) {
  const form = h('form', { id: 'drill-form', class: 'drill-form' }, h('p', null, 'Loading the variations…'));
  const board = h('section', { id: 'drill-board', 'aria-live': 'polite' });
  root.replaceChildren(
    h('header', { class: 'puzzles-head' }, h('h1', null, 'Variation drills'),
      h('p', null, 'Puzzles only from positions where the variation changes the answer: the solver answers each with and without it.'),
      h('a', { href: '/practice', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/practice'); } }, 'Back to practice')),
    form, board);
  let live = true;
  api('/api/puzzles/drill/variations').then((r) => {
    if (live) fillForm(form, board, r.variations);
  }).catch((e) => form.replaceChildren(h('p', { class: 'bad' }, message(e))));
  return { destroy: () => { live = false; } };
}

/**
 * @param {HTMLElement} form
 * @param {HTMLElement} board
 * @param {{keyword: string, section: string, words: string, kinds: string[]}[]} variations
 */
function fillForm(form, board, variations) {
  const boxes = variations.map((v) => h('label', { class: 'drill-variation' },
    h('input', { type: 'checkbox', name: 'variation', value: v.keyword, dataset: { kinds: v.kinds.join(' ') } }),
    ` ${v.words} `, withRules(`(${v.section})`), ' ', h('code', null, v.keyword)));
  const kind = h('select', { id: 'drill-kind', name: 'kind' },
    h('option', { value: 'challenge' }, 'Which challenge? (Now, Impossible or neither)'),
    h('option', { value: 'solve' }, 'Write a Solution'),
    h('option', { value: 'safe-move' }, 'Find the safe move'));
  const count = h('input', { id: 'drill-count', type: 'number', min: 1, max: 10, value: 3 });
  // empty: fresh puzzles from the pool made ahead; a seed repeats a drill
  const seed = h('input', { id: 'drill-seed', type: 'number', min: 0, placeholder: 'any' });
  form.replaceChildren(
    h('fieldset', null, h('legend', null, 'Force on'), h('div', { class: 'drill-variations' }, boxes)),
    h('p', null, h('label', { for: 'drill-kind' }, 'Kind '), kind, ' ',
      h('label', { for: 'drill-count' }, 'Puzzles '), count, ' ',
      h('label', { for: 'drill-seed' }, 'Seed '), seed, ' ',
      h('button', { type: 'submit', class: 'primary', id: 'drill-start' }, 'Drill')));
  form.onsubmit = async (e) => {
    e.preventDefault();
    const chosen = [...form.querySelectorAll('input[name=variation]:checked')].map((b) => /** @type {HTMLInputElement} */ (b).value);
    const q = new URLSearchParams({
      variations: chosen.join(','), kind: /** @type {HTMLSelectElement} */ (kind).value,
      count: /** @type {HTMLInputElement} */ (count).value,
    });
    const seedText = /** @type {HTMLInputElement} */ (seed).value.trim();
    if (seedText !== '') q.set('seed', seedText);
    board.replaceChildren(h('p', { id: 'drill-wait' }, 'Finding positions where the variation matters…'));
    try {
      const r = await api(`/api/puzzles/drill?${q}`);
      showList(board, r.puzzles, r.variations);
    } catch (err) {
      board.replaceChildren(h('p', { class: 'bad', id: 'drill-error' }, message(err)));
    }
  };
}

/**
 * @param {HTMLElement} board
 * @param {any[]} puzzles
 * @param {{keyword: string, section: string, words: string}[]} variations
 */
function showList(board, puzzles, variations) {
  board.replaceChildren(
    h('p', null, 'Drilling: ', variations.flatMap((v, i) => [i ? '; ' : '', `${v.words} `, withRules(`(${v.section})`)])),
    h('ol', { class: 'drill-list' }, puzzles.map((p) => h('li', { class: 'drill-puzzle', dataset: { id: p.id } }, puzzleView(p)))));
}

/** One puzzle with its answer controls and, once answered, its verdict. @param {any} p */
function puzzleView(p) {
  const verdict = h('div', { class: 'drill-verdict', 'aria-live': 'polite' });
  const send = async (/** @type {string} */ answer) => {
    verdict.replaceChildren(h('p', null, 'Judging…'));
    try {
      const player = await playerId();
      const r = await api(`/api/puzzles/${encodeURIComponent(p.id)}/attempt`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ player, answer }),
      });
      verdict.replaceChildren(
        h('p', { class: r.correct ? 'good' : 'bad' }, r.correct ? 'Correct ✓' : 'Not correct ✗', ' ', r.message ?? ''),
        h('p', null, withRules(r.explanation ?? '')));
      const shortest = r.answer?.shortest;
      if (p.kind === 'solve' && typeof shortest === 'string') {
        const e = await fetchExplanation(p.position, shortest);
        verdict.append(h('h4', null, `The Solution ${shortest}, explained`), renderExplanation(e, p.position));
      } else if (r.answer?.sets?.[0]) {
        verdict.append(cardMap(p.position?.universe ?? '', r.answer.sets[0].cards, 'The set named'));
      }
    } catch (err) {
      verdict.replaceChildren(h('p', { class: 'bad' }, message(err)));
    }
  };
  return [positionView(p.position, p.kind), h('p', { class: 'puzzle-question' }, p.question), controls(p, send), verdict];
}

/** Choices as buttons, or a field for a written Solution. @param {any} p @param {(a: string) => void} send */
function controls(p, send) {
  if (p.choices?.length) {
    return h('div', { class: 'puzzle-choices' }, p.choices.map((/** @type {string} */ c) =>
      h('button', { type: 'button', class: 'puzzle-choice', dataset: { answer: c }, onclick: () => send(c) }, c)));
  }
  const input = h('input', { class: 'drill-answer', autocomplete: 'off', spellcheck: 'false', maxlength: 1000, 'aria-label': 'Your Solution', placeholder: 'a Solution, e.g. B ∪ R' });
  const form = h('form', { class: 'puzzle-write' }, input, h('button', { type: 'submit', class: 'primary' }, 'Send'));
  form.addEventListener('submit', (e) => { e.preventDefault(); if (/** @type {HTMLInputElement} */ (input).value.trim()) send(/** @type {HTMLInputElement} */ (input).value); });
  return form;
}
