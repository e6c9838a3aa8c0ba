// Coaches and their classes (docs/classes.md): `/classes` (a student's
// assignments, classes and invitations; a coach's classes and a new one),
// `/classes/{id}` (a coach: roster, managed accounts and their login cards,
// co-coaches, news, assignments, the progress table with a rating chart per
// student and its CSV) and `/classes/{id}/board` (the live classroom board:
// the coach shows a position, each student answers, the coach reveals).

import { h } from './dom.js';
import { withRules } from './dom.js';
import { link, whoAmI } from './accounts.js';
import { call, liveEvents, postForBlob } from './api.js';
import { goalElement } from './components/goal.js';
import { cardOrder, cardSvg, cardWords, cubeSvg, faceWords } from './pictures.js';
import { playerId } from './puzzles.js';

/** @typedef {(path: string) => void} Go */

/** @param {any} body */
function message(body) {
  const e = body?.error;
  return e ? `${e.message}${e.field ? ` (${e.field})` : ''}` : 'something went wrong';
}

/** A notice for a failed request. @param {any} body */
function failure(body) {
  return h('p', { class: 'notice error', role: 'alert' }, message(body));
}

/** The family of a cube face. @param {string} f */
function family(f) {
  if (/^~?[0-9]$/.test(f)) return 'digit';
  if ('BRGYO'.includes(f)) return 'color';
  if ('∪∩−′'.includes(f)) return 'operation';
  return 'restriction';
}

/** A section of the mat. @param {string} label @param {string} list */
function cubes(label, list) {
  const faces = (list ?? '').split(/\s+/).filter(Boolean);
  return h('div', { class: 'puzzle-section' },
    h('span', { class: 'puzzle-section-name' }, label),
    faces.length
      ? faces.map((f) => h('span', { class: 'puzzle-cube', role: 'img', title: faceWords(f), 'aria-label': faceWords(f) }, cubeSvg(f, family(f))))
      : h('span', { class: 'small' }, 'none'));
}

/** A puzzle's position (cards, Goal, the mat). @param {any} p @param {string} kind */
function position(p, kind) {
  const o = (/** @type {string|undefined} */ t) => (p.edition === '1969' ? String(t ?? '').replace(/Y/g, 'O') : t ?? '');
  const cards = String(o(p.universe)).split(/[\s,]+/).filter(Boolean).sort(cardOrder);
  return h('div', { class: 'puzzle-position' },
    h('div', { class: 'puzzle-cards', role: 'group', 'aria-label': 'Universe' },
      cards.map((c) => h('span', { class: 'puzzle-card', role: 'img', title: cardWords(c), 'aria-label': cardWords(c) }, cardSvg(c)))),
    h('p', { class: 'puzzle-goal' }, kind === 'goal' ? 'Goal: not set yet' : ['Goal: ', goalElement(String(p.goal))]),
    cubes('Required', o(p.required)), cubes('Permitted', o(p.permitted)),
    cubes('Forbidden', o(p.forbidden)), cubes('Resources', o(p.resources)));
}

/**
 * The answer controls of a puzzle: its choices as buttons, or a text field.
 * @param {any} puzzle @param {(answer: string) => void} send @param {string} prefix ids' prefix
 */
function answerControls(puzzle, send, prefix) {
  if (puzzle.choices?.length) {
    return h('div', { class: 'puzzle-choices' },
      puzzle.choices.map((/** @type {string} */ c) => h('button', { type: 'button', class: 'puzzle-choice', dataset: { answer: c }, onclick: () => send(c) }, c)));
  }
  const input = h('input', { id: `${prefix}-answer`, autocomplete: 'off', spellcheck: 'false', maxlength: 1000, 'aria-label': 'Your answer',
    placeholder: puzzle.kind === 'goal' ? 'a Goal, e.g. 3+2' : 'a Solution, e.g. B ∪ R' });
  const form = h('form', { class: 'puzzle-write' }, input, h('button', { type: 'submit', class: 'primary' }, 'Send'));
  form.addEventListener('submit', (e) => { e.preventDefault(); send(input.value); });
  return form;
}

// ------------------------------------------------------------------ /classes

/**
 * `/classes`, `/classes/{id}` and `/classes/{id}/board`.
 * @param {HTMLElement} root @param {string} path @param {Go} go
 * @returns {{destroy: () => void}}
 */
export function showClasses(root, path, go) {
  const stop = { destroy: () => {} };
  const m = path.match(/^\/classes\/([A-Za-z0-9]+)(\/board)?\/?$/);
  whoAmI().then((me) => {
    if (!me) {
      root.replaceChildren(h('section', { class: 'panel' }, h('h1', null, 'Classes'),
        h('p', null, 'Sign in to see your class or to coach one. ', h('a', { href: '/account', onclick: link(go, '/account') }, 'Sign in'))));
    } else if (m && m[2]) {
      stop.destroy = boardPage(root, m[1], go);
    } else if (m) {
      classPage(root, m[1], go);
    } else {
      homePage(root, go);
    }
  });
  return stop;
}

/** A student's assignment, with its puzzles to solve here. @param {any} a @param {Go} go */
function assignmentItem(a, go) {
  const state = a.complete ? 'done' : a.late ? 'late' : 'open';
  const head = h('p', null, h('strong', null, a.kind === 'puzzles' ? `${a.count} puzzles` : a.kind === 'lesson' ? `Lesson: ${a.lesson}` : `${a.count} ${a.count === 1 ? 'match' : 'matches'} against ${/^[aeiou]/i.test(String(a.level)) ? 'an' : 'a'} ${a.level} bot`),
    ` · ${a.class_name}`, a.due ? ` · due ${a.due}` : '', ' · ',
    h('span', { class: `class-state ${state}` }, `${a.done} of ${a.count} done${a.kind === 'puzzles' ? `, ${a.correct} right` : ''}${a.late ? ', late' : ''}`));
  const work = h('div', { class: 'class-work' });
  if (a.kind === 'puzzles') {
    const solve = (/** @type {string} */ id, /** @type {number} */ n) => solvePuzzle(work, id, n, a);
    return h('li', { class: 'class-assignment', dataset: { assignment: a.id } }, head,
      h('p', null, a.puzzles.map((/** @type {string} */ id, /** @type {number} */ i) => h('button', { type: 'button', class: 'small-btn class-puzzle', dataset: { puzzle: id }, onclick: () => solve(id, i + 1) }, `Puzzle ${i + 1}`))),
      work);
  }
  const to = a.kind === 'lesson' ? `/lessons/${a.lesson}` : '/';
  return h('li', { class: 'class-assignment', dataset: { assignment: a.id } }, head,
    h('p', null, h('a', { href: to, onclick: link(go, to) }, a.kind === 'lesson' ? 'Open the lesson' : 'Play in the lobby (sign in first so the match counts)')));
}

/** Shows puzzle `id` in `work` with its answer controls. @param {HTMLElement} work @param {string} id @param {number} n @param {any} a */
async function solvePuzzle(work, id, n, a) {
  work.replaceChildren('Loading the puzzle…');
  const r = await call('GET', `/api/puzzles/${encodeURIComponent(id)}`);
  if (r.status !== 200) { work.replaceChildren(failure(r.body)); return; }
  const p = r.body;
  const result = h('div', { class: 'class-verdict', 'aria-live': 'polite' });
  const send = async (/** @type {string} */ answer) => {
    result.replaceChildren('Checking…');
    const t = await call('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, { player: await playerId(), answer });
    if (t.status !== 200) { result.replaceChildren(failure(t.body)); return; }
    result.replaceChildren(
      h('p', { class: `notice ${t.body.correct ? 'ok' : 'error'}`, id: 'class-puzzle-verdict', dataset: { correct: String(t.body.correct) } }, t.body.correct ? 'Correct!' : 'Not right.'),
      h('p', null, withRules(t.body.message)),
      h('details', null, h('summary', null, 'Why (proved by the solver)'), h('p', null, withRules(t.body.explanation))));
  };
  work.replaceChildren(h('h3', null, `Puzzle ${n} of ${a.count}`),
    h('p', { class: 'puzzle-question' }, withRules(p.question)),
    position(p.position, p.kind), answerControls(p, send, 'class-puzzle'), result);
  work.dataset.puzzle = id;
}

/** `/classes`. @param {HTMLElement} root @param {Go} go */
async function homePage(root, go) {
  document.title = 'On-Sets — classes';
  const [mine, taken, coached] = await Promise.all([
    call('GET', '/api/me/assignments'), call('GET', '/api/me/classes'), call('GET', '/api/classes')]);
  /** @type {any[]} */
  const assignments = mine.body?.assignments ?? [];
  /** @type {any[]} */
  const classes = taken.body?.classes ?? [];
  /** @type {any[]} */
  const coaching = coached.body?.classes ?? [];
  const name = h('input', { id: 'class-name', maxlength: '60', required: true, placeholder: 'e.g. Room 12 Tuesday club' });
  const division = h('select', { id: 'class-division', 'aria-label': 'Division' },
    ['elementary', 'middle', 'junior', 'senior'].map((d) => h('option', { value: d, selected: d === 'middle' }, d)));
  const err = h('div', { id: 'class-error' });
  const make = async () => {
    const r = await call('POST', '/api/classes', { name: name.value, division: division.value });
    if (r.status === 201) go(`/classes/${r.body.id}`);
    else err.replaceChildren(failure(r.body));
  };
  const accept = async (/** @type {string} */ id) => {
    const r = await call('POST', `/api/classes/${id}/join`);
    if (r.status === 200) homePage(root, go);
    else err.replaceChildren(failure(r.body));
  };
  root.replaceChildren(
    h('section', { class: 'panel classes' },
      h('h1', null, 'Classes'),
      h('h2', null, 'My assignments'),
      assignments.length
        ? h('ul', { id: 'my-assignments', class: 'class-list' }, assignments.map((a) => assignmentItem(a, go)))
        : h('p', { id: 'no-assignments' }, 'No assignments.'),
      classes.length ? h('h2', null, 'My classes') : null,
      classes.length ? h('ul', { id: 'my-classes', class: 'class-list' }, classes.map((c) => h('li', null,
        h('strong', null, c.name), ` — coach ${c.coaches.join(', ')}`,
        c.status === 'invited'
          ? [' · invited ', h('button', { type: 'button', class: 'small-btn', onclick: () => accept(c.id) }, 'Join')]
          : [' · ', h('a', { href: `/classes/${c.id}/board`, onclick: link(go, `/classes/${c.id}/board`) }, 'Class board')],
        c.news?.length ? h('ul', { class: 'class-news' }, c.news.map((/** @type {any} */ n) => h('li', null, h('span', { class: 'small' }, `${new Date(n.at * 1000).toLocaleDateString()} · ${n.author}: `), n.body))) : null))) : null,
      h('h2', null, 'Classes I coach'),
      coaching.length
        ? h('ul', { id: 'coached-classes', class: 'class-list' }, coaching.map((c) => h('li', null,
          h('a', { href: `/classes/${c.id}`, onclick: link(go, `/classes/${c.id}`) }, c.name),
          ` · ${c.division} · ${c.students} students${c.archived ? ' · archived' : ''}`)))
        : h('p', null, 'None yet.'),
      h('h3', null, 'New class'),
      h('div', { class: 'class-form' }, h('label', { for: 'class-name' }, 'Name'), name, division,
        h('button', { type: 'button', id: 'class-create', class: 'primary', onclick: make }, 'Make the class')),
      err));
}

// ------------------------------------------------------------------ /classes/{id}

/** Downloads `blob` as `file`. @param {Blob} blob @param {string} file */
function download(blob, file) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: file });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The managed students just made, with their passwords (shown once). @param {string} id @param {any[]} made */
function madeStudents(id, made) {
  const refused = h('p', { class: 'bad', role: 'alert', id: 'print-cards-error' });
  const cards = async () => {
    refused.textContent = '';
    try {
      download(await postForBlob(`/api/classes/${id}/cards.pdf`, { students: made }), 'login-cards.pdf');
    } catch (e) {
      // The passwords stay on the page to be written down.
      refused.textContent = `No login cards: ${/** @type {Error} */ (e).message}`;
    }
  };
  return h('div', { class: 'notice info', id: 'made-students' },
    h('p', null, h('strong', null, 'Write these down or print the cards now: the passwords are not shown again.')),
    h('table', { class: 'lobby-tables' }, h('thead', null, h('tr', null, h('th', null, 'Name'), h('th', null, 'Username'), h('th', null, 'Password'))),
      h('tbody', null, made.map((s) => h('tr', { dataset: { username: s.username } }, h('td', null, s.name), h('td', { class: 'mono' }, s.username), h('td', { class: 'mono password' }, s.password))))),
    h('button', { type: 'button', id: 'print-cards', onclick: cards }, 'Print login cards (PDF)'), refused);
}

/** The roster. @param {any} c @param {() => void} again @param {HTMLElement} out */
function roster(c, again, out) {
  const act = async (/** @type {string} */ u, /** @type {string} */ what, /** @type {any} */ body = undefined) => {
    const r = await call('POST', `/api/classes/${c.id}/students/${encodeURIComponent(u)}/${what}`, body);
    if (r.status !== 200) { out.replaceChildren(failure(r.body)); return; }
    if (what === 'password') out.replaceChildren(madeStudents(c.id, [r.body]));
    else again();
  };
  return h('table', { class: 'lobby-tables', id: 'roster' },
    h('thead', null, h('tr', null, h('th', null, 'Name'), h('th', null, 'Username'), h('th', null, 'Status'), h('th', null, ''))),
    h('tbody', null, c.students.map((/** @type {any} */ s) => h('tr', { dataset: { username: s.username } },
      h('td', null, s.name), h('td', { class: 'mono' }, s.username), h('td', null, s.managed ? `${s.status} · managed` : s.status),
      h('td', null,
        s.managed ? h('button', { type: 'button', class: 'small-btn', onclick: () => act(s.username, 'password') }, 'New password') : null, ' ',
        s.status === 'active' ? h('button', { type: 'button', class: 'small-btn', onclick: () => act(s.username, 'status', { status: 'archived' }) }, 'Archive') : null,
        s.status === 'archived' ? h('button', { type: 'button', class: 'small-btn', onclick: () => act(s.username, 'status', { status: 'active' }) }, 'Bring back') : null, ' ',
        h('button', { type: 'button', class: 'small-btn', onclick: () => { if (confirm(`Remove ${s.name} from the class?`)) act(s.username, 'remove'); } }, 'Remove'))))));
}

/** The assignment form. @param {any} c @param {() => void} again @param {HTMLElement} out */
function assignmentForm(c, again, out) {
  const kind = h('select', { id: 'assign-kind' },
    h('option', { value: 'puzzles' }, 'Puzzles'), h('option', { value: 'lesson' }, 'A lesson'), h('option', { value: 'matches' }, 'Matches against a bot'));
  const count = h('input', { id: 'assign-count', type: 'number', min: '1', max: '50', value: '5' });
  const pkind = h('select', { id: 'assign-puzzle-kind' },
    ['', 'challenge', 'solve', 'safe-move', 'goal'].map((k) => h('option', { value: k }, k || 'any kind')));
  const difficulty = h('select', { id: 'assign-difficulty' },
    ['any', 'easy', 'medium', 'hard'].map((k) => h('option', { value: k }, k)));
  const seed = h('input', { id: 'assign-seed', type: 'number', min: '0', placeholder: 'seed (any)' });
  const lesson = h('select', { id: 'assign-lesson' });
  call('GET', '/api/lessons').then((r) => {
    for (const l of r.body?.lessons ?? []) lesson.append(h('option', { value: l.id }, l.title));
  });
  const level = h('select', { id: 'assign-level' }, ['beginner', 'club', 'strong', 'expert'].map((l) => h('option', { value: l }, l)));
  const due = h('input', { id: 'assign-due', type: 'date' });
  // Every control with its visible label (the label is what hides).
  /** @param {string} text @param {HTMLElement} el */
  const labelled = (text, el) => h('label', { class: 'class-field' }, text, ' ', el);
  const fields = {
    kind: labelled('Kind of work', kind),
    count: labelled('How many', count),
    pkind: labelled('Puzzle kind', pkind),
    difficulty: labelled('Difficulty', difficulty),
    seed: labelled('Seed (the same set for every student)', seed),
    lesson: labelled('Lesson', lesson),
    level: labelled('Bot level', level),
    due: labelled('Due (optional)', due),
  };
  const shown = () => {
    for (const [el, kinds] of /** @type {[HTMLElement, string[]][]} */ ([[fields.count, ['puzzles', 'matches']], [fields.pkind, ['puzzles']], [fields.difficulty, ['puzzles']], [fields.seed, ['puzzles']], [fields.lesson, ['lesson']], [fields.level, ['matches']]])) {
      el.hidden = !kinds.includes(kind.value);
    }
  };
  kind.addEventListener('change', shown);
  shown();
  const send = async () => {
    /** @type {Record<string, any>} */
    const body = { kind: kind.value };
    if (kind.value !== 'lesson') body.count = Number(count.value);
    if (kind.value === 'puzzles') {
      if (pkind.value) body.puzzle_kind = pkind.value;
      if (difficulty.value !== 'any') body.difficulty = difficulty.value;
      if (seed.value) body.seed = Number(seed.value);
      body.edition = c.edition;
    }
    if (kind.value === 'lesson') body.lesson = lesson.value;
    if (kind.value === 'matches') body.level = level.value;
    if (due.value) body.due = due.value;
    const r = await call('POST', `/api/classes/${c.id}/assignments`, body);
    if (r.status === 201) again();
    else out.replaceChildren(failure(r.body));
  };
  return h('div', { class: 'class-form' }, fields.kind, fields.count, fields.pkind, fields.difficulty, fields.seed,
    fields.lesson, fields.level, fields.due,
    h('button', { type: 'button', id: 'assign', class: 'primary', onclick: send }, 'Assign'));
}

/** An assignment in words. @param {any} a */
function assignmentWords(a) {
  const what = a.kind === 'puzzles' ? `${a.count} puzzles${a.spec?.seed !== undefined ? ` (seed ${a.spec.seed})` : ''}`
    : a.kind === 'lesson' ? `lesson ${a.lesson}` : `${a.count} matches vs ${a.level}`;
  return `${what}${a.due ? `, due ${a.due}` : ''}`;
}

/** `/classes/{id}` (a coach). @param {HTMLElement} root @param {string} id @param {Go} go */
async function classPage(root, id, go) {
  const r = await call('GET', `/api/classes/${id}`);
  if (r.status !== 200) {
    root.replaceChildren(h('section', { class: 'panel' }, h('h1', null, 'Class'), failure(r.body),
      h('p', null, h('a', { href: '/classes', onclick: link(go, '/classes') }, 'Your classes'))));
    return;
  }
  const c = r.body;
  document.title = `On-Sets — ${c.name}`;
  const again = () => classPage(root, id, go);
  const out = h('div', { id: 'class-out', 'aria-live': 'polite' });
  const names = h('textarea', { id: 'student-names', rows: '5', placeholder: 'One name a line', 'aria-label': 'Students’ names, one a line' });
  const addNames = async () => {
    const list = names.value.split('\n');
    const x = await call('POST', `/api/classes/${id}/students`, { names: list });
    if (x.status !== 201) { out.replaceChildren(failure(x.body)); return; }
    await again();
    document.getElementById('class-out')?.replaceChildren(madeStudents(id, x.body.students));
  };
  const invitee = h('input', { id: 'invite-name', placeholder: 'their account name', 'aria-label': 'Account to invite' });
  const coach = h('input', { id: 'coach-name', placeholder: 'account name', 'aria-label': 'Co-coach' });
  const news = h('textarea', { id: 'news-body', rows: '2', maxlength: '1000', 'aria-label': 'News to the class' });
  /** @param {string} url @param {any} body */
  const post = async (url, body) => {
    const x = await call('POST', url, body);
    if (x.status === 200 || x.status === 201) again();
    else out.replaceChildren(failure(x.body));
  };
  const progress = h('div', { id: 'class-progress' });
  root.replaceChildren(
    h('section', { class: 'panel class-page', dataset: { class: id } },
      h('p', { class: 'small' }, h('a', { href: '/classes', onclick: link(go, '/classes') }, '← Classes')),
      h('h1', { id: 'class-title' }, c.name),
      h('p', null, `${c.division} division · rules ${c.edition} · coaches ${c.coaches.join(', ')}${c.archived ? ' · archived' : ''} · `,
        h('a', { href: `/classes/${id}/board`, id: 'open-board', onclick: link(go, `/classes/${id}/board`) }, 'Classroom board')),
      out,
      h('h2', null, 'Students'),
      c.students.length ? roster(c, again, out) : h('p', null, 'No students yet.'),
      h('div', { class: 'class-form' }, h('label', { for: 'student-names' }, 'New students (accounts made for them, kid-safe):'), names,
        h('button', { type: 'button', id: 'add-students', class: 'primary', onclick: addNames }, 'Make accounts')),
      h('div', { class: 'class-form' }, invitee, h('button', { type: 'button', id: 'invite', onclick: () => post(`/api/classes/${id}/invitations`, { username: invitee.value }) }, 'Invite an account'),
        coach, h('button', { type: 'button', id: 'add-coach', onclick: () => post(`/api/classes/${id}/coaches`, { username: coach.value }) }, 'Add a co-coach')),
      h('h2', null, 'Assignments'),
      c.assignments.length
        ? h('ol', { id: 'assignments' }, c.assignments.map((/** @type {any} */ a) => h('li', { dataset: { assignment: a.id } }, assignmentWords(a),
          a.kind === 'puzzles' ? [' · ', h('a', { href: `/api/classes/${id}/assignments/${a.id}/sheet.pdf`, target: '_blank' }, 'puzzle sheet (PDF)')] : null)))
        : h('p', null, 'None yet.'),
      assignmentForm(c, again, out),
      h('h2', null, 'Progress'), progress,
      h('h2', null, 'News'),
      h('div', { class: 'class-form' }, news, h('button', { type: 'button', id: 'post-news', onclick: () => post(`/api/classes/${id}/news`, { body: news.value }) }, 'Post')),
      h('ul', { class: 'class-news' }, c.news.map((/** @type {any} */ n) => h('li', null, h('span', { class: 'small' }, `${new Date(n.at * 1000).toLocaleDateString()} · ${n.author}: `), n.body))),
      h('p', null, h('button', { type: 'button', class: 'small-btn', onclick: () => post(`/api/classes/${id}/archive`, { archived: !c.archived }) }, c.archived ? 'Bring the class back' : 'Archive the class'))));
  showProgress(progress, id, 30);
}

// ------------------------------------------------------------------ progress

/** A rating chart (SVG) of a student's trend. @param {any[]} trend @param {string} who */
export function ratingChart(trend, who) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 240 64');
  svg.setAttribute('class', 'class-chart');
  svg.setAttribute('role', 'img');
  const ratings = trend.map((t) => t.rating);
  const label = ratings.length ? `${who}: puzzle rating from ${ratings[0]} to ${ratings[ratings.length - 1]} over ${ratings.length} attempts` : `${who}: no puzzle attempts`;
  svg.setAttribute('aria-label', label);
  const title = document.createElementNS(ns, 'title');
  title.textContent = label;
  svg.append(title);
  if (ratings.length) {
    const lo = Math.min(...ratings) - 10;
    const hi = Math.max(...ratings) + 10;
    const x = (/** @type {number} */ i) => (ratings.length === 1 ? 120 : 4 + (i * 232) / (ratings.length - 1));
    const y = (/** @type {number} */ v) => 60 - ((v - lo) * 56) / (hi - lo);
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', ratings.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' '));
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', 'currentColor');
    line.setAttribute('stroke-width', '2');
    svg.append(line);
    for (const [v, at] of [[hi - 10, 10], [lo + 10, 62]]) {
      const t = document.createElementNS(ns, 'text');
      t.setAttribute('x', '236');
      t.setAttribute('y', String(at));
      t.setAttribute('text-anchor', 'end');
      t.setAttribute('font-size', '9');
      t.textContent = String(v);
      svg.append(t);
    }
  }
  return svg;
}

/** The columns of the progress table: header, value of a row, text. */
const COLUMNS = /** @type {[string, string, (s: any) => number|string][]} */ ([
  ['name', 'Student', (s) => s.name],
  ['attempts', 'Puzzles tried', (s) => s.puzzles.attempts],
  ['solved', 'Solved', (s) => s.puzzles.solved],
  ['rating', 'Puzzle rating', (s) => s.puzzles.rating ?? -1],
  ['steps', 'Lesson steps', (s) => s.lessons.steps],
  ['matches', 'Matches', (s) => s.matches.played],
  ['accuracy', 'Accuracy', (s) => s.matches.accuracy ?? -1],
]);

/** The progress table of a class over `days` days. @param {HTMLElement} el @param {string} id @param {number} days */
async function showProgress(el, id, days) {
  const r = await call('GET', `/api/classes/${id}/progress?days=${days}`);
  if (r.status !== 200) { el.replaceChildren(failure(r.body)); return; }
  const p = r.body;
  /** @type {any[]} */
  const students = p.students;
  let sortKey = 'name';
  let up = true;
  const pick = h('select', { id: 'progress-days', 'aria-label': 'Days' }, [1, 7, 30, 90].map((d) => h('option', { value: String(d), selected: d === days }, `last ${d} day${d > 1 ? 's' : ''}`)));
  pick.addEventListener('change', () => showProgress(el, id, Number(pick.value)));
  const table = h('table', { class: 'lobby-tables', id: 'progress-table' });
  const draw = () => {
    const col = COLUMNS.find((c) => c[0] === sortKey);
    const value = col ? col[2] : COLUMNS[0][2];
    const rows = [...students].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const d = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return up ? d : -d;
    });
    const th = (/** @type {string} */ key, /** @type {string} */ label) => h('th', { 'aria-sort': sortKey === key ? (up ? 'ascending' : 'descending') : 'none' },
      h('button', { type: 'button', class: 'sort', dataset: { sort: key }, onclick: () => { up = sortKey === key ? !up : true; sortKey = key; draw(); } }, label));
    table.replaceChildren(
      h('thead', null, h('tr', null, COLUMNS.map(([k, label]) => th(k, label)),
        p.assignments.map((/** @type {any} */ a, /** @type {number} */ i) => h('th', { title: assignmentWords(a) }, `#${i + 1}`)),
        h('th', null, 'Rating trend'))),
      h('tbody', null, rows.map((s) => h('tr', { dataset: { username: s.username } },
        h('td', null, s.name, h('br'), h('span', { class: 'small mono' }, s.username)),
        h('td', { dataset: { col: 'attempts' }, 'data-label': 'Puzzles tried' }, s.puzzles.attempts),
        h('td', { dataset: { col: 'solved' }, 'data-label': 'Solved' }, s.puzzles.solved),
        h('td', { 'data-label': 'Puzzle rating' }, s.puzzles.rating ?? '–', s.puzzles.rating_change ? h('span', { class: 'small' }, ` (${s.puzzles.rating_change > 0 ? '+' : ''}${s.puzzles.rating_change})`) : null),
        h('td', { 'data-label': 'Lesson steps' }, s.lessons.steps),
        h('td', { 'data-label': 'Matches' }, s.matches.played),
        h('td', { 'data-label': 'Accuracy' }, s.matches.accuracy === null ? '–' : `${s.matches.accuracy}%`),
        s.assignments.map((/** @type {any} */ a, /** @type {number} */ i) => h('td', { class: `class-state ${a.complete ? 'done' : a.late ? 'late' : 'open'}`, 'data-label': `Assignment ${i + 1}`, dataset: { assignment: a.id, done: a.done, correct: a.correct } },
          `${a.done}/${a.total}`, a.correct !== a.done ? h('span', { class: 'small' }, ` (${a.correct} right)`) : null, a.late ? ' late' : '')),
        h('td', { 'data-label': 'Rating trend' }, ratingChart(s.puzzles.trend, s.name))))));
  };
  draw();
  el.replaceChildren(
    h('p', null, pick, ' ', h('a', { href: `/api/classes/${id}/progress.csv?days=${days}`, id: 'progress-csv', download: `class-progress.csv` }, 'Download CSV'),
      h('span', { class: 'small' }, ` · ${p.totals.puzzles.solved} solved of ${p.totals.puzzles.attempts} tried by ${students.length} students`)),
    h('div', { class: 'class-scroll' }, table));
}

// ------------------------------------------------------------------ board

/**
 * `/classes/{id}/board`: the live classroom board; re-read on every change
 * the server announces (an event stream).
 * @param {HTMLElement} root @param {string} id @param {Go} go
 * @returns {() => void}
 */
function boardPage(root, id, go) {
  document.title = 'On-Sets — classroom board';
  const view = h('section', { class: 'panel class-board', id: 'class-board', 'aria-live': 'polite', dataset: { version: '0' } }, 'Loading the board…');
  root.replaceChildren(h('p', { class: 'small' }, h('a', { href: '/classes', onclick: link(go, '/classes') }, '← Classes')), view);
  let drawn = '';
  const draw = async () => {
    const r = await call('GET', `/api/classes/${id}/board`);
    if (r.status !== 200) { view.replaceChildren(failure(r.body)); return; }
    const key = JSON.stringify(r.body);
    if (key === drawn) return;
    drawn = key;
    if (r.body.role === 'coach') {
      await coachBoard(view, id, r.body);
    } else {
      studentBoard(view, id, r.body);
    }
    view.dataset.version = String(r.body.version);
    view.dataset.answered = String(r.body.answered ?? '');
    view.dataset.revealed = String(Boolean(r.body.revealed));
  };
  return liveEvents(`/api/classes/${id}/board/events`, { open: draw, changed: draw });
}

/** The kinds of question a position asks (docs/classes.md, "The classroom board"). */
const BOARD_KINDS = [['challenge', 'Which challenge is correct (Now, Impossible, neither)?'], ['safe-move', 'Which move is safe?'], ['solve', 'Write a Solution']];

/** A select of the question's kind. @param {string} idName */
function kindSelect(idName) {
  return h('select', { id: idName }, BOARD_KINDS.map(([k, words]) => h('option', { value: k }, words)));
}

/** A labelled control. @param {string} text @param {HTMLElement} control */
function labelled(text, control) {
  return h('label', null, `${text} `, control);
}

/** A position as the notation's JSON, for the coach to edit. @param {any} p */
function positionText(p) {
  if (!p) return '';
  const keep = ['edition', 'division', 'adventurous', 'universe', 'goal', 'required', 'permitted', 'forbidden', 'resources', 'variations', 'situation'];
  return JSON.stringify(Object.fromEntries(keep.filter((k) => p[k] !== undefined).map((k) => [k, p[k]])), null, 1);
}

/** The coach's controls, made once per page so that what is typed survives the board's redraws. */
const coachForms = new WeakMap();

/**
 * What the coach shows: a pool puzzle (one of the assignments' or by id), a
 * typed position (docs/notation.md) or the position before a move of a
 * finished match, each with the kind of question asked.
 * @param {string} id @param {string[]} ids the assignments' puzzles @param {any} shownPosition
 */
function coachControls(id, ids, shownPosition) {
  const out = h('div', { id: 'board-error', 'aria-live': 'polite' });
  const post = async (/** @type {any} */ body) => {
    out.replaceChildren();
    const r = await call('POST', `/api/classes/${id}/board`, body);
    if (r.status !== 201) out.replaceChildren(failure(r.body));
  };
  const pick = h('select', { id: 'board-puzzle' }, ids.map((p, i) => h('option', { value: String(p) }, `${i + 1}. ${p}`)));
  const typedId = h('input', { id: 'board-puzzle-id', placeholder: 'a puzzle id' });
  const typedPosition = h('textarea', { id: 'board-position', spellcheck: 'false', placeholder: '{"division": "middle", "universe": "B R BR …", "goal": "3+2", "required": "", "permitted": "", "forbidden": "", "resources": "B R ∪ ′"}' });
  typedPosition.value = positionText(shownPosition);
  const typedKind = kindSelect('board-position-kind');
  const table = h('input', { id: 'board-table', placeholder: 'a finished table’s id', autocomplete: 'off' });
  const move = h('input', { id: 'board-move', type: 'number', min: '1', step: '1', inputmode: 'numeric' });
  const reviewKind = kindSelect('board-review-kind');
  const controls = h('div', { id: 'board-sources' },
    h('div', { class: 'class-form' }, labelled('Puzzle of an assignment', pick), labelled('or any puzzle id', typedId),
      h('button', { type: 'button', id: 'board-show', class: 'primary', onclick: () => post({ puzzle: typedId.value.trim() || pick.value }) }, 'Show to the class')),
    h('details', { id: 'board-typed' }, h('summary', null, 'Type a position'),
      h('p', { class: 'small' }, 'The position in the notation’s JSON (docs/notation.md, “Positions”): cards, Goal, the mat and Resources. The solver works out the answer.'),
      h('div', { class: 'class-form' }, h('label', { class: 'class-wide' }, 'Position ', typedPosition), labelled('Question', typedKind),
        h('button', { type: 'button', id: 'board-show-typed', class: 'primary', onclick: () => post({ position: typedPosition.value, kind: typedKind.value }) }, 'Show this position'))),
    h('details', { id: 'board-review' }, h('summary', null, 'A move of a finished match'),
      h('p', { class: 'small' }, 'The position before that move (its number in the match’s review, from 1).'),
      h('div', { class: 'class-form' }, labelled('Table', table), labelled('Move', move), labelled('Question', reviewKind),
        h('button', { type: 'button', id: 'board-show-review', class: 'primary', onclick: () => post({ table: table.value.trim(), move: Number(move.value), kind: reviewKind.value }) }, 'Show this move'))),
    out);
  return controls;
}

/** The coach's board. @param {HTMLElement} view @param {string} id @param {any} b */
async function coachBoard(view, id, b) {
  let controls = coachForms.get(view);
  let name = controls?.dataset.className;
  if (!controls) {
    const c = await call('GET', `/api/classes/${id}`);
    if (c.status !== 200) { view.replaceChildren(h('h1', null, 'Classroom board'), failure(c.body)); return; }
    const ids = [...new Set(c.body.assignments.flatMap((/** @type {any} */ a) => a.puzzles ?? []))];
    controls = coachControls(id, ids, b.puzzle?.position);
    controls.dataset.className = name = c.body.name;
    coachForms.set(view, controls);
  }
  const reveal = async () => {
    const r = await call('POST', `/api/classes/${id}/board/reveal`, { version: b.version });
    if (r.status !== 200) controls.querySelector('#board-error')?.replaceChildren(failure(r.body));
  };
  if (!b.puzzle) {
    view.replaceChildren(h('h1', null, `Classroom board — ${name}`), controls);
    return;
  }
  const from = { typed: 'a typed position', review: 'a match’s move' }[/** @type {string} */ (b.puzzle.source)] ?? 'a puzzle';
  view.replaceChildren(
    h('h1', null, `Classroom board — ${name}`), controls,
    h('p', { id: 'board-source', class: 'small', dataset: { source: b.puzzle.source } }, `Showing ${from} (${b.puzzle.kind}).`),
    h('p', { class: 'puzzle-question' }, withRules(b.puzzle.question)),
    position(b.puzzle.position, b.puzzle.kind),
    h('p', { id: 'board-counts', class: 'big-line' }, `${b.answered} of ${b.students} answered · ${b.right} right · ${b.wrong} wrong`),
    h('div', { hidden: !b.common_wrong.length }, h('h2', null, 'Most common wrong answers'),
      h('ol', { id: 'board-common' }, b.common_wrong.map((/** @type {any} */ w) => h('li', null, h('code', null, w.answer), ` — ${w.count} (${w.students.join(', ')})`)))),
    h('table', { class: 'lobby-tables', id: 'board-answers' },
      h('thead', null, h('tr', null, h('th', null, 'Student'), h('th', null, 'Answer'), h('th', null, 'Judged'))),
      h('tbody', null, b.answers.map((/** @type {any} */ a) => h('tr', { dataset: { username: a.username, correct: String(a.correct) } },
        h('td', null, a.name), h('td', null, h('code', null, a.answer)), h('td', { class: a.correct ? 'ok' : 'bad' }, a.correct ? 'right' : 'wrong'))))),
    b.revealed
      ? h('div', { class: 'notice info', id: 'board-revealed' }, h('p', null, 'Answer shown to the class: ', h('code', null, answerText(b.answer))), h('p', null, withRules(b.explanation)))
      : h('button', { type: 'button', id: 'board-reveal', class: 'primary', onclick: reveal }, 'Reveal the answer'),
    h('details', null, h('summary', null, 'Answer key (only you see this)'), h('p', { id: 'board-key', dataset: { key: answerText(b.answer) } }, h('code', null, answerText(b.answer))), h('p', null, withRules(b.explanation))));
}

/**
 * An answer key in words: a choice, a Solution (`solve`: its shortest), or
 * the safe move (`safe-move`).
 * @param {any} a
 */
function answerText(a) {
  if (typeof a === 'string') return a;
  if (a?.shortest) return a.shortest;
  if (Array.isArray(a?.safe)) return a.safe.join(', ');
  return JSON.stringify(a);
}

/** A student's board. @param {HTMLElement} view @param {string} id @param {any} b */
function studentBoard(view, id, b) {
  if (!b.puzzle) {
    view.replaceChildren(h('h1', null, 'Classroom board'), h('p', { id: 'board-waiting' }, 'Waiting for your coach to show a position…'));
    return;
  }
  const out = h('div', { id: 'board-mine', 'aria-live': 'polite' }, b.my_answer && !b.revealed ? `Your answer: ${b.my_answer} (sent; you may change it until the answer is shown)` : '');
  const send = async (/** @type {string} */ answer) => {
    const r = await call('POST', `/api/classes/${id}/board/answer`, { version: b.version, answer });
    out.replaceChildren(r.status === 200 ? `Your answer: ${answer} (sent; you may change it until the answer is shown)` : failure(r.body));
  };
  view.replaceChildren(
    h('h1', null, 'Classroom board'),
    h('p', { class: 'puzzle-question' }, withRules(b.puzzle.question)),
    position(b.puzzle.position, b.puzzle.kind),
    b.revealed
      ? h('div', { class: `notice ${b.correct ? 'ok' : 'info'}`, id: 'board-revealed' },
        h('p', null, b.my_answer === null ? 'You did not answer.' : b.correct ? 'You were right!' : `Your answer ${b.my_answer} was not right.`),
        h('p', null, 'The answer: ', h('code', null, answerText(b.answer))),
        h('p', null, withRules(b.explanation)))
      : answerControls(b.puzzle, send, 'board'),
    out);
}
