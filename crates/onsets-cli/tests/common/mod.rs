//! Shared helpers of the CLI integration tests: each test case runs the real
//! `onsets` binary in its own temporary directory.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The repository's root (for `examples/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The path of a file of `examples/`, as an argument.
pub fn example(name: &str) -> String {
    workspace_root()
        .join("examples")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// A test case: a temporary directory, removed when dropped, in which the
/// binary runs.
pub struct Case(pub PathBuf);

impl Case {
    pub fn new(name: &str) -> Case {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("onsets-cli-test-{}-{name}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        Case(dir)
    }
    /// Writes a file in the case's directory and returns its path.
    pub fn write(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).expect("write temp file");
        p.to_string_lossy().into_owned()
    }
    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_stdin(args, "")
    }
    pub fn run_with_stdin(&self, args: &[&str], stdin: &str) -> Run {
        let mut child = Command::new(env!("CARGO_BIN_EXE_onsets"))
            .args(args)
            .current_dir(&self.0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run onsets");
        {
            let mut input = child.stdin.take().expect("stdin");
            // The program may exit without reading its input.
            let _ = input.write_all(stdin.as_bytes());
        }
        let out = child.wait_with_output().expect("wait for onsets");
        Run {
            code: out.status.code().expect("exit code"),
            stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
            stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
        }
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one run of the binary gave.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not one JSON value ({e}): {:?}", self.stdout))
    }
}
