// Accounts (docs/ratings.md): sign up and sign in at `/account`, a player's profile
// (ratings by Division, rated matches with links to their replays) at
// `/players/{name}`. The session is an HttpOnly cookie set by the server.

import { call, savedSeat } from './api.js';
import { h } from './dom.js';

// `call` lives in the one connection layer (api.js); pages import it from
// here as well as from there.
export { call };

/** The signed-in account, or null. @returns {Promise<{id: string, name: string}|null>} */
export async function whoAmI() {
  const r = await call('GET', '/api/account');
  return r.status === 200 && r.body?.signed_in ? r.body : null;
}

/** @param {any} body */
function message(body) {
  return body?.error?.message ?? 'something went wrong';
}

/**
 * `/account`: sign up or sign in; signed in, the player's own profile.
 * @param {HTMLElement} root
 * @param {(path: string) => void} go
 */
export async function showAccount(root, go) {
  document.title = 'On-Sets — your account';
  const me = await whoAmI();
  if (me) {
    await showProfile(root, me.name, go, true);
    return;
  }
  const name = h('input', { id: 'account-name', autocomplete: 'username', maxlength: '24', required: true });
  const password = h('input', {
    id: 'account-password', type: 'password', autocomplete: 'current-password', minlength: '8', required: true,
  });
  const err = h('p', { class: 'notice error', role: 'alert', id: 'account-error', hidden: true });
  /** @param {'/api/accounts'|'/api/login'} url */
  const submit = async (url) => {
    err.hidden = true;
    const r = await call('POST', url, { name: name.value, password: password.value });
    if (r.status === 200 || r.status === 201) {
      go('/account');
    } else {
      err.textContent = message(r.body);
      err.hidden = false;
    }
  };
  root.replaceChildren(
    h('section', { class: 'panel account' },
      h('h1', null, 'Your account'),
      h('p', null, 'Sign in to keep a rating for your online matches and to run tournaments.'),
      h('label', { for: 'account-name' }, 'Name'), name,
      h('label', { for: 'account-password' }, 'Password (at least 8 characters)'), password,
      err,
      h('p', null,
        h('button', { id: 'sign-in', type: 'button', onclick: () => submit('/api/login') }, 'Sign in'),
        ' ',
        h('button', { id: 'sign-up', type: 'button', onclick: () => submit('/api/accounts') }, 'Make an account')),
      h('p', null, h('a', { href: '/', onclick: link(go, '/') }, 'Back to the lobby'))));
}

/**
 * A same-page link's click handler.
 * @param {(path: string) => void} go
 * @param {string} path
 */
export function link(go, path) {
  /** @param {Event} e */
  return (e) => {
    e.preventDefault();
    go(path);
  };
}

/**
 * `/players/{name}`: ratings and rated matches.
 * @param {HTMLElement} root
 * @param {string} name
 * @param {(path: string) => void} go
 * @param {boolean} [own]
 */
export async function showProfile(root, name, go, own = false) {
  document.title = `On-Sets — ${name}`;
  const r = await call('GET', `/api/accounts/${encodeURIComponent(name)}`);
  if (r.status !== 200) {
    root.replaceChildren(h('section', { class: 'panel' }, h('h1', null, 'No such player'),
      h('p', null, h('a', { href: '/', onclick: link(go, '/') }, 'Back to the lobby'))));
    return;
  }
  const p = r.body;
  /** @type {any[]} */
  const ratings = p.ratings;
  /** @type {any[]} */
  const matches = p.matches;
  /** @type {any[]} */
  const events = p.events ?? [];
  const signOut = async () => {
    await call('POST', '/api/logout', {});
    go('/account');
  };
  root.replaceChildren(
    h('section', { class: 'panel profile' },
      h('h1', { id: 'profile-name' }, p.name),
      own ? h('p', null,
        h('a', { href: '/tournaments', onclick: link(go, '/tournaments') }, 'Your tournaments'), ' · ',
        h('a', { href: '/classes', id: 'my-assignments-link', onclick: link(go, '/classes') }, 'My classes and assignments'), ' · ',
        h('button', { id: 'sign-out', type: 'button', onclick: signOut }, 'Sign out')) : null,
      h('h2', null, 'Ratings'),
      ratings.length === 0
        ? h('p', { id: 'no-ratings' }, 'No rated matches yet.')
        : h('table', { class: 'lobby-tables', id: 'ratings' },
          h('thead', null, h('tr', null, h('th', null, 'Division'), h('th', null, 'Rating'),
            h('th', null, 'Deviation'), h('th', null, 'Games'))),
          h('tbody', null, ...ratings.map((x) => h('tr', null,
            h('td', null, x.division), h('td', null, `${x.rating}${x.provisional ? ' (provisional)' : ''}`),
            h('td', null, `±${x.deviation}`), h('td', null, x.games))))),
      h('h2', null, 'Rated matches'),
      matches.length === 0
        ? h('p', null, 'None yet.')
        : h('table', { class: 'lobby-tables', id: 'matches' },
          h('thead', null, h('tr', null, h('th', null, 'Division'), h('th', null, 'Match points'),
            h('th', null, 'Rating after'), h('th', null, 'Replay'), h('th', null, 'Review'), h('th', null, 'Log'))),
          h('tbody', null, ...matches.map((m) => h('tr', null,
            h('td', null, m.division), h('td', null, m.match_points),
            h('td', null, `${m.rating_after} ±${m.deviation_after}`),
            h('td', null, h('a', { href: m.replay }, 'replay')),
            h('td', null, h('a', { href: m.review, class: 'review-link' }, 'review')),
            h('td', null, h('a', { href: m.log }, 'log')))))),
      h('h2', null, 'Puzzles'),
      p.puzzles
        ? h('p', { id: 'puzzle-record' },
          `Rating ${p.puzzles.rating} ±${p.puzzles.deviation}; ${p.puzzles.solved} solved of ${p.puzzles.attempts} tried; `
          + `best streak ${p.puzzles.best_streak}.`)
        : h('p', { id: 'puzzle-record' }, 'No puzzles solved signed in yet. ',
          h('a', { href: '/puzzles', onclick: link(go, '/puzzles') }, 'Puzzles')),
      h('h2', null, own ? 'My events' : 'Events'),
      events.length === 0
        ? h('p', { id: 'no-events' }, 'None yet.')
        : h('table', { class: 'lobby-tables', id: 'events' },
          h('thead', null, h('tr', null, h('th', null, 'Event'), h('th', null, 'Division'),
            h('th', null, 'Role'), h('th', null, 'Round'), h('th', null, 'Place'))),
          h('tbody', null, ...events.map((e) => h('tr', null,
            h('td', null, h('a', { href: e.link, onclick: link(go, e.link) }, e.name)),
            h('td', null, e.division), h('td', null, e.role),
            h('td', null, `${e.round} of ${e.rounds}`), h('td', null, e.place ?? ''))))),
      h('p', null, h('a', { href: '/', onclick: link(go, '/') }, 'Back to the lobby'))));
}

/**
 * On a table's page: once this browser holds a seat there (its token saved
 * when joining) and someone is signed in, claims the seat for the account so
 * that the match is rated (docs/ratings.md). Checks every 5 s until done;
 * returns a function that stops checking.
 * @param {string} table
 * @returns {() => void}
 */
export function claimSeatWhenSeated(table) {
  let done = false;
  const attempt = async () => {
    if (done) return;
    const seat = savedSeat(table);
    if (!seat) return;
    done = true;
    if (!(await whoAmI())) return;
    await call('POST', `/api/tables/${encodeURIComponent(table)}/claim`, { seat: seat.seat, token: seat.token });
  };
  const timer = setInterval(attempt, 5000);
  attempt();
  return () => {
    done = true;
    clearInterval(timer);
  };
}
