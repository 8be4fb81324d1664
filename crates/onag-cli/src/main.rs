//! The `onag` command: argument parsing and the exit-code switchboard.
//!
//! `main` parses the command line and hands the chosen subcommand to
//! [`commands::run()`]. Every failure becomes one line `error: ...` on stderr and
//! exit code 2 (130 after Ctrl-C); a closed output pipe is success.

mod args;
mod atomic;
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

/// mimalloc (fast small allocations, huge pages for large tables), its live
/// bytes counted so that `--max-memory` limits the memory really in use.
#[global_allocator]
static ALLOCATOR: onag::memory::Counting<mimalloc::MiMalloc> =
    onag::memory::Counting(mimalloc::MiMalloc);

fn main() -> ExitCode {
    allow_huge_pages();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return render::clap_error(&err),
    };
    if let Err(err) = onag::threads::start_pool() {
        return render::error(&err.into());
    }
    match commands::run(cli) {
        Ok(code) => code,
        Err(err) => render::error(&err),
    }
}

/// Lets the allocator back large allocations with transparent huge pages
/// where the system allows them: the memo and transposition tables of a big
/// search are read at random, and with 4 KiB pages most reads miss the TLB
/// (Domineering 6×6 runs about a quarter faster with huge pages).
fn allow_huge_pages() {
    // SAFETY: `mi_option_set` only stores an option value; it is called
    // before any other thread exists, and mimalloc reads the option when it
    // next asks the system for memory.
    unsafe {
        libmimalloc_sys::mi_option_set(libmimalloc_sys::mi_option_large_os_pages, 1);
    }
}
