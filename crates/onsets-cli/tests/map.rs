//! `onsets map` (docs/cli.md, docs/practice.md "The card map"): one 4×4 map
//! of the sixteen cards per step of the explanation, checked against maps
//! worked by hand.

use std::process::Command;

fn onsets(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(args)
        .output()
        .expect("run onsets")
}

/// The Universe B, BR, G, RGY, BRGY and the blank card; `B ∪ R′`.
///
/// Worked by hand: B names B, BR, BRGY; R′ names the cards without red
/// dealt: B, G, blank; their union B, BR, BRGY, G, blank (not RGY).
#[test]
fn union_with_a_complement_step_by_step() {
    let out = onsets(&["map", "--universe", "B BR G RGY BRGY blank", "B ∪ R′"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let expected_b = "       G Y     G Y′    G′ Y′   G′ Y
B R    ■ BRGY  ·       ■ BR    ·
B R′   ·       ·       ■ B     ·
B′ R′  ·       □ G     □ blank ·
B′ R   □ RGY   ·       ·       ·
";
    let expected_r_prime = "       G Y     G Y′    G′ Y′   G′ Y
B R    □ BRGY  ·       □ BR    ·
B R′   ·       ·       ■ B     ·
B′ R′  ·       ■ G     ■ blank ·
B′ R   □ RGY   ·       ·       ·
";
    let expected_union = "       G Y     G Y′    G′ Y′   G′ Y
B R    ■ BRGY  ·       ■ BR    ·
B R′   ·       ·       ■ B     ·
B′ R′  ·       ■ G     ■ blank ·
B′ R   □ RGY   ·       ·       ·
";
    assert!(
        text.starts_with("Universe: blank B BR G RGY BRGY (6 cards)\n"),
        "{text}"
    );
    // the steps in order, innermost first, each with its map
    let step = |title: &str, names: &str, map: &str| format!("{title}\n{names}\n{map}");
    let b = step("B", "names 3 cards: B BR BRGY", expected_b);
    let r = step("R′", "names 3 cards: blank B G", expected_r_prime);
    let u = step("B ∪ R′", "names 5 cards: blank B BR G BRGY", expected_union);
    let (ib, ir, iu) = (text.find(&b), text.find(&r), text.find(&u));
    assert!(
        ib.is_some() && ir.is_some() && iu.is_some(),
        "steps missing:\n{text}"
    );
    assert!(ib < ir && ir < iu, "innermost first:\n{text}");
    // B, R, R′ and the whole Set-Name, last
    assert!(text.contains("Step 4 of 4: B ∪ R′\n"), "{text}");
}

/// With a Restriction, the kept cards come first, and the Set-Name's steps
/// are over them (VI-B-2). Universe B, R, BR, G: `B ⊆ R, B ∪ G`: B ⊆ R
/// removes the cards in B and not in R (B); kept R, BR, G; then B names
/// BR, G names G, B ∪ G names BR and G.
#[test]
fn a_restriction_keeps_cards_first() {
    let out = onsets(&["map", "--universe", "B R BR G", "B ⊆ R, B ∪ G"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let kept = "\
Step 1 of 4: the cards the Restrictions keep (B ⊆ R)
names 3 cards: R BR G
       G Y     G Y′    G′ Y′   G′ Y
B R    ·       ·       ■ BR    ·
B R′   ·       ·       □ B     ·
B′ R′  ·       ■ G     ·       ·
B′ R   ·       ·       ■ R     ·
";
    assert!(text.contains(kept), "{text}");
    let last = "\
Step 4 of 4: B ∪ G
names 2 cards: BR G
       G Y     G Y′    G′ Y′   G′ Y
B R    ·       ·       ■ BR    ·
B R′   ·       ·       □ B     ·
B′ R′  ·       ■ G     ·       ·
B′ R   ·       ·       □ R     ·
";
    assert!(text.contains(last), "{text}");
}

#[test]
fn unreadable_input_is_refused_with_exit_2() {
    let out = onsets(&["map", "--universe", "B Q", "B"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--universe"));
    let out = onsets(&["map", "--universe", "B R", "B ∪ ∪"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be read"));
    let out = onsets(&["map", "B"]);
    assert_eq!(out.status.code(), Some(2), "the Universe is required");
}
