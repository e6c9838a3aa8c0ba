//! Managed accounts (docs/classes.md, "Managed accounts"): a generated
//! username (an adjective, an animal and two digits: `brave-otter-27`,
//! nothing of the child's name) and a generated password (two words and
//! four digits, about 2^24 choices: enough behind the sign-in lock-out of
//! docs/security.md, and easy for a ten-year-old to type from a card).

use super::stored;
use crate::api::{bad, storage, Services};
use crate::store;
use axum::response::Response;
use serde_json::{json, Value};

const ADJECTIVES: &[&str] = &[
    "brave", "bright", "calm", "clever", "cosy", "daring", "eager", "fair", "fast", "gentle",
    "glad", "grand", "happy", "jolly", "keen", "kind", "lively", "lucky", "merry", "mighty",
    "neat", "nimble", "noble", "proud", "quick", "quiet", "rapid", "sharp", "shiny", "smart",
    "sunny", "swift",
];

const ANIMALS: &[&str] = &[
    "badger", "bear", "beaver", "bison", "camel", "crane", "deer", "dolphin", "eagle", "falcon",
    "ferret", "fox", "gecko", "heron", "ibis", "koala", "lemur", "lion", "lynx", "moose", "otter",
    "owl", "panda", "parrot", "puffin", "rabbit", "robin", "seal", "swan", "tiger", "turtle",
    "whale",
];

const WORDS: &[&str] = &[
    "apple", "river", "cloud", "maple", "pebble", "rocket", "window", "garden", "lemon", "pencil",
    "island", "castle", "forest", "candle", "button", "comet", "meadow", "harbor", "ladder",
    "mitten", "planet", "violin", "tulip", "marble", "kettle", "lantern", "anchor", "biscuit",
    "canyon", "dragon", "feather", "glacier", "hammock", "igloo", "jigsaw", "kayak", "lagoon",
    "magnet", "nectar", "orchard", "paddle", "quartz", "rainbow", "saddle", "teapot", "umbrella",
    "velvet", "walnut", "yogurt", "zipper", "acorn", "bamboo", "cactus", "donut", "engine",
    "fiddle", "gravel", "helmet", "jacket", "kitten", "llama", "muffin", "noodle", "oyster",
];

/// A random number below `n` (from a v4 UUID's random bits).
fn below(n: usize) -> usize {
    (uuid::Uuid::new_v4().as_u128() % n as u128) as usize
}

/// A generated username, like `brave-otter-27`.
pub fn username() -> String {
    format!(
        "{}-{}-{:02}",
        ADJECTIVES[below(ADJECTIVES.len())],
        ANIMALS[below(ANIMALS.len())],
        below(100)
    )
}

/// A generated password, like `maple-rocket-4821`.
pub fn password() -> String {
    format!(
        "{}-{}-{:04}",
        WORDS[below(WORDS.len())],
        WORDS[below(WORDS.len())],
        below(10_000)
    )
}

/// The names of a list, each normalised (`crate::text::normalize_name`,
/// at most 40 characters): empty lines are skipped; a bad one is refused
/// naming its place (`names[3]`).
pub(crate) fn read_names(raw: &[String]) -> Result<Vec<String>, Response> {
    let mut out = Vec::new();
    for (i, n) in raw.iter().enumerate() {
        if n.trim().is_empty() {
            continue;
        }
        let name: String = n.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.chars().count() > 40 || name.chars().any(char::is_control) {
            return Err(bad(
                &format!("names[{i}]"),
                "a student's name is 1 to 40 printable characters",
            ));
        }
        out.push(name);
    }
    if out.is_empty() {
        return Err(bad("names", "give at least one name"));
    }
    if out.len() > super::MAX_NAMES {
        return Err(bad(
            "names",
            format!("at most {} names at once", super::MAX_NAMES),
        ));
    }
    Ok(out)
}

/// Makes one managed account for `name` in `class`: `{"username",
/// "password", "name"}`.
pub(crate) async fn make_managed(
    app: &Services,
    class: &str,
    name: &str,
) -> Result<Value, Response> {
    let password = password();
    let hash = crate::accounts::hash_password(password.clone())
        .await
        .map_err(storage)?;
    for _ in 0..50 {
        let username = username();
        let id = uuid::Uuid::new_v4().simple().to_string();
        let new = store::accounts::NewAccount {
            id: &id,
            name: &username,
            name_key: &username,
            password_hash: &hash,
        };
        if !store::accounts::insert(&app.store, &new)
            .await
            .map_err(storage)?
        {
            continue; // the username is taken: another one
        }
        stored::mark_managed(&app.store, &id, class)
            .await
            .map_err(storage)?;
        let row = stored::StudentRow {
            account: id,
            username: username.clone(),
            name: name.to_string(),
            managed: true,
            status: "active".into(),
        };
        stored::add_student(&app.store, class, &row)
            .await
            .map_err(storage)?;
        return Ok(json!({ "username": username, "password": password, "name": name }));
    }
    Err(storage(anyhow::anyhow!("no free username after 50 tries")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_names_are_valid_account_names_and_passwords_long_enough() {
        for _ in 0..200 {
            let u = username();
            assert_eq!(crate::text::normalize_name(&u).as_deref(), Ok(u.as_str()));
            assert_eq!(u, u.to_lowercase());
            let p = password();
            assert!(
                p.chars().count() >= crate::accounts::MIN_PASSWORD_CHARS,
                "{p}"
            );
        }
    }
}
