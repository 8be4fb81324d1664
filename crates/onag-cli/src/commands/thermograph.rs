//! `onag thermograph`: the thermograph of a game written in the calculator's
//! notation, printed as CGSuite prints it, with its temperature and mean;
//! `--svg FILE` draws it (walls, mast, temperature marked).

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use onag::lang::{Session, Value};
use onag::number::Dyadic;
use serde::Serialize;

use crate::commands::Context;
use crate::commands::eval::{input_budget, on_big_stack};
use crate::render;

/// Arguments of `onag thermograph`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  onag thermograph '{3||2*|1*}'\n  \
                        onag thermograph '+-1' --svg th.svg\n  \
                        onag thermograph 'game.grid.Domineering(\"...|...\")' --json")]
pub struct ThermographArgs {
    /// A game in the calculator's notation (CGSuite's), e.g. '{3||2*|1*}'.
    #[arg(value_name = "GAME", allow_negative_numbers = true)]
    pub game: String,

    /// Draw the thermograph as an SVG picture into FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
}

#[derive(Serialize)]
struct ThermographJson {
    game: String,
    thermograph: String,
    temperature: String,
    mean: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    svg: Option<String>,
}

/// Runs `onag thermograph`.
pub fn run(ctx: &Context, args: ThermographArgs) -> anyhow::Result<ExitCode> {
    on_big_stack(|| thermograph(ctx, args))
}

fn thermograph(ctx: &Context, args: ThermographArgs) -> anyhow::Result<ExitCode> {
    let mut session = Session::new();
    let (budget, bar) = input_budget(ctx);
    let value = session.run(&args.game, &budget).map_err(|e| e.in_source("GAME"))?;
    let game = match value {
        Some(Value::Game(g)) => g,
        Some(Value::Number(q)) => {
            let x = Dyadic::from_rational(&q.to_big())
                .with_context(|| format!("GAME: {q} is not a dyadic rational"))?;
            session.arena().dyadic(&x)?
        }
        Some(Value::Position(p)) => {
            let mut solvers = onag::ruleset::Solvers::new();
            solvers.set_budget(budget.clone());
            p.value(session.arena(), &mut solvers)?
        }
        Some(other) => anyhow::bail!("GAME: {} is not a game", other.kind_name()),
        None => anyhow::bail!("GAME: '{}' has no value", args.game),
    };
    let arena = session.arena();
    let thermograph = arena.thermograph(game)?;
    let printed = arena.print(game)?;
    drop(bar);
    if let Some(path) = &args.svg {
        let svg = onag::picture::thermograph_svg(&thermograph, &printed)?;
        let mut file = crate::atomic::AtomicFile::create(path)?;
        file.write_all(svg.as_bytes())
            .and_then(|()| file.commit())
            .with_context(|| format!("cannot write '{path}'"))?;
    }
    let json = ThermographJson {
        game: printed,
        thermograph: thermograph.to_string(),
        temperature: thermograph.temperature().to_string(),
        mean: thermograph.mean()?.to_string(),
        svg: args.svg.clone(),
    };
    if ctx.json() {
        return render::json(&json);
    }
    let mut out = render::Output::new();
    out.line(format_args!("{}", json.thermograph))?;
    out.line(format_args!("temperature: {}", json.temperature))?;
    out.line(format_args!("mean: {}", json.mean))?;
    if let Some(path) = &args.svg {
        out.line(format_args!("picture: {path}"))?;
    }
    out.finish()
}
