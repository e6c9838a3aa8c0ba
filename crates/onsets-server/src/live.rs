//! Live tournament pages across instances (docs/scaling.md): when an event
//! changes (an entry, a pairing, a result), every instance's watchers of
//! that event hear of it ([`crate::store::news`]), so a public page on one
//! instance follows a result recorded on another. The route
//! (`GET /api/tournaments/{id}/live`, an event stream) is described in
//! docs/protocol.md, "Live tournament pages".

use crate::api::{storage, too_many, Client, Services};
use crate::store::news::EVERY;
use axum::extract::{Path, State};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast;

/// Kept for the table modules, which listen and notify through these
/// (their home is [`crate::store::news`]).
pub use crate::store::news::{
    listen_to, notify, Heard, News, CHANNEL, RELISTEN_TIMEOUT, RELISTEN_WAIT,
};

/// `GET /api/tournaments/{id}/live`: an event stream of the event's changes.
pub(crate) async fn live(
    State(app): State<Services>,
    Client(client): Client,
    Path(id): Path<String>,
) -> Response {
    if let Err(l) = app.limits.connect(client) {
        return too_many(&app, l);
    }
    // Subscribed before the check, so no change after it is missed.
    let rx = app.news.subscribe();
    match crate::store::tournaments::exists(&app.store, &id).await {
        Ok(true) => {}
        Ok(false) => return crate::tournaments::no_such(&id),
        Err(e) => return storage(e),
    }
    let stream = futures_util::stream::unfold((rx, id), |(mut rx, id)| async move {
        loop {
            match rx.recv().await {
                Ok(changed) if changed == id || changed == EVERY => {
                    let e = SseEvent::default().event("changed").data(&id);
                    return Some((Ok::<_, Infallible>(e), (rx, id)));
                }
                Ok(_) => {}
                // Missed some: tell the page to re-read anyway.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let e = SseEvent::default().event("changed").data(&id);
                    return Some((Ok(e), (rx, id)));
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}
