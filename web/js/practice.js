// Practice (docs/practice.md): Puzzle Storm (`/storm`: three minutes, rising
// difficulty, a miss costs 10 s, combos add time), Puzzle Streak (`/streak`:
// rising difficulty until the first miss, one skip) and My weaknesses
// (`/practice`: each theme's success, time and rating over 1–90 days, a puzzle
// where the player is weakest, the failed puzzles to replay by theme).
// Keyboard first: 1–9 choose an answer, Enter sends a written one, Esc skips
// (Streak), Enter or Space starts. The server judges every answer again and
// counts the run; the page only shows it.

import { h, withRules } from './dom.js';
import { answerMs, playerId, positionView, whyWithMap } from './puzzles.js';
import { cardMap } from './components/cardmap.js';
import { request as api, postJson as post } from './api.js';

/** @param {unknown} x */
const message = (x) => (x instanceof Error ? x.message : String(x));

/** m:ss of a time in ms. @param {number} ms */
function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The combo steps of a storm (the server's, docs/practice.md). @param {number} combo */
function comboBonus(combo) {
  if (combo === 5) return 3000;
  if (combo === 12) return 5000;
  if (combo === 20) return 7000;
  if (combo >= 30 && (combo - 30) % 10 === 0) return 10000;
  return 0;
}

/**
 * The answer controls of a puzzle: numbered choices, or a text field.
 * @param {any} puzzle
 * @param {(answer: string) => void} send
 */
export function answerControls(puzzle, send) {
  if (puzzle.choices?.length) {
    return h('div', { class: 'puzzle-choices' },
      puzzle.choices.map((/** @type {string} */ c, /** @type {number} */ i) => h('button', {
        type: 'button', class: 'puzzle-choice', dataset: { answer: c }, onclick: () => send(c),
      }, i < 9 ? h('kbd', null, String(i + 1)) : '', ' ', c)));
  }
  const input = h('input', {
    id: 'practice-answer', autocomplete: 'off', spellcheck: 'false', maxlength: 1000, enterkeyhint: 'send',
    'aria-label': puzzle.kind === 'goal' ? 'Your Goal' : 'Your Solution',
    placeholder: puzzle.kind === 'goal' ? 'a Goal, e.g. 3+2' : 'a Solution, e.g. B ∪ R',
  });
  const form = h('form', { class: 'puzzle-write' }, input, h('button', { type: 'submit', class: 'primary' }, 'Send'));
  form.addEventListener('submit', (e) => { e.preventDefault(); if (input.value.trim()) send(input.value); });
  queueMicrotask(() => input.focus());
  return form;
}

/** The tabs of the practice pages. @param {string} mode @param {(path: string) => void} go */
function tabs(mode, go) {
  const tab = (/** @type {string} */ path, /** @type {string} */ label) => h('a', {
    href: path, class: `practice-tab${mode === path.slice(1) ? ' current' : ''}`, id: `practice-tab-${path.slice(1)}`,
    'aria-current': mode === path.slice(1) ? 'page' : false,
    onclick: (/** @type {Event} */ e) => { e.preventDefault(); go(path); },
  }, label);
  return h('nav', { class: 'practice-tabs', 'aria-label': 'Practice' },
    tab('/storm', 'Storm'), tab('/streak', 'Streak'), tab('/race', 'Race'), tab('/practice', 'My weaknesses'),
    h('a', { href: '/puzzles', class: 'practice-tab', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/puzzles'); } }, 'Puzzles'),
    h('a', { href: '/practice/drills', class: 'practice-tab', id: 'practice-tab-drills', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/practice/drills'); } }, 'Variation drills'));
}

/**
 * Shows a practice page in `root`: `storm`, `streak` or `practice` (the dashboard).
 * @param {HTMLElement} root
 * @param {string} mode
 * @param {(path: string) => void} go
 * @returns {{destroy: () => void}}
 */
export function showPractice(root, mode, go) {
  const table = mode.match(/^t\/([A-Za-z0-9_-]+)\/mistakes$/);
  if (table) return showMistakes(root, table[1], go);
  const board = h('section', { id: 'practice-board', 'aria-live': 'polite' });
  const title = mode === 'storm' ? 'Puzzle Storm' : mode === 'streak' ? 'Puzzle Streak' : 'My weaknesses';
  root.replaceChildren(h('header', { class: 'puzzles-head' }, h('h1', null, title)), tabs(mode, go), board);
  /** @type {(() => void)[]} */
  const stops = [];
  if (mode === 'practice') dashboard(board);
  else stops.push(run(board, mode === 'streak' ? 'streak' : 'storm'));
  return { destroy: () => stops.forEach((s) => s()) };
}

/**
 * A Storm or a Streak: the start screen, the run, the server's count.
 * @param {HTMLElement} board
 * @param {'storm'|'streak'} mode
 * @returns {() => void} stops the clock and the keys
 */
function run(board, mode) {
  const ready = playerId();
  /** @type {((e: KeyboardEvent) => void)|null} */
  let keys = null;
  let timer = 0;
  const setKeys = (/** @type {((e: KeyboardEvent) => void)|null} */ k) => {
    if (keys) document.removeEventListener('keydown', keys);
    keys = k;
    if (k) document.addEventListener('keydown', k);
  };
  const stop = () => { clearInterval(timer); setKeys(null); };

  const kind = h('select', { id: 'practice-kind', 'aria-label': 'Kind of puzzle' },
    h('option', { value: '' }, 'all kinds mixed'),
    ['challenge', 'solve', 'safe-move', 'goal'].map((k) => h('option', { value: k }, k)));
  const best = h('p', { id: 'practice-best', class: 'small' });
  ready.then((p) => api(`/api/puzzles/${mode}/history?player=${encodeURIComponent(p)}`))
    .then((r) => {
      best.textContent = r.best ? `Your best: ${r.best.score} · ${r.runs.length} runs` : 'No run yet.';
      board.dataset.best = String(r.best?.score ?? 0);
    })
    .catch(() => {});

  const start = async () => {
    setKeys(null);
    board.replaceChildren('Getting the puzzles…');
    try {
      const player = await ready;
      const q = new URLSearchParams({ player, kind: kind.value });
      const list = await api(`/api/puzzles/${mode}?${q}`);
      play(player, list);
    } catch (x) {
      board.replaceChildren(h('p', { class: 'notice error' }, message(x)));
    }
  };

  const intro = () => {
    const go = h('button', { type: 'button', id: 'practice-start', class: 'primary', onclick: start }, `Start the ${mode}`, ' ', h('kbd', { class: 'kbd-only' }, 'Enter'));
    board.replaceChildren(
      h('p', null, mode === 'storm'
        ? 'Three minutes. Easy puzzles first, harder ones after. A miss costs 10 seconds; 5, 12, 20 and 30 right in a row add 3, 5, 7 and 10 seconds.'
        : 'Puzzles of rising difficulty until your first miss. You may skip one.'),
      h('p', { class: 'small kbd-only' }, 'Keys: 1–9 choose an answer, Enter sends a written one', mode === 'streak' ? ', Esc skips.' : '.'),
      h('p', null, h('label', null, 'Puzzles: ', kind)),
      best, go);
    setKeys((e) => { if ((e.key === 'Enter' || e.key === ' ') && e.target === document.body) { e.preventDefault(); start(); } });
    go.focus();
  };

  /** @param {string} player @param {any} list */
  const play = (player, list) => {
    /** @type {{puzzle: string, answer: string|null, ms: number}[]} */
    const answers = [];
    const puzzles = /** @type {any[]} */ (list.puzzles);
    let index = 0;
    let clockMs = (list.seconds ?? 0) * 1000;
    let shownAt = performance.now();
    let combo = 0;
    let score = 0;
    let skips = Number(list.skips ?? 0);
    let busy = false;
    let over = false;
    const clockEl = h('span', { id: 'practice-clock', class: 'practice-clock' }, mode === 'storm' ? clock(clockMs) : '');
    const scoreEl = h('span', { id: 'practice-score', class: 'practice-score' }, '0');
    const comboEl = h('span', { id: 'practice-combo', class: 'practice-combo' });
    const flash = h('span', { id: 'practice-flash', class: 'practice-flash', 'aria-live': 'assertive' });
    const stage = h('div', { id: 'practice-stage' });
    const skipBtn = mode === 'streak'
      ? h('button', { type: 'button', id: 'practice-skip', onclick: () => answer(null) }, 'Skip ', h('kbd', { class: 'kbd-only' }, 'Esc'))
      : null;
    const endBtn = h('button', { type: 'button', id: 'practice-end', onclick: () => finish() }, 'End now');
    board.replaceChildren(
      h('div', { class: 'practice-bar' }, mode === 'storm' ? clockEl : '', h('span', null, 'Score ', scoreEl), comboEl, flash, skipBtn ?? '', endBtn),
      stage);
    board.dataset.state = 'playing';

    const remaining = () => clockMs - (performance.now() - shownAt);
    const tick = () => {
      if (mode !== 'storm' || over) return;
      const left = remaining();
      clockEl.textContent = clock(left);
      clockEl.classList.toggle('low', left < 20000);
      if (left <= 0) finish();
    };
    const show = () => {
      if (index >= puzzles.length) { finish(); return; }
      const p = puzzles[index];
      shownAt = performance.now();
      stage.replaceChildren(
        h('p', { class: 'small' }, `${index + 1} · ${p.kind} · difficulty ${p.difficulty}`),
        h('p', { class: 'puzzle-question', id: 'practice-question' }, withRules(p.question)),
        positionView(p.position, p.kind),
        answerControls(p, (a) => answer(a)));
      stage.dataset.puzzle = p.id;
      board.dataset.index = String(index);
    };
    /** @param {string|null} text */
    const answer = async (text) => {
      if (busy || over) return;
      const p = puzzles[index];
      const ms = answerMs(shownAt);
      if (mode === 'storm' && ms > clockMs) { finish(); return; }
      if (text === null) {
        if (skips <= 0) return;
        skips -= 1;
        if (skipBtn) skipBtn.disabled = true;
        answers.push({ puzzle: p.id, answer: null, ms });
        index += 1;
        show();
        return;
      }
      busy = true;
      clockMs -= ms;
      shownAt = performance.now();
      let correct = false;
      try {
        correct = (await post('/api/puzzles/check', { puzzle: p.id, answer: text })).correct === true;
      } catch (x) {
        busy = false;
        flash.textContent = message(x);
        return;
      }
      answers.push({ puzzle: p.id, answer: text, ms });
      busy = false;
      if (correct) {
        score += 1;
        combo += 1;
        const bonus = mode === 'storm' ? comboBonus(combo) : 0;
        clockMs += bonus;
        flash.textContent = bonus ? `✓ +${bonus / 1000} s` : '✓';
        flash.className = 'practice-flash ok';
      } else {
        combo = 0;
        flash.textContent = mode === 'storm' ? '✗ −10 s' : '✗';
        flash.className = 'practice-flash error';
        if (mode === 'storm') clockMs -= 10000;
      }
      scoreEl.textContent = String(score);
      comboEl.textContent = combo >= 2 ? `combo ${combo}` : '';
      board.dataset.answered = String(answers.length);
      if (mode === 'streak' && !correct) { finish(); return; }
      index += 1;
      if (mode === 'storm' && clockMs <= 0) { finish(); return; }
      show();
    };
    const finish = async () => {
      if (over) return;
      over = true;
      stop();
      board.dataset.state = 'counting';
      stage.replaceChildren('Counting…');
      try {
        const r = await post(`/api/puzzles/${mode}/result`, { player, [mode]: list[mode], run: answers });
        result(r, puzzles);
      } catch (x) {
        stage.replaceChildren(h('p', { class: 'notice error' }, message(x)));
      }
    };
    setKeys((e) => {
      if (over) return;
      const typing = e.target instanceof HTMLInputElement;
      if (e.key === 'Escape' && mode === 'streak') { e.preventDefault(); answer(null); return; }
      if (typing) return;
      const n = Number(e.key);
      const p = puzzles[index];
      if (n >= 1 && n <= 9 && p?.choices?.[n - 1]) { e.preventDefault(); answer(p.choices[n - 1]); }
    });
    timer = window.setInterval(tick, 200);
    show();
  };

  /** The server's count of the run. @param {any} r @param {any[]} puzzles */
  const result = (r, puzzles) => {
    const byId = new Map(puzzles.map((p) => [p.id, p]));
    board.dataset.state = 'done';
    board.dataset.score = String(r.score);
    const rows = r.run.map((/** @type {any} */ a, /** @type {number} */ i) => h('tr', { class: a.correct ? 'ok' : a.skipped ? '' : 'error' },
      h('td', null, String(i + 1)),
      h('td', null, a.skipped ? 'skipped' : a.correct ? '✓' : '✗', a.counted ? '' : ' (not counted)'),
      h('td', null, a.answer ?? '—'),
      h('td', null, `${(a.ms / 1000).toFixed(1)} s`),
      // the verdict's explanation with the card map: open after a miss, one click away when right
      h('td', null, a.skipped ? '' : [
        a.correct || !a.message ? '' : h('p', { class: 'small' }, withRules(a.message)),
        whyWithMap({ position: byId.get(a.puzzle)?.position, kind: byId.get(a.puzzle)?.kind ?? '', correct: a.correct, explanation: a.explanation, solution: a.solution, id: a.puzzle })])));
    board.replaceChildren(
      h('p', { id: 'practice-result', class: 'practice-result' },
        `Score ${r.score}`, r.new_best ? ' — a new best!' : ` (best ${r.best})`),
      h('p', { class: 'small' }, `${r.moves} answered · ${r.errors} missed · best combo ${r.best_combo}`,
        mode === 'storm' ? ` · ${clock(r.clock_left_ms)} left` : ` · ${r.skips} skipped`),
      h('table', { class: 'practice-run' },
        h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, 'Result'), h('th', null, 'Your answer'), h('th', null, 'Time'), h('th', null, ''))),
        h('tbody', null, rows)),
      h('button', { type: 'button', id: 'practice-again', class: 'primary', onclick: start }, 'Play again ', h('kbd', { class: 'kbd-only' }, 'Enter')));
    setKeys((e) => { if (e.key === 'Enter' && e.target === document.body) { e.preventDefault(); start(); } });
    /** @type {HTMLElement|null} */ (board.querySelector('#practice-again'))?.focus();
  };

  intro();
  return stop;
}

/**
 * My weaknesses: the themes over 1–90 days, a puzzle where the player is
 * weakest, and the failed puzzles by theme.
 * @param {HTMLElement} board
 */
function dashboard(board) {
  const ready = playerId();
  const days = h('select', { id: 'practice-days', 'aria-label': 'Days' },
    [1, 7, 30, 90].map((d) => h('option', { value: String(d) }, d === 1 ? 'today' : `last ${d} days`)));
  days.value = '30';
  const table = h('div', { id: 'practice-themes' }, 'Loading…');
  const drill = h('section', { id: 'practice-drill', 'aria-live': 'polite' });
  const load = async () => {
    try {
      const player = await ready;
      const d = await api(`/api/puzzles/dashboard?player=${encodeURIComponent(player)}&days=${days.value}`);
      if (!d.themes.length) {
        table.replaceChildren(h('p', null, 'No answers yet in this time: play a Storm, or practise your weak spots below.'));
        return;
      }
      table.replaceChildren(
        h('p', { class: 'small' }, `${d.solved} of ${d.attempts} right`, d.median_ms ? ` · median ${(d.median_ms / 1000).toFixed(1)} s` : ''),
        h('table', { class: 'practice-themes' },
          h('thead', null, h('tr', null, ['Theme', 'Tried', 'Right', 'Rating', 'Median time', 'Weakness', ''].map((t) => h('th', null, t)))),
          h('tbody', null, d.themes.map((/** @type {any} */ t) => h('tr', { dataset: { theme: t.theme } },
            h('td', null, withRules(t.name)),
            h('td', null, String(t.attempts)),
            h('td', null, `${t.solved} (${Math.round((100 * t.solved) / t.attempts)}%)`),
            h('td', null, String(t.rating)),
            h('td', null, t.median_ms === null ? '—' : `${(t.median_ms / 1000).toFixed(1)} s`),
            h('td', null, h('meter', { min: 0, max: 1.5, value: t.weakness, 'aria-label': `weakness ${t.weakness}` })),
            h('td', null, t.solved < t.attempts
              ? h('button', { type: 'button', class: 'practice-replay', onclick: () => replay(t.theme) }, 'Replay failed')
              : ''))))));
    } catch (x) {
      table.replaceChildren(h('p', { class: 'notice error' }, message(x)));
    }
  };
  days.addEventListener('change', load);

  /** One puzzle to answer, stored with its time. @param {any} p @param {string} mode @param {() => void} next */
  const ask = (p, mode, next) => {
    const shownAt = performance.now();
    const out = h('div', { id: 'practice-verdict-box', 'aria-live': 'polite' });
    const send = async (/** @type {string} */ answer) => {
      try {
        const player = await ready;
        const ms = answerMs(shownAt);
        const r = await post('/api/puzzles/practice/answer', { player, puzzle: p.id, answer, ms, mode });
        out.replaceChildren(
          h('p', { class: `notice ${r.correct ? 'ok' : 'error'}`, id: 'practice-verdict' }, r.correct ? 'Correct!' : 'Not right.'),
          h('p', null, withRules(r.message)),
          h('details', { open: !r.correct }, h('summary', null, 'Why (proved by the solver)'), h('p', null, withRules(r.explanation)),
            cardMap(p.position?.universe ?? '', r.answer?.sets?.[0]?.cards ?? null, r.answer?.sets?.[0] ? `The set of ${r.answer.shortest}` : 'The Universe on the map of the sixteen cards')),
          h('button', { type: 'button', id: 'practice-next', class: 'primary', onclick: () => { next(); load(); } }, 'Next'));
        /** @type {HTMLElement|null} */ (out.querySelector('#practice-next'))?.focus();
      } catch (x) {
        out.replaceChildren(h('p', { class: 'notice error' }, message(x)));
      }
    };
    drill.replaceChildren(
      h('p', { class: 'small' }, `${p.kind} · difficulty ${p.difficulty}`),
      h('p', { class: 'puzzle-question', id: 'practice-question' }, withRules(p.question)),
      positionView(p.position, p.kind),
      answerControls(p, send),
      out);
    drill.dataset.puzzle = p.id;
  };

  const weakest = async () => {
    try {
      const player = await ready;
      const w = await api(`/api/puzzles/weak?player=${encodeURIComponent(player)}`);
      drill.dataset.theme = w.theme;
      ask(w.puzzle, 'weak', weakest);
      drill.prepend(h('h2', null, 'Your weak spot: ', withRules(w.name)),
        h('p', { class: 'small' }, `error rate ${w.error_rate} × (1 + slowness ${w.slowness}) / 2 = weakness ${w.weakness}`));
    } catch (x) {
      drill.replaceChildren(h('p', { class: 'notice error' }, message(x)));
    }
  };

  /** The failed puzzles of a theme, one after another. @param {string} theme */
  const replay = async (theme) => {
    try {
      const player = await ready;
      const f = await api(`/api/puzzles/failed?player=${encodeURIComponent(player)}&theme=${encodeURIComponent(theme)}`);
      const list = /** @type {any[]} */ (f.puzzles);
      let i = 0;
      const one = () => {
        if (i >= list.length) { drill.replaceChildren(h('p', { id: 'practice-replayed' }, 'Every failed puzzle of this theme replayed.')); return; }
        ask(list[i].puzzle, 'replay', one);
        drill.prepend(h('h2', null, `Replay ${i + 1} of ${list.length}`));
        i += 1;
      };
      one();
    } catch (x) {
      drill.replaceChildren(h('p', { class: 'notice error' }, message(x)));
    }
  };

  const tableId = h('input', { id: 'practice-table', placeholder: 'table id', 'aria-label': 'Table id', autocomplete: 'off', size: 12 });
  const learn = h('form', { class: 'puzzle-controls', id: 'practice-learn' },
    h('label', { for: 'practice-table' }, 'Learn from a finished match: '), tableId,
    h('button', { type: 'submit' }, 'My mistakes'));
  learn.addEventListener('submit', (e) => {
    e.preventDefault();
    const id = tableId.value.trim().replace(/^.*\/t(69)?\//, '').replace(/\/.*$/, '');
    if (/^[A-Za-z0-9_-]+$/.test(id)) location.assign(`/t/${id}/mistakes`);
  });
  board.replaceChildren(
    h('div', { class: 'puzzle-controls' }, days,
      h('button', { type: 'button', id: 'practice-weak', class: 'primary', onclick: weakest }, 'Practise my weak spots')),
    table, drill, learn);
  load();
}

/**
 * My mistakes (`/t/{id}/mistakes?seat=N`): every Flub and missed challenge of a
 * seat of a finished table as a puzzle, answered as the review judged it.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {(path: string) => void} go
 * @returns {{destroy: () => void}}
 */
function showMistakes(root, id, go) {
  const seat = h('select', { id: 'mistakes-seat', 'aria-label': 'Seat' });
  const list = h('ol', { id: 'mistakes-list', class: 'mistakes-list', 'aria-live': 'polite' });
  const status = h('p', { id: 'mistakes-status' }, 'The review is judging the match…');
  const load = async () => {
    const n = seat.value || new URLSearchParams(location.search).get('seat') || '0';
    try {
      const r = await api(`/api/tables/${encodeURIComponent(id)}/mistakes?seat=${encodeURIComponent(n)}`);
      if (!seat.options.length) {
        const review = await api(`/api/tables/${encodeURIComponent(id)}/review`).catch(() => null);
        const names = /** @type {string[]} */ (review?.players ?? [r.player]);
        seat.replaceChildren(...names.map((/** @type {string} */ p, /** @type {number} */ i) => h('option', { value: String(i) }, `seat ${i}: ${p}`)));
      }
      seat.value = String(r.seat);
      status.textContent = r.puzzles.length
        ? `${r.puzzles.length} mistakes of ${r.player} (${r.edition}): for each, the position and what the review says you should have done.`
        : `No Flub and no missed challenge for ${r.player}: a clean match.`;
      list.replaceChildren(...r.puzzles.map((/** @type {any} */ p) => mistake(p, id, Number(r.seat))));
      root.dataset.mistakes = String(r.puzzles.length);
    } catch (x) {
      status.textContent = message(x);
    }
  };
  seat.addEventListener('change', () => {
    history.replaceState(null, '', `?seat=${seat.value}`);
    load();
  });
  root.replaceChildren(
    h('header', { class: 'puzzles-head' }, h('h1', null, 'My mistakes ', h('small', null, `table ${id}`))),
    tabs('mistakes', go),
    h('p', null, h('a', { href: `/t/${encodeURIComponent(id)}/review` }, '← The review'), ' · ', h('label', null, 'Whose: ', seat)),
    status, list);
  load();
  return { destroy: () => {} };
}

/**
 * One mistake: the position, the question, an answer judged by the server
 * against the review (stored for the dashboard's theme `mistakes`), and the
 * review's explanation.
 * @param {any} p @param {string} table @param {number} seat
 */
function mistake(p, table, seat) {
  const reveal = h('details', { class: 'mistake-answer' }, h('summary', null, 'Show the answer'),
    h('p', null, withRules(p.explanation)));
  const verdict = h('span', { class: 'mistake-verdict', 'aria-live': 'polite' });
  const shown = performance.now();
  const send = async (/** @type {string} */ answer) => {
    try {
      const player = await playerId();
      const ms = Math.min(600000, Math.max(100, Math.round(performance.now() - shown)));
      const r = await post(`/api/tables/${encodeURIComponent(table)}/mistakes/answer`, { player, seat, puzzle: p.id, answer, ms });
      verdict.textContent = r.correct ? '✓ Right.' : '✗ Not that.';
      verdict.className = `mistake-verdict ${r.correct ? 'ok' : 'error'}`;
    } catch (x) {
      verdict.textContent = message(x);
      verdict.className = 'mistake-verdict error';
    }
    reveal.open = true;
  };
  /** @type {Node|string} */
  let answer = '';
  if (p.kind === 'challenge' || p.kind === 'claim') {
    const choices = p.kind === 'challenge' ? ['now', 'impossible', 'neither'] : ['a', 'p', 'none'];
    answer = h('div', { class: 'puzzle-choices' }, choices.map((c) => h('button', {
      type: 'button', class: 'puzzle-choice', dataset: { answer: c }, onclick: () => send(c),
    }, c)), verdict);
  } else if (p.source === 'flub') {
    const input = h('input', { class: 'mistake-move', autocomplete: 'off', spellcheck: 'false', maxlength: 200, 'aria-label': 'Your move (or none)', placeholder: 'a move, e.g. R → Required, or none' });
    const form = h('form', { class: 'puzzle-write' }, input, h('button', { type: 'submit' }, 'Answer'), ' ', verdict);
    form.addEventListener('submit', (e) => { e.preventDefault(); if (input.value.trim()) send(input.value); });
    answer = form;
  }
  return h('li', { class: 'mistake', dataset: { source: p.source, line: String(p.line) } },
    h('p', { class: 'small' }, `${p.source === 'flub' ? 'Your move' : 'A challenge you missed'} · round ${p.round} · log line ${p.line} · after: ${p.played}`),
    h('p', { class: 'puzzle-question' }, withRules(p.question)),
    positionView(p.position, p.kind),
    cardMap(p.position?.universe ?? '', null, 'The Universe on the map of the sixteen cards'),
    answer, reveal);
}
