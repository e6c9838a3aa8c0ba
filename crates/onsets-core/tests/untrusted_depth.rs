//! No recursion on untrusted depth (docs/rulings.md, "Nesting limit"): a text nested far beyond
//! [`onsets_core::solution::MAX_NESTING`] is refused with a column, on a thread
//! whose stack is much smaller than a tokio worker's, through every parser of
//! user text and through the checker.

use onsets_core::{check, Position, Presentation, Variation};

const SMALL_STACK: usize = 256 * 1024;

fn on_small_stack<F: FnOnce() + Send + 'static>(f: F) {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("the parser overflowed or panicked on a deep text");
}

fn nested(depth: usize, inner: &str) -> String {
    format!("{}{inner}{}", "(".repeat(depth), ")".repeat(depth))
}

#[test]
fn hundred_thousand_nested_brackets_are_an_error_with_a_column() {
    on_small_stack(|| {
        let e = Presentation::parse(&nested(100_000, "B")).unwrap_err();
        assert_eq!(e.column, Some(65));
        assert!(e.to_string().contains("nested deeper than 64"), "{e}");
    });
}

#[test]
fn hundred_thousand_primes_are_an_error_with_a_column() {
    on_small_stack(|| {
        let text = format!("B{}", "′".repeat(100_000));
        let e = Presentation::parse(&text).unwrap_err();
        assert_eq!(e.column, Some(66));
    });
}

#[test]
fn deep_brackets_of_every_kind_and_inside_restrictions() {
    on_small_stack(|| {
        for (open, close) in [("[", "]"), ("{", "}"), ("(", ")")] {
            let text = format!("{}B = R{}; B", open.repeat(100_000), close.repeat(100_000));
            assert_eq!(Presentation::parse(&text).unwrap_err().column, Some(65));
        }
        // Unclosed: still refused at the 65th bracket, not at the end.
        let e = Presentation::parse(&"(".repeat(100_000)).unwrap_err();
        assert_eq!(e.column, Some(65));
    });
}

#[test]
fn deep_variation_argument_is_an_error_with_a_column() {
    on_small_stack(|| {
        let e = Variation::parse(&format!("double-set {}", nested(100_000, "B"))).unwrap_err();
        assert_eq!(e.column, Some(11 + 65));
    });
}

#[test]
fn the_checker_judges_a_deep_solution_undefined() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/notation-example.json"
    ))
    .expect("example position");
    let position = Position::from_json(&json).expect("position");
    on_small_stack(move || {
        let v = check(&position, &nested(100_000, "B ∪ R"));
        assert!(!v.correct);
        assert_eq!(v.errors[0].code, onsets_core::ViolationKind::Undefined);
        assert!(
            v.errors[0].message.contains("column 65"),
            "{}",
            v.errors[0].message
        );
    });
}

#[test]
fn a_position_whose_variation_is_deep_is_refused() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/notation-example.json"
    ))
    .expect("example position");
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["variations"] = serde_json::json!([format!("double-set {}", nested(50_000, "B"))]);
    let text = value.to_string();
    on_small_stack(move || {
        assert!(Position::from_json(&text).is_err());
    });
}

/// The deepest text the parser accepts is checked on a thread with tokio's
/// default stack (2 MiB), even in a debug build.
#[test]
fn the_deepest_accepted_text_is_checked_on_a_tokio_sized_stack() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/notation-example.json"
    ))
    .expect("example position");
    let position = Position::from_json(&json).expect("position");
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let half = onsets_core::solution::MAX_NESTING / 2;
            let texts = [
                nested(onsets_core::solution::MAX_NESTING, "B ∪ R"),
                format!("{} ∪ R", nested(half, &format!("B{}", "′".repeat(half)))),
                format!(
                    "{}; B ∪ R",
                    nested(onsets_core::solution::MAX_NESTING, "B = R")
                ),
            ];
            for text in texts {
                assert!(Presentation::parse(&text).is_ok(), "{text}");
                let v = check(&position, &text);
                assert!(
                    v.errors
                        .iter()
                        .all(|e| e.code != onsets_core::ViolationKind::Undefined),
                    "{text}: {:?}",
                    v.errors
                );
            }
        })
        .expect("spawn")
        .join()
        .expect("checking the deepest accepted text overflowed");
}
