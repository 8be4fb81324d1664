//! Links and distinguishers of misère games (CGSuite's `Link`,
//! `IsLinkedTo`, `Distinguisher`).
//!
//! `G` and `H` are *linked* when some `T` makes both `G + T` and `H + T`
//! misère P-positions; this holds exactly when neither is an option of the
//! other, and `T` is then built from the options: `{ d(G′, H), d(H′, G) }`
//! where `d(A, B)` is a game with `A + d` a P-position and `B + d` an
//! N-position. Such a `d` comes from any `T` telling `A` and `B` apart (one
//! outcome P, the other N): if `A + T` is not already P, the game of `T`
//! and the mates of `A`'s options is. A `T` telling two games apart is a
//! link of one with an option of the other.
//!
//! Games telling a pair apart are remembered by unordered pair for the
//! whole session, the first one found kept, as CGSuite does: which game is
//! printed can depend on what was asked before, the property never does.
//!
//! The search recurses once per birthday along the games, which stay small.

use super::canonical::FormId;
use super::games::MisereGames;
use crate::budget::Budget;
use crate::error::{Error, Result};

impl MisereGames {
    /// Whether `g` and `h` are linked: neither is an option of the other.
    pub fn is_linked(&self, g: FormId, h: FormId) -> bool {
        !self.forms.options(g).contains(&h) && !self.forms.options(h).contains(&g)
    }

    /// A game `T` with `g + T` and `h + T` both misère P-positions, if they
    /// are linked.
    pub fn link(&mut self, g: FormId, h: FormId, budget: &Budget) -> Result<Option<FormId>> {
        if g == 0 && h == 0 {
            return Ok(Some(self.forms.nim_heap(1)));
        }
        if !self.is_linked(g, h) {
            return Ok(None);
        }
        budget.check(self.forms.len() as u64)?;
        let mut options = Vec::new();
        for (a, b) in [(g, h), (h, g)] {
            for a1 in self.sorted_options(a) {
                options.push(self.distinguisher(a1, b, budget)?);
            }
        }
        Ok(Some(self.forms.from_options(options)))
    }

    /// A game `d` with `g + d` a misère P-position and `h + d` an
    /// N-position. Fails when `g = h`.
    pub fn distinguisher(&mut self, g: FormId, h: FormId, budget: &Budget) -> Result<FormId> {
        let d = self.tell_apart(g, h, budget)?;
        let sum = self.add(g, d, budget)?;
        if self.forms.misere_value(sum) == 0 {
            return Ok(d);
        }
        let mut options: Vec<FormId> =
            self.sorted_options(g).into_iter().map(|o| self.mate(o)).collect();
        options.push(d);
        Ok(self.forms.from_options(options))
    }

    /// A game `T` with `g + T` and `h + T` of different misère outcomes.
    fn tell_apart(&mut self, g: FormId, h: FormId, budget: &Budget) -> Result<FormId> {
        if g == h {
            return Err(Error::invalid("a game cannot be told apart from itself"));
        }
        if (g == 0 && self.forms.misere_value(h) == 0)
            || (h == 0 && self.forms.misere_value(g) == 0)
        {
            return Ok(0);
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.discs.get(&key) {
            return known.ok_or_else(|| Error::invalid("no game tells these two apart"));
        }
        let mut found = None;
        'search: for (a, b) in [(g, h), (h, g)] {
            for a1 in self.sorted_options(a) {
                if let Some(t) = self.link(b, a1, budget)? {
                    found = Some(t);
                    break 'search;
                }
            }
        }
        self.discs.insert(key, found);
        found.ok_or_else(|| Error::invalid("no game tells these two apart"))
    }
}
