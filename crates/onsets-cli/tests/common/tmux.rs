//! A tmux pane for the terminal game's end-to-end tests (`play_tmux.rs`,
//! `play1969_tmux.rs`): the real binary runs in an 80×24 pane, driven with
//! `send-keys` and read with `capture-pane`; the server is killed on drop.

use std::process::{Command, Output};
use std::time::Duration;

pub struct Tmux {
    pub socket: String,
    pub session: String,
}

impl Tmux {
    /// Starts `cmd` in a new 80×24 session of a server of its own (named
    /// after `name` and this process), or `None`, with a message, when tmux
    /// is not installed (`.ci/run` installs it).
    pub fn start(name: &str, cmd: &str) -> Option<Tmux> {
        Tmux::start_sized(name, cmd, 80, 24)
    }

    /// As [`Tmux::start`], in a pane of `width` × `height`.
    pub fn start_sized(name: &str, cmd: &str, width: u16, height: u16) -> Option<Tmux> {
        let available = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !available {
            eprintln!(
                "SKIPPED: tmux is not installed (apt-get install -y tmux); .ci/run installs it"
            );
            return None;
        }
        let t = Tmux {
            socket: format!("onsets-{name}-test-{}", std::process::id()),
            session: name.into(),
        };
        let (w, h) = (width.to_string(), height.to_string());
        let o = t.run(&[
            "new-session",
            "-d",
            "-s",
            &t.session,
            "-x",
            &w,
            "-y",
            &h,
            cmd,
        ]);
        assert!(o.status.success(), "tmux new-session: {o:?}");
        Some(t)
    }

    pub fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    pub fn screen(&self) -> String {
        let o = self.run(&["capture-pane", "-p", "-t", &self.session]);
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    pub fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.run(&["send-keys", "-t", &self.session, k]);
            std::thread::sleep(Duration::from_millis(80));
        }
    }

    /// Types `text` literally.
    #[allow(dead_code)]
    pub fn text(&self, text: &str) {
        self.run(&["send-keys", "-t", &self.session, "-l", text]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}
