//! How far to search a take-and-break code so that every heap up to `N` is
//! known, and which heaps the certificate of its period reads: what `onag
//! octal` and the Python package both report.

use super::HeapRuleset;
use super::code::TakeAndBreak;
use super::period::certificate_bound;
use super::sequence::GrundySequence;
use crate::budget::Budget;
use crate::error::{ErrorKind, Result};

/// How far a first probe for a certified period searches.
pub const PROBE: u64 = 256;

/// The Grundy sequence of `rule` searched only as far as needed to know
/// every heap up to `upto`, and the last heap the certificate of its period
/// reads (see [`certified_at`]). A short probe first: a period certified
/// there (a growing one after the fact, from the values computed) answers
/// every heap without search, and its certificate is the same whatever
/// `upto` is; else the search goes to `upto`. The table may be shorter than
/// `upto + 1` when a period is certified
/// ([`GrundySequence::fill_to`] extends it).
pub fn search(
    rule: &TakeAndBreak,
    upto: u64,
    budget: &Budget,
) -> Result<(GrundySequence, Option<usize>)> {
    if rule.periodicity_criterion().is_some() {
        match rule.sequence_until(PROBE, budget) {
            Ok(mut seq) => {
                let arithmetic_at = super::arith::certify_sequence(rule, &mut seq);
                if seq.certified.is_some() {
                    let at = certified_at(rule, &seq, arithmetic_at);
                    return Ok((seq, at));
                }
            }
            // A limit met past the heaps asked for (a heap with too many
            // options to list): the probe gives up, the search below goes
            // only as far as it must.
            Err(e) if upto < PROBE && e.kind() == ErrorKind::LimitExceeded => {}
            Err(e) => return Err(e),
        }
    }
    let mut seq = rule.sequence_until(upto, budget)?;
    let arithmetic_at = super::arith::certify_sequence(rule, &mut seq);
    let at = certified_at(rule, &seq, arithmetic_at);
    Ok((seq, at))
}

/// Why `seq`'s period holds for every heap, as one line (the one `onag
/// octal` prints): the period, preperiod and saltus, the theorem that
/// certifies them and, when known, the heaps whose values it reads
/// (`certified_at`, from [`certified_at`]). `None` without a certified
/// period.
pub fn certificate(seq: &GrundySequence, certified_at: Option<usize>) -> Option<String> {
    let p = seq.certified?;
    let from = certified_at.map_or(String::new(), |n| format!(" from the values of heaps 0..={n}"));
    Some(if p.saltus > 0 {
        format!(
            "period {}, preperiod {}, saltus {} (certified by the arithmetic periodicity \
             theorem{from}; later values follow from the period)",
            p.period, p.preperiod, p.saltus,
        )
    } else {
        format!(
            "period {}, preperiod {} (certified by the octal periodicity theorem{from}; \
             later values follow from the period)",
            p.period, p.preperiod,
        )
    })
}

/// The last heap whose value the certificate of `seq`'s period uses: the
/// period follows from the values of heaps `0..=N` by the octal periodicity
/// theorem (`N = bound + p − 1`, see [`certificate_bound`]) or, for a
/// saltus, by the arithmetic one (`arithmetic_at` is the heap below which it
/// read the values). It depends on the game only, not on how far search went.
pub fn certified_at(
    rule: &TakeAndBreak,
    seq: &GrundySequence,
    arithmetic_at: Option<usize>,
) -> Option<usize> {
    let c = seq.certified?;
    if c.saltus > 0 {
        return arithmetic_at?.checked_sub(1);
    }
    let (h, k) = rule.periodicity_criterion()?;
    certificate_bound(h, k, c.preperiod, c.period)?.checked_add(c.period.checked_sub(1)?)
}
