//! Progress bars on stderr for long computations.
//!
//! A bar appears only when stderr is a terminal, `--quiet` is off, and the
//! computation has run for more than a second; it is cleared when dropped.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar as Bar, ProgressDrawTarget, ProgressStyle};
use onag::budget::Progress;

const DELAY: Duration = Duration::from_secs(1);

struct State {
    started: Instant,
    bar: Option<Bar>,
}

/// A lazily shown progress bar for one task.
pub struct ProgressBar {
    state: Option<Arc<Mutex<State>>>,
}

impl ProgressBar {
    /// A bar for `_task`, disabled when `quiet` or stderr is not a terminal.
    pub fn new(_task: &str, quiet: bool) -> Self {
        let enabled = !quiet && std::io::stderr().is_terminal();
        let state =
            enabled.then(|| Arc::new(Mutex::new(State { started: Instant::now(), bar: None })));
        ProgressBar { state }
    }

    /// The callback to give the budget, if the bar is enabled.
    pub fn callback(&self) -> Option<impl Fn(Progress<'_>) + Send + Sync + 'static> {
        let state = self.state.clone()?;
        Some(move |p: Progress<'_>| {
            let Ok(mut state) = state.lock() else { return };
            if state.bar.is_none() {
                if state.started.elapsed() < DELAY {
                    return;
                }
                let bar = match p.total {
                    Some(total) => Bar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
                        .with_style(
                            ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})")
                                .unwrap_or_else(|_| ProgressStyle::default_bar())
                                .progress_chars("=> "),
                        ),
                    None => Bar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
                        ProgressStyle::with_template("{spinner} {msg} {pos}")
                            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                    ),
                };
                bar.set_message(p.task.to_string());
                state.bar = Some(bar);
            }
            if let Some(bar) = &state.bar {
                // The task may carry news (a search's candidate period).
                if bar.message() != p.task {
                    bar.set_message(p.task.to_string());
                }
                if let Some(total) = p.total {
                    bar.set_length(total);
                }
                bar.set_position(p.done);
            }
        })
    }
}

impl Drop for ProgressBar {
    fn drop(&mut self) {
        if let Some(state) = &self.state
            && let Ok(state) = state.lock()
            && let Some(bar) = &state.bar
        {
            bar.finish_and_clear();
        }
    }
}
