// Tournaments (docs/tournaments.md): an organizer's page at `/tournaments` (make an
// event) and an event's page at `/tournaments/{id}`: public standings that
// follow the results as they come (the server's `/api/tournaments/{id}/live`
// event stream, from any instance; polling every 10 s as a fallback), and for
// its organizer the entries, withdrawals, pairing, the scoresheets (XII-A
// match points per table) and the printable PDFs.

import { call, link, whoAmI } from './accounts.js';
import { h } from './dom.js';

/** @param {any} body */
function message(body) {
  return body?.error?.message ?? 'something went wrong';
}

/**
 * `/tournaments`: make an event (signed in).
 * @param {HTMLElement} root
 * @param {(path: string) => void} go
 */
export async function showOrganizer(root, go) {
  document.title = 'On-Sets — tournaments';
  const me = await whoAmI();
  if (!me) {
    root.replaceChildren(h('section', { class: 'panel' }, h('h1', null, 'Tournaments'),
      h('p', null, 'Sign in to run a tournament: ',
        h('a', { href: '/account', onclick: link(go, '/account') }, 'your account'), '.')));
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
  const pace = h('select', { id: 'event-bot-pace' },
    h('option', { value: '100' }, 'as long as they would'), h('option', { value: '25' }, 'quickly'),
    h('option', { value: '0' }, 'at once (practice)'));
  const err = h('p', { class: 'notice error', role: 'alert', id: 'event-error', hidden: true });
  const make = async () => {
    /** @type {Record<string, unknown>} */
    const body = {
      name: name.value, division: division.value, rounds: Number(rounds.value), first_round: first.value,
      edition: edition.value,
    };
    if (online.checked) {
      Object.assign(body, {
        online: true, round_minutes: Number(minutes.value), adventurous: style.value === 'adventurous',
        checking: checking.value, bot_pace: Number(pace.value),
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
    h('label', { for: 'event-edition' }, 'Rules'), edition,
    h('label', { for: 'event-rounds' }, 'Rounds'), rounds,
    h('label', { for: 'event-first' }, 'First round'), first,
    h('fieldset', null, h('legend', null, 'Online play'),
      h('label', null, online, ' Play every table online (players join their table\'s link; bots fill bot entries; results come in by themselves)'),
      h('label', { for: 'event-minutes' }, 'Round minutes (XI-B)'), minutes,
      h('label', { for: 'event-style' }, 'Game'), style,
      h('label', { for: 'event-checking' }, 'Solutions checked'), checking,
      h('label', { for: 'event-bot-pace' }, 'Bots think'), pace),
    err,
    h('p', null, h('button', { id: 'make-event', type: 'button', onclick: make }, 'Make the tournament')),
    h('p', null, h('a', { href: '/account', onclick: link(go, '/account') }, 'Your account'))));
}

/**
 * The standings after a round (XII), with the team standings when there are teams.
 * @param {string} id the tournament
 * @param {any} s the standings
 * @returns {Node[]}
 */
function standingsView(id, s) {
  /** @type {any[]} */
  const rows = s.standings;
  /** @type {any[]} */
  const teams = s.teams;
  return [
    h('h2', null, `Standings after round ${s.round} of ${s.rounds}`),
    h('p', null, h('a', { id: 'print-standings', href: `/api/tournaments/${id}/standings.pdf`, target: '_blank' },
      'Print the standings (PDF)')),
    h('table', { class: 'lobby-tables', id: 'standings-table' },
      h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, 'Player'), h('th', null, 'Team'),
        h('th', null, 'Match points'), h('th', null, 'Shake points'), h('th', null, 'Head-to-head'),
        h('th', null, 'Opponents'))),
      h('tbody', null, ...rows.map((r) => h('tr', null,
        h('td', null, r.place), h('td', null, r.withdrawn ? `${r.name} (withdrawn)` : r.name), h('td', null, r.team ?? ''),
        h('td', null, r.match_points), h('td', null, r.shake_points), h('td', null, r.head_to_head),
        h('td', null, r.opponents_match_points))))),
    ...(teams.length === 0 ? [] : [h('table', { class: 'lobby-tables', id: 'team-standings' },
      h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, 'Team'), h('th', null, 'Match points'))),
      h('tbody', null, ...teams.map((t) => h('tr', null,
        h('td', null, t.place), h('td', null, t.team), h('td', null, t.match_points)))))])];
}

/**
 * The last round's tables, with each online table's link.
 * @param {any} ev the tournament
 * @returns {Node[]}
 */
function pairingsView(ev) {
  /** @type {any[]} */
  const paired = ev.paired;
  const last = paired[paired.length - 1];
  if (!last) {
    return [];
  }
  return [h('h2', null, `Round ${last.round} pairings`),
    h('ul', { class: 'pairings' }, .../** @type {any[]} */ (last.tables).map((t) => h('li', { dataset: { table: t.table } },
      `Table ${t.table}: ${t.players.join(', ')}`,
      t.match_points ? ` — ${t.match_points.join(' / ')} match points` : '',
      ...(t.link ? [' ', h('a', { href: t.link, class: 'table-link' }, t.match_points ? 'replay' : 'play or watch')] : []))),
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
 * `/tournaments/{id}`: standings for everyone, controls for the organizer.
 * Returns a function that stops the polling.
 * @param {HTMLElement} root
 * @param {string} id
 * @param {(path: string) => void} go
 * @returns {Promise<() => void>}
 */
export async function showEvent(root, id, go) {
  const me = await whoAmI();
  const err = h('p', { class: 'notice error', role: 'alert', id: 'event-error', hidden: true });
  const standings = h('div', { id: 'standings' });
  const pairings = h('div', { id: 'pairings' });
  const controls = h('div', { id: 'organizer' });
  let stopped = false;
  /** @param {any} r */
  const fail = (r) => {
    err.textContent = message(r.body);
    err.hidden = false;
  };
  const refresh = async () => {
    const [ev, st] = await Promise.all([
      call('GET', `/api/tournaments/${id}`), call('GET', `/api/tournaments/${id}/standings`)]);
    if (ev.status !== 200 || st.status !== 200) {
      root.replaceChildren(h('section', { class: 'panel' }, h('h1', null, 'No such tournament')));
      return;
    }
    document.title = `On-Sets — ${ev.body.name}`;
    renderStandings(st.body);
    renderPairings(ev.body);
    if (me && ev.body.organizer === me.name) renderControls(ev.body);
    else if (me) renderJoin(ev.body);
  };
  /** @param {any} st */
  const renderStandings = (st) => standings.replaceChildren(...standingsView(id, st));
  /** @param {any} ev */
  const renderPairings = (ev) => pairings.replaceChildren(...pairingsView(ev));
  /** @param {any} ev */
  const renderJoin = (ev) => controls.replaceChildren(joinView(me, ev, async () => {
    const r = await call('POST', `/api/tournaments/${id}/join`, {});
    if (r.status === 201) await refresh();
    else fail(r);
  }));
  /** @param {any} ev */
  const renderControls = (ev) => {
    const entry = h('input', { id: 'entry-name', maxlength: '24', 'aria-label': 'Player' });
    const team = h('input', { id: 'entry-team', maxlength: '24', 'aria-label': 'Team (optional)' });
    const bot = h('select', { id: 'entry-bot', 'aria-label': 'Played by' },
      h('option', { value: '' }, 'a person'),
      ...['beginner', 'club', 'strong', 'expert'].map((l) => h('option', { value: l }, `a ${l} bot`)));
    const add = async () => {
      /** @type {Record<string, string>} */
      const body = { name: entry.value };
      if (team.value) body.team = team.value;
      if (bot.value) body.bot = bot.value;
      const r = await call('POST', `/api/tournaments/${id}/entries`, body);
      if (r.status === 201) await refresh();
      else fail(r);
    };
    const pair = async () => {
      const r = await call('POST', `/api/tournaments/${id}/rounds`, {});
      if (r.status === 201) await refresh();
      else fail(r);
    };
    /** @type {any[]} */
    const entries = ev.entries;
    const still = entries.filter((e) => !e.withdrawn);
    const leaving = h('select', { id: 'withdraw-name', 'aria-label': 'Entry to withdraw' },
      ...still.map((e) => h('option', { value: e.name }, e.name)));
    const withdraw = async () => {
      const r = await call('POST', `/api/tournaments/${id}/withdrawals`, { name: leaving.value });
      if (r.status === 200) await refresh();
      else fail(r);
    };
    /** @type {any[]} */
    const paired = ev.paired;
    const last = paired[paired.length - 1];
    controls.replaceChildren(
      h('h2', null, 'Organizer'),
      h('p', null, `${ev.entries.length} entries. `, entry, ' ', team, ...(ev.online ? [' ', bot] : []), ' ',
        h('button', { id: 'add-entry', type: 'button', onclick: add }, 'Enter')),
      ...(still.length === 0 ? [] : [h('p', null, leaving, ' ',
        h('button', { id: 'withdraw-entry', type: 'button', onclick: withdraw }, 'Withdraw'),
        ' (not paired again; kept in the standings)')]),
      h('p', null, h('button', { id: 'pair-round', type: 'button', onclick: pair },
        `Pair round ${paired.length + 1}`)),
      ...(last ? [h('div', { id: 'round-tables' }, h('h3', null, `Round ${last.round}`),
        h('p', null, h('a', {
          id: 'print-scoresheets', href: `/api/tournaments/${id}/rounds/${last.round}/scoresheets.pdf`, target: '_blank',
        }, `Print round ${last.round}'s scoresheets (PDF)`)),
        .../** @type {any[]} */ (last.tables).map((t) => scoresheet(last.round, t)))] : []));
  };
  /**
   * One table's scoresheet: match points per player (XII-A).
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
    const send = async () => {
      /** @type {Record<string, number>} */
      const mp = {};
      players.forEach((p, i) => { mp[p] = Number(inputs[i].value); });
      const r = await call('POST', `/api/tournaments/${id}/results`, { round, table: t.table, match_points: mp });
      if (r.status === 200) await refresh();
      else fail(r);
    };
    return h('p', { class: 'scoresheet', dataset: { table: t.table } },
      `Table ${t.table}: `, ...players.flatMap((p, i) => [`${p} `, inputs[i], ' ']),
      h('button', { type: 'button', id: `result-${t.table}`, onclick: send },
        t.match_points ? 'Correct' : 'Record'));
  };
  root.replaceChildren(h('section', { class: 'panel tournament' },
    h('h1', { id: 'event-title' }, 'Tournament'),
    h('p', null, 'Public page: ', h('a', { href: `/tournaments/${id}` }, `${location.origin}/tournaments/${id}`)),
    err, standings, pairings, controls,
    h('p', null, h('a', { href: '/', onclick: link(go, '/') }, 'Lobby'))));
  const ev0 = await call('GET', `/api/tournaments/${id}`);
  if (ev0.status === 200) {
    const title = root.querySelector('#event-title');
    if (title) {
      const rules = ev0.body.edition && ev0.body.edition !== '2026-27' ? `, ${ev0.body.edition} rules` : '';
      title.textContent = `${ev0.body.name} (${ev0.body.division}${rules})`;
    }
  }
  await refresh();
  const quiet = () => !stopped && !document.hidden && !controls.contains(document.activeElement);
  // Live: the server tells of each change (from any instance, docs/scaling.md);
  // polling stays as the fallback.
  const live = new EventSource(`/api/tournaments/${id}/live`);
  live.addEventListener('changed', () => {
    if (quiet()) refresh();
  });
  const timer = setInterval(() => {
    if (quiet()) refresh();
  }, 10000);
  return () => {
    stopped = true;
    live.close();
    clearInterval(timer);
  };
}
