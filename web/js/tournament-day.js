// A tournament day's pages (docs/tournaments.md, the organizer's guide):
// the organizer's day controls (schools and their coaches' codes,
// registration, rooms, judges, awards), a coach's entries, the check-in list
// (`/tournaments/{id}/checkin`), the judges' scoresheets on a phone
// (`/tournaments/{id}/results`) and the public pairings per division
// (`/tournaments/{id}/pairings`), which follow the event live.

import { call } from './accounts.js';
import { h } from './dom.js';

/** @param {any} body */
export function message(body) {
  return body?.error?.message ?? 'something went wrong';
}

/**
 * XII-A: each player's match points from the match scores (ties share the
 * places' mean; `null` did not play, 0).
 * @param {(number|null)[]} scores
 * @returns {number[]}
 */
export function matchPoints(scores) {
  const played = /** @type {number[]} */ (scores.filter((s) => s !== null));
  return scores.map((s) => {
    if (s === null) return 0;
    const above = played.filter((o) => o > s).length;
    const level = played.filter((o) => o === s).length;
    let sum = 0;
    for (let p = above + 1; p <= above + level; p += 1) sum += 8 - 2 * p;
    return sum / level;
  });
}

/**
 * A labelled field: the label above its input (visible on a phone).
 * @param {string} id
 * @param {string} label
 * @param {HTMLElement} input
 */
export function field(id, label, input) {
  input.id = id;
  return h('span', { class: 'field' }, h('label', { for: id }, label), input);
}

/**
 * Marks the fields of `container` typed in and not yet sent (`data-typed`),
 * so that a redraw ([`redrawKeepingTyping`]) keeps them; pressing a button
 * sends the fields beside it (its scoresheet, paragraph or form), which are
 * then drawn afresh.
 * @param {HTMLElement} container
 */
export function markTyping(container) {
  container.addEventListener('input', (e) => {
    if (e.target instanceof HTMLElement) e.target.dataset.typed = '1';
  });
  container.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    const group = button?.closest('.scoresheet, p, form');
    if (group) for (const el of group.querySelectorAll('[data-typed]')) if (el instanceof HTMLElement) delete el.dataset.typed;
  });
}

/**
 * Redraws `container` with `draw`, keeping what was typed and not yet sent
 * ([`markTyping`]): each such field's value, and the focus and caret, so that
 * a live refresh arriving while someone types never wipes their typing.
 * @param {HTMLElement} container
 * @param {() => void} draw
 */
export function redrawKeepingTyping(container, draw) {
  /** @type {Map<string, string>} */
  const typed = new Map();
  for (const el of container.querySelectorAll('[data-typed]')) {
    if ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) && el.id) typed.set(el.id, el.value);
  }
  const active = document.activeElement;
  const focus = active instanceof HTMLElement && active.id && container.contains(active) ? active.id : '';
  const caret = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
    ? [active.selectionStart, active.selectionEnd] : [null, null];
  draw();
  for (const [id, value] of typed) {
    const el = document.getElementById(id);
    if ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) && container.contains(el)) {
      el.value = value;
      el.dataset.typed = '1';
    }
  }
  const again = focus ? document.getElementById(focus) : null;
  if (again && container.contains(again) && again !== document.activeElement) {
    again.focus();
    if ((again instanceof HTMLInputElement || again instanceof HTMLTextAreaElement) && caret[0] !== null) {
      try {
        again.setSelectionRange(caret[0], caret[1]);
      } catch {
        // a number field has no caret to set
      }
    }
  }
}

/**
 * An action's runner: clears the old error on success, shows the new one.
 * @param {HTMLElement} err
 * @param {() => Promise<void>} refresh
 */
export function runner(err, refresh) {
  /**
   * @param {Promise<{status: number, body: any}>} p
   * @param {number} ok the expected status
   * @param {(body: any) => void} [then] runs before the page is redrawn
   * @returns {Promise<any>}
   */
  return async (p, ok = 200, then = undefined) => {
    const r = await p;
    if (r.status === ok) {
      err.hidden = true;
      err.textContent = '';
      if (then) then(r.body);
      await refresh();
      return r.body;
    }
    err.textContent = message(r.body);
    err.hidden = false;
    return null;
  };
}

/** The last school's coach's code, by event, shown until the page is left. */
const lastCode = new Map();

/**
 * The organizer's day: schools (with their coaches' codes), registration,
 * rooms, judges and awards.
 * @param {string} id
 * @param {any} ev
 * @param {(p: Promise<any>, ok?: number, then?: (body: any) => void) => Promise<any>} run
 * @param {Map<string, string>} codes the coaches' codes by school (the organizer's)
 * @returns {Node[]}
 */
export function dayControls(id, ev, run, codes) {
  const school = h('input', { maxlength: '40' });
  const shown = lastCode.get(id);
  const codeNote = h('p', { id: 'school-codes', class: 'notice', hidden: !shown }, shown ?? '');
  const addSchool = () => run(call('POST', `/api/tournaments/${id}/schools`, { name: school.value }), 201,
    (b) => lastCode.set(id, `${b.name}: the coach's code is ${b.code} (give it to the school's coach)`));
  const room = h('input', { maxlength: '40' });
  const tables = h('input', { type: 'number', min: '1', max: '100', value: '10' });
  const judge = h('input', { maxlength: '40' });
  const judgeRoom = h('select', null, .../** @type {any[]} */ (ev.rooms).map((r) => h('option', { value: r.name }, r.name)));
  const places = h('input', { type: 'number', min: '0', max: '50', value: String(ev.awards?.places ?? 3) });
  const teamPlaces = h('input', { type: 'number', min: '0', max: '50', value: String(ev.awards?.team_places ?? 3) });
  const teamSize = h('input', { type: 'number', min: '1', max: '10', value: String(ev.awards?.team_size ?? 3) });
  const closed = ev.registration === 'closed';
  /** @type {any[]} */
  const entries = ev.entries;
  const bySchool = new Map();
  for (const e of entries) {
    const k = `${e.school ?? '(no school)'} · ${e.division ?? ev.divisions[0]}`;
    bySchool.set(k, [...(bySchool.get(k) ?? []), e]);
  }
  return [
    h('h3', null, 'Schools and registration'),
    h('p', null, field('school-name', 'School or club', school), ' ',
      h('button', { id: 'add-school', type: 'button', onclick: addSchool }, 'Register the school')),
    codeNote,
    h('ul', { id: 'schools' }, .../** @type {any[]} */ (ev.schools).map((s) => h('li', null,
      `${s.name}: ${s.coach ? `coach ${s.coach}` : 'no coach yet'}${codes.get(s.name) ? `, code ${codes.get(s.name)}` : ''}`))),
    h('p', null, `Registration is ${ev.registration}. `,
      h('button', {
        id: 'registration', type: 'button',
        onclick: () => run(call('POST', `/api/tournaments/${id}/registration`, { open: closed })),
      }, closed ? 'Reopen registration' : 'Close registration'), ' ',
      h('a', { id: 'checkin-link', href: `/tournaments/${id}/checkin` }, 'Check-in list')),
    h('table', { class: 'lobby-tables', id: 'entries-by-school' },
      h('thead', null, h('tr', null, h('th', null, 'School · division'), h('th', null, 'Players'))),
      h('tbody', null, ...[...bySchool].map(([k, es]) => h('tr', null, h('td', null, k),
        h('td', null, es.map((/** @type {any} */ e) => `${e.name}${e.checked_in ? ' ✓' : ''}${e.late ? ' (late)' : ''}${e.withdrawn ? ' (withdrawn)' : ''}`).join(', ')))))),
    h('h3', null, 'Rooms and judges'),
    h('p', null, field('room-name', 'Room', room), ' ', field('room-tables', 'Tables', tables), ' ',
      h('button', {
        id: 'add-room', type: 'button',
        onclick: () => run(call('POST', `/api/tournaments/${id}/rooms`, { name: room.value, tables: Number(tables.value) }), 201),
      }, 'Add the room')),
    h('ul', { id: 'rooms' }, .../** @type {any[]} */ (ev.rooms).map((r) => h('li', null,
      `${r.name}: ${r.tables} tables${r.judges.length ? `, judged by ${r.judges.join(', ')}` : ''}`))),
    ...(ev.rooms.length === 0 ? [] : [h('p', null, field('judge-name', 'Judge (account name)', judge), ' ',
      field('judge-room', 'Room', judgeRoom), ' ',
      h('button', {
        id: 'add-judge', type: 'button',
        onclick: () => run(call('POST', `/api/tournaments/${id}/judges`, { name: judge.value, room: judgeRoom.value })),
      }, 'Assign the judge'))]),
    h('p', null, h('a', { id: 'results-link', href: `/tournaments/${id}/results` }, 'Scoresheets (judges’ phones)'), ' · ',
      h('a', { id: 'pairings-link', href: `/tournaments/${id}/pairings` }, 'Public pairings')),
    h('h3', null, 'Awards'),
    h('p', null, field('award-places', 'Places per division', places), ' ',
      field('award-team-places', 'School awards', teamPlaces), ' ',
      field('award-team-size', 'Players counted per school', teamSize), ' ',
      h('button', {
        id: 'set-awards', type: 'button',
        onclick: () => run(call('POST', `/api/tournaments/${id}/awards`, {
          places: Number(places.value), team_places: Number(teamPlaces.value), team_size: Number(teamSize.value),
        })),
      }, 'Set the awards'), ' ',
      h('a', { id: 'print-awards', href: `/api/tournaments/${id}/awards.pdf`, target: '_blank' }, 'Print the awards list (PDF)'), ' · ',
      h('a', { id: 'print-certificates', href: `/api/tournaments/${id}/certificates.pdf`, target: '_blank' }, 'Print the certificates (PDF, a page per award)')),
    ...(ev.corrections.length === 0 ? [] : [h('h3', null, 'Corrections (XII-B)'),
      h('ul', { id: 'corrections' }, .../** @type {any[]} */ (ev.corrections).map((c) => h('li', null,
        `Round ${c.round}, table ${c.table}: ${c.before.join('/')} → ${c.after.join('/')} by ${c.by} at ${new Date(c.at * 1000).toLocaleTimeString()}`)))]),
  ];
}

/**
 * A coach's part: join with the school's code, then enter the school's
 * players by division.
 * @param {string} id
 * @param {any} ev
 * @param {any} me
 * @param {(p: Promise<any>, ok?: number, then?: (body: any) => void) => Promise<any>} run
 * @returns {Node[]}
 */
export function coachControls(id, ev, me, run) {
  /** @type {any} */
  const mine = ev.schools.find((/** @type {any} */ s) => s.coach === me.name);
  if (!mine) {
    const code = h('input', { maxlength: '16', autocomplete: 'off' });
    return [h('p', null, field('coach-code', 'A school’s coach? Its code', code), ' ',
      h('button', { id: 'join-coach', type: 'button', onclick: () => run(call('POST', `/api/tournaments/${id}/coach`, { code: code.value })) },
        'Join as its coach'))];
  }
  const name = h('input', { maxlength: '40' });
  const team = h('input', { maxlength: '40' });
  const division = h('select', null, .../** @type {string[]} */ (ev.divisions).map((d) => h('option', { value: d }, d)));
  const players = ev.entries.filter((/** @type {any} */ e) => e.school === mine.name);
  return [h('h2', null, `Coach of ${mine.name}`),
    ev.registration === 'closed' ? h('p', null, 'Registration is closed; ask the organizer for late entries.')
      : h('p', null, field('coach-entry-name', 'Player', name), ' ', field('coach-entry-division', 'Division', division), ' ',
        field('coach-entry-team', 'Team (optional)', team), ' ',
        h('button', {
          id: 'coach-add', type: 'button',
          onclick: () => run(call('POST', `/api/tournaments/${id}/entries`,
            { name: name.value, division: division.value, ...(team.value ? { team: team.value } : {}) }), 201),
        }, 'Enter the player')),
    h('ul', { id: 'coach-players' }, ...players.map((/** @type {any} */ e) => h('li', null, `${e.name} (${e.division ?? ev.divisions[0]})`)))];
}

/**
 * `/tournaments/{id}/checkin`: the entries as big buttons, found by name,
 * for the organizer's phone at the door; then withdraw the no-shows.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {any} ev
 * @param {HTMLElement} err
 * @param {(p: Promise<any>, ok?: number, then?: (body: any) => void) => Promise<any>} run
 */
export function checkinPage(root, id, ev, err, run) {
  const find = /** @type {HTMLInputElement} */ (h('input', { type: 'search', autocomplete: 'off' }));
  /** @type {any[]} */
  const entries = ev.entries;
  const list = h('ul', { id: 'checkin-list', class: 'checkin' });
  const show = () => {
    const q = find.value.trim().toLowerCase();
    list.replaceChildren(...entries.filter((e) => !q || e.name.toLowerCase().includes(q)).map((e) => h('li', null,
      h('button', {
        type: 'button', class: e.checked_in ? 'in' : '', dataset: { name: e.name }, disabled: e.withdrawn,
        'aria-pressed': e.checked_in ? 'true' : 'false',
        onclick: () => run(call('POST', `/api/tournaments/${id}/checkin`, { name: e.name, present: !e.checked_in })),
      }, `${e.checked_in ? '✓ ' : ''}${e.name}`),
      ` ${e.school ?? ''} · ${e.division ?? ev.divisions[0]}${e.withdrawn ? ' · withdrawn' : ''}`)));
  };
  find.addEventListener('input', show);
  show();
  const here = entries.filter((e) => e.checked_in).length;
  root.replaceChildren(h('section', { class: 'panel tournament-day' },
    h('h1', null, `Check-in: ${ev.name}`),
    h('p', { id: 'checkin-count' }, `${here} of ${entries.length} checked in.`),
    err, field('checkin-find', 'Find a player', find), list,
    h('p', null, h('button', {
      id: 'withdraw-no-shows', type: 'button',
      onclick: () => run(call('POST', `/api/tournaments/${id}/no-shows`, {})),
    }, 'Withdraw everyone not checked in')),
    h('p', null, h('a', { href: `/tournaments/${id}` }, 'Back to the event'))));
}

/**
 * One table's scoresheet on a phone: a row of scores per shake (X), the
 * match scores and XII-A points shown for confirmation, the initials, then
 * sent.
 * @param {string} id
 * @param {number} round
 * @param {any} t
 * @param {(p: Promise<any>, ok?: number, then?: (body: any) => void) => Promise<any>} run
 */
function sheetForm(id, round, t, run) {
  /** @type {string[]} */
  const players = t.players;
  /** @type {HTMLInputElement[][]} */
  const rows = [];
  const body = h('tbody');
  const totals = h('p', { class: 'sheet-totals', id: `sheet-totals-${t.table}` });
  const addShake = (/** @type {number[]|null} */ values) => {
    const n = rows.length + 1;
    const row = players.map((p, i) => /** @type {HTMLInputElement} */ (h('input', {
      type: 'number', inputmode: 'numeric', min: '-20', max: '20', class: 'shake',
      id: `shake-${t.table}-${n}-${i}`, 'aria-label': `Shake ${n}, ${p}`, value: values ? String(values[i]) : '',
      oninput: () => check(),
    })));
    rows.push(row);
    body.append(h('tr', null, h('th', { scope: 'row' }, String(n)), ...row.map((i) => h('td', null, i))));
  };
  const initials = players.map((p, i) => /** @type {HTMLInputElement} */ (h('input', {
    maxlength: '4', size: '4', id: `initials-${t.table}-${i}`, 'aria-label': `Initials of ${p}`, autocapitalize: 'characters',
    value: t.sheet?.initials?.[i] ?? '',
  })));
  const shakes = () => rows.map((r) => r.map((i) => Number(i.value || 0))).filter((r, k) => rows[k].some((i) => i.value !== ''));
  const check = () => {
    const s = shakes();
    const sums = players.map((_, i) => s.reduce((a, r) => a + r[i], 0));
    const mp = matchPoints(sums);
    totals.textContent = s.length === 0 ? ''
      : `Match scores ${players.map((p, i) => `${p} ${sums[i]}`).join(', ')} → match points (XII-A) ${mp.join(' / ')}`;
  };
  for (const sh of t.sheet?.shakes ?? [null, null, null]) addShake(sh);
  check();
  const send = () => run(call('POST', `/api/tournaments/${id}/results`, {
    round, table: t.table, shakes: shakes(),
    ...(initials.every((i) => i.value.trim()) ? { initials: initials.map((i) => i.value.trim()) } : {}),
  }));
  return h('form', { class: 'sheet', dataset: { table: t.table }, onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); send(); } },
    h('h3', null, `Table ${t.table}${t.room ? ` · ${t.room}` : ''} · ${t.division}`,
      h('span', { class: t.in ? 'sheet-in' : 'sheet-waiting' }, t.in ? ` ✓ in${t.sheet ? ` (${t.sheet.by})` : ''}` : ' · waiting')),
    h('table', { class: 'sheet-grid' },
      h('thead', null, h('tr', null, h('th', { title: 'Shake' }, '#'), ...players.map((p) => h('th', { scope: 'col' }, p)))),
      body),
    h('p', null, h('button', { type: 'button', class: 'add-shake', id: `add-shake-${t.table}`, onclick: () => addShake(null) }, 'Add a shake')),
    totals,
    h('p', { class: 'sheet-initials' }, ...players.flatMap((p, i) => [h('label', { for: `initials-${t.table}-${i}` }, `Initials of ${p}`), initials[i]])),
    h('p', null, h('button', { type: 'submit', id: `send-sheet-${t.table}` }, t.in ? 'Correct the scoresheet' : 'Send the scoresheet')));
}

/**
 * `/tournaments/{id}/results`: the last round's tables of the rooms the
 * signed-in judge judges (every table for the organizer), a scoresheet each.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {any} ev
 * @param {any} me
 * @param {HTMLElement} err
 * @param {(p: Promise<any>, ok?: number, then?: (body: any) => void) => Promise<any>} run
 */
export function resultsPage(root, id, ev, me, err, run) {
  const last = ev.paired[ev.paired.length - 1];
  const organizer = me && ev.organizer === me.name;
  const myRooms = ev.rooms.filter((/** @type {any} */ r) => me && r.judges.includes(me.name)).map((/** @type {any} */ r) => r.name);
  /** @type {any[]} */
  const tables = last ? last.tables.filter((/** @type {any} */ t) => organizer || myRooms.includes(t.room)) : [];
  const waiting = tables.filter((t) => !t.in).length;
  root.replaceChildren(h('section', { class: 'panel tournament-day' },
    h('h1', null, `Scoresheets: ${ev.name}`),
    h('p', { id: 'sheets-status' }, !me ? 'Sign in as a judge of a room to enter its scoresheets.'
      : !last ? 'No round is paired yet.'
        : `Round ${last.round}: ${tables.length - waiting} of ${tables.length} tables in${myRooms.length ? ` (${myRooms.join(', ')})` : ''}.`),
    err,
    ...(last ? tables.map((t) => sheetForm(id, last.round, t, run)) : []),
    h('p', null, h('a', { href: `/tournaments/${id}` }, 'Back to the event'))));
}

/**
 * `/tournaments/{id}/pairings`: the last round's tables of one division,
 * with rooms and schools, for the wall and the players' phones.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {any} ev
 */
export function pairingsPage(root, id, ev) {
  const wanted = new URLSearchParams(location.search).get('division') ?? ev.divisions[0];
  const last = ev.paired[ev.paired.length - 1];
  /** @type {Map<string, any>} */
  const byName = new Map(ev.entries.map((/** @type {any} */ e) => [e.name, e]));
  const tables = last ? last.tables.filter((/** @type {any} */ t) => t.division === wanted) : [];
  root.replaceChildren(h('section', { class: 'panel tournament-day' },
    h('h1', null, `Pairings: ${ev.name}`),
    h('nav', { class: 'divisions', 'aria-label': 'Divisions' }, .../** @type {string[]} */ (ev.divisions).map((d) =>
      h('a', { href: `/tournaments/${id}/pairings?division=${d}`, 'aria-current': d === wanted ? 'page' : null }, d))),
    h('h2', { id: 'pairings-round' }, last ? `Round ${last.round} of ${ev.rounds}, ${wanted}` : 'Not paired yet'),
    h('table', { class: 'lobby-tables', id: 'pairings-table' },
      h('thead', null, h('tr', null, h('th', null, 'Table'), h('th', null, 'Room'), h('th', null, 'Players'), h('th', null, 'Result'))),
      h('tbody', null, ...tables.map((/** @type {any} */ t) => h('tr', null,
        h('td', null, t.table), h('td', null, t.room ?? ''),
        h('td', null, t.players.map((/** @type {string} */ p) => `${p}${byName.get(p)?.school ? ` (${byName.get(p).school})` : ''}`).join(', ')),
        h('td', null, t.match_points ? t.match_points.join(' / ') : ''))))),
    ...(last ? [h('p', null, h('a', { id: 'print-pairings', href: `/api/tournaments/${id}/rounds/${last.round}/pairings.pdf`, target: '_blank' },
      'Print the pairings by room (PDF)'))] : []),
    h('p', null, h('a', { href: `/tournaments/${id}` }, 'Standings'))));
}
