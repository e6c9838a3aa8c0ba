// The Puzzles page (`/puzzles`, docs/puzzles.md): the daily puzzle
// and a puzzle at a time near the player's rating, answers checked by the
// server, ratings and streaks. The player is anonymous: an id the server
// issued and signed, kept in the browser (components/store.js).

import { h } from './dom.js';
import { withRules } from './dom.js';
import { goalElement } from './components/goal.js';
import { plainText } from './words.js';
import { cardOrder, cardSvg, cardWords, cubeSvg, faceWords } from './pictures.js';
import { request } from './api.js';
import { KEYS, keep, kept } from './components/store.js';
import { cardMap } from './components/cardmap.js';
import { fetchExplanation, renderExplanation } from './explain.js';

/**
 * The rules a puzzle is asked under (docs/editions.md): the option's value, its
 * label, the query parameters of `GET /api/puzzles/next` and its kinds.
 * 1969 has the Flub claims instead of the Now and Impossible challenges.
 * @type {{value: string, label: string, query: Record<string, string>, kinds: string[]}[]}
 */
export const RULES = [
  { value: '2026-27', label: 'Rules 2026-27', query: {}, kinds: ['challenge', 'solve', 'safe-move', 'goal'] },
  { value: '2019-20-basic', label: 'MLAG 2019-20 Basic', query: { edition: '2019-20', adventurous: 'false' }, kinds: ['challenge', 'solve', 'safe-move', 'goal'] },
  { value: '2019-20-adventurous', label: 'MLAG 2019-20 Adventurous', query: { edition: '2019-20', adventurous: 'true' }, kinds: ['challenge', 'solve', 'safe-move', 'goal'] },
  { value: '1969-basic', label: '1969 Basic ON-SETS', query: { edition: '1969', form: 'basic' }, kinds: ['claim', 'solve', 'safe-move', 'goal'] },
  { value: '1969-advanced', label: '1969 Advanced ON-SETS', query: { edition: '1969', form: 'advanced' }, kinds: ['claim', 'solve', 'safe-move', 'goal'] },
];

/** The words for a position's rules. @param {any} p */
function rulesWords(p) {
  if (p.edition === '1969') return `1969 manual, ${p.form === 'advanced' ? 'Advanced' : 'Basic'} ON-SETS (orange is O)`;
  const division = p.division ? `${p.division[0].toUpperCase()}${p.division.slice(1)} division, ` : '';
  const mlag = p.edition === '2019-20' ? ' (MLAG 2019-20)' : '';
  return `${division}${p.adventurous ? 'Adventurous' : 'Basic'} On-Sets${mlag}`;
}

/** An id the server issued: 24 hex digits, `-`, its 32-digit signature. */
const ISSUED = /^[0-9a-f]{24}-[0-9a-f]{32}$/;

/**
 * The anonymous player's id: issued by the server (`POST /api/puzzles/players`,
 * signed, so that only it is rated) once and kept in this browser. An id this
 * browser made itself before is replaced. When the server cannot issue one
 * (offline, too many new players from this address) a local id stands in for
 * this page: its attempts are judged but not rated.
 * @returns {Promise<string>}
 */
export async function playerId() {
  const mine = kept(KEYS.puzzlePlayer);
  if (mine && ISSUED.test(mine)) return mine;
  try {
    const r = await api('/api/puzzles/players', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (typeof r.player === 'string' && ISSUED.test(r.player)) {
      keep(KEYS.puzzlePlayer, r.player);
      return r.player;
    }
  } catch {
    /* judged, unrated, with the stand-in below */
  }
  return `local-${crypto.randomUUID()}`;
}

/**
 * The verdict's "Why" (docs/practice.md, "The card map"): the explanation
 * proved by the solver and the 4×4 map of the sixteen cards, the Universe
 * marked and the set of the proved Solution highlighted when there is one;
 * for a solve puzzle, when opened, the checker's explanation of the proved
 * Solution step by step, a map per step (explain.js, cardMapSteps). Open
 * after a miss, one click away after a right answer.
 * @param {{position: any, kind: string, correct: boolean, explanation?: string|null,
 *   solution?: any, id?: string}} v
 */
export function whyWithMap(v) {
  const set = v.solution?.sets?.[0];
  const steps = h('div', { class: 'why-steps' });
  const details = h('details', { class: 'verdict-why', open: !v.correct, dataset: { puzzle: v.id ?? '' } },
    h('summary', null, v.correct ? 'Why (proved by the solver)' : 'Why not (proved by the solver)'),
    h('p', null, withRules(v.explanation ?? '')),
    cardMap(v.position?.universe ?? '', set?.cards ?? null,
      set ? `The set of ${v.solution?.shortest ?? 'the Solution'}` : 'The Universe on the map of the sixteen cards'),
    steps);
  const shortest = v.solution?.shortest;
  if (v.kind === 'solve' && v.position && typeof shortest === 'string') {
    const load = () => {
      if (steps.dataset.asked) return;
      steps.dataset.asked = '1';
      fetchExplanation(v.position, shortest).then(
        (e) => steps.replaceChildren(h('h4', null, `The Solution ${shortest}, step by step`), renderExplanation(e, v.position)),
        () => steps.replaceChildren());
    };
    details.addEventListener('toggle', () => { if (details.open) load(); });
    if (details.open) load();
  }
  return details;
}

/** The time from a puzzle shown to its answer, within the bounds the server
 * takes (100 ms to 10 minutes, docs/practice.md). @param {number} shownAt */
export function answerMs(shownAt) {
  return Math.min(600000, Math.max(100, Math.round(performance.now() - shownAt)));
}

/** @param {string} url @param {RequestInit} [init] */
function api(url, init) {
  return request(url, init);
}

/** The family of a cube face. @param {string} f */
function family(f) {
  if (/^~?[0-9]$/.test(f)) return 'digit';
  if ('BRGYO'.includes(f)) return 'color';
  if ('∪∩−′'.includes(f)) return 'operation';
  return 'restriction';
}

/** A row of cubes. @param {string} label @param {string} list */
function cubes(label, list) {
  const faces = (list ?? '').split(/\s+/).filter(Boolean);
  return h('div', { class: 'puzzle-section', dataset: { section: label.toLowerCase() } },
    h('span', { class: 'puzzle-section-name' }, label),
    faces.length
      ? faces.map((f) => h('span', { class: 'puzzle-cube', role: 'img', title: faceWords(f), 'aria-label': faceWords(f) }, cubeSvg(f, family(f))))
      : h('span', { class: 'small' }, 'none'));
}

/** The position: cards, Goal, variations, the mat. @param {any} p @param {string} kind */
export function positionView(p, kind) {
  // The position is in the notation (Y); the 1969 kit's fourth color is orange, O.
  const o = (/** @type {string|undefined} */ t) => (p.edition === '1969' ? String(t ?? '').replace(/Y/g, 'O') : t);
  const cards = String(o(p.universe)).split(/[\s,]+/).filter(Boolean).sort(cardOrder);
  return h('div', { class: 'puzzle-position' },
    h('p', { class: 'puzzle-rules-words' }, rulesWords(p),
      p.variations?.length ? `; variations: ${plainText(p.variations.join(', '))}` : '; no variation'),
    h('div', { class: 'puzzle-cards', role: 'group', 'aria-label': 'Universe' },
      cards.map((/** @type {string} */ c) => h('span', { class: 'puzzle-card', role: 'img', title: cardWords(c), 'aria-label': cardWords(c) }, cardSvg(c)))),
    h('p', { class: 'puzzle-goal' }, kind === 'goal' ? 'Goal: not set yet (the digit cubes are in Resources)' : ['Goal: ', goalElement(String(p.goal))]),
    cubes('Required', o(p.required) ?? ''),
    cubes('Permitted', o(p.permitted) ?? ''),
    cubes('Forbidden', o(p.forbidden) ?? ''),
    cubes('Resources', o(p.resources) ?? ''));
}

/**
 * Shows the Puzzles page in `root`.
 * @param {HTMLElement} root
 * @param {(path: string) => void} go
 */
export function showPuzzles(root, go) {
  const ready = playerId();
  const me = h('p', { id: 'puzzle-player', 'aria-live': 'polite' }, '');
  const board = h('section', { id: 'puzzle-board', 'aria-live': 'polite' }, 'Loading the daily puzzle…');
  const rules = h('select', { id: 'puzzle-rules', 'aria-label': 'Rules' },
    RULES.map((r) => h('option', { value: r.value }, r.label)));
  const kind = h('select', { id: 'puzzle-kind', 'aria-label': 'Kind' });
  const rulesNow = () => RULES.find((r) => r.value === rules.value) ?? RULES[0];
  const kindOptions = () => {
    const keep = kind.value;
    const kinds = rulesNow().kinds;
    kind.replaceChildren(h('option', { value: '' }, 'any kind'), ...kinds.map((k) => h('option', { value: k }, k)));
    kind.value = kinds.includes(keep) ? keep : '';
  };
  kindOptions();
  rules.addEventListener('change', () => { kindOptions(); next(); });
  const theme = h('select', { id: 'puzzle-theme', 'aria-label': 'Theme' }, h('option', { value: '' }, 'any theme'));

  const showMe = (/** @type {any} */ p) => {
    me.textContent = `Your puzzle rating: ${p.rating} (±${p.deviation}) · solved ${p.solved} of ${p.attempts} · streak ${p.streak} (best ${p.best_streak})`;
  };
  ready.then((player) => api(`/api/puzzles/players/${player}`)).then(showMe).catch(() => {});
  api('/api/puzzles/themes').then((t) => {
    for (const x of t.themes) if (x.puzzles > 0) theme.append(h('option', { value: x.theme }, `${x.name} (${x.puzzles})`));
  }).catch(() => {});

  /** @param {any} puzzle @param {string} title */
  const show = (puzzle, title) => {
    const result = h('div', { id: 'puzzle-result', 'aria-live': 'polite' });
    const shownAt = performance.now();
    /** @param {string} answer */
    const send = async (answer) => {
      // the time from the puzzle shown to the answer, for the dashboard's median
      const ms = answerMs(shownAt);
      result.replaceChildren('Checking…');
      try {
        const player = await ready;
        const r = await api(`/api/puzzles/${puzzle.id}/attempt`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ player, answer, ms }),
        });
        showMe(r.player);
        const change = r.rated
          ? ` Rating ${r.rating_change >= 0 ? '+' : ''}${r.rating_change}.`
          : r.issued === false ? ' (Not rated: the server has not given this browser a player id yet.)' : ' (Tried before: not rated.)';
        result.replaceChildren(
          h('p', { class: `notice ${r.correct ? 'ok' : 'error'}`, id: 'puzzle-verdict' }, r.correct ? 'Correct!' : 'Not right.', change),
          h('p', null, withRules(r.message)),
          r.reasons?.length ? h('ul', { id: 'puzzle-reasons' }, r.reasons.map((/** @type {any} */ x) => h('li', null, withRules(`${x.message} (${x.section})`)))) : '',
          whyWithMap({ position: puzzle.position, kind: puzzle.kind, correct: r.correct, explanation: r.explanation, solution: r.answer, id: puzzle.id }),
          h('button', { type: 'button', id: 'puzzle-next', class: 'primary', onclick: next }, 'Next puzzle'));
      } catch (x) {
        result.replaceChildren(h('p', { class: 'notice error' }, `${x instanceof Error ? x.message : x}`));
      }
    };
    let answer;
    if (puzzle.choices?.length) {
      answer = h('div', { class: 'puzzle-choices' },
        puzzle.choices.map((/** @type {string} */ c) => h('button', { type: 'button', class: 'puzzle-choice', dataset: { answer: c }, onclick: () => send(c) }, c)));
    } else {
      const input = h('input', { id: 'puzzle-answer', autocomplete: 'off', spellcheck: 'false', maxlength: 1000,
        placeholder: puzzle.kind === 'goal' ? 'a Goal, e.g. 3+2'
          : puzzle.position?.edition === '1969' ? 'a Solution, e.g. B ∪ O'
            : puzzle.position?.edition === '2019-20' && !puzzle.position?.adventurous ? 'a Solution, e.g. B ∪ R@=' : 'a Solution, e.g. B ∪ R; R ⊆ G' });
      const form = h('form', { class: 'puzzle-write' }, input, h('button', { type: 'submit', class: 'primary' }, 'Check'));
      form.addEventListener('submit', (e) => { e.preventDefault(); send(input.value); });
      answer = form;
    }
    board.replaceChildren(
      h('h2', null, title),
      h('p', { class: 'small' }, `${puzzle.kind} · rating ${puzzle.rating ?? puzzle.difficulty} · themes: ${(puzzle.themes ?? []).join(', ')}`),
      h('p', { class: 'puzzle-question', id: 'puzzle-question' }, withRules(puzzle.question)),
      positionView(puzzle.position, puzzle.kind),
      answer,
      result);
    board.dataset.puzzle = puzzle.id;
    board.dataset.edition = puzzle.position?.edition ?? '2026-27';
  };

  // Only the latest request's puzzle is shown (a change of rules and a click
  // on New puzzle in quick succession ask twice).
  let asked = 0;
  async function next() {
    const mine = ++asked;
    board.replaceChildren('Finding a puzzle…');
    try {
      const q = new URLSearchParams({ player: await ready, kind: kind.value, theme: theme.value, ...rulesNow().query });
      const r = await api(`/api/puzzles/next?${q}`);
      if (mine !== asked) return;
      show(r.puzzle, 'Puzzle');
    } catch (x) {
      board.replaceChildren(h('p', { class: 'notice error' }, `${x instanceof Error ? x.message : x}`));
    }
  }

  async function daily() {
    try {
      const r = await api('/api/puzzles/daily');
      show(r.puzzle, `Daily puzzle, ${r.date}`);
    } catch (x) {
      board.replaceChildren(h('p', { class: 'notice error' }, `${x instanceof Error ? x.message : x}`));
    }
  }

  root.replaceChildren(
    h('header', { class: 'puzzles-head' },
      h('h1', null, 'Puzzles'),
      h('a', { href: '/', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/'); } }, '← Lobby')),
    h('p', { class: 'small' }, 'Every answer is proved by the exact solver; a written Solution is judged by the checker with its rule sections.'),
    me,
    h('div', { class: 'puzzle-controls' },
      h('button', { type: 'button', id: 'puzzle-daily', onclick: daily }, 'Daily puzzle'),
      rules, kind, theme,
      h('button', { type: 'button', id: 'puzzle-new', onclick: next }, 'New puzzle')),
    h('p', { class: 'practice-links' }, 'Practice: ',
      [['/storm', 'Storm'], ['/streak', 'Streak'], ['/practice', 'My weaknesses']].flatMap(([path, label], i) => [i ? ' · ' : '',
        h('a', { href: path, id: `puzzles-${path.slice(1)}`, onclick: (/** @type {Event} */ e) => { e.preventDefault(); go(path); } }, label)])),
    board);
  daily();
}
