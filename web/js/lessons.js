// The Lessons page (`/lessons`, `/lessons/{id}`; docs/lessons.md):
// the seven rules of Basic On-Sets one at a time on live positions, then
// Restrictions and each variation of XIII. The learner sets Goals, moves
// cubes by clicking or dragging them on the mat, writes Solutions, challenges
// and scores; every attempt is judged by the server (the checker, the solver,
// the match engine) with its reasons and rule sections. Progress is kept in
// this browser (components/store.js) and, for a signed-in player, by the server.
//
// Each page is a function of its state patched on every change
// (components/vdom.js, docs/web-client.md): a half-typed answer keeps its
// focus and caret while a hint opens, a verdict arrives or the Goal preview
// is drawn again.

import { request, postJson } from './api.js';
import { h, mount } from './components/vdom.js';
import { cardView } from './components/card.js';
import { cubeView } from './components/cube.js';
import { goalView } from './components/goal.js';
import { faces } from './components/mat.js';
import { KEYS, kept, keep } from './components/store.js';
import { renderExplanation } from './explain.js';
import { cardOrder, cardWords, faceWords } from './pictures.js';
import { cite } from './rules.js';

/** @typedef {import('./components/vdom.js').VNode} VNode */
/** @typedef {import('./components/vdom.js').VChild} VChild */

const PROGRESS_KEY = KEYS.lessons;

/** @typedef {{id: string, title: string, rule: string, part: string, summary: string, steps: number}} LessonSummary */
/** @typedef {{kind: string, value?: number, shape?: string, reachable?: boolean, to?: string, shift?: boolean, safe?: boolean}} LessonTask */
/** @typedef {{players: number, faces: string, cards: string, goal: string, moves: [string, string][], challenge: [number, string]|null, solutions: (string|null)[]}} LessonShake */
/** @typedef {{text: string, sections: string[], position: any, task: LessonTask, hint: string, shake?: LessonShake}} LessonStep */
/** @typedef {{id: string, title: string, rule: string, part: string, summary: string, steps: LessonStep[]}} Lesson */
/**
 * What a step shows: the answer typed (or built by clicks) and the points of
 * a scoring step, the cube picked, the hint and "show me", and the verdict.
 * @typedef {{answer: string, points: string[], picked: {face: string, from: string}|null, hint: boolean,
 *   shown: string|null, note: string, checking: boolean, error: string, verdict: any, complete: boolean}} StepState
 */

/**
 * Text with rule sections as links to their plain-words lines (rules.js),
 * the Basic rules' own numbers (`Basic IV-A-2`) included; parentheses around
 * a section are dropped only in pairs.
 * @param {string} text
 * @returns {VChild[]}
 */
export function withRules(text) {
  /** @type {VChild[]} */
  const out = [];
  const re = /\(?\b((?:Basic [IVX]+(?:-[A-Z](?:-\d+)?)?)|(?:[IVX]+-[A-Z](?:-\d+)?(?:-[a-z])?)|(?:OS-[A-Z]\d+))\b\)?/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    const open = m[0].startsWith('(');
    const close = m[0].endsWith(')');
    out.push(text.slice(last, i), open && !close ? '(' : '', cite(m[1]), close && !open ? ')' : '');
    last = i + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((x) => x !== '');
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
    const who = await request('/api/lessons/progress');
    if (!who.signed_in) return;
    const merged = await postJson('/api/lessons/progress', { progress: progress() });
    const p = progress();
    for (const [id, steps] of Object.entries(/** @type {Record<string, number[]>} */ (merged.progress ?? {}))) {
      p[id] = [...new Set([...(p[id] ?? []), ...steps])].sort((a, b) => a - b);
    }
    keep(PROGRESS_KEY, JSON.stringify(p));
  } catch {
    // progress stays in this browser
  }
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
  const page = mount(root);
  page.update(h('div', { class: 'lessons-page' }, h('p', null, 'Loading the lessons…')));
  try {
    const { lessons } = /** @type {{lessons: LessonSummary[]}} */ (await request('/api/lessons'));
    await syncProgress();
    const done = progress();
    page.update(h('div', { class: 'lessons-page' },
      h('header', { class: 'puzzles-head' }, h('h1', null, 'Lessons'), link(go, '/', '← Lobby')),
      h('p', { class: 'small' }, 'Learn On-Sets one rule at a time, on live positions: every answer is judged by the same checker, solver and match engine as real play.'),
      ...PARTS.map(([part, title]) => h('section', { class: 'panel lesson-part' },
        h('h2', null, title),
        h('ol', { class: 'lesson-list' }, lessons.filter((l) => l.part === part).map((l) => {
          const n = (done[l.id] ?? []).length;
          return h('li', { dataset: { lesson: l.id } },
            link(go, `/lessons/${l.id}`, l.title, { class: 'lesson-link' }), ' ',
            cite(l.rule), ' ',
            h('span', { class: `small lesson-done${n >= l.steps ? ' complete' : ''}` }, n >= l.steps ? `✓ done (${l.steps} steps)` : `${n} of ${l.steps} steps done`),
            h('div', { class: 'small' }, l.summary));
        }))))));
  } catch (x) {
    page.update(h('div', { class: 'lessons-page' }, h('p', { class: 'notice error' }, errorText(x))));
  }
}

/** A step's state when it is opened. @param {LessonStep|undefined} step @returns {StepState} */
function freshStep(step) {
  const players = step?.shake?.players ?? 0;
  return { answer: '', points: new Array(players).fill(''), picked: null, hint: false, shown: null, note: '', checking: false, error: '', verdict: null, complete: false };
}

/** The answer box of the page, if drawn. */
const answerBox = () => /** @type {HTMLInputElement|null} */ (document.getElementById('lesson-answer'));

/**
 * One lesson, a step at a time.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {(path: string) => void} go
 */
export async function showLesson(root, id, go) {
  const page = mount(root);
  page.update(h('div', { class: 'lesson-page' }, h('p', null, 'Loading the lesson…')));
  /** @type {Lesson} */
  let lesson;
  /** @type {LessonSummary[]} */
  let all = [];
  try {
    lesson = await request(`/api/lessons/${encodeURIComponent(id)}`);
    all = (await request('/api/lessons')).lessons;
  } catch (x) {
    page.update(h('div', { class: 'lesson-page' }, h('p', { class: 'notice error' }, errorText(x)), link(go, '/lessons', '← All lessons')));
    return;
  }
  const done = progress()[lesson.id] ?? [];
  let k = 1;
  while (k < lesson.steps.length && done.includes(k)) k += 1;
  let state = freshStep(lesson.steps[k - 1]);
  const next = all[all.findIndex((l) => l.id === lesson.id) + 1];

  const render = () => page.update(h('div', { class: 'lesson-page' },
    h('header', { class: 'puzzles-head' },
      h('h1', null, lesson.title, ' ', cite(lesson.rule)),
      link(go, '/lessons', '← All lessons')),
    h('p', { class: 'small' }, lesson.summary),
    h('section', { id: 'lesson-board' }, lesson.steps[k - 1]
      ? stepView(lesson, lesson.steps[k - 1], k, state, actions)
      : h('p', { class: 'notice' }, 'This lesson has no exercise yet.'),
    state.complete ? h('div', { class: 'notice ok', id: 'lesson-complete' },
      h('strong', null, `Lesson complete: ${lesson.title} (${lesson.rule}).`), ' ',
      next ? link(go, `/lessons/${next.id}`, `Next lesson: ${next.title} →`, { id: 'lesson-next-lesson' }) : link(go, '/lessons', 'All lessons')) : null)));

  /** @param {number} to */
  const showStep = (to) => {
    k = to;
    state = freshStep(lesson.steps[k - 1]);
    render();
  };

  /** @param {any} attempt */
  const send = async (attempt) => {
    const at = k;
    state.checking = true;
    state.note = '';
    render();
    /** @type {any} */
    let r = null;
    let error = '';
    try {
      r = await postJson(`/api/lessons/${lesson.id}/steps/${at}`, attempt);
    } catch (x) {
      error = errorText(x);
    }
    if (at !== k) return;
    state.checking = false;
    state.error = error;
    state.verdict = r;
    if (r?.correct) {
      markDone(lesson.id, at);
      if (at >= lesson.steps.length) state.complete = true;
    }
    render();
  };

  /**
   * Writes `text` into the answer at its caret and puts the caret after it
   * (the box keeps the focus).
   * @param {string} text
   * @param {(before: string) => string} [sep] what goes between the text before the caret and `text`
   */
  const insert = (text, sep = () => '') => {
    const box = answerBox();
    const v = state.answer;
    const from = box?.selectionStart ?? v.length;
    const to = box?.selectionEnd ?? from;
    const before = v.slice(0, from);
    const put = `${sep(before)}${text}`;
    state.answer = `${before}${put}${v.slice(to)}`;
    render();
    const again = answerBox();
    if (again) {
      again.focus();
      again.setSelectionRange(from + put.length, from + put.length);
    }
  };

  const actions = {
    send,
    insert,
    render,
    prev: () => showStep(k - 1),
    next: () => showStep(k + 1),
    /** @param {string} url */
    showMe: async (url) => {
      try {
        const a = await request(`${url}/answer`);
        state.shown = a.text;
        if (a.attempt.type === 'solution') state.answer = a.attempt.solution;
        if (a.attempt.type === 'goal') state.answer = a.attempt.goal;
      } catch (x) {
        state.shown = errorText(x);
      }
      render();
    },
  };
  render();
}

/**
 * @typedef {{send: (attempt: any) => Promise<void>, insert: (text: string, sep?: (before: string) => string) => void,
 *   render: () => void, prev: () => void, next: () => void, showMe: (url: string) => Promise<void>}} StepActions
 */

/** A button that leaves the focus where it was (in the answer box) when clicked. */
const keepFocus = (/** @type {MouseEvent} */ e) => e.preventDefault();

/**
 * A step: its text, the mat, the task, hint and "show me", and the verdict.
 * @param {Lesson} lesson @param {LessonStep} step @param {number} k @param {StepState} s @param {StepActions} act
 * @returns {VNode}
 */
function stepView(lesson, step, k, s, act) {
  const task = step.task;
  const url = `/api/lessons/${lesson.id}/steps/${k}`;
  const hasNext = k < lesson.steps.length;
  return h('div', { class: 'lesson-step', key: `step-${lesson.id}-${k}`, dataset: { step: k } },
    h('p', { class: 'small', id: 'lesson-step-count' }, `Step ${k} of ${lesson.steps.length}`, ' · ', ...step.sections.map((x) => cite(x))),
    h('p', { class: 'lesson-text', id: 'lesson-text' }, withRules(step.text)),
    matView(step.position, { task, picked: s.picked, onCube: (face, place) => onCube(task, s, act, face, place), moveTo: (to) => moveTo(s, act, to), pick: (face, from) => { s.picked = { face, from }; } }),
    answerView(step, s, act),
    h('div', { class: 'puzzle-controls' },
      h('button', { type: 'button', id: 'lesson-hint-button', 'aria-expanded': String(s.hint), onmousedown: keepFocus, onclick: () => { s.hint = !s.hint; act.render(); } }, 'Hint'),
      h('button', { type: 'button', id: 'lesson-show', onclick: () => act.showMe(url) }, 'Show me'),
      k > 1 ? h('button', { type: 'button', id: 'lesson-prev', onclick: act.prev }, '← Previous step') : null,
      hasNext ? h('button', { type: 'button', id: 'lesson-skip', onclick: act.next }, 'Skip →') : null),
    h('p', { id: 'lesson-hint', class: 'notice', hidden: !s.hint }, withRules(step.hint)),
    h('p', { id: 'lesson-shown', class: 'notice', hidden: s.shown === null }, s.shown === null ? null : [h('strong', null, 'Show me: '), ...withRules(s.shown)]),
    h('div', { id: 'lesson-result', 'aria-live': 'polite' }, resultView(s, hasNext, act)));
}

/** The verdict of the last attempt (or what stands for it). @param {StepState} s @param {boolean} hasNext @param {StepActions} act */
function resultView(s, hasNext, act) {
  if (s.checking) return 'Checking…';
  if (s.error) return h('p', { class: 'notice error' }, s.error);
  if (s.note) return h('p', { class: 'notice' }, s.note);
  const r = s.verdict;
  if (!r) return null;
  return [
    h('p', { class: `notice ${r.correct ? 'ok' : 'error'}`, id: 'lesson-verdict' }, r.correct ? 'Correct!' : 'Not right.'),
    h('p', { id: 'lesson-message' }, withRules(r.message)),
    r.reasons?.length ? h('ul', { id: 'lesson-reasons' }, r.reasons.map((/** @type {any} */ x) => h('li', null, withRules(x.message), ' ', cite(x.section)))) : null,
    r.explanation ? h('details', { open: !r.correct, id: 'lesson-explanation', key: 'explanation' }, h('summary', null, 'Why? Step by step'), renderExplanation(r.explanation)) : null,
    r.after ? h('div', { class: 'lesson-after' }, h('p', { class: 'small' }, 'The mat after your move:'), matView(r.after, null)) : null,
    r.correct && hasNext ? h('button', { type: 'button', class: 'primary', id: 'lesson-next', onclick: act.next }, 'Next step →') : null,
  ];
}

/**
 * What clicking a cube on the mat does: pick it (a move), place a digit in
 * the Goal (set-goal), or write its symbol at the caret (write).
 * @param {LessonTask} task @param {StepState} s @param {StepActions} act @param {string} face @param {string} place
 */
function onCube(task, s, act, face, place) {
  const digit = /^[0-9]$/.test(face);
  if (task.kind === 'move') {
    const movable = task.shift ? place === 'permitted' : place === 'resources';
    if (!movable || digit) return;
    s.picked = { face, from: place };
    act.render();
  } else if (task.kind === 'set-goal' && digit && place === 'resources') {
    // A second digit cube goes beside the first (added) unless the learner
    // chose another way to join them: "3" then "2" is 3+2, never 32 (III-B-1).
    act.insert(face, (before) => (/[0-9)]\s*$/.test(before) ? '+' : ''));
  } else if (task.kind === 'write' && !digit) {
    act.insert(face, solutionSep);
  }
}

/** A space between symbols written by clicks, except after an opening bracket. @param {string} before */
const solutionSep = (before) => (before.trim() && !/[(\[{]\s*$/.test(before) ? ' ' : '');

/** @param {StepState} s @param {StepActions} act @param {string} to */
function moveTo(s, act, to) {
  if (!s.picked) {
    s.note = 'First pick a cube: click it, or drag it onto a section.';
    act.render();
    return;
  }
  const { face, from } = s.picked;
  s.picked = null;
  act.send({ type: 'move', cube: face, to, ...(from === 'permitted' ? { from } : {}) });
}

/**
 * The answer box with its buttons, for a step that asks for text.
 * @param {StepState} s @param {StepActions} act @param {string} placeholder
 * @param {VChild[]} buttons @param {(text: string) => any} attempt
 */
function answerForm(s, act, placeholder, buttons, attempt) {
  return h('form', {
    class: 'puzzle-write', id: 'lesson-form',
    onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); act.send(attempt(s.answer)); },
  },
  h('input', {
    id: 'lesson-answer', autocomplete: 'off', spellcheck: 'false', maxlength: 1000, placeholder, 'aria-label': 'Your answer', value: s.answer,
    oninput: (/** @type {Event} */ e) => { s.answer = /** @type {HTMLInputElement} */ (e.target).value; act.render(); },
  }),
  ...buttons);
}

/**
 * What the step asks of the learner: a Goal, a Solution, a challenge, the
 * points of a shake, or a move on the mat.
 * @param {LessonStep} step @param {StepState} s @param {StepActions} act
 */
function answerView(step, s, act) {
  const task = step.task;
  /** @param {string} text @param {string} label @param {Record<string, any>} [props] */
  const put = (text, label, props = {}) => h('button', { type: 'button', ...props, onmousedown: keepFocus, onclick: () => act.insert(text, task.kind === 'write' ? solutionSep : undefined) }, label);
  if (task.kind === 'set-goal') {
    const text = s.answer.trim();
    return h('div', { key: 'set-goal' }, h('p', { class: 'small' }, 'Click the digit cubes in Resources to place them, or type the Goal.'),
      answerForm(s, act, 'a Goal: 3+2 (side by side), 3*2 (vertical), ~2 (upside-down)', [
        put('+', '+ side by side'), put('*', '× vertical'), put('~', '~ upside-down'),
        h('button', { type: 'submit', class: 'primary' }, 'Set the Goal')], (goal) => ({ type: 'goal', goal })),
      // The Goal being built, drawn as its cubes with its value (III-B).
      h('div', { class: 'goal-preview', id: 'lesson-goal-preview', 'aria-live': 'polite' },
        text ? goalView(text) : h('span', { class: 'small' }, 'Your Goal appears here as cubes.')));
  }
  if (task.kind === 'write') {
    return h('div', { key: 'write' }, h('p', { class: 'small' }, 'Click cubes on the mat to write their symbols, or type (U ∪, n ∩, - −, \' ′, < ⊆).'),
      answerForm(s, act, 'a Solution, e.g. B ∪ G', [
        ...['(', ')', '∪', '∩', '−', '′', '@', ';', '||'].map((x) => put(x, x, { class: 'sym' })),
        h('button', { type: 'submit', class: 'primary' }, 'Check')], (solution) => ({ type: 'solution', solution })));
  }
  if (task.kind === 'challenge') {
    return h('div', { class: 'puzzle-choices', key: 'challenge' },
      [['now', 'Challenge Now'], ['impossible', 'Challenge Impossible'], ['neither', 'Neither: do not challenge']].map(([c, label]) =>
        h('button', { type: 'button', class: 'lesson-challenge', dataset: { challenge: c }, onclick: () => act.send({ type: 'challenge', challenge: c }) }, label)));
  }
  if (task.kind === 'score') {
    const shake = /** @type {LessonShake} */ (step.shake);
    const names = ['Ann', 'Bob', 'Cy'].slice(0, shake.players);
    return h('div', { key: 'score' }, shakeView(shake, names),
      h('form', { class: 'puzzle-write', id: 'lesson-form', onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); act.send({ type: 'score', points: s.points.map(Number) }); } },
        ...names.map((nm, i) => h('label', null, `${nm} `, h('input', {
          type: 'number', class: 'lesson-points', 'aria-label': `${nm}'s points`, min: -2, max: 6, step: 1, dataset: { seat: nm }, value: s.points[i] ?? '',
          oninput: (/** @type {Event} */ e) => { s.points[i] = /** @type {HTMLInputElement} */ (e.target).value; },
        }))),
        h('button', { type: 'submit', class: 'primary' }, 'Score')));
  }
  return h('p', { class: 'small', key: 'move' }, task.shift
    ? 'Click a cube in Permitted, then Required or Forbidden (or drag it there).'
    : 'Click a cube in Resources, then a section (or drag it there).');
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
    h('p', null, 'Goal ', goalView(shake.goal), `. Moves: ${moves.join('; ')}.`),
    h('p', null, shake.challenge ? `${names[shake.challenge[0]]} challenges ${to(shake.challenge[1])}.` : 'The last cube was played; nobody challenged Impossible.'),
    h('ul', null, names.map((nm, i) => h('li', null, `${nm} presents `, shake.solutions[i] ? h('code', null, shake.solutions[i]) : 'nothing'))));
}

/**
 * @typedef {{task: LessonTask, picked: {face: string, from: string}|null, onCube: (face: string, place: string) => void,
 *   moveTo: (to: string) => void, pick: (face: string, from: string) => void}} MatPlay
 */

/**
 * The mat with the kit's pictures (components/card.js, cube.js, goal.js).
 * With `play`, cubes are buttons (clicked or dragged) and the sections take drops.
 * @param {any} p the position
 * @param {MatPlay|null} play
 */
function matView(p, play) {
  const cards = faces(String(p.universe).replace(/,/g, ' ')).sort(cardOrder);
  const moving = play?.task.kind === 'move';
  /** @param {string} face @param {string} place @param {number} i */
  const cube = (face, place, i) => {
    const movable = moving && !/^[0-9]$/.test(face) && (play?.task.shift ? place === 'permitted' : place === 'resources');
    const picked = !!play?.picked && play.picked.face === face && play.picked.from === place;
    return cubeView(face, {
      key: `${place}-${i}-${face}`, label: `${faceWords(face)} cube in ${place}`, cls: `cube${movable ? ' movable' : ''}${picked ? ' picked' : ''}`,
      onclick: play ? () => play.onCube(face, place) : undefined,
      props: {
        dataset: { face, place },
        draggable: movable ? 'true' : undefined,
        ondragstart: (/** @type {DragEvent} */ e) => {
          if (!movable) { e.preventDefault(); return; }
          play?.pick(face, place);
          e.dataTransfer?.setData('text/plain', face);
        },
      },
    });
  };
  /** @param {string} name @param {string} list @param {string} rule @param {string} help */
  const section = (name, list, rule, help) => {
    const key = name.toLowerCase();
    // a shift goes to Required or Forbidden (XIII-A-7)
    const target = moving && key !== 'resources' && !(play?.task.shift && key === 'permitted');
    const fs = faces(list);
    return h('div', {
      class: `section sec-${key}${target ? ' target' : ''}`,
      id: `lesson-sec-${key}`,
      ondragover: (/** @type {DragEvent} */ e) => { if (target) e.preventDefault(); },
      ondrop: (/** @type {DragEvent} */ e) => { if (target) { e.preventDefault(); play?.moveTo(key); } },
    },
    h('div', { class: 'sec-head' }, h('h3', null, name), h('span', { class: 'small' }, help), cite(rule),
      target ? h('button', { type: 'button', class: 'put', dataset: { to: key }, onclick: () => play?.moveTo(key) }, 'Put here') : null),
    h('div', { class: 'cubes' }, fs.length ? fs.map((f, i) => cube(f, key, i)) : h('span', { class: 'empty' }, 'empty')));
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
      cards.map((c) => cardView(c, { key: c, cls: 'puzzle-card', label: cardWords(c) }))),
    h('div', { class: 'mat-grid' },
      h('div', { class: 'section sec-goal', id: 'lesson-sec-goal' },
        h('div', { class: 'sec-head' }, h('h3', null, 'Goal'), cite('Basic I')),
        h('div', { class: 'goal-text', id: 'lesson-goal' }, settingGoal ? 'not set yet' : goalView(String(p.goal)))),
      section('Required', p.required, 'III-B', 'every Solution uses them'),
      section('Permitted', p.permitted, 'III-D', 'a Solution may use them'),
      section('Forbidden', p.forbidden, 'III-C', 'no Solution may use them')),
    h('div', { class: 'sec-resources-wrap' }, section('Resources', p.resources, 'Basic I', 'not yet played')),
    // which cubes a Solution may use matters only when one is written
    situation && play?.task.kind === 'write' ? h('p', { class: 'small', id: 'lesson-situation' }, situation) : null);
}
