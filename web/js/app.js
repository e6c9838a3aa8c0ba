// The client's entry point: the lobby at `/`, a table at `/t/{id}` (`?watch` to spectate),
// its review at `/t/{id}/review`, a 1969 table at `/t69/{id}` and its review at
// `/t69/{id}/review`, the judge's assistant at `/judge`, the lessons at
// `/lessons` and `/lessons/{id}`.

import { showLobby } from './lobby.js';
import { showPuzzles } from './puzzles.js';
import { showPractice } from './practice.js';
import { showRace } from './race.js';
import { showDrills } from './drills.js';
import { showManual } from './manual.js';
import { showLesson, showLessons } from './lessons.js';
import { TableView } from './table.js';
import { ReviewView } from './review.js';
import { showJudge } from './judge.js';
import { showRules } from './rules.js';
import { claimSeatWhenSeated, showAccount, showProfile } from './accounts.js';
import { showEvent, showOrganizer } from './tournament.js';
import { show1969 } from './claims1969.js';
import { showClasses } from './classes.js';
import { showReview1969 } from './review.js';

const root = /** @type {HTMLElement} */ (document.getElementById('app'));
/** @type {{destroy: () => void}|null} */
let current = null;

/** @param {string} path */
function go(path) {
  history.pushState(null, '', path);
  route();
}

function route() {
  current?.destroy();
  current = null;
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  const review = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/review\/?$/);
  const t69 = location.pathname.match(/^\/t69\/([A-Za-z0-9_-]+)\/?$/);
  const review69 = location.pathname.match(/^\/t69\/([A-Za-z0-9_-]+)\/review\/?$/);
  const practice = location.pathname.match(/^\/(storm|streak|practice|t\/[A-Za-z0-9_-]+\/mistakes)\/?$/);
  const race = location.pathname.match(/^\/race(?:\/([A-Za-z0-9_-]+))?\/?$/);
  if (/^\/rules\/?$/.test(location.pathname)) {
    showRules(root);
  } else if (race) {
    current = showRace(root, race[1] ?? null, go);
  } else if (/^\/practice\/drills\/?$/.test(location.pathname)) {
    current = showDrills(root, go);
  } else if (review69) {
    current = showReview1969(root, review69[1]);
  } else if (practice) {
    current = showPractice(root, practice[1], go);
  } else if (/^\/classes(\/|$)/.test(location.pathname)) {
    current = showClasses(root, location.pathname, go);
  } else if (t69) {
    current = show1969(root, t69[1]);
  } else if (review) {
    current = new ReviewView(root, review[1]);
  } else if (/^\/judge\/?$/.test(location.pathname)) {
    showJudge(root);
  } else if (m) {
    const watch = new URLSearchParams(location.search).has('watch');
    const view = new TableView(root, m[1], watch, go);
    // A signed-in player's seat is claimed for ratings (docs/ratings.md).
    const stopClaim = watch ? () => {} : claimSeatWhenSeated(m[1]);
    current = {
      destroy: () => {
        stopClaim();
        view.destroy();
      },
    };
  } else if (/^\/manual\/?$/.test(location.pathname)) {
    showManual(root, go);
  } else if (/^\/puzzles\/?$/.test(location.pathname)) {
    showPuzzles(root, go);
  } else if (/^\/lessons\/?$/.test(location.pathname)) {
    showLessons(root, go);
  } else if (/^\/lessons\/[a-z0-9-]+\/?$/.test(location.pathname)) {
    showLesson(root, location.pathname.split('/')[2], go);
  } else if (location.pathname === '/account') {
    showAccount(root, go);
  } else if (location.pathname.startsWith('/players/')) {
    showProfile(root, decodeURIComponent(location.pathname.slice('/players/'.length)), go);
  } else if (location.pathname === '/tournaments') {
    showOrganizer(root, go);
  } else if (location.pathname.startsWith('/tournaments/')) {
    /** @type {{destroy: () => void}} */
    const poll = { destroy: () => {} };
    current = poll;
    showEvent(root, location.pathname.slice('/tournaments/'.length), go).then((stop) => {
      poll.destroy = stop;
    });
  } else {
    current = showLobby(root, go);
  }
}

window.addEventListener('popstate', route);
route();
