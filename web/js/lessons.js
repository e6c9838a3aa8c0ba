// The Lessons page (`/lessons`, `/lessons/{id}`; docs/lessons.md):
// the seven rules of Basic On-Sets one at a time on live positions, then
// Restrictions and each variation of XIII. The learner sets Goals, moves
// cubes by clicking or dragging them on the mat, writes Solutions, challenges
// and scores; every attempt is judged by the server (the checker, the solver,
// the match engine) with its reasons and rule sections. Progress is kept in
// this browser (components/store.js) and, for a signed-in player, by the server.

import { h, citeDom } from './dom.js';
import { cardOrder, cardSvg, cardWords, cubeSvg, faceWords } from './pictures.js';
import { familyOf, renderExplanation } from './explain.js';
import { goalElement } from './components/goal.js';
import { KEYS, kept, keep } from './components/store.js';

const PROGRESS_KEY = KEYS.lessons;

/** @typedef {{id: string, title: string, rule: string, part: string, summary: string, steps: number}} LessonSummary */
/** @typedef {{kind: string, value?: number, shape?: string, reachable?: boolean, to?: string, shift?: boolean, safe?: boolean}} LessonTask */
/** @typedef {{players: number, faces: string, cards: string, goal: string, moves: [string, string][], challenge: [number, string]|null, solutions: (string|null)[]}} LessonShake */
/** @typedef {{text: string, sections: string[], position: any, task: LessonTask, hint: string, shake?: LessonShake}} LessonStep */
/** @typedef {{id: string, title: string, rule: string, part: string, summary: string, steps: LessonStep[]}} Lesson */

/**
 * Text with rule sections set in small print, the Basic rules' own numbers
 * (`Basic IV-A-2`) included; parentheses around a section are dropped only
 * in pairs.
 * @param {string} text
 */
export function withRules(text) {
  const out = document.createDocumentFragment();
  const re = /\(?\b((?:Basic [IVX]+(?:-[A-Z](?:-\d+)?)?)|(?:[IVX]+-[A-Z](?:-\d+)?(?:-[a-z])?)|(?:OS-[A-Z]\d+))\b\)?/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    const open = m[0].startsWith('(');
    const close = m[0].endsWith(')');
    out.append(text.slice(last, i), open && !close ? '(' : '');
    out.append(citeDom(m[1]));
    out.append(close && !open ? ')' : '');
    last = i + m[0].length;
  }
  out.append(text.slice(last));
  return out;
}

/** Steps done, by lesson. @returns {Record<string, number[]>} */
export function progress() {
  try {
    const p = JSON.parse(kept(PROGRESS_KEY, '{}'));
    return p && typeof p === 'object' ? p : {};
  } catch {
    return {};
  }
}

/** @param {string} id @param {number} n */
function markDone(id, n) {
  const p = progress();
  const done = new Set(Array.isArray(p[id]) ? p[id] : []);
  done.add(n);
  p[id] = [...done].sort((a, b) => a - b);
  keep(PROGRESS_KEY, JSON.stringify(p));
}

/**
 * For a signed-in player: the browser's progress merged into the account's
 * and the account's into the browser's (steps done while signed in are
 * stored by the server as they are judged).
 */
async function syncProgress() {
  try {
    const who = await api('/api/lessons/progress');
    if (!who.signed_in) return;
    const merged = await api('/api/lessons/progress', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ progress: progress() }),
    });
    const p = progress();
    for (const [id, steps] of Object.entries(/** @type {Record<string, number[]>} */ (merged.progress ?? {}))) {
      p[id] = [...new Set([...(p[id] ?? []), ...steps])].sort((a, b) => a - b);
    }
    keep(PROGRESS_KEY, JSON.stringify(p));
  } catch {
    // progress stays in this browser
  }
}

/** @param {string} url @param {RequestInit} [init] */
async function api(url, init) {
  const r = await fetch(url, init);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body?.error?.message ?? `${r.status}`);
  return body;
}

/** @param {unknown} x */
const errorText = (x) => (x instanceof Error ? x.message : String(x));

/** @param {(path: string) => void} go @param {string} path @param {string} text @param {Record<string, any>} [props] */
function link(go, path, text, props = {}) {
  return h('a', { href: path, ...props, onclick: (/** @type {Event} */ e) => { e.preventDefault(); go(path); } }, text);
}

const PARTS = [
  ['basic', 'Basic On-Sets: the seven rules'],
  ['restrictions', 'Restrictions'],
  ['variations', 'Adventurous variations'],
];

/**
 * The list of lessons.
 * @param {HTMLElement} root
 * @param {(path: string) => void} go
 */
export async function showLessons(root, go) {
  root.replaceChildren(h('p', null, 'Loading the lessons…'));
  try {
    const { lessons } = /** @type {{lessons: LessonSummary[]}} */ (await api('/api/lessons'));
    await syncProgress();
    const done = progress();
    root.replaceChildren(
      h('header', { class: 'puzzles-head' }, h('h1', null, 'Lessons'), link(go, '/', '← Lobby')),
      h('p', { class: 'small' }, 'Learn On-Sets one rule at a time, on live positions: every answer is judged by the same checker, solver and match engine as real play.'),
      ...PARTS.map(([part, title]) => h('section', { class: 'panel lesson-part' },
        h('h2', null, title),
        h('ol', { class: 'lesson-list' }, lessons.filter((l) => l.part === part).map((l) => {
          const n = (done[l.id] ?? []).length;
          return h('li', { dataset: { lesson: l.id } },
            link(go, `/lessons/${l.id}`, l.title, { class: 'lesson-link' }), ' ',
            citeDom(l.rule), ' ',
            h('span', { class: `small lesson-done${n >= l.steps ? ' complete' : ''}` }, n >= l.steps ? `✓ done (${l.steps} steps)` : `${n} of ${l.steps} steps done`),
            h('div', { class: 'small' }, l.summary));
        })))));
  } catch (x) {
    root.replaceChildren(h('p', { class: 'notice error' }, errorText(x)));
  }
}

/** The cubes of a notation list. @param {string} list */
const faces = (list) => (list ?? '').split(/\s+/).filter(Boolean);

/**
 * One lesson, a step at a time.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {(path: string) => void} go
 */
export async function showLesson(root, id, go) {
  root.replaceChildren(h('p', null, 'Loading the lesson…'));
  /** @type {Lesson} */
  let lesson;
  /** @type {LessonSummary[]} */
  let all = [];
  try {
    lesson = await api(`/api/lessons/${encodeURIComponent(id)}`);
    all = (await api('/api/lessons')).lessons;
  } catch (x) {
    root.replaceChildren(h('p', { class: 'notice error' }, errorText(x)), link(go, '/lessons', '← All lessons'));
    return;
  }
  const done = progress()[lesson.id] ?? [];
  let n = 1;
  while (n < lesson.steps.length && done.includes(n)) n += 1;
  const board = h('section', { id: 'lesson-board' });
  root.replaceChildren(
    h('header', { class: 'puzzles-head' },
      h('h1', null, lesson.title, ' ', citeDom(lesson.rule)),
      link(go, '/lessons', '← All lessons')),
    h('p', { class: 'small' }, lesson.summary),
    board);
  const next = all[all.findIndex((l) => l.id === lesson.id) + 1];

  /** @param {number} k */
  const showStep = (k) => {
    n = k;
    const step = lesson.steps[k - 1];
    if (!step) {
      board.replaceChildren(h('p', { class: 'notice' }, 'This lesson has no exercise yet.'));
      return;
    }
    board.replaceChildren(stepView(lesson, step, k, {
      prev: k > 1 ? () => showStep(k - 1) : null,
      next: k < lesson.steps.length ? () => showStep(k + 1) : null,
      finish: () => {
        board.append(h('div', { class: 'notice ok', id: 'lesson-complete' },
          h('strong', null, `Lesson complete: ${lesson.title} (${lesson.rule}).`), ' ',
          next ? link(go, `/lessons/${next.id}`, `Next lesson: ${next.title} →`, { id: 'lesson-next-lesson' }) : link(go, '/lessons', 'All lessons')));
      },
    }));
  };
  showStep(n);
}

/**
 * A step: its text, the mat, the task, hint and "show me", and the verdict.
 * @param {Lesson} lesson @param {LessonStep} step @param {number} k
 * @param {{prev: (() => void)|null, next: (() => void)|null, finish: () => void}} nav
 */
function stepView(lesson, step, k, nav) {
  const p = step.position;
  const task = step.task;
  const result = h('div', { id: 'lesson-result', 'aria-live': 'polite' });
  const hint = h('p', { id: 'lesson-hint', class: 'notice', hidden: true }, withRules(step.hint));
  const shown = h('p', { id: 'lesson-shown', class: 'notice', hidden: true });
  /** @type {{picked: {face: string, from: string}|null}} */
  const state = { picked: null };
  const url = `/api/lessons/${lesson.id}/steps/${k}`;

  /** @param {any} attempt */
  const send = async (attempt) => {
    result.replaceChildren('Checking…');
    try {
      const r = await api(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(attempt) });
      if (r.correct) markDone(lesson.id, k);
      result.replaceChildren(
        h('p', { class: `notice ${r.correct ? 'ok' : 'error'}`, id: 'lesson-verdict' }, r.correct ? 'Correct!' : 'Not right.'),
        h('p', { id: 'lesson-message' }, withRules(r.message)),
        r.reasons?.length ? h('ul', { id: 'lesson-reasons' }, r.reasons.map((/** @type {any} */ x) => h('li', null, withRules(x.message), ' ', citeDom(x.section)))) : '',
        r.explanation ? h('details', { open: !r.correct, id: 'lesson-explanation' }, h('summary', null, 'Why? Step by step'), renderExplanation(r.explanation)) : '',
        r.after ? h('div', { class: 'lesson-after' }, h('p', { class: 'small' }, 'The mat after your move:'), matView(r.after, null)) : '',
        r.correct && nav.next ? h('button', { type: 'button', class: 'primary', id: 'lesson-next', onclick: nav.next }, 'Next step →') : '');
      if (r.correct && !nav.next) nav.finish();
    } catch (x) {
      result.replaceChildren(h('p', { class: 'notice error' }, errorText(x)));
    }
  };

  /** @param {string} to */
  const moveTo = (to) => {
    if (!state.picked) {
      result.replaceChildren(h('p', { class: 'notice' }, 'First pick a cube: click it, or drag it onto a section.'));
      return;
    }
    const { face, from } = state.picked;
    state.picked = null;
    send({ type: 'move', cube: face, to, ...(from === 'permitted' ? { from } : {}) });
  };

  const input = h('input', { id: 'lesson-answer', autocomplete: 'off', spellcheck: 'false', maxlength: 1000 });
  /** @param {string} text */
  const insert = (text) => {
    const v = /** @type {HTMLInputElement} */ (input);
    const at = v.selectionStart ?? v.value.length;
    const sep = task.kind === 'write' && v.value.slice(0, at).trim() && !/[(\[{]\s*$/.test(v.value.slice(0, at)) ? ' ' : '';
    v.value = `${v.value.slice(0, at)}${sep}${text}${v.value.slice(at)}`;
    v.focus();
    if (task.kind === 'set-goal') showGoal();
  };
  /** What clicking a cube does. @param {string} face @param {string} place @param {HTMLElement} el */
  const onCube = (face, place, el) => {
    if (task.kind === 'move') {
      const movable = task.shift ? place === 'permitted' : place === 'resources';
      if (!movable || /^[0-9]$/.test(face)) return;
      el.closest('.lesson-mat')?.querySelectorAll('.picked').forEach((x) => x.classList.remove('picked'));
      el.classList.add('picked');
      state.picked = { face, from: place };
    } else if (task.kind === 'set-goal' && /^[0-9]$/.test(face) && place === 'resources') {
      // A second digit cube goes beside the first (added) unless the
      // learner chose another way to join them: "3" then "2" is 3+2, never 32 (III-B-1).
      const v = /** @type {HTMLInputElement} */ (input);
      const at = v.selectionStart ?? v.value.length;
      v.value = `${v.value.slice(0, at)}${/[0-9)]\s*$/.test(v.value.slice(0, at)) ? '+' : ''}${face}${v.value.slice(at)}`;
      v.selectionStart = v.selectionEnd = v.value.length;
      v.focus();
      showGoal();
    } else if (task.kind === 'write' && !/^[0-9]$/.test(face)) {
      insert(face);
    }
  };
  // The Goal being built, drawn as its cubes with its value (III-B).
  const goalShown = h('div', { class: 'goal-preview', id: 'lesson-goal-preview', 'aria-live': 'polite' });
  function showGoal() {
    const text = /** @type {HTMLInputElement} */ (input).value.trim();
    goalShown.replaceChildren(text ? goalElement(text) : h('span', { class: 'small' }, 'Your Goal appears here as cubes.'));
  }
  if (task.kind === 'set-goal') showGoal();
  const mat = matView(p, { task, onCube, moveTo, pick: (face, from) => { state.picked = { face, from }; } });

  /** @type {HTMLElement} */
  let answer;
  if (task.kind === 'set-goal') {
    /** @type {HTMLInputElement} */ (input).placeholder = 'a Goal: 3+2 (side by side), 3*2 (vertical), ~2 (upside-down)';
    const form = h('form', { class: 'puzzle-write', id: 'lesson-form' }, input,
      h('button', { type: 'button', onclick: () => insert('+') }, '+ side by side'),
      h('button', { type: 'button', onclick: () => insert('*') }, '× vertical'),
      h('button', { type: 'button', onclick: () => insert('~') }, '~ upside-down'),
      h('button', { type: 'submit', class: 'primary' }, 'Set the Goal'));
    form.addEventListener('submit', (e) => { e.preventDefault(); send({ type: 'goal', goal: /** @type {HTMLInputElement} */ (input).value }); });
    input.addEventListener('input', showGoal);
    answer = h('div', null, h('p', { class: 'small' }, 'Click the digit cubes in Resources to place them, or type the Goal.'), form, goalShown);
  } else if (task.kind === 'write') {
    /** @type {HTMLInputElement} */ (input).placeholder = 'a Solution, e.g. B ∪ G';
    const form = h('form', { class: 'puzzle-write', id: 'lesson-form' }, input,
      ...['(', ')', '∪', '∩', '−', '′', '@', ';', '||'].map((s) => h('button', { type: 'button', class: 'sym', onclick: () => insert(s) }, s)),
      h('button', { type: 'submit', class: 'primary' }, 'Check'));
    form.addEventListener('submit', (e) => { e.preventDefault(); send({ type: 'solution', solution: /** @type {HTMLInputElement} */ (input).value }); });
    answer = h('div', null, h('p', { class: 'small' }, 'Click cubes on the mat to write their symbols, or type (U ∪, n ∩, - −, \' ′, < ⊆).'), form);
  } else if (task.kind === 'challenge') {
    answer = h('div', { class: 'puzzle-choices' },
      [['now', 'Challenge Now'], ['impossible', 'Challenge Impossible'], ['neither', 'Neither: do not challenge']].map(([c, label]) =>
        h('button', { type: 'button', class: 'lesson-challenge', dataset: { challenge: c }, onclick: () => send({ type: 'challenge', challenge: c }) }, label)));
  } else if (task.kind === 'score') {
    const shake = /** @type {LessonShake} */ (step.shake);
    const names = ['Ann', 'Bob', 'Cy'].slice(0, shake.players);
    const boxes = names.map((nm) => h('input', { type: 'number', class: 'lesson-points', 'aria-label': `${nm}'s points`, min: -2, max: 6, step: 1, dataset: { seat: nm } }));
    const form = h('form', { class: 'puzzle-write', id: 'lesson-form' },
      ...names.map((nm, i) => h('label', null, `${nm} `, boxes[i])),
      h('button', { type: 'submit', class: 'primary' }, 'Score'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      send({ type: 'score', points: boxes.map((b) => Number(/** @type {HTMLInputElement} */ (b).value)) });
    });
    answer = h('div', null, shakeView(shake, names), form);
  } else {
    answer = h('p', { class: 'small' }, task.shift
      ? 'Click a cube in Permitted, then Required or Forbidden (or drag it there).'
      : 'Click a cube in Resources, then a section (or drag it there).');
  }

  return h('div', { class: 'lesson-step', dataset: { step: k } },
    h('p', { class: 'small', id: 'lesson-step-count' }, `Step ${k} of ${lesson.steps.length}`, ' · ', ...step.sections.map((s) => citeDom(s))),
    h('p', { class: 'lesson-text', id: 'lesson-text' }, withRules(step.text)),
    mat,
    answer,
    h('div', { class: 'puzzle-controls' },
      h('button', { type: 'button', id: 'lesson-hint-button', onclick: () => { hint.hidden = !hint.hidden; } }, 'Hint'),
      h('button', { type: 'button', id: 'lesson-show', onclick: async () => {
        try {
          const a = await api(`${url}/answer`);
          shown.replaceChildren(h('strong', null, 'Show me: '), withRules(a.text));
          shown.hidden = false;
          if (a.attempt.type === 'solution') /** @type {HTMLInputElement} */ (input).value = a.attempt.solution;
          if (a.attempt.type === 'goal') /** @type {HTMLInputElement} */ (input).value = a.attempt.goal;
        } catch (x) {
          shown.replaceChildren(errorText(x));
          shown.hidden = false;
        }
      } }, 'Show me'),
      nav.prev ? h('button', { type: 'button', id: 'lesson-prev', onclick: nav.prev }, '← Previous step') : '',
      nav.next ? h('button', { type: 'button', id: 'lesson-skip', onclick: nav.next }, 'Skip →') : ''),
    hint, shown, result);
}

/**
 * The shake the engine plays for a scoring step, in words.
 * @param {LessonShake} shake @param {string[]} names
 */
function shakeView(shake, names) {
  const to = (/** @type {string} */ s) => s[0].toUpperCase() + s.slice(1);
  let seat = 1 % names.length;
  const moves = shake.moves.map(([face, sec]) => {
    const who = names[seat];
    seat = (seat + 1) % names.length;
    return `${who}: ${face} → ${to(sec)}`;
  });
  return h('div', { class: 'lesson-shake', id: 'lesson-shake' },
    h('p', null, 'Goal ', goalElement(shake.goal), `. Moves: ${moves.join('; ')}.`),
    h('p', null, shake.challenge ? `${names[shake.challenge[0]]} challenges ${to(shake.challenge[1])}.` : 'The last cube was played; nobody challenged Impossible.'),
    h('ul', null, names.map((nm, i) => h('li', null, `${nm} presents `, shake.solutions[i] ? h('code', null, shake.solutions[i]) : 'nothing'))));
}

/**
 * The mat with the kit's pictures. With `play`, cubes are buttons (clicked
 * or dragged) and the sections take drops.
 * @param {any} p the position
 * @param {{task: LessonTask, onCube: (face: string, place: string, el: HTMLElement) => void, moveTo: (to: string) => void, pick: (face: string, from: string) => void}|null} play
 */
function matView(p, play) {
  const cards = p.universe.split(/[\s,]+/).filter(Boolean).sort(cardOrder);
  const moving = play?.task.kind === 'move';
  /** @param {string} face @param {string} place */
  const cube = (face, place) => {
    const movable = moving && !/^[0-9]$/.test(face) && (play?.task.shift ? place === 'permitted' : place === 'resources');
    const el = h('button', {
      type: 'button',
      class: `cube${movable ? ' movable' : ''}`,
      draggable: movable ? 'true' : undefined,
      title: faceWords(face),
      'aria-label': `${faceWords(face)} cube in ${place}`,
      dataset: { face, place },
      ondragstart: (/** @type {DragEvent} */ e) => {
        if (!movable) { e.preventDefault(); return; }
        play?.pick(face, place);
        e.dataTransfer?.setData('text/plain', face);
      },
    }, cubeSvg(face, familyOf(face)));
    el.addEventListener('click', () => play?.onCube(face, place, el));
    return el;
  };
  /** @param {string} name @param {string} list @param {string} rule @param {string} help */
  const section = (name, list, rule, help) => {
    const key = name.toLowerCase();
    // a shift goes to Required or Forbidden (XIII-A-7)
    const target = moving && key !== 'resources' && !(play?.task.shift && key === 'permitted');
    return h('div', {
      class: `section sec-${key}${target ? ' target' : ''}`,
      id: `lesson-sec-${key}`,
      ondragover: (/** @type {DragEvent} */ e) => { if (target) e.preventDefault(); },
      ondrop: (/** @type {DragEvent} */ e) => { if (target) { e.preventDefault(); play?.moveTo(key); } },
    },
    h('div', { class: 'sec-head' }, h('h3', null, name), h('span', { class: 'small' }, help), citeDom(rule),
      target ? h('button', { type: 'button', class: 'put', dataset: { to: key }, onclick: () => play?.moveTo(key) }, 'Put here') : ''),
    h('div', { class: 'cubes' }, faces(list).length ? faces(list).map((f) => cube(f, key)) : h('span', { class: 'empty' }, 'empty')));
  };
  const settingGoal = play?.task.kind === 'set-goal';
  const situation = {
    now: 'A Now challenge: Required, any of Permitted and at most one cube from Resources.',
    impossible: 'An Impossible challenge: Required and any cubes of Permitted and Resources.',
    forceout: 'The last cube has been played: Required and any of Permitted.',
  }[/** @type {'now'|'impossible'|'forceout'} */ (p.situation)] ?? '';
  return h('div', { class: 'panel lesson-mat' },
    h('p', { class: 'small' }, `${p.division[0].toUpperCase()}${p.division.slice(1)} Division, ${p.adventurous ? 'Adventurous' : 'Basic'} On-Sets`,
      p.variations?.length ? ' · variations: ' : '', ...(p.variations ?? []).map((/** @type {string} */ v) => h('span', { class: 'chip' }, v))),
    h('div', { class: 'cards', role: 'group', 'aria-label': 'Universe' },
      cards.map((/** @type {string} */ c) => h('span', { class: 'puzzle-card', role: 'img', title: cardWords(c), 'aria-label': cardWords(c) }, cardSvg(c)))),
    h('div', { class: 'mat-grid' },
      h('div', { class: 'section sec-goal', id: 'lesson-sec-goal' },
        h('div', { class: 'sec-head' }, h('h3', null, 'Goal'), citeDom('Basic I')),
        h('div', { class: 'goal-text', id: 'lesson-goal' }, settingGoal ? 'not set yet' : goalElement(String(p.goal)))),
      section('Required', p.required, 'III-B', 'every Solution uses them'),
      section('Permitted', p.permitted, 'III-D', 'a Solution may use them'),
      section('Forbidden', p.forbidden, 'III-C', 'no Solution may use them')),
    h('div', { class: 'sec-resources-wrap' }, section('Resources', p.resources, 'Basic I', 'not yet played')),
    // which cubes a Solution may use matters only when one is written
    situation && play?.task.kind === 'write' ? h('p', { class: 'small', id: 'lesson-situation' }, situation) : '');
}
