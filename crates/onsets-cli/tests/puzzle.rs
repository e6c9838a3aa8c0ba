//! `onsets puzzle generate` and `onsets puzzle sheet` (docs/puzzles.md): the JSON
//! lines contract, determinism by seed, the rule editions (docs/editions.md), the
//! PDF.

use onsets_core::{check, Position, Situation};
use serde_json::Value;
use std::process::Command;

fn onsets(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(args)
        .output()
        .expect("run onsets")
}

fn lines(out: &std::process::Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn generate_json_lines_with_the_contract_fields() {
    let args = [
        "puzzle",
        "generate",
        "--kind",
        "challenge",
        "--count",
        "4",
        "--seed",
        "9",
        "--source",
        "generated",
        "--json",
    ];
    let out = onsets(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ps = lines(&out);
    assert_eq!(ps.len(), 4);
    for p in &ps {
        for f in [
            "id",
            "kind",
            "position",
            "question",
            "answer",
            "explanation",
            "difficulty",
        ] {
            assert!(!p[f].is_null(), "{f} missing in {p}");
        }
        assert_eq!(p["kind"], "challenge");
        assert!(["now", "impossible", "neither"].contains(&p["answer"].as_str().unwrap()));
        // the position is notation.md JSON the core reads
        Position::from_json(&p["position"].to_string()).unwrap();
    }
    // the same seed gives the same puzzles
    assert_eq!(onsets(&args).stdout, out.stdout);
}

#[test]
fn generate_solve_answers_are_correct_solutions() {
    let out = onsets(&[
        "puzzle",
        "generate",
        "--kind",
        "solve",
        "--count",
        "3",
        "--seed",
        "4",
        "--division",
        "junior",
        "--source",
        "generated",
        "--json",
    ]);
    assert!(out.status.success());
    for p in lines(&out) {
        let pos = Position::from_json(&p["position"].to_string()).unwrap();
        assert!(matches!(
            pos.situation(),
            Situation::Now | Situation::Impossible | Situation::Forceout
        ));
        assert!(check(&pos, p["answer"]["shortest"].as_str().unwrap()).correct);
    }
}

#[test]
fn bad_arguments_exit_2() {
    let out = onsets(&["puzzle", "generate", "--kind", "riddle"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("challenge, solve, safe-move or goal"));
    let out = onsets(&[
        "puzzle",
        "generate",
        "--kind",
        "goal",
        "--division",
        "college",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

fn generate(kind: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "puzzle", "generate", "--kind", kind, "--count", "2", "--seed", "3", "--json",
    ];
    args.extend_from_slice(extra);
    onsets(&args)
}

#[test]
fn edition_and_form_read_as_onsets_check_reads_them() {
    // an unknown edition or form, or --form without --edition 1969: exit 2
    for extra in [
        &["--edition", "2031-32"][..],
        &["--edition", "1969", "--form", "expert"][..],
        &["--edition", "2019-20", "--form", "basic"][..],
        &["--form", "basic"][..],
    ] {
        let out = generate("goal", extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("edition") || err.contains("form"),
            "{extra:?}: {err}"
        );
    }
    // the check command refuses the same values
    let out = onsets(&["check", "-", "B", "--edition", "2031-32"]);
    assert_ne!(out.status.code(), Some(0));
}

#[test]
fn kinds_an_edition_does_not_have_are_refused_with_exit_2() {
    let out = generate("challenge", &["--edition", "1969"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("claim") && err.contains("M69 3.5"), "{err}");
    let out = generate("claim", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1969"));
    let out = generate("solve", &["--edition", "2019-20", "--source", "mined"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mined"));
}

#[test]
fn b19_generate_positions_carry_the_edition_and_answers_check() {
    let out = generate("solve", &["--edition", "2019-20", "--basic"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ps = lines(&out);
    assert_eq!(ps.len(), 2);
    for p in ps {
        assert_eq!(p["position"]["edition"], "2019-20");
        assert_eq!(p["position"]["adventurous"], false);
        let pos = Position::from_json(&p["position"].to_string()).unwrap();
        let short = p["answer"]["shortest"].as_str().unwrap();
        assert!(short.contains('@'), "{short}");
        assert!(check(&pos, short).correct, "{short}");
    }
}

#[test]
fn m69_generate_claim_and_goal_puzzles_in_both_forms() {
    for form in ["basic", "advanced"] {
        let out = generate("claim", &["--edition", "1969", "--form", form]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for p in lines(&out) {
            assert_eq!(p["kind"], "claim");
            assert_eq!(p["position"]["edition"], "1969");
            assert_eq!(p["position"]["form"], form);
            assert!(["a", "p", "none"].contains(&p["answer"].as_str().unwrap()));
            assert!(p["last_play"].is_string() && p["before"].is_object());
        }
    }
    let out = generate("goal", &["--edition", "1969"]);
    assert!(out.status.success());
    assert_eq!(lines(&out)[0]["position"]["form"], "basic");
}

#[test]
fn m69_sheet_offers_the_1969_kinds() {
    let dir = std::env::temp_dir().join(format!("onsets-sheet69-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sheet.pdf");
    let out = onsets(&[
        "puzzle",
        "sheet",
        "--count",
        "4",
        "--seed",
        "2",
        "--edition",
        "1969",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(&file).unwrap().starts_with(b"%PDF-"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sheet_writes_a_pdf_with_an_answer_key() {
    let dir = std::env::temp_dir().join(format!("onsets-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sheet.pdf");
    let out = onsets(&[
        "puzzle",
        "sheet",
        "--count",
        "4",
        "--seed",
        "2",
        "--source",
        "generated",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&bytes);
    // two puzzle pages and the answer key
    assert!(
        text.matches("/Type /Page\n").count() + text.matches("/Type/Page/").count() >= 2
            || text.contains("/Count 3"),
        "pages"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The text of a PDF written in an embedded (Type 0) font: each `<hex> Tj`
/// string's two-byte glyph ids read back through the font's ToUnicode map,
/// one string a line, in drawing order (streams inflated when compressed).
fn pdf_unicode_text(pdf: &[u8]) -> String {
    use std::io::Read;
    let mut streams: Vec<String> = Vec::new();
    let mut rest = pdf;
    while let Some(i) = rest.windows(6).position(|w| w == b"stream") {
        let body = &rest[i + 6..];
        let end = body
            .windows(9)
            .position(|w| w == b"endstream")
            .unwrap_or(body.len());
        let raw = body[..end].trim_ascii();
        let mut inflated = Vec::new();
        let content = match flate2::read::ZlibDecoder::new(raw).read_to_end(&mut inflated) {
            Ok(_) => inflated.as_slice(),
            Err(_) => raw,
        };
        streams.push(String::from_utf8_lossy(content).into_owned());
        rest = &body[end..];
    }
    let hex = |h: &str| u32::from_str_radix(h.trim_matches(['<', '>']), 16).ok();
    let mut map = std::collections::HashMap::new();
    for s in streams.iter().filter(|s| s.contains("beginbfchar")) {
        for line in s.lines() {
            let parts: Vec<&str> = line.split_whitespace().collect();
            if let [g, u] = parts[..] {
                if let (Some(g), Some(u)) = (hex(g), hex(u)) {
                    map.insert(g, char::from_u32(u).unwrap_or('?'));
                }
            }
        }
    }
    let mut out = String::new();
    for s in streams.iter().filter(|s| !s.contains("beginbfchar")) {
        for part in s.split('<').skip(1) {
            let Some((h, after)) = part.split_once('>') else {
                continue;
            };
            if !after.trim_start().starts_with("Tj") {
                continue;
            }
            for k in 0..h.len() / 4 {
                let g = u32::from_str_radix(&h[4 * k..4 * k + 4], 16).unwrap_or(0);
                out.push(map.get(&g).copied().unwrap_or('?'));
            }
            out.push('\n');
        }
    }
    out
}

#[test]
fn sheet_text_has_the_real_set_symbols_and_goals_in_arithmetic() {
    let dir = std::env::temp_dir().join(format!("onsets-sheet-sym-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sheet.pdf");
    let out = onsets(&[
        "puzzle",
        "sheet",
        "--count",
        "8",
        "--seed",
        "1",
        "--source",
        "generated",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = pdf_unicode_text(&std::fs::read(&file).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
    // the legend, with the real symbols and the upside-down digit explained
    for s in [
        "∪ union",
        "∩ intersection",
        "− difference",
        "′ complement",
        "Λ empty set",
        "= equals",
        "⊆ is a",
        "(−4) is a digit cube turned",
    ] {
        assert!(text.contains(s), "{s:?} not in the sheet's text:\n{text}");
    }
    // cube faces are the real symbols, one a string; no ASCII stand-ins
    let faces: Vec<&str> = text.lines().collect();
    assert!(
        faces.iter().any(|l| ["∪", "∩", "−", "′"].contains(l)),
        "{text}"
    );
    assert!(
        !faces.iter().any(|l| ["U", "n", "^", "<", "'"].contains(l)),
        "{text}"
    );
    // every Goal written in plain arithmetic, never with `~` or `*`
    let goals: Vec<&str> = text.lines().filter(|l| l.starts_with("Goal: ")).collect();
    assert_eq!(goals.len(), 8, "{text}");
    assert!(!text.contains('~') && !text.contains('*'), "{text}");
    assert!(text.contains("Answer key"), "{text}");
}
