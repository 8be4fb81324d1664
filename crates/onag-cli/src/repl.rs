//! The interactive calculator: `onag` with no subcommand.
//!
//! Line editing and history (kept in `$XDG_DATA_HOME/onag/history`, else
//! `~/.local/share/onag/history`) come from rustyline. An input with an open
//! `{`, `[` or `(`, or inside `begin`, `if` or a loop without its `end`,
//! continues on the next line. Errors print as one line
//! `error: message` under a caret that points at the column. `:help` lists the
//! language and every member with an example; `:quit` (or Ctrl-D) leaves.
//! When standard input is not a terminal, the prompt reads it like
//! `onag eval -`.

use std::borrow::Cow;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use onag::lang::members::{RULESET_DOCS, catalog_docs, member_docs, unavailable_rulesets};
use onag::{Error, ErrorKind};
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Editor, Helper};

use crate::commands::Context;
use crate::commands::eval::{
    Command, batch, input_budget, new_session, on_big_stack, stdin_inputs,
};
use crate::signal;

const PROMPT: &str = "> ";

/// Tells rustyline that an input with unclosed brackets or blocks goes on,
/// until an empty line (which submits it, to be reported unfinished) or a
/// line that is a command (`:quit`).
struct Brackets;

impl Completer for Brackets {
    type Candidate = String;
}

impl Hinter for Brackets {
    type Hint = String;
}

impl Highlighter for Brackets {
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        Cow::Borrowed(prompt)
    }
}

impl Validator for Brackets {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        let input = ctx.input();
        Ok(if goes_on(input) {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl Helper for Brackets {}

/// Whether an input typed at the prompt goes on at the next line: it stops
/// inside brackets or a block, and its last line is neither empty (an
/// empty line ends any input) nor a command such as `:quit`.
fn goes_on(input: &str) -> bool {
    let last = input.rsplit('\n').next().unwrap_or("").trim();
    if input.contains('\n') && (last.is_empty() || last.starts_with(':')) {
        return false;
    }
    open_brackets(input) > 0 || onag::lang::is_incomplete(input)
}

/// The command on the last line of a multi-line input, if it is one.
fn last_line_command(input: &str) -> Option<&str> {
    let last = input.rsplit('\n').next()?.trim();
    (input.contains('\n') && last.starts_with(':')).then_some(last)
}

/// How many `{`, `[`, `(` are open at the end of `text` (strings and `//`
/// comments skipped); negative when more are closed than opened.
pub fn open_brackets(text: &str) -> i64 {
    let mut depth = 0i64;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            '"' => {
                while let Some(s) = chars.next() {
                    match s {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                for s in chars.by_ref() {
                    if s == '\n' {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    depth
}

/// Where the history is kept.
fn history_path() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(data.join("onag").join("history"))
}

/// The text of `:help`: the language in brief and every member with an example.
pub fn help_text() -> String {
    let mut text = String::from(
        "The onag calculator speaks a subset of CGSuite's CGScript.\n\
         Values:    17  3/8  *  *5  ^  v  ^^  ^<3>  ^[3]  6^*  {1|0}  {3||2|1}  +-1  3+-1\n\
         \x20          Tiny(1)  Miny(1)  [1,2,3]  true  \"text\"\n\
         Operators: :=  == != < <= > >= <> <| |>  + - +-  * / %  ^  -x  .Member\n\
         \x20          named: a NimSum b, G : H, a Max b  (n * G is Norton multiplication)\n\
         \x20          written together, a number, ups and a star are one value: 6^*, 2v3*4, 3*;\n\
         \x20          but 3*2 multiplies (6), as in CGSuite: write 3+*2 for three plus star two\n\
         Lists:     [n*n for n from 1 to 5]  [x+1 for x in L]\n\
         Several statements: x := {1|0}; x + x\n\
         Scripts:   if c then a elseif d then b else e end   while c do ... end   begin ... end\n\
         \x20          for n from 1 to 9 by 2 where n > 3 yield n end   for x in L do ... end   var y := 1\n\
         \x20          def f(x) := x + 1   def g(x) begin ... end   x -> x^2   (x, y) -> x + y   L.Apply(f)\n\
         \x20          {1,2}  {1 => *}  {=>}  L[1]  (a, b)  listof/setof/sumof(e for x in L)  Left  Right  Nothing\n\
         \x20          error(\"message\") stops the input with that message\n\
         Commands:  :help  :help NAME (one member or ruleset)  :quit (or Ctrl-D)\n\
         An unfinished input ({1| or begin) goes on at the next line; an empty line ends it.\n\nMembers:\n",
    );
    let docs = member_docs();
    let width = docs.iter().map(|m| m.name.len()).max().unwrap_or(0);
    for m in &docs {
        text.push_str(&format!("  {:width$}  {} ({})\n", m.name, m.summary, m.on));
        text.push_str(&format!("  {:width$}    e.g. {}\n", "", m.example));
    }
    text.push_str("\nRulesets (a heap position is R(n); the short name alone also works):\n");
    for r in RULESET_DOCS {
        text.push_str(&format!("  {}  {}\n", r.path, r.summary));
        text.push_str(&format!("    e.g. {}\n", r.example));
    }
    text.push_str("\nGames on boards, strips, graphs and cakes (positions print as CGSuite's):\n");
    for (path, example, about) in catalog_docs() {
        text.push_str(&format!("  {path}  {about}\n"));
        text.push_str(&format!("    e.g. {example}\n"));
    }
    let missing = unavailable_rulesets();
    if !missing.is_empty() {
        text.push_str(&format!("\nCGSuite rulesets not available yet: {}.\n", missing.join(", ")));
    }
    text
}

/// The help on one name: the members of that name (each kind of value that
/// has one) and the rulesets whose name or path it is, found regardless of
/// case; or a line saying there is none.
pub fn help_on(topic: &str) -> String {
    let wanted = topic.to_ascii_lowercase();
    let mut text = String::new();
    for m in member_docs().iter().filter(|m| m.name.to_ascii_lowercase() == wanted) {
        text.push_str(&format!(
            "{} ({}): {}
    e.g. {}
",
            m.name, m.on, m.summary, m.example
        ));
    }
    let matches = |name: &str, path: &str| {
        name.to_ascii_lowercase() == wanted || path.to_ascii_lowercase() == wanted
    };
    for r in RULESET_DOCS.iter().filter(|r| matches(r.name, r.path)) {
        text.push_str(&format!(
            "{}: {}
    e.g. {}
",
            r.path, r.summary, r.example
        ));
    }
    for (path, example, about) in catalog_docs() {
        let name = path.rsplit('.').next().unwrap_or(&path).to_string();
        if matches(&name, &path) {
            text.push_str(&format!(
                "{path}: {about}
    e.g. {example}
"
            ));
        }
    }
    if text.is_empty() {
        text = format!("no member or ruleset is named '{topic}' (:help lists them all)\n");
    }
    text
}

/// Prints `err` for `input`: a caret under the column, then `error: message`.
fn print_error(input: &str, err: &Error) {
    if let Some(location) = err.location() {
        let line = input.lines().nth(location.line.saturating_sub(1)).unwrap_or("");
        // Input of several lines, or an error past the end of the first
        // one (`123+` then an empty line): name the line.
        let several = input.lines().count() > 1 || location.line > 1;
        if several {
            println!("{}{line}", " ".repeat(PROMPT.len()));
        }
        println!("{}^", " ".repeat(PROMPT.len() + location.column.saturating_sub(1)));
        if several {
            println!(
                "error: line {}, column {}: {}",
                location.line,
                location.column,
                err.message()
            );
        } else {
            println!("error: column {}: {}", location.column, err.message());
        }
    } else {
        println!("error: {}", err.message());
    }
}

/// Runs the prompt until `:quit` or end of input.
pub fn run(ctx: &Context) -> anyhow::Result<ExitCode> {
    if !std::io::stdin().is_terminal() {
        // Piped input: the prompt's commands work on their own lines.
        return on_big_stack(|| batch(ctx, stdin_inputs(), true, &piped_command));
    }
    on_big_stack(|| interactive(ctx))
}

/// A prompt command on a line of piped input: `:help`, `:help NAME`,
/// `:quit`; an unknown `:command` is an error line.
fn piped_command(line: &str) -> Option<Command> {
    let input = line.trim();
    if !input.starts_with(':') {
        return None;
    }
    let (command, topic) = input.split_once(char::is_whitespace).unwrap_or((input, ""));
    Some(match (command, topic.trim()) {
        (":quit" | ":q" | ":exit", _) => Command::Quit,
        (":help" | ":h", "") => Command::Print(help_text()),
        (":help" | ":h", topic) => Command::Print(help_on(topic)),
        _ => Command::Error(format!("unknown command '{input}' (try :help)")),
    })
}

fn interactive(ctx: &Context) -> anyhow::Result<ExitCode> {
    let mut editor: Editor<Brackets, rustyline::history::DefaultHistory> = Editor::new()?;
    editor.set_helper(Some(Brackets));
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    println!("onag {} calculator. Type :help for help, :quit to leave.", env!("CARGO_PKG_VERSION"));
    let flag = signal::cancel_flag();
    let mut session = new_session(ctx);
    loop {
        let line = match editor.readline(PROMPT) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e.into()),
        };
        let input = line.trim();
        if input.is_empty() {
            continue;
        }
        let _ = editor.add_history_entry(input);
        // A command typed under an unfinished input drops that input.
        let input = last_line_command(input).unwrap_or(input);
        let (command, topic) = match input.split_once(char::is_whitespace) {
            Some((c, t)) if c.starts_with(':') => (c, t.trim()),
            _ => (input, ""),
        };
        match command {
            ":quit" | ":q" | ":exit" => break,
            ":help" | ":h" | "help" if topic.is_empty() => {
                print!("{}", help_text());
                continue;
            }
            ":help" | ":h" => {
                print!("{}", help_on(topic));
                continue;
            }
            _ if input.starts_with(':') => {
                println!("error: unknown command '{input}' (try :help)");
                continue;
            }
            _ => {}
        }
        flag.store(false, std::sync::atomic::Ordering::SeqCst);
        let (budget, bar) = input_budget(ctx);
        let result = session.run_to_string(&line, &budget);
        drop(bar);
        match result {
            Ok(text) if text.is_empty() => {}
            Ok(text) => println!("{text}"),
            Err(err) if err.kind() == ErrorKind::Cancelled => println!("error: interrupted"),
            Err(err) => print_error(&line, &err),
        }
    }
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(path);
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use onag::lang::members::known_members;

    #[test]
    fn brackets_are_counted_outside_strings() {
        assert_eq!(open_brackets("{1|"), 1);
        assert_eq!(open_brackets("[x for x in ["), 2);
        assert_eq!(open_brackets("\"{\" + 1"), 0);
        assert_eq!(open_brackets("{1|0} // {"), 0);
        assert_eq!(open_brackets("1)"), -1);
    }

    #[test]
    fn an_empty_line_or_a_command_ends_an_unfinished_input() {
        assert!(goes_on("{1|"));
        assert!(goes_on("begin\nx := 1"));
        assert!(!goes_on("{1|\n"));
        assert!(!goes_on("{1|\n:quit"));
        assert_eq!(last_line_command("{1|\n:quit"), Some(":quit"));
        assert_eq!(last_line_command(":quit"), None);
        assert!(!goes_on("1 + 1"));
    }

    #[test]
    fn help_on_one_name_finds_members_and_rulesets() {
        let text = help_on("heat");
        assert!(text.contains("Heat (game)"), "{text}");
        assert!(help_on("kayles").contains("game.heap.Kayles"));
        assert!(help_on("Domineering").contains("game.grid.Domineering"));
        assert!(help_on("NoSuchThing").starts_with("no member or ruleset"));
    }

    #[test]
    fn help_lists_every_member_with_its_example() {
        let help = help_text();
        for m in member_docs() {
            assert!(help.contains(m.name) && help.contains(m.example), "{}", m.name);
        }
    }

    #[test]
    fn help_lists_every_member_and_ruleset_the_evaluator_knows() {
        let help = help_text();
        for name in known_members() {
            assert!(help.contains(&format!("  {name} ")), "{name} is missing from :help");
        }
        for r in RULESET_DOCS {
            assert!(help.contains(r.path) && help.contains(r.example), "{}", r.name);
        }
        for name in ["NimValueSequence", "CheckPeriodicity", "game.heap.Kayles", "TakeAndBreak"] {
            assert!(help.contains(name), "{name}");
        }
        assert!(!help.contains("Temperature, Mean, Thermograph"));
    }
}
