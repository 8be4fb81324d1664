//! The command-line grammar (clap derive): global options and one subcommand per job.

use clap::{Args, Parser, Subcommand};

use crate::commands;

/// onag: values, outcomes and winning moves of combinatorial games, exactly.
#[derive(Debug, Parser)]
#[command(name = "onag", version, about, long_about = None)]
#[command(
    after_help = "Examples:\n  onag nim 13 12 8\n  onag nim 13 12 8 --json\n  onag domineering '....|....|....'   (every ruleset: onag rulesets)\n  onag eval '{3||2|1}' '3+-1'\n  onag              (no subcommand: the calculator prompt)"
)]
pub struct Cli {
    /// Options shared by every subcommand.
    #[command(flatten)]
    pub global: GlobalArgs,

    /// The job to do; without one, the calculator prompt opens.
    #[command(subcommand)]
    pub command: Option<Command>,
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
    #[arg(long, global = true, value_name = "N", allow_negative_numbers = true, value_parser = crate::args::count)]
    pub max_positions: Option<u64>,

    /// Stop with an error after this many seconds (a whole number, at least 1).
    #[arg(long, global = true, value_name = "SECONDS", allow_negative_numbers = true, value_parser = crate::args::seconds)]
    pub timeout: Option<u64>,

    /// Stop with an error before building tables larger than this (bytes, or
    /// with a binary unit: 512M, 4G).
    #[arg(long, global = true, value_name = "SIZE", allow_negative_numbers = true, value_parser = crate::args::memory)]
    pub max_memory: Option<u64>,

    /// A folder of CGScript class files (`Foo.cgs` is the class `Foo`,
    /// `pkg/Bar.cgs` is `pkg.Bar`) for the calculator, searched after the
    /// current folder and before the folders of ONAG_PATH; may be repeated.
    #[arg(long = "lib", global = true, value_name = "DIR")]
    pub lib: Vec<std::path::PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Nim: the nim-sum of the heaps, the outcome and every winning move.
    Nim(commands::nim::NimArgs),
    /// Evaluate calculator expressions (CGSuite notation), one output line each.
    Eval(commands::eval::EvalArgs),
    /// Run a CGScript worksheet file, printing each statement's value.
    Run(commands::run::RunArgs),
    /// Game graphs: Grundy values, P/N and winning moves; sums; misère play.
    Graph(commands::graph::GraphArgs),
    /// Every-SG: sums where each player moves in every component.
    EverySg(commands::every_sg::EverySgArgs),
    /// Subtraction games: Grundy sequence, proved period, sums of heaps.
    Subtraction(commands::subtraction::SubtractionArgs),
    /// Take-at-least-half: values g(x) = min{k : 2^k > x} and winning moves.
    TakeHalf(commands::take_half::TakeHalfArgs),
    /// Moore's Nim_k: outcome and a constructed winning move.
    MooreNim(commands::moore_nim::MooreNimArgs),
    /// Wythoff's game: outcome, winning moves, P-positions, Grundy table.
    Wythoff(commands::wythoff::WythoffArgs),
    /// Fibonacci Nim: outcome, Zeckendorf sum and every winning move.
    FibonacciNim(commands::fibonacci_nim::FibonacciNimArgs),
    /// Staircase Nim: value (Nim on odd steps) and every winning move.
    Staircase(commands::staircase::StaircaseArgs),
    /// Nim arithmetic: sums, products, inverses, quotients, powers, square roots, tables.
    Nimber(commands::nimber::NimberArgs),
    /// Hackenbush in every colour: value, outcome and winning cuts (green: any graph).
    Hackenbush(commands::hackenbush::HackenbushArgs),
    /// Games with cycles: win/loss/draw and distances on a game graph file.
    Retro(commands::retro::RetroArgs),
    /// Loopy partizan games: stoppers, onside & offside, outcomes with draws.
    Loopy(commands::loopy::LoopyArgs),
    /// The Easy Chase: who catches whom, in how many moves, and the best move.
    EasyChase(commands::easy_chase::EasyChaseArgs),
    /// Coin-turning games (Mock Turtles, Ruler, codes like 1-3) and Tartan products.
    Coins(commands::coins::CoinsArgs),
    /// Octal and take-and-break games: Grundy sequences, certified periods, genus.
    Octal(commands::octal::OctalArgs),
    /// Thermographs: walls, temperature and mean of a game; `--svg` draws it.
    Thermograph(commands::thermograph::ThermographArgs),
    /// Who wins a sum written as in the calculator, by search: `onag solve 'Domineering("..|..") + *2'`.
    Solve(commands::solve::SolveArgs),
    /// The rulesets (Domineering, Clobber, Toads and Frogs, ...): `onag NAME POSITION`.
    Rulesets(commands::ruleset::ListArgs),
    /// A ruleset's position: `onag domineering '....|....'` (listed by `onag rulesets`).
    #[command(flatten)]
    Ruleset(commands::ruleset::RulesetCommand),
}
