//! CGSuite's notation for misère canonical games: `*[2#0]`, `*[(2#1)21]`,
//! `*[2[2]]`.
//!
//! A nim heap is its size (`&10;` from ten on, as CGSuite writes it in
//! plain text). Otherwise, trying heaps `*i` of the game's parity from the
//! smallest: if `G − *i` exists and is born earlier, `G` is written as it
//! followed by the subscript `i`; else if `G + *i` is born earlier, as that
//! followed by `-i`. An odd game left over is its even part with the
//! subscript `1`; a game with one option is that option followed by `#`;
//! otherwise the options are written largest first, each compound one in
//! parentheses. Subscripts are written inline inside one pair of square
//! brackets, opened right after the innermost base and closed at the level
//! that started them.

use super::canonical::FormId;
use super::games::MisereGames;
use crate::budget::Budget;
use crate::error::{Error, Result};

/// Deepest game the printer writes (it recurses once per birthday).
const MAX_PRINT_BIRTHDAY: u32 = 4096;

/// A heap size as CGSuite writes it.
fn digit(n: u32, out: &mut String) {
    if n < 10 {
        out.push_str(&n.to_string());
    } else {
        out.push_str(&format!("&{n};"));
    }
}

impl MisereGames {
    /// `g` in CGSuite's notation, `*[...]` included.
    pub fn print(&mut self, g: FormId, budget: &Budget) -> Result<String> {
        if self.forms.birthday(g) > MAX_PRINT_BIRTHDAY {
            return Err(Error::invalid(format!(
                "a misère game born on day {} is too deep to print (at most {MAX_PRINT_BIRTHDAY})",
                self.forms.birthday(g)
            )));
        }
        let mut out = String::from("*[");
        let mut flag = false;
        self.write(g, false, &mut flag, &mut out, budget)?;
        if flag {
            out.push(']');
        }
        out.push(']');
        Ok(out)
    }

    /// Writes `g`; `flag` is set while a subscript bracket is open or must
    /// be opened after the next base.
    fn write(
        &mut self,
        g: FormId,
        paren: bool,
        flag: &mut bool,
        out: &mut String,
        budget: &Budget,
    ) -> Result<()> {
        let b = self.forms.birthday(g);
        if self.is_nim_heap(g) {
            digit(b, out);
            if *flag {
                out.push('[');
            }
            return Ok(());
        }
        let odd = self.forms.is_odd(g);
        let mut i = if odd { 3 } else { 2 };
        while i < b {
            let heap = self.forms.nim_heap(i as usize);
            if let Some(d) = self.minus(g, heap, budget)? {
                if self.forms.birthday(d) < b {
                    *flag = true;
                    self.write(d, true, flag, out, budget)?;
                    digit(i, out);
                    return Ok(());
                }
            }
            let s = self.add(g, heap, budget)?;
            if self.forms.birthday(s) < b {
                *flag = true;
                self.write(s, true, flag, out, budget)?;
                out.push('-');
                digit(i, out);
                return Ok(());
            }
            i += 2;
        }
        if odd {
            *flag = true;
            let e = self.forms.even_part(g);
            self.write(e, true, flag, out, budget)?;
            out.push('1');
            return Ok(());
        }
        let opts = self.sorted_options(g);
        if let [only] = opts[..] {
            self.write(only, true, flag, out, budget)?;
            out.push('#');
            return Ok(());
        }
        let old = *flag;
        if paren {
            out.push('(');
        }
        for &o in opts.iter().rev() {
            let mut inner = false;
            self.write(o, true, &mut inner, out, budget)?;
            if inner {
                out.push(']');
            }
        }
        if paren {
            out.push(')');
        }
        *flag = old;
        if *flag {
            out.push('[');
        }
        Ok(())
    }
}
