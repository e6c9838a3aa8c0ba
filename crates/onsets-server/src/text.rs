//! Limits on the texts that arrive over the network, and names made safe to
//! show (`docs/protocol.md`, "Limits").
//!
//! Every text a client sends is bounded before anything parses it: a frame
//! (16 KiB), a name (24 characters once normalised), a Solution, a Goal, a
//! variation's argument, a grouping. The core's parsers bound the nesting of
//! brackets; these limits bound the work and the memory of everything else.

use unicode_normalization::UnicodeNormalization;

/// A player's name, in characters, once normalised.
pub const MAX_NAME_CHARS: usize = 24;
/// A name as sent, in bytes, before it is normalised.
pub const MAX_NAME_BYTES: usize = 256;
/// A Solution, a grouping (VII-C-5-c) or any other text of an act, in
/// characters. A Solution written at a real table is a line or two; a
/// thousand characters is generous and keeps the checker's work small.
pub const MAX_ACT_TEXT_CHARS: usize = 1000;
/// A table id or a seat token, in bytes.
pub const MAX_ID_BYTES: usize = 64;

/// Why a text was refused: (field, message).
pub type TooLong = (String, String);

/// Characters that change how the text around them is drawn without being
/// seen: bidirectional embeddings, overrides and isolates, the marks, and the
/// zero-width characters. A name with them could show as another name.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{200B}'..='\u{200F}' // zero-width space, joiners, LRM, RLM
        | '\u{202A}'..='\u{202E}' // embeddings and overrides
        | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
        | '\u{2066}'..='\u{2069}' // isolates
        | '\u{061C}' // Arabic letter mark
        | '\u{FEFF}' // zero-width no-break space
        | '\u{180E}' // Mongolian vowel separator
        | '\u{FFF9}'..='\u{FFFB}' // interlinear annotation
        | '\u{E0000}'..='\u{E007F}' // tags
    )
}

/// A name as shown at the table: NFC, without control or invisible
/// characters, runs of white space made one space, trimmed, 1 to
/// [`MAX_NAME_CHARS`] characters. The error is the message to send.
pub fn normalize_name(raw: &str) -> Result<String, String> {
    if raw.len() > MAX_NAME_BYTES {
        return Err(format!(
            "a name is 1 to {MAX_NAME_CHARS} characters; this one is {} bytes",
            raw.len()
        ));
    }
    let mut out = String::new();
    let mut space = false;
    for c in raw.nfc() {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if c.is_control() || invisible(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    let n = out.chars().count();
    if n == 0 {
        return Err(format!(
            "a name is 1 to {MAX_NAME_CHARS} visible characters; this one has none"
        ));
    }
    if n > MAX_NAME_CHARS {
        return Err(format!(
            "a name is 1 to {MAX_NAME_CHARS} characters; this one is {n}"
        ));
    }
    Ok(out)
}

/// A person's name must tell the seat apart at sight (docs/protocol.md, names): not the
/// name of another seat (letter case and spacing aside), and without the
/// word "bot", which marks the bots' seats ("Club bot", "Club bot 2").
/// `taken` holds the names of the other seats (bots and seated people). The
/// error is the message to send.
pub fn distinct_name(name: &str, taken: &[&str]) -> Result<(), String> {
    let fold = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let mine = fold(name);
    if mine
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "bot" || w == "bots")
    {
        return Err(format!(
            "“{name}”: names with the word “bot” are kept for the bots; choose another name"
        ));
    }
    if let Some(other) = taken.iter().find(|t| !t.is_empty() && fold(t) == mine) {
        return Err(format!(
            "“{other}” already plays at this table; choose another name"
        ));
    }
    Ok(())
}

/// Checks every string in an act (a Solution, a Goal, a variation and its
/// argument, a grouping): none longer than [`MAX_ACT_TEXT_CHARS`]
/// characters. The error names the field, e.g. `act.solution`.
pub fn check_act_texts(act: &serde_json::Value) -> Result<(), TooLong> {
    fn walk(v: &serde_json::Value, path: &mut String) -> Result<(), TooLong> {
        match v {
            serde_json::Value::String(s) => {
                // Bytes first: a cheap bound before counting characters.
                if s.len() > MAX_ACT_TEXT_CHARS {
                    let n = s.chars().count();
                    if n > MAX_ACT_TEXT_CHARS {
                        return Err((
                            path.clone(),
                            format!(
                                "`{path}` is {n} characters long; the limit is {MAX_ACT_TEXT_CHARS}"
                            ),
                        ));
                    }
                }
                Ok(())
            }
            serde_json::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    walk(x, path)?;
                    path.truncate(len);
                }
                Ok(())
            }
            serde_json::Value::Object(o) => {
                for (k, x) in o {
                    let len = path.len();
                    path.push('.');
                    path.push_str(k);
                    walk(x, path)?;
                    path.truncate(len);
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
    walk(act, &mut "act".to_string())
}

/// The field a serde error message names (`missing field `x``, `unknown field `x``).
pub(crate) fn field_of(msg: &str) -> Option<String> {
    let start = msg.find('`')? + 1;
    let end = start + msg[start..].find('`')?;
    let name = &msg[start..end];
    (msg.contains("field")).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_nfc_without_invisible_or_control_characters() {
        // "e" + combining acute becomes one "é".
        assert_eq!(normalize_name("Rene\u{301}e").unwrap(), "Renée");
        // A right-to-left override would show "Ann" + reversed text.
        assert_eq!(normalize_name("Ann\u{202E}nimda").unwrap(), "Annnimda");
        assert_eq!(
            normalize_name("  A\u{200B}n\u{200C}n \u{2066}\n\t B ").unwrap(),
            "Ann B"
        );
        assert_eq!(normalize_name("Bo\u{0007}b").unwrap(), "Bob");
        assert!(normalize_name("\u{202E}\u{200D} ").is_err());
        assert!(normalize_name(&"x".repeat(25)).is_err());
        assert!(normalize_name(&"x".repeat(24)).is_ok());
        assert!(normalize_name(&"\u{200B}".repeat(200)).is_err());
    }

    /// A person may not take a bot's name or another seat's.
    #[test]
    fn a_name_is_distinct_from_every_other_seat_and_never_a_bots() {
        let taken = ["Club bot 2", "Ann Lee", ""];
        assert!(distinct_name("Beginner bot", &taken).is_err());
        assert!(distinct_name("club BOT 2", &taken).is_err());
        assert!(distinct_name("bot", &[]).is_err());
        assert!(distinct_name("ann   lee", &taken)
            .unwrap_err()
            .contains("“Ann Lee” already plays"));
        assert!(distinct_name("Ann", &taken).is_ok());
        assert!(distinct_name("Abbott", &taken).is_ok());
        assert!(distinct_name("Robot Rita", &taken).is_ok());
    }

    #[test]
    fn act_texts_are_length_limited_and_the_field_is_named() {
        let ok = serde_json::json!({"type":"present","solution":"B ∪ R"});
        assert!(check_act_texts(&ok).is_ok());
        let deep = format!("{}B{}", "(".repeat(1500), ")".repeat(1500));
        let bad = serde_json::json!({"type":"present","solution": deep});
        let (field, msg) = check_act_texts(&bad).unwrap_err();
        assert_eq!(field, "act.solution");
        assert!(msg.contains("3001 characters"), "{msg}");
        let bad = serde_json::json!({"type":"set_goal","goal":{"digits":[1],"description":"x".repeat(1001)}});
        assert_eq!(check_act_texts(&bad).unwrap_err().0, "act.goal.description");
        // Multi-byte characters count as one each.
        let ok = serde_json::json!({"solution": "∪".repeat(1000)});
        assert!(check_act_texts(&ok).is_ok());
    }
}
