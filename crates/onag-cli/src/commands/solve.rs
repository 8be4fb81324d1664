//! `onag solve EXPR`: who wins a sum written as in the calculator
//! (`Domineering("....|....") + Clobber("xo|ox") + *2 + 1/2`), by the
//! outcome search, without the canonical form of any position in it.
//!
//! The terms are evaluated by the calculator; positions of the catalog (of
//! any rulesets, mixed, subtracted ones negated) are searched, every other
//! term is a short game taken as its canonical form. The answer is printed
//! as `onag RULESET --outcome` prints it (text or `--json`), and the
//! search honours the same limits and Ctrl-C.

use std::process::ExitCode;

use clap::Args;
use onag::ruleset::outcome::OutcomeSearch;

use crate::commands::Context;
use crate::commands::eval::{DEFAULT_MAX_POSITIONS, new_session, on_big_stack};
use crate::commands::ruleset::print_outcome;

/// Arguments of `onag solve`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag solve 'Domineering(\"....|....|....\") + Clobber(\"xo|ox\") + *2 + 1/2'\n  \
                        onag solve --json 'Domineering(\"......|......|......|......|......\")'\n  \
                        onag solve 'g := Clobber(\"xoxo|oxox\"); g + g - 1/4'"
)]
pub struct SolveArgs {
    /// The sum, as the calculator writes it (statements before it, ended
    /// by `;`, run first).
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    pub expr: String,
}

/// Runs `onag solve`.
pub fn run(ctx: &Context, args: SolveArgs) -> anyhow::Result<ExitCode> {
    on_big_stack(|| solve(ctx, &args.expr))
}

fn solve(ctx: &Context, expr: &str) -> anyhow::Result<ExitCode> {
    let (budget, _bar) = ctx.budget("searching");
    // The terms are evaluated as a calculator input is, with its default
    // position limit; the search has the user's limits only, as --outcome.
    let terms_budget = match ctx.global.max_positions {
        Some(_) => budget.clone(),
        None => budget.clone().with_max_positions(DEFAULT_MAX_POSITIONS),
    };
    let mut session = new_session(ctx);
    let search = OutcomeSearch::new().with_budget(budget);
    let solved =
        session.solve(expr, &terms_budget, &search).map_err(|e| e.in_source("expression"))?;
    let heading = solved.terms.join(" + ");
    print_outcome(ctx, None, heading, solved.terms, solved.solution)
}
