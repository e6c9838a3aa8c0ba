// Tournaments (docs/tournaments.md): an organizer's page at `/tournaments` (make an
// event) and an event's page at `/tournaments/{id}`: public standings that
// follow the results as they come (the server's `/api/tournaments/{id}/live`
// event stream, from any instance; polling every 10 s as a fallback), and for
// its organizer the entries, withdrawals, pairing, the scoresheets (XII-A
// match points per table) and the printable PDFs.

import { link, whoAmI } from './accounts.js';
import { call, liveEvents } from './api.js';
import { h } from './dom.js';
import {
  checkinPage, coachControls, dayControls, field, markTyping, message, pairingsPage, redrawKeepingTyping, resultsPage, runner,
} from './tournament-day.js';
import { mySeats, ownLinks, seatLinks, seatPage } from './tournament-seats.js';

/**
 * The public list of events (signed in or out).
 * @param {(path: string) => void} go
 * @returns {Promise<Node>}
 */
async function eventList(go) {
  const r = await call('GET', '/api/tournaments');
  /** @type {any[]} */
  const events = r.status === 200 ? r.body.tournaments : [];
  return h('section', { class: 'panel', id: 'event-list' }, h('h2', null, 'Events'),
    events.length === 0 ? h('p', null, 'No event yet.')
      : h('ul', null, ...events.map((e) => h('li', null,
        h('a', { href: e.link, onclick: link(go, e.link) }, e.name),
        ` — ${e.divisions.join(', ')}, round ${e.round} of ${e.rounds}, ${e.entries} entries${e.organizer ? `, run by ${e.organizer}` : ''}`))));
}

/**
 * `/tournaments`: make an event (signed in).
 * @param {HTMLElement} root
 * @param {(path: string) => void} go
 */
export async function showOrganizer(root, go) {
  document.title = 'On-Sets — tournaments';
  const me = await whoAmI();
  const list = await eventList(go);
  if (!me) {
    root.replaceChildren(h('section', { class: 'panel' }, h('h1', null, 'Tournaments'),
      h('p', null, 'Sign in to run a tournament: ',
        h('a', { href: '/account', onclick: link(go, '/account') }, 'your account'), '.')), list);
    return;
  }
  const name = h('input', { id: 'event-name', maxlength: '40' });
  const division = h('select', { id: 'event-division' },
    ...['elementary', 'middle', 'junior', 'senior'].map((d) => h('option', { value: d }, d)));
  const edition = h('select', { id: 'event-edition' },
    h('option', { value: '2026-27' }, 'Tournament rules 2026-27'),
    h('option', { value: '2019-20' }, 'MLAG rules 2019-20'),
    h('option', { value: '1969' }, 'Allen’s 1969 manual (over the board)'));
  const rounds = h('input', { id: 'event-rounds', type: 'number', min: '1', max: '20', value: '3' });
  const first = h('select', { id: 'event-first' },
    h('option', { value: 'random' }, 'at random'), h('option', { value: 'seeds' }, 'by seed order'));
  const online = /** @type {HTMLInputElement} */ (h('input', { id: 'event-online', type: 'checkbox' }));
  const minutes = h('input', { id: 'event-minutes', type: 'number', min: '1', max: '120', value: '30' });
  const style = h('select', { id: 'event-style' },
    h('option', { value: 'adventurous' }, 'Adventurous'), h('option', { value: 'basic' }, 'Basic'));
  const checking = h('select', { id: 'event-checking' },
    h('option', { value: 'judge' }, 'by the judge (the server)'), h('option', { value: 'players' }, 'by the players'));
  const grace = h('input', { id: 'event-grace', type: 'number', min: '0', max: '120', value: '10' });
  const pace = h('select', { id: 'event-bot-pace' },
    h('option', { value: '100' }, 'as long as they would'), h('option', { value: '25' }, 'quickly'),
    h('option', { value: '0' }, 'at once (practice)'));
  const also = ['elementary', 'middle', 'junior', 'senior'].map((d) => /** @type {HTMLInputElement} */ (
    h('input', { type: 'checkbox', id: `event-also-${d}`, value: d })));
  const err = h('p', { class: 'notice error', role: 'alert', id: 'event-error', hidden: true });
  const make = async () => {
    const more = also.filter((c) => c.checked && c.value !== division.value).map((c) => c.value);
    /** @type {Record<string, unknown>} */
    const body = {
      name: name.value, rounds: Number(rounds.value), first_round: first.value,
      edition: edition.value,
      ...(more.length ? { divisions: [division.value, ...more] } : { division: division.value }),
    };
    if (online.checked) {
      Object.assign(body, {
        online: true, round_minutes: Number(minutes.value), adventurous: style.value === 'adventurous',
        checking: checking.value, bot_pace: Number(pace.value), grace_minutes: Number(grace.value),
      });
    }
    const r = await call('POST', '/api/tournaments', body);
    if (r.status === 201) go(`/tournaments/${r.body.id}`);
    else {
      err.textContent = message(r.body);
      err.hidden = false;
    }
  };
  root.replaceChildren(h('section', { class: 'panel' },
    h('h1', null, 'Run a tournament'),
    h('p', null, `Signed in as ${me.name}. Tables of three where possible, then two; later rounds by standings.`),
    h('label', { for: 'event-name' }, 'Name'), name,
    h('label', { for: 'event-division' }, 'Division'), division,
    h('fieldset', null, h('legend', null, 'More divisions played the same day (optional)'),
      ...also.flatMap((c) => [h('label', { for: c.id }, c, ` ${c.value}`), ' '])),
    h('label', { for: 'event-edition' }, 'Rules'), edition,
    h('label', { for: 'event-rounds' }, 'Rounds'), rounds,
    h('label', { for: 'event-first' }, 'First round'), first,
    h('fieldset', null, h('legend', null, 'Online play'),
      h('label', null, online, ' Play every table online (players join their table\'s link; bots fill bot entries; results come in by themselves)'),
      h('label', { for: 'event-minutes' }, 'Round minutes (XI-B)'), minutes,
      h('label', { for: 'event-style' }, 'Game'), style,
      h('label', { for: 'event-checking' }, 'Solutions checked'), checking,
      h('label', { for: 'event-bot-pace' }, 'Bots think'), pace,
      h('label', { for: 'event-grace' }, 'Minutes a player has to take their seat (0: no forfeit)'), grace),
    err,
    h('p', null, h('button', { id: 'make-event', type: 'button', onclick: make }, 'Make the tournament')),
    h('p', null, h('a', { href: '/account', onclick: link(go, '/account') }, 'Your account'))), list);
}

/**
 * One standings table (XII), with the school column when there are schools.
 * @param {string} tableId
 * @param {any[]} rows
 * @param {boolean} schools
 */
function standingsTable(tableId, rows, schools) {
  return h('table', { class: 'lobby-tables', id: tableId },
    h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, 'Player'), h('th', null, schools ? 'School' : 'Team'),
      h('th', null, 'Match points'), h('th', null, 'Shake points'), h('th', null, 'Head-to-head'),
      h('th', null, 'Opponents'))),
    h('tbody', null, ...rows.map((r) => h('tr', null,
      h('td', null, r.place), h('td', null, r.withdrawn ? `${r.name} (withdrawn)` : r.name),
      h('td', null, (schools ? r.school : r.team) ?? ''),
      h('td', null, r.match_points), h('td', null, r.shake_points), h('td', null, r.head_to_head),
      h('td', null, r.opponents_match_points)))));
}

/**
 * The standings after a round (XII), per division when there are several,
 * with the team (or school) standings.
 * @param {string} id the tournament
 * @param {any} s the standings
 * @returns {Node[]}
 */
function standingsView(id, s) {
  /** @type {any[]} */
  const teams = s.teams;
  /** @type {any[]} */
  const divisions = s.divisions ?? [];
  const schools = divisions.some((d) => d.schools.length > 0);
  const parts = divisions.length > 1
    ? divisions.flatMap((d) => [h('h3', null, d.division),
      standingsTable(`standings-${d.division}`, d.standings, schools),
      ...(d.schools.length === 0 ? [] : [h('table', { class: 'lobby-tables school-standings' },
        h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, 'School'), h('th', null, 'Match points'), h('th', null, 'Shake points'))),
        h('tbody', null, .../** @type {any[]} */ (d.schools).map((t) => h('tr', null,
          h('td', null, t.place), h('td', null, t.school), h('td', null, t.match_points), h('td', null, t.shake_points)))))])])
    : [standingsTable('standings-table', s.standings, schools)];
  return [
    h('h2', null, `Standings after round ${s.round} of ${s.rounds}`),
    h('p', null, h('a', { id: 'print-standings', href: `/api/tournaments/${id}/standings.pdf`, target: '_blank' },
      'Print the standings (PDF)')),
    ...parts,
    ...(teams.length === 0 ? [] : [h('table', { class: 'lobby-tables', id: 'team-standings' },
      h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, 'Team'), h('th', null, 'Match points'))),
      h('tbody', null, ...teams.map((t) => h('tr', null,
        h('td', null, t.place), h('td', null, t.team), h('td', null, t.match_points)))))])];
}

/**
 * The last round's tables, with each online table's link (the viewer's own
 * table's with their seat's key).
 * @param {any} ev the tournament
 * @param {Map<string, string>} [own] the viewer's own tables' keyed links
 * @returns {Node[]}
 */
function pairingsView(ev, own = new Map()) {
  /** @type {any[]} */
  const paired = ev.paired;
  const last = paired[paired.length - 1];
  if (!last) {
    return [];
  }
  return [h('h2', null, `Round ${last.round} pairings`),
    h('ul', { class: 'pairings' }, .../** @type {any[]} */ (last.tables).map((t) => h('li', { dataset: { table: t.table } },
      `Table ${t.table}${t.room ? ` (${t.room})` : ''}${ev.divisions.length > 1 ? `, ${t.division}` : ''}: ${t.players.join(', ')}`,
      t.match_points ? ` — ${t.match_points.join(' / ')} match points` : '',
      ...(t.link ? [' ', h('a', { href: own.get(t.link) ?? t.link, class: 'table-link' }, t.match_points ? 'replay' : own.has(t.link) ? 'take your seat' : 'watch')] : []))),
    ...(last.bye ? [h('li', null, `Bye: ${last.bye}`)] : []))];
}

/**
 * A signed-in player who is not the organizer may enter under their name.
 * @param {any} me the player signed in
 * @param {any} ev the tournament
 * @param {() => void} join enters them
 * @returns {Node}
 */
function joinView(me, ev, join) {
  /** @type {any[]} */
  const entries = ev.entries;
  const name = me.name.toLowerCase();
  if (entries.some((e) => e.name.toLowerCase() === name)) return h('p', { id: 'joined' }, `You are entered as ${me.name}.`);
  return h('p', null, h('button', { id: 'join-event', type: 'button', onclick: join }, `Enter as ${me.name}`));
}

/**
 * `/tournaments/{id}` and its pages (`…/checkin`, `…/results`,
 * `…/pairings`): standings for everyone, controls for the organizer, a
 * coach's entries. Returns a function that stops the polling.
 * @param {HTMLElement} root
 * @param {string} path the event's id, perhaps with its page
 * @param {(path: string) => void} go
 * @returns {Promise<() => void>}
 */
export async function showEvent(root, path, go) {
  const [id, page] = path.split('/');
  const me = await whoAmI();
  const err = h('p', { class: 'notice error', role: 'alert', id: 'event-error', hidden: true });
  const standings = h('div', { id: 'standings' });
  const pairings = h('div', { id: 'pairings' });
  const controls = h('div', { id: 'organizer' });
  markTyping(controls);
  let stopped = false;
  const refresh = async () => {
    const [ev, st] = await Promise.all([
      call('GET', `/api/tournaments/${id}`), call('GET', `/api/tournaments/${id}/standings`)]);
    if (ev.status !== 200 || st.status !== 200) {
      root.replaceChildren(h('section', { class: 'panel' }, h('h1', null, 'No such tournament')));
      return;
    }
    document.title = `On-Sets — ${ev.body.name}`;
    if (page === 'checkin') return checkinPage(root, id, ev.body, err, run);
    if (page === 'results') return resultsPage(root, id, ev.body, me, err, run);
    if (page === 'pairings') return pairingsPage(root, id, ev.body);
    if (page === 'seat') return seatPage(root, id, ev.body);
    const seats = me && ev.body.online ? await mySeats(id) : [];
    standings.replaceChildren(...standingsView(id, st.body));
    pairings.replaceChildren(...pairingsView(ev.body, ownLinks(seats, me)), ...seatLinks(ev.body, seats, me));
    if (me && ev.body.organizer === me.name) {
      const sc = ev.body.schools.length ? await call('GET', `/api/tournaments/${id}/schools`) : null;
      /** @type {Map<string, string>} */
      const codes = new Map((sc?.status === 200 ? sc.body.schools : []).map((/** @type {any} */ x) => [x.name, x.code]));
      redrawKeepingTyping(controls, () => renderControls(ev.body, codes));
    }
    else if (me) redrawKeepingTyping(controls, () => controls.replaceChildren(joinView(me, ev.body, () => run(call('POST', `/api/tournaments/${id}/join`, {}), 201)),
      ...coachControls(id, ev.body, me, run)));
  };
  const run = runner(err, refresh);
  /**
   * @param {any} ev
   * @param {Map<string, string>} codes
   */
  const renderControls = (ev, codes) => {
    const entry = h('input', { maxlength: '40' });
    const team = h('input', { maxlength: '40' });
    const school = h('select', null, h('option', { value: '' }, '(none)'),
      .../** @type {any[]} */ (ev.schools).map((s) => h('option', { value: s.name }, s.name)));
    const division = h('select', null, .../** @type {string[]} */ (ev.divisions).map((d) => h('option', { value: d }, d)));
    const bot = h('select', null,
      h('option', { value: '' }, 'a person'),
      ...[['beginner', 'a beginner bot'], ['club', 'a club bot'], ['strong', 'a strong bot'], ['expert', 'an expert bot']]
        .map(([l, label]) => h('option', { value: l }, label)));
    const add = () => {
      /** @type {Record<string, string>} */
      const body = { name: entry.value };
      if (team.value) body.team = team.value;
      if (bot.value) body.bot = bot.value;
      if (school.value) body.school = school.value;
      if (ev.divisions.length > 1) body.division = division.value;
      return run(call('POST', `/api/tournaments/${id}/entries`, body), 201);
    };
    /** @type {any[]} */
    const entries = ev.entries;
    const still = entries.filter((e) => !e.withdrawn);
    const leaving = h('select', null, ...still.map((e) => h('option', { value: e.name }, e.name)));
    /** @type {any[]} */
    const paired = ev.paired;
    const last = paired[paired.length - 1];
    const allPaired = paired.length >= ev.rounds;
    const waiting = last ? last.tables.filter((/** @type {any} */ t) => !t.in).length : 0;
    controls.replaceChildren(
      h('h2', null, 'Organizer'),
      h('p', { class: 'entry-form' }, `${ev.entries.length} ${ev.entries.length === 1 ? 'entry' : 'entries'}${ev.registration === 'closed' ? ' (registration closed: new entries are late)' : ''}. `,
        field('entry-name', 'Player', entry), ' ', field('entry-team', 'Team (optional)', team), ' ',
        ...(ev.schools.length ? [field('entry-school', 'School', school), ' '] : []),
        ...(ev.divisions.length > 1 ? [field('entry-division', 'Division', division), ' '] : []),
        ...(ev.online ? [field('entry-bot', 'Played by', bot), ' '] : []),
        h('button', { id: 'add-entry', type: 'button', onclick: add }, 'Enter')),
      ...(still.length === 0 ? [] : [h('p', null, field('withdraw-name', 'Entry to withdraw', leaving), ' ',
        h('button', { id: 'withdraw-entry', type: 'button', onclick: () => run(call('POST', `/api/tournaments/${id}/withdrawals`, { name: leaving.value })) }, 'Withdraw'),
        ' (not paired again; kept in the standings)')]),
      allPaired
        ? h('p', { id: 'all-paired' }, `All ${ev.rounds} rounds are paired${waiting ? `; ${waiting} tables of round ${last.round} still to come in` : ''}.`)
        : h('p', null, h('button', { id: 'pair-round', type: 'button', onclick: () => run(call('POST', `/api/tournaments/${id}/rounds`, {}), 201) },
          `Pair round ${paired.length + 1} of ${ev.rounds}`),
        ...(waiting ? [` (after the ${waiting} tables still out)`] : [])),
      ...(ev.online && last && last.tables.some((/** @type {any} */ t) => !t.online) ? [h('p', null,
        h('button', { id: 'retry-tables', type: 'button', onclick: () => run(call('POST', `/api/tournaments/${id}/tables`, {})) },
          'Open the tables that did not open'))] : []),
      ...(ev.online && waiting ? [h('p', null,
        h('button', { id: 'forfeit-tables', type: 'button', onclick: () => run(call('POST', `/api/tournaments/${id}/forfeits`, {})) },
          'Forfeit the tables still waiting for a player'),
        ` (automatic ${ev.online.grace_minutes} minutes after pairing; the absent “Did Not Play”, XII-A)`)] : []),
      ...(last ? [h('div', { id: 'round-tables' }, h('h3', null, `Round ${last.round}`),
        h('p', null, h('a', {
          id: 'print-scoresheets', href: `/api/tournaments/${id}/rounds/${last.round}/scoresheets.pdf`, target: '_blank',
        }, `Print round ${last.round}'s scoresheets (PDF)`), ' · ',
        h('a', { id: 'print-room-pairings', href: `/api/tournaments/${id}/rounds/${last.round}/pairings.pdf`, target: '_blank' },
          'Print the pairings by room (PDF)'), ' · ',
        h('a', { href: `/tournaments/${id}/results` }, 'Enter scoresheets shake by shake')),
        h('p', { id: 'tables-in' }, `${last.tables.length - waiting} of ${last.tables.length} tables in.`),
        .../** @type {any[]} */ (last.tables).map((t) => scoresheet(last.round, t)))] : []),
      ...dayControls(id, ev, run, codes));
  };
  /**
   * One table's result: match points per player (XII-A) and, optionally,
   * their match scores (the shake points of the tie-break).
   * @param {number} round
   * @param {any} t
   */
  const scoresheet = (round, t) => {
    /** @type {string[]} */
    const players = t.players;
    const inputs = players.map((p, i) => h('input', {
      type: 'number', min: '0', max: '6', class: 'mp', 'aria-label': `Match points of ${p}`,
      id: `mp-${t.table}-${i}`, value: t.match_points ? String(t.match_points[i]) : '',
    }));
    const scores = players.map((p, i) => h('input', {
      type: 'number', min: '-200', max: '200', class: 'sc', 'aria-label': `Match score of ${p}`,
      id: `sc-${t.table}-${i}`, value: t.scores ? String(t.scores[i]) : '',
    }));
    const send = () => {
      /** @type {Record<string, number>} */
      const mp = {};
      /** @type {Record<string, number>} */
      const sc = {};
      players.forEach((p, i) => {
        mp[p] = Number(inputs[i].value);
        sc[p] = Number(scores[i].value);
      });
      const withScores = scores.every((x) => x.value !== '');
      return run(call('POST', `/api/tournaments/${id}/results`,
        { round, table: t.table, match_points: mp, ...(withScores ? { scores: sc } : {}) }));
    };
    return h('div', { class: 'scoresheet', dataset: { table: t.table } },
      h('h4', null, `Table ${t.table}${t.room ? ` (${t.room})` : ''}${t.in ? ' ✓' : ''}`),
      h('table', { class: 'result-grid' },
        h('thead', null, h('tr', null, h('th', null, 'Player'), h('th', null, 'Match points (XII-A)'), h('th', null, 'Match score (optional)'))),
        h('tbody', null, ...players.map((p, i) => h('tr', null,
          h('th', { scope: 'row' }, h('label', { for: `mp-${t.table}-${i}` }, p)), h('td', null, inputs[i]), h('td', null, scores[i]))))),
      h('button', { type: 'button', id: `result-${t.table}`, onclick: send },
        t.match_points ? 'Correct' : 'Record'));
  };
  if (!page) {
    root.replaceChildren(h('section', { class: 'panel tournament' },
      h('h1', { id: 'event-title' }, 'Tournament'),
      h('p', null, 'Public page: ', h('a', { href: `/tournaments/${id}` }, `${location.origin}/tournaments/${id}`),
        ' · ', h('a', { href: `/tournaments/${id}/pairings` }, 'pairings')),
      err, standings, pairings, controls,
      h('p', null, h('a', { href: '/', onclick: link(go, '/') }, 'Lobby'))));
    const ev0 = await call('GET', `/api/tournaments/${id}`);
    if (ev0.status === 200) {
      const title = root.querySelector('#event-title');
      if (title) {
        const rules = ev0.body.edition && ev0.body.edition !== '2026-27' ? `, ${ev0.body.edition} rules` : '';
        title.textContent = `${ev0.body.name} (${ev0.body.divisions.join(', ')}${rules})`;
      }
    }
  }
  await refresh();
  const busy = () => root.querySelector('form.sheet, #organizer')?.contains(document.activeElement)
    || document.activeElement?.tagName === 'INPUT';
  const quiet = () => !stopped && !document.hidden && !busy();
  // Live: the server tells of each change (from any instance, docs/scaling.md);
  // polling stays as the fallback.
  const closeLive = liveEvents(`/api/tournaments/${id}/live`, {
    changed: () => {
      if (quiet()) refresh();
    },
  });
  const timer = setInterval(() => {
    if (quiet()) refresh();
  }, 10000);
  return () => {
    stopped = true;
    closeLive();
    clearInterval(timer);
  };
}
