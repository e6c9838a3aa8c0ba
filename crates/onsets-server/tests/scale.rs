//! Several instances on one PostgreSQL (docs/scaling.md): what a client
//! sees is the same whichever instance answers.
//!
//! * The lobby list (`GET /api/tables`) of every instance lists every live
//!   table, whichever instance holds it ("The lobby list").
//! * A `join` whose reply was lost is joined again with its `key` through
//!   the other instance: the same seat and the same token
//!   (docs/protocol.md, "Joining again with a key").
//! * A 1969 seat claim is fenced by the table's lease: a stale holder's
//!   claim writes nothing ("Leases").
//! * A starting instance leaves alone the 1969 tables another live
//!   instance holds ("Leases", "Adoption").
//!
//! Runs when `ONSETS_TEST_POSTGRES_URL` is set (`.ci/run` starts
//! PostgreSQL); otherwise each test says why it is skipped.

mod common;
use common::*;
use onsets_server::lease::{Leases, WriteError};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

/// A fresh PostgreSQL database, or why the test cannot run.
async fn fresh_database() -> Result<String, String> {
    std::env::var("ONSETS_TEST_POSTGRES_URL")
        .map_err(|_| "ONSETS_TEST_POSTGRES_URL is not set (.ci/postgres.sh starts one)")?;
    databases()
        .await
        .into_iter()
        .find(|d| d.starts_with("postgres"))
        .ok_or_else(|| "no PostgreSQL database".into())
}

fn skip(test: &str, why: &str) {
    println!("{test}: skipped: {why}");
}

/// The entries of `GET /api/tables{query}` on `server`, by id.
async fn listed(server: SocketAddr, query: &str) -> Vec<Value> {
    let (status, body) = http(server, "GET", &format!("/api/tables{query}"), None).await;
    assert_eq!(status, 200, "{body}");
    body["tables"].as_array().cloned().unwrap_or_default()
}

fn entry<'a>(list: &'a [Value], id: &str) -> Option<&'a Value> {
    list.iter().find(|t| t["id"] == id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_instance_lists_every_live_table() {
    let db = match fresh_database().await {
        Ok(db) => db,
        Err(why) => return skip("every_instance_lists_every_live_table", &why),
    };
    let a = Server::start(&db);
    let b = Server::start(&db);
    let made = a
        .create_table(
            json!({"division":"junior","seats":[{"kind":"human"},{"kind":"human"}],"seed":3}),
        )
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let m69 = a
        .create_table(
            json!({"edition":"1969","seats":[{"kind":"human"},{"kind":"human"}],"seed":4}),
        )
        .await;
    let id69 = m69["id"].as_str().unwrap().to_string();
    let on_b = b
        .create_table(
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}],"seed":5}),
        )
        .await;
    let id_b = on_b["id"].as_str().unwrap().to_string();
    // At once, from either instance: the same tables.
    for server in [a.addr, b.addr] {
        let list = listed(server, "").await;
        for want in [&id, &id69, &id_b] {
            assert!(
                entry(&list, want).is_some(),
                "{want} listed by {server}: {list:?}"
            );
        }
        let t = entry(&list, &id).unwrap();
        assert_eq!(t["division"], "junior");
        assert_eq!(t["status"], "waiting");
        assert_eq!(t["edition"], "2026-27");
        assert_eq!(entry(&list, &id69).unwrap()["edition"], "1969");
        // Filters and totals apply to the whole list.
        let juniors = listed(server, "?division=junior").await;
        assert!(entry(&juniors, &id).is_some() && entry(&juniors, &id_b).is_none());
    }
    // A seat taken on A is listed by B within a lease renewal.
    let mut ann = Client::connect(a.addr).await;
    ann.join(&id, "Ann").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let list = listed(b.addr, "").await;
        if entry(&list, &id).unwrap()["seats"][0]["taken"] == true {
            assert_eq!(entry(&list, &id).unwrap()["seats"][0]["name"], "Ann");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "B lists Ann's seat: {list:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    a.stop();
    b.stop();
}

/// Sends `join` with `key` and reads its answer (`joined` or `error`).
async fn join_keyed(c: &mut Client, table: &str, name: &str, seat: u64, key: &str) -> Value {
    c.send(json!({"v":1,"type":"join","table":table,"name":name,"seat":seat,"key":key}))
        .await;
    c.until("joined", |v| v["type"] == "joined" || v["type"] == "error")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_whose_reply_was_lost_is_joined_again_with_its_key() {
    let db = match fresh_database().await {
        Ok(db) => db,
        Err(why) => return skip("a_join_whose_reply_was_lost…", &why),
    };
    let a = Server::start(&db);
    let b = Server::start(&db);
    let made = a
        .create_table(
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}],"seed":9}),
        )
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let key = "k3y-0f-the-draft-7c1e9a";
    // Someone watches the table on A: the seat's being taken is seen there.
    let mut watcher = Client::connect(a.addr).await;
    watcher
        .send(json!({"v":1,"type":"spectate","table":id}))
        .await;
    watcher.until("state", |v| v["type"] == "state").await;
    // The join is sent and the connection closed before its reply is read.
    let mut lost = Client::connect(a.addr).await;
    lost.send(json!({"v":1,"type":"join","table":id,"name":"Ann","seat":0,"key":key}))
        .await;
    let _ = lost.ws.close(None).await;
    drop(lost);
    watcher
        .until("seat 0 taken", |v| v["table"]["seats"][0]["taken"] == true)
        .await;
    // Again with the key, through the other instance (it takes the table
    // over): the same seat, and a token that plays it.
    let mut again = Client::connect(b.addr).await;
    let j = join_keyed(&mut again, &id, "Ann", 0, key).await;
    assert_eq!(j["type"], "joined", "{j}");
    assert_eq!(j["seat"], 0);
    assert_eq!(j["name"], "Ann");
    let token = j["token"].as_str().unwrap().to_string();
    again.until("state", |v| v["type"] == "state").await;
    // The seat was found by the key: the first join (on A) wrote the token
    // the key gives. Once more (B now holds the table): the same token.
    let mut third = Client::connect(b.addr).await;
    let j3 = join_keyed(&mut third, &id, "Ann", 0, key).await;
    assert_eq!(j3["type"], "joined", "{j3}");
    assert_eq!(j3["token"], token.as_str(), "the same token");
    // Another key is another client: the seat is taken.
    let mut other = Client::connect(b.addr).await;
    let j4 = join_keyed(&mut other, &id, "Bo", 0, "another-client-key-123").await;
    assert_eq!(j4["type"], "error", "{j4}");
    assert_eq!(j4["code"], "seat-taken", "{j4}");
    // A key that would be guessed is refused, naming the field.
    let short = join_keyed(&mut other, &id, "Bo", 1, "short").await;
    assert_eq!(short["code"], "bad-field", "{short}");
    assert_eq!(short["field"], "key", "{short}");
    // The match starts and the key's token acts for seat 0.
    let mut bo = Client::connect(b.addr).await;
    let jb = join_keyed(&mut bo, &id, "Bo", 1, "bo-s-own-key-0123456").await;
    assert_eq!(jb["type"], "joined", "{jb}");
    bo.token = jb["token"].as_str().map(str::to_string);
    again.token = Some(token);
    for c in [&mut again, &mut bo] {
        c.until("the match started", |v| !v["match"].is_null())
            .await;
    }
    let me = if again.scripted_act().is_some() {
        &mut again
    } else {
        &mut bo
    };
    let act = me.scripted_act().expect("someone acts first");
    let r = me.act(act).await;
    assert_eq!(r["type"], "accepted", "{r}");
    a.stop();
    b.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_holder_cannot_claim_a_1969_seat() {
    let db = match fresh_database().await {
        Ok(db) => db,
        Err(why) => return skip("a_stale_holder_cannot_claim…", &why),
    };
    let store = onsets_server::Store::open(&db).await.unwrap();
    let id = "claim69abc";
    onsets_server::store::tables1969::save(&store, id, "[\"open\"]", "log0")
        .await
        .unwrap();
    // Two instances' leases: A holds the table, then B takes it over.
    let (on_a, on_b) = (Leases::new(&store), Leases::new(&store));
    let a = on_a.take(&store, id, false).await.unwrap().unwrap();
    let b = on_b.take(&store, id, false).await.unwrap().unwrap();
    assert!(b.epoch() > a.epoch());
    // A's claim of the open seat is refused and writes nothing.
    let refused = a.claim1969("[\"open\"]", "[\"a-seat\"]", "log-a").await;
    assert!(matches!(refused, Err(WriteError::Lost)), "{refused:?}");
    let stored = onsets_server::store::tables1969::load(&store, id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored, ("[\"open\"]".to_string(), "log0".to_string()));
    // B, the holder, claims it; a second claim from the old seats is busy.
    assert!(b
        .claim1969("[\"open\"]", "[\"b-seat\"]", "log-b")
        .await
        .unwrap());
    assert!(!b
        .claim1969("[\"open\"]", "[\"c-seat\"]", "log-c")
        .await
        .unwrap());
    let stored = onsets_server::store::tables1969::load(&store, id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored, ("[\"b-seat\"]".to_string(), "log-b".to_string()));
}

/// Table `id`'s lease: (holder, epoch).
async fn lease_of(db: &str, id: &str) -> (String, i64) {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(db).await.unwrap();
    sqlx::query_as("SELECT holder, epoch FROM table_leases WHERE table_id = $1")
        .bind(id)
        .fetch_one(&mut c)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_starting_instance_leaves_the_1969_tables_another_holds() {
    let db = match fresh_database().await {
        Ok(db) => db,
        Err(why) => return skip("a_starting_instance_leaves…", &why),
    };
    let a = Server::start(&db);
    let t = a
        .create_table(
            json!({"edition":"1969","seats":[{"kind":"human"},{"kind":"human"}],"seed":5}),
        )
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut p0 = Client::connect(a.addr).await;
    p0.join(&id, "Ann").await;
    let mut p1 = Client::connect(a.addr).await;
    p1.join(&id, "Bo").await;
    let before = lease_of(&db, &id).await;
    // B starts (it restores the recent 1969 tables nobody holds).
    let b = Server::start(&db);
    assert_eq!(lease_of(&db, &id).await, before, "A still holds the table");
    // A plays on: its players' acts are accepted, their connections open.
    for c in [&mut p0, &mut p1] {
        c.send(json!({"v":1,"type":"resync"})).await;
        c.until("state", |v| v["type"] == "state").await;
    }
    let (me, seat) = if person1969(&p0.view, 0).is_some() {
        (&mut p0, 0)
    } else {
        (&mut p1, 1)
    };
    let act = person1969(&me.view, seat).expect("someone acts");
    let r = me.act(act.clone()).await;
    assert_eq!(r["type"], "accepted", "{act}: {r}");
    assert_eq!(lease_of(&db, &id).await, before, "no move");
    a.stop();
    b.stop();
}
