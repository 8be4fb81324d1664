//! One module per subcommand; [`run()`] dispatches to them.
//!
//! A subcommand computes through the library, then renders the result either
//! as text or as JSON (`--json`) through [`crate::render`].

pub mod coins;
pub mod easy_chase;
pub mod eval;
pub mod every_sg;
pub mod fibonacci_nim;
pub mod fox_geese;
pub mod graph;
pub mod graph_loopy;
pub mod hackenbush;
pub mod loopy;
pub mod moore_nim;
pub mod nim;
pub mod nimber;
pub mod octal;
pub mod retro;
pub mod ruleset;
pub mod run;
pub mod solve;
pub mod staircase;
pub mod subtraction;
pub mod take_half;
pub mod thermograph;
pub mod wythoff;

use std::process::ExitCode;
use std::time::Duration;

use onag::Budget;

use crate::cli::{Cli, Command, GlobalArgs};
use crate::progress::ProgressBar;
use crate::signal;

/// What every subcommand gets besides its own arguments.
pub struct Context {
    /// The global options.
    pub global: GlobalArgs,
}

impl Context {
    /// Whether to print JSON.
    pub fn json(&self) -> bool {
        self.global.json
    }

    /// A budget with the user's limits and the Ctrl-C flag, and a progress bar
    /// for `task` on stderr (unless `--quiet` or stderr is not a terminal).
    /// Keep the returned bar alive until the computation ends.
    pub fn budget(&self, task: &str) -> (Budget, ProgressBar) {
        let mut budget = Budget::unlimited().with_cancel_flag(signal::cancel_flag());
        if let Some(max) = self.global.max_positions {
            budget = budget.with_max_positions(max);
        }
        if let Some(bytes) = self.global.max_memory {
            budget = budget.with_max_memory(bytes);
        }
        if let Some(seconds) = self.global.timeout {
            budget = budget.with_timeout(Duration::from_secs(seconds));
        }
        let bar = ProgressBar::new(task, self.global.quiet);
        if let Some(callback) = bar.callback() {
            budget = budget.with_progress(callback);
        }
        (budget, bar)
    }
}

/// Runs the subcommand `cli` names.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let ctx = Context { global: cli.global };
    match cli.command {
        Some(Command::Nim(args)) => nim::run(&ctx, args),
        Some(Command::Eval(args)) => eval::run(&ctx, args),
        Some(Command::Run(args)) => run::run(&ctx, args),
        Some(Command::Graph(args)) => graph::run(&ctx, args),
        Some(Command::EverySg(args)) => every_sg::run(&ctx, args),
        Some(Command::Subtraction(args)) => subtraction::run(&ctx, args),
        Some(Command::TakeHalf(args)) => take_half::run(&ctx, args),
        Some(Command::MooreNim(args)) => moore_nim::run(&ctx, args),
        Some(Command::Wythoff(args)) => wythoff::run(&ctx, args),
        Some(Command::FibonacciNim(args)) => fibonacci_nim::run(&ctx, args),
        Some(Command::Staircase(args)) => staircase::run(&ctx, args),
        Some(Command::Nimber(args)) => nimber::run(&ctx, args),
        Some(Command::Hackenbush(args)) => hackenbush::run(&ctx, args),
        Some(Command::Retro(args)) => retro::run(&ctx, args),
        Some(Command::Loopy(args)) => loopy::run(&ctx, args),
        Some(Command::EasyChase(args)) => easy_chase::run(&ctx, args),
        Some(Command::Coins(args)) => coins::run(&ctx, args),
        Some(Command::Octal(args)) => octal::run(&ctx, args),
        Some(Command::Thermograph(args)) => thermograph::run(&ctx, args),
        Some(Command::Solve(args)) => solve::run(&ctx, args),
        Some(Command::Rulesets(args)) => ruleset::list(&ctx, args),
        Some(Command::Ruleset(cmd)) => ruleset::run(&ctx, cmd),
        None => crate::repl::run(&ctx),
    }
}
