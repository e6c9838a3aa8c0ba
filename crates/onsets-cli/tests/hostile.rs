//! Hostile inputs to the CLI (docs/security/budgets.md): Solutions far over
//! the budget of `onsets_core::budget` are refused with exit 2 and a message
//! naming the limit, at once and in little memory, never an abort (a
//! 500-operator chain under `check --explain` once exited 134; a 10 MB
//! Solution line reached 17 GB). Each child runs under a 2 GiB address-space
//! ceiling (`prlimit`), so an unbounded allocation fails the test instead of
//! the machine.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const CEILING: u64 = 2 << 30;
const PRLIMIT: &str = "/usr/bin/prlimit";

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onsets-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `onsets ARGS` under the memory ceiling (util-linux `prlimit`, part
/// of every Debian system; without it, no ceiling); (output, seconds).
fn onsets(args: &[&str]) -> (Output, f64) {
    let exe = env!("CARGO_BIN_EXE_onsets");
    let mut c = if std::path::Path::new(PRLIMIT).exists() {
        let mut c = Command::new(PRLIMIT);
        c.arg(format!("--as={CEILING}")).arg("--").arg(exe);
        c
    } else {
        Command::new(exe)
    };
    c.args(args);
    let t = Instant::now();
    let out = c.output().expect("onsets runs");
    (out, t.elapsed().as_secs_f64())
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn position() -> String {
    root()
        .join("examples/notation-example.json")
        .display()
        .to_string()
}

const QUICK: Duration = Duration::from_secs(10);

#[test]
fn a_500_operator_chain_under_check_explain_exits_2_with_the_limit() {
    let chain = vec!["B"; 501].join(" ∪ ");
    let file = temp("chain500.txt", &chain);
    for args in [
        vec!["check", "--explain"],
        vec!["check", "--explain", "--json"],
        vec!["check"],
    ] {
        let mut a = args.clone();
        let p = position();
        let f = file.display().to_string();
        a.extend([p.as_str(), "--solution-file", f.as_str()]);
        let (out, secs) = onsets(&a);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
        assert!(
            text(&out).contains("at most 16 operands; this one has 501 (column 1)"),
            "{}",
            text(&out)
        );
        assert!(secs < QUICK.as_secs_f64(), "{args:?} took {secs:.1} s");
    }
}

#[test]
fn a_10_mb_solution_line_exits_2_at_once() {
    let line = vec!["B"; (10 << 20) / 4 + 1].join("∪");
    assert!(line.len() > 10 << 20);
    let file = temp("ten-mb.txt", &line);
    let f = file.display().to_string();
    let p = position();
    for args in [
        vec!["check", p.as_str(), "--solution-file", f.as_str()],
        vec![
            "check",
            "--explain",
            p.as_str(),
            "--solution-file",
            f.as_str(),
        ],
    ] {
        let (out, secs) = onsets(&args);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out));
        assert!(
            text(&out).contains("a Solution may have at most 16000 characters"),
            "{}",
            text(&out)
        );
        assert!(secs < QUICK.as_secs_f64(), "took {secs:.1} s");
    }
}

#[test]
fn the_judge_refuses_a_long_chain_with_the_limit() {
    let chain = vec!["B"; 667].join(" ∪ ");
    let p = position();
    let (out, secs) = onsets(&["judge", "--position", p.as_str(), "--solution", &chain]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("at most 16 operands"), "{}", text(&out));
    assert!(secs < QUICK.as_secs_f64(), "took {secs:.1} s");
}

#[test]
fn a_solution_within_the_budget_is_explained_as_before() {
    let chain = vec!["B"; 16].join(" ∪ ");
    let p = position();
    let (out, _) = onsets(&["check", "--explain", p.as_str(), &chain]);
    assert!(
        matches!(out.status.code(), Some(0) | Some(1)),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains("Verdict:"), "{}", text(&out));
}
