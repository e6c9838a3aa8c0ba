//! The rule edition in a match header (docs/editions.md): `"edition"` and, for
//! 1969, `"form"`, as in a position (notation.md). Absent means 2026-27, so
//! every older log reads as before.

use onsets_core::{Division, Edition, Form1969};
use onsets_engine::MatchConfig;

#[test]
fn a_2026_27_header_has_no_edition_field_and_reads_back() {
    let cfg = MatchConfig::new(7, &["Ann", "Bob"], Division::Junior, true);
    let text = serde_json::to_string(&cfg).unwrap();
    assert!(!text.contains("edition"), "{text}");
    let back: MatchConfig = serde_json::from_str(&text).unwrap();
    assert_eq!(back, cfg);
    assert_eq!(back.edition, Edition::Tournament2026);
}

#[test]
fn other_editions_write_edition_and_form_and_read_back() {
    for edition in [Edition::Mlag2019, Edition::Manual1969(Form1969::Advanced)] {
        let mut cfg = MatchConfig::new(7, &["Ann", "Bob"], Division::Junior, true);
        cfg.edition = edition;
        let text = serde_json::to_string(&cfg).unwrap();
        assert!(
            text.contains(&format!("\"edition\":\"{}\"", edition.name())),
            "{text}"
        );
        let back: MatchConfig = serde_json::from_str(&text).unwrap();
        assert_eq!(back.edition, edition);
    }
}

#[test]
fn a_form_without_1969_is_refused() {
    let text =
        r#"{"seed":1,"players":["A","B"],"division":"junior","adventurous":false,"form":"basic"}"#;
    let err = serde_json::from_str::<MatchConfig>(text).unwrap_err();
    assert!(err.to_string().contains("1969"), "{err}");
}
