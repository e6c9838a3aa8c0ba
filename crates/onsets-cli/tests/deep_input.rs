//! docs/notation.md, nesting limit: a Solution nested far beyond the notation's limit is an error
//! with a column, never a crash (it used to overflow the stack, exit 134).

use std::process::Command;

#[test]
fn check_refuses_five_thousand_nested_brackets_with_a_column() {
    let dir = std::env::temp_dir().join(format!("onsets-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let solution = dir.join("deep.txt");
    std::fs::write(
        &solution,
        format!("{}B ∪ R{}", "(".repeat(5_000), ")".repeat(5_000)),
    )
    .unwrap();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let out = Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(["check", "--json"])
        .arg(format!("{root}/examples/notation-example.json"))
        .arg("--solution-file")
        .arg(&solution)
        .output()
        .expect("onsets runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON verdict");
    assert_eq!(v["correct"], false);
    let message = v["errors"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("nested deeper than 64") && message.contains("column 65"),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
