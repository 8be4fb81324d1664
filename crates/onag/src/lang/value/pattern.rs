//! Regular expressions for the string members `Matches` and `ReplaceRegex`,
//! read as CGSuite (Java) reads them where the two agree.
//!
//! Patterns go to the `regex` crate, which runs in time linear in the
//! string whatever the pattern (no backtracking), so no input can hang the
//! calculator; the Java features it lacks (look-around, back-references)
//! are a one-line error. Replacements use Java's syntax: `$1` is a group
//! (more digits join while they still name a group), `${name}` a named
//! group, and a backslash makes the next character literal.

use regex::Regex;

/// `pattern` compiled, anchored at both ends when `whole` (Java's
/// `String.matches` matches the whole string); the error is one line.
pub(crate) fn compile(pattern: &str, whole: bool) -> Result<Regex, String> {
    let source = if whole { format!("^(?:{pattern})$") } else { pattern.to_string() };
    Regex::new(&source).map_err(|e| {
        let text = e.to_string();
        // A syntax error is several lines (the pattern, a caret); its
        // last line says what is wrong.
        let last = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
        let what = last.trim().trim_start_matches("error:").trim();
        format!("not a regular expression onag reads: {what}")
    })
}

/// A Java replacement string in the `regex` crate's syntax, for a pattern
/// with `groups` capture groups (group 0, the whole match, not counted).
pub(crate) fn replacement(java: &str, groups: usize) -> Result<String, String> {
    let mut out = String::with_capacity(java.len());
    let mut chars = java.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('$') => out.push_str("$$"),
                Some(next) => out.push(next),
                None => return Err("a replacement may not end with '\\'".to_string()),
            },
            '$' if chars.peek() == Some(&'{') => {
                chars.next();
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(ch) if ch.is_ascii_alphanumeric() => name.push(ch),
                        _ => return Err("a group name in a replacement needs '}'".to_string()),
                    }
                }
                out.push_str(&format!("${{{name}}}"));
            }
            '$' => {
                let Some(first) = chars.peek().and_then(|d| d.to_digit(10)) else {
                    return Err("'$' in a replacement needs a group number".to_string());
                };
                chars.next();
                let mut n = first as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    let longer = n * 10 + d as usize;
                    if longer > groups {
                        break;
                    }
                    n = longer;
                    chars.next();
                }
                if n > groups {
                    return Err(format!("the pattern has no group {n}"));
                }
                out.push_str(&format!("${{{n}}}"));
            }
            other => out.push(other),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacements_follow_java() {
        assert_eq!(replacement("M$1sh", 1).unwrap(), "M${1}sh");
        assert_eq!(replacement("$12", 1).unwrap(), "${1}2");
        assert_eq!(replacement("$12", 12).unwrap(), "${12}");
        assert_eq!(replacement("\\$5 \\\\", 0).unwrap(), "$$5 \\");
        assert_eq!(replacement("${word}!", 1).unwrap(), "${word}!");
        assert!(replacement("$2", 1).is_err());
        assert!(replacement("$x", 1).is_err());
        assert!(replacement("a\\", 1).is_err());
    }

    #[test]
    fn errors_are_one_line() {
        let err = compile("(?=a)b", false).unwrap_err();
        assert!(!err.contains('\n'), "{err}");
        assert!(err.contains("look-around"), "{err}");
    }
}
