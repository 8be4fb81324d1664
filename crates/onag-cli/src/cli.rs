//! The command-line grammar (clap derive): global options and one subcommand per job.

use clap::{Args, Parser, Subcommand};

use crate::commands;

/// onag: values, outcomes and winning moves of combinatorial games, exactly.
#[derive(Debug, Parser)]
#[command(name = "onag", version, about, long_about = None)]
#[command(after_help = "Examples:\n  onag nim 13 12 8\n  onag nim 13 12 8 --json")]
pub struct Cli {
    /// Options shared by every subcommand.
    #[command(flatten)]
    pub global: GlobalArgs,

    /// The job to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Options every subcommand accepts.
#[derive(Debug, Clone, Args)]
pub struct GlobalArgs {
    /// Print machine-readable JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,

    /// Do not show progress bars.
    #[arg(long, short, global = true)]
    pub quiet: bool,

    /// Stop with an error once a computation creates more than this many positions.
    #[arg(long, global = true, value_name = "N")]
    pub max_positions: Option<u64>,

    /// Stop with an error after this many seconds.
    #[arg(long, global = true, value_name = "SECONDS")]
    pub timeout: Option<u64>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Nim: the nim-sum of the heaps, the outcome and every winning move.
    Nim(commands::nim::NimArgs),
    /// Octal and take-and-break games: Grundy sequences, certified periods, genus.
    Octal(commands::octal::OctalArgs),
}
