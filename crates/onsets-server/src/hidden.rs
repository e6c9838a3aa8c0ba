//! What of a table leaves the server (docs/security/hidden.md): the
//! server only calls the engine's one filter (`onsets_engine::public_log`,
//! `Game::public_log`, `Match::view_for`); the random salt of each match's
//! seed commitment is `crate::tables::fresh_salt`.

use crate::lobby::Lobby;
use crate::pool::{self, Lane};

/// Whether a stored status means no more play: everything may be shown.
pub(crate) fn closed(status: &str) -> bool {
    status == "over" || status == "abandoned"
}

/// The log of a 2026-27 (or 2019-20) table as anyone may read it: while the
/// match is played, without the seed and without the Solutions and groupings
/// the view filter hides from a spectator (replayed on the judging pool);
/// once it is over or abandoned, the stored log; a 1969 table's game log as
/// `Game::public_log` gives it. `Ok(None)`: no such table, or its match
/// never started.
pub(crate) async fn public_log(lobby: &Lobby, id: &str) -> anyhow::Result<Option<String>> {
    let Some((log, status)) = lobby.store.log_and_status(id).await? else {
        // A 1969 table of the one host: its game's public log.
        return Ok(crate::table1969::log_of(lobby, id).await);
    };
    if closed(&status) {
        return Ok(Some(log));
    }
    match pool::judge()
        .run(Lane::Yielding, move || {
            onsets_engine::public_log(&log, None, false)
        })
        .await
    {
        Some(Ok(public)) => Ok(Some(public)),
        Some(Err(e)) => Err(anyhow::anyhow!("the stored log does not replay: {e}")),
        None => Err(anyhow::anyhow!("the judging pool is busy")),
    }
}
