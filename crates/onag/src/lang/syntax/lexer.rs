//! The calculator's lexer: source text to tokens with byte spans.
//!
//! Tokens keep their byte span so the parser can report columns and can tell
//! whether two tokens touch (`6^*` is one compact value, `6 ^ 2` a power).
//! A run of bars `|||` is one token carrying its length: more bars bind more
//! loosely in game literals. The lexer never fails on a character silently:
//! anything it does not know is a located syntax error.

use num_bigint::BigInt;

use crate::error::{Error, Location, Result};

/// A half-open byte range `start..end` in the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// A non-negative decimal integer.
    Int(BigInt),
    /// A name: variable, member, ruleset, keyword or named operator.
    Ident(String),
    /// A string literal (escapes resolved).
    Str(String),
    /// A run of `n` bars `|`.
    Bars(usize),
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `,`
    Comma,
    /// `;`
    Semi,
    /// `.`
    Dot,
    /// `..` (a range)
    DotDot,
    /// `:=`
    Assign,
    /// `:` (ordinal sum)
    Colon,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `+-`
    PlusMinus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `^`
    Caret,
    /// `==`
    EqEq,
    /// `!=`
    NotEq,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<>` (confused with)
    Confused,
    /// `<|` (less than or confused with)
    LessConfused,
    /// `|>` (greater than or confused with)
    GreaterConfused,
    /// `=>` (named argument, map entry)
    Arrow,
    /// `->` (lambda)
    RArrow,
    /// `&` (onside & offside of a loopy game)
    Amp,
    /// `'`, around an explicit game `'{L|R}'`.
    Quote,
    /// `?` (a parameter's default: `x ? 0`)
    Question,
    /// `...` (a parameter that takes the remaining arguments)
    Ellipsis,
    /// End of input.
    Eof,
}

impl Tok {
    /// How the token is written, for error messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Int(n) => format!("'{n}'"),
            Tok::Ident(name) => format!("'{name}'"),
            Tok::Str(_) => "a string".to_string(),
            Tok::Bars(n) => format!("'{}'", "|".repeat(*n)),
            Tok::Eof => "the end of the input".to_string(),
            other => format!("'{}'", other.symbol()),
        }
    }

    fn symbol(&self) -> &'static str {
        match self {
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::Comma => ",",
            Tok::Semi => ";",
            Tok::Dot => ".",
            Tok::DotDot => "..",
            Tok::Assign => ":=",
            Tok::Colon => ":",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::PlusMinus => "+-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Percent => "%",
            Tok::Caret => "^",
            Tok::EqEq => "==",
            Tok::NotEq => "!=",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::Gt => ">",
            Tok::Ge => ">=",
            Tok::Confused => "<>",
            Tok::LessConfused => "<|",
            Tok::GreaterConfused => "|>",
            Tok::Arrow => "=>",
            Tok::RArrow => "->",
            Tok::Amp => "&",
            Tok::Quote => "'",
            Tok::Question => "?",
            Tok::Ellipsis => "...",
            _ => "?",
        }
    }
}

/// A token and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Its bytes in the source.
    pub span: Span,
}

/// A syntax error at byte `offset` of `source`.
pub(crate) fn syntax_error(source: &str, offset: usize, message: impl Into<String>) -> Error {
    Error::syntax(Location::of_offset(source, offset), message)
}

/// The error for a `/*` comment without its `*/` (an input that ends
/// inside one goes on on the next line: see [`comment_is_open`]).
const UNTERMINATED_COMMENT: &str = "a comment '/*' without its '*/'";

/// Whether `source` ends inside a `/* … */` comment.
pub fn comment_is_open(source: &str) -> bool {
    matches!(tokenize(source), Err(e) if e.message() == UNTERMINATED_COMMENT)
}

/// Splits `source` into tokens, ending with [`Tok::Eof`]. `//` starts a
/// comment that runs to the end of the line, `/*` one that runs to `*/`.
pub fn tokenize(source: &str) -> Result<Vec<Token>> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && bytes.get(i + 1) == Some(&b'*') {
            match source[i + 2..].find("*/") {
                Some(end) => i += 2 + end + 2,
                None => return Err(syntax_error(source, i, UNTERMINATED_COMMENT.to_string())),
            }
            continue;
        }
        let start = i;
        let two = |second: u8| bytes.get(i + 1) == Some(&second);
        let (tok, len) = match c {
            b'0'..=b'9' => {
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                let digits = &source[i..j];
                let n: BigInt = digits
                    .parse()
                    .map_err(|_| syntax_error(source, i, format!("bad number '{digits}'")))?;
                (Tok::Int(n), j - i)
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let mut j = i;
                while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
                    j += 1;
                }
                (Tok::Ident(source[i..j].to_string()), j - i)
            }
            b'"' => {
                let (text, len) = lex_string(source, i)?;
                (Tok::Str(text), len)
            }
            b'|' => {
                let mut j = i;
                while j < bytes.len() && bytes[j] == b'|' {
                    j += 1;
                }
                if j - i == 1 && bytes.get(j) == Some(&b'>') {
                    (Tok::GreaterConfused, 2)
                } else {
                    (Tok::Bars(j - i), j - i)
                }
            }
            b'{' => (Tok::LBrace, 1),
            b'}' => (Tok::RBrace, 1),
            b'[' => (Tok::LBracket, 1),
            b']' => (Tok::RBracket, 1),
            b'(' => (Tok::LParen, 1),
            b')' => (Tok::RParen, 1),
            b',' => (Tok::Comma, 1),
            b';' => (Tok::Semi, 1),
            b'.' if two(b'.') && bytes.get(i + 2) == Some(&b'.') => (Tok::Ellipsis, 3),
            b'.' if two(b'.') => (Tok::DotDot, 2),
            b'.' => (Tok::Dot, 1),
            b':' if two(b'=') => (Tok::Assign, 2),
            b':' => (Tok::Colon, 1),
            b'+' if two(b'-') => (Tok::PlusMinus, 2),
            b'+' => (Tok::Plus, 1),
            b'-' if two(b'>') => (Tok::RArrow, 2),
            b'-' => (Tok::Minus, 1),
            b'*' => (Tok::Star, 1),
            b'&' => (Tok::Amp, 1),
            b'\'' => (Tok::Quote, 1),
            b'?' => (Tok::Question, 1),
            b'/' => (Tok::Slash, 1),
            b'%' => (Tok::Percent, 1),
            b'^' => (Tok::Caret, 1),
            // CGScript's `===` and `!==` (equality of the objects) are read
            // as `==` and `!=`: they differ only on games kept as written
            // (README, "Where the calculator differs from CGSuite").
            b'=' if two(b'=') && bytes.get(i + 2) == Some(&b'=') => (Tok::EqEq, 3),
            b'!' if two(b'=') && bytes.get(i + 2) == Some(&b'=') => (Tok::NotEq, 3),
            b'=' if two(b'=') => (Tok::EqEq, 2),
            b'=' if two(b'>') => (Tok::Arrow, 2),
            b'!' if two(b'=') => (Tok::NotEq, 2),
            b'<' if two(b'=') => (Tok::Le, 2),
            b'<' if two(b'>') => (Tok::Confused, 2),
            b'<' if two(b'|') => (Tok::LessConfused, 2),
            b'<' => (Tok::Lt, 1),
            b'>' if two(b'=') => (Tok::Ge, 2),
            b'>' => (Tok::Gt, 1),
            b'=' => {
                return Err(syntax_error(
                    source,
                    i,
                    "unexpected '=': write ':=' to assign or '==' to compare",
                ));
            }
            _ => {
                let ch = source[i..].chars().next().unwrap_or('?');
                return Err(syntax_error(source, i, format!("unexpected character '{ch}'")));
            }
        };
        i += len;
        tokens.push(Token { tok, span: Span::new(start, i) });
    }
    tokens.push(Token { tok: Tok::Eof, span: Span::new(bytes.len(), bytes.len()) });
    Ok(tokens)
}

/// Reads the string literal starting at the quote at `start`; returns its
/// text and its length in bytes including the quotes.
fn lex_string(source: &str, start: usize) -> Result<(String, usize)> {
    let mut text = String::new();
    let mut chars = source[start + 1..].char_indices();
    while let Some((offset, ch)) = chars.next() {
        match ch {
            '"' => return Ok((text, offset + 2)),
            '\\' => match chars.next() {
                Some((_, '"')) => text.push('"'),
                Some((_, '\\')) => text.push('\\'),
                Some((_, 'n')) => text.push('\n'),
                Some((at, other)) => {
                    return Err(syntax_error(
                        source,
                        start + 1 + at,
                        format!("unknown escape '\\{other}' in a string"),
                    ));
                }
                None => break,
            },
            _ => text.push(ch),
        }
    }
    Err(syntax_error(source, start, "string is not closed: missing '\"'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(source: &str) -> Vec<Tok> {
        tokenize(source).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn bars_are_runs() {
        assert_eq!(
            toks("{3||2|1}"),
            vec![
                Tok::LBrace,
                Tok::Int(3.into()),
                Tok::Bars(2),
                Tok::Int(2.into()),
                Tok::Bars(1),
                Tok::Int(1.into()),
                Tok::RBrace,
                Tok::Eof
            ]
        );
    }

    #[test]
    fn two_character_operators() {
        assert_eq!(
            toks("+- := <= <> <| |> == != >= => ->"),
            vec![
                Tok::PlusMinus,
                Tok::Assign,
                Tok::Le,
                Tok::Confused,
                Tok::LessConfused,
                Tok::GreaterConfused,
                Tok::EqEq,
                Tok::NotEq,
                Tok::Ge,
                Tok::Arrow,
                Tok::RArrow,
                Tok::Eof
            ]
        );
    }

    #[test]
    fn strings_and_comments() {
        assert_eq!(toks(r#""a\"b" // note"#), vec![Tok::Str("a\"b".into()), Tok::Eof]);
        let err = tokenize("1 + \"abc").unwrap_err();
        assert_eq!(err.location().map(|l| l.column), Some(5));
    }

    #[test]
    fn unknown_characters_are_located() {
        let err = tokenize("1 + é").unwrap_err();
        assert_eq!(err.to_string(), "1:5: unexpected character 'é'");
        assert!(tokenize("a = 1").is_err());
    }
}
