//! The `onag` command: argument parsing and the exit-code switchboard.
//!
//! `main` parses the command line and hands the chosen subcommand to
//! [`commands::run`]. Every failure becomes one line `error: ...` on stderr and
//! exit code 2 (130 after Ctrl-C); a closed output pipe is success.

mod args;
mod checkpoint;
mod cli;
mod commands;
mod plot;
mod progress;
mod render;
mod repl;
mod signal;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return render::clap_error(&err),
    };
    match commands::run(cli) {
        Ok(code) => code,
        Err(err) => render::error(&err),
    }
}
