//! Output: text lines, JSON, and one-line errors with exit codes.
//!
//! Writing to a closed pipe (`onag ... | head`) is not an error: the command
//! stops quietly with exit code 0.

use std::fmt;
use std::io::{self, BufWriter, ErrorKind as IoErrorKind, Stdout, Write};
use std::process::ExitCode;

use onag::impartial::Outcome;
use onag::{Error, ErrorKind};
use serde::Serialize;

/// Exit code for bad input or a failed computation.
pub const EXIT_ERROR: u8 = 2;
/// Exit code after Ctrl-C.
pub const EXIT_INTERRUPTED: u8 = 130;

/// Buffered standard output that treats a closed pipe as the end of output.
pub struct Output {
    out: BufWriter<Stdout>,
}

/// Marks an error as "the reader went away", which is success.
#[derive(Debug)]
struct BrokenPipe;

impl fmt::Display for BrokenPipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("broken pipe")
    }
}

impl std::error::Error for BrokenPipe {}

fn io_error(err: io::Error) -> anyhow::Error {
    if err.kind() == IoErrorKind::BrokenPipe {
        anyhow::Error::new(BrokenPipe)
    } else {
        anyhow::Error::new(err).context("cannot write output")
    }
}

impl Output {
    /// Buffered standard output.
    pub fn new() -> Self {
        Output { out: BufWriter::with_capacity(1 << 16, io::stdout()) }
    }

    /// Writes one line.
    pub fn line(&mut self, args: fmt::Arguments<'_>) -> anyhow::Result<()> {
        self.out.write_fmt(args).and_then(|()| self.out.write_all(b"\n")).map_err(io_error)
    }

    /// Writes the heading of a list of winning moves: "winning moves:" when
    /// the list that follows is non-empty, "winning moves: none (every move
    /// loses)" when `none`.
    pub fn moves_heading(&mut self, none: bool) -> anyhow::Result<()> {
        if none {
            self.line(format_args!("winning moves: none (every move loses)"))
        } else {
            self.line(format_args!("winning moves:"))
        }
    }

    /// Writes raw bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.out.write_all(bytes).map_err(io_error)
    }

    /// Flushes what was written so far (for results printed as they are found).
    pub fn flush(&mut self) -> anyhow::Result<()> {
        self.out.flush().map_err(io_error)
    }

    /// Flushes the output; the command succeeded.
    pub fn finish(mut self) -> anyhow::Result<ExitCode> {
        self.out.flush().map_err(io_error)?;
        Ok(ExitCode::SUCCESS)
    }
}

/// Prints `value` as one line of JSON; the command succeeded.
///
/// The JSON streams into the output buffer: a result with millions of
/// entries never exists twice in memory.
pub fn json<T: Serialize>(value: &T) -> anyhow::Result<ExitCode> {
    let mut out = Output::new();
    serde_json::to_writer(&mut out.out, value).map_err(|err| match err.io_error_kind() {
        Some(kind) => io_error(io::Error::from(kind)),
        None => anyhow::Error::new(err).context("cannot write JSON"),
    })?;
    out.bytes(b"\n")?;
    out.finish()
}

/// "P (the previous player wins)" style wording of an outcome.
pub fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P (the player to move loses)",
        Outcome::N => "N (the player to move wins)",
    }
}

/// Prints `err` as one line `error: ...` on stderr and returns its exit code.
pub fn error(err: &anyhow::Error) -> ExitCode {
    if err.downcast_ref::<BrokenPipe>().is_some() {
        return ExitCode::SUCCESS;
    }
    let interrupted = err.downcast_ref::<Error>().is_some_and(|e| e.kind() == ErrorKind::Cancelled);
    print_error(&format!("{err:#}"));
    ExitCode::from(if interrupted { EXIT_INTERRUPTED } else { EXIT_ERROR })
}

/// Prints one line `error: message` on stderr, its line breaks turned to
/// spaces and other control characters escaped (a NUL or an escape sequence
/// read from the user's input must not reach the terminal raw).
fn print_error(message: &str) {
    eprintln!("error: {}", escape_controls(&message.replace('\n', " ")));
}

/// `text` with every control character written as an escape (`\0`, `\t`,
/// `\u{1b}`), so an echo of the user's input stays one visible line.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\0' => out.push_str("\\0"),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out
}

/// Prints a command-line parsing error as one line (help and version requests
/// print in full and succeed).
pub fn clap_error(err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind as Kind;
    match err.kind() {
        Kind::DisplayHelp | Kind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        Kind::DisplayHelpOnMissingArgumentOrSubcommand => {
            print_error(&missing_subcommand(&err.render().to_string()));
            ExitCode::from(EXIT_ERROR)
        }
        _ => {
            let text = err.render().to_string();
            // `onag eval -1+2`: an expression, not a flag or a negative count.
            if err.kind() == Kind::UnknownArgument && text.contains("Usage: onag eval") {
                if let Some(clap::error::ContextValue::String(arg)) =
                    err.get(clap::error::ContextKind::InvalidArg)
                {
                    // clap names the flag it stopped at (`-1` of `-1+2`): show the word.
                    let word =
                        std::env::args().find(|a| a.starts_with(arg.as_str())).unwrap_or_default();
                    let word = if word.is_empty() { arg.as_str() } else { word.as_str() };
                    print_error(&format!(
                        "'{word}' is not an option of onag eval; an expression that \
                         starts with '-' goes after '--': onag eval -- '{word}'"
                    ));
                    return ExitCode::from(EXIT_ERROR);
                }
            }
            if let Some(message) = hyphen_position(err, &text) {
                print_error(&message);
                return ExitCode::from(EXIT_ERROR);
            }
            if let Some(token) = negative_number(err) {
                print_error(&format!("'{token}': numbers here must not be negative"));
                return ExitCode::from(EXIT_ERROR);
            }
            // clap's message may span lines ("required arguments were not
            // provided:" then the arguments); keep it, drop usage and tips.
            let message: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty() && !l.starts_with("Usage:"))
                .collect();
            let message = message.join(" ");
            let message = message.strip_prefix("error:").unwrap_or(&message).trim();
            match suggestion(err) {
                Some(meant) => print_error(&format!("{message}; did you mean {meant}?")),
                None => print_error(message),
            }
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// The subcommand, option or value clap found nearest to a misspelt one
/// (`domineerin`: 'domineering'), quoted. clap lists its candidates from
/// the least to the most alike (a ruleset's CGSuite name among them, an
/// alias of its command): the last one is meant.
fn suggestion(err: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let kinds =
        [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg, ContextKind::SuggestedValue];
    kinds.into_iter().find_map(|kind| {
        let name = match err.get(kind)? {
            ContextValue::String(name) => name.clone(),
            ContextValue::Strings(names) => names.last()?.clone(),
            _ => return None,
        };
        Some(format!("'{name}'"))
    })
}

/// The one-line error for a command called without the subcommand it needs
/// (`onag nimber`), from clap's help text for it: the command and its
/// subcommands' names.
fn missing_subcommand(help: &str) -> String {
    let command = help
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage: "))
        .and_then(|usage| usage.split(" [").next())
        .map(|c| c.trim_end_matches(" <COMMAND>").to_string())
        .unwrap_or_else(|| "onag".to_string());
    let names: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .collect();
    format!("{command} needs a subcommand: {} (see {command} --help)", names.join(", "))
}

/// For a ruleset subcommand, an "unexpected argument" that is a position
/// starting with `-` (an Arc Kayles path `---`): say to put it after `--`.
fn hyphen_position(err: &clap::Error, text: &str) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind as Kind};
    if err.kind() != Kind::UnknownArgument {
        return None;
    }
    let usage = text.lines().find_map(|l| l.trim().strip_prefix("Usage: onag "))?;
    let name = usage.split_whitespace().next()?;
    onag::ruleset::catalog::find(name)?;
    let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) else {
        return None;
    };
    let word = std::env::args().find(|a| a.starts_with(arg.as_str())).unwrap_or(arg.clone());
    if looks_like_option(&word) {
        // `--strng lrl`: a misspelt option (clap's text says which one was meant).
        return None;
    }
    Some(format!(
        "'{word}' is not an option of onag {name}; a position that starts with '-' goes after '--': onag {name} -- '{word}'"
    ))
}

/// Whether a command-line word is written like an option (`--strng`,
/// `--max-posiitons=5`): two dashes, then a letter, then letters, digits
/// and dashes. No ruleset writes a position so (Arc Kayles paths are all
/// dashes, boards and strips use `.`, `|` and single letters).
fn looks_like_option(word: &str) -> bool {
    let Some(rest) = word.strip_prefix("--") else {
        return false;
    };
    let name = rest.split_once('=').map_or(rest, |(name, _)| name);
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.len() >= 2
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The command-line word behind an "unexpected argument" error when it is a
/// negative number or list (`-1`, `-1,2`): clap takes it for a flag, but the
/// user meant a number, and should hear that it must not be negative.
fn negative_number(err: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind as Kind};
    if err.kind() != Kind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) else {
        return None;
    };
    let digit_follows =
        arg.strip_prefix('-').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    if !digit_follows {
        return None;
    }
    // clap may name only the first characters ("-1" of "-1,2"): show the whole word.
    // (args_os: a word that is not UTF-8 must not make this panic.)
    let mut words = std::env::args_os().skip(1).map(|w| w.to_string_lossy().into_owned());
    words.find(|word| word.starts_with(arg.as_str())).or(Some(arg.clone()))
}

/// `n` followed by `word` in the singular for exactly one, else with an `s`
/// ("1 heap", "3 heaps", "0 positions").
pub fn plural(n: impl std::fmt::Display, word: &str) -> String {
    let n = n.to_string();
    if n == "1" { format!("{n} {word}") } else { format!("{n} {word}s") }
}

/// `text` padded with spaces to `width` characters, on the right (`left`
/// aligned) or on the left; any width (`format!`'s `{:<width$}` stops at
/// 65,535, and a position's name may be longer).
pub fn pad(text: &str, width: usize, align: Align) -> String {
    let fill = " ".repeat(width.saturating_sub(text.chars().count()));
    match align {
        Align::Left => format!("{text}{fill}"),
        Align::Right => format!("{fill}{text}"),
    }
}

/// Where [`pad`] puts the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text first, then spaces.
    Left,
    /// Spaces first, then text.
    Right,
}
