//! Canonical forms of the regions a search has expanded, on the searching
//! thread or on a second one.
//!
//! The solver's search hands each region to a [`Finisher`] once every region
//! its options hold has been handed over, and gets back the region's index:
//! regions are numbered in the order they are handed over, and
//! `ids[index]` is the region's canonical form. A region's options are given
//! by those indices, so the finisher needs nothing but the arena and `ids`.
//!
//! At first the finisher values each region at once. Once a search has
//! handed over [`SPLIT_AFTER`] regions and the thread pool has two threads or
//! more, it moves the arena and `ids` to a thread of its own and sends it the
//! regions in batches: one thread expands regions (moves, splits into
//! regions, normal forms, the region table) while the other builds canonical
//! forms (sums, comparisons). The second thread values them in the order
//! they were handed over, which is the order a single thread would use, so
//! the arena and its ids are the same on any number of threads.
//!
//! Invariant: when [`Finisher::finish`] returns, `ids[i]` holds the value of
//! region `i` for every region before the first one still queued; a region's
//! options always have smaller indices than the region.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::thread::{Scope, ScopedJoinHandle};

use crate::error::{Error, ErrorKind, Result};
use crate::game::{Arena, GameId};

/// Regions valued on the searching thread before a second thread takes
/// over: smaller searches are over before a thread would pay for itself.
pub(super) const SPLIT_AFTER: u32 = 1 << 10;

/// Terms a batch collects before it is sent.
const BATCH_TERMS: usize = 1 << 13;

/// Batches in flight: the searching thread waits when this many are queued.
const QUEUED: usize = 8;

/// The largest region index: the low bit of a packed term is its sign.
const MAX_INDEX: u32 = u32::MAX >> 1;

/// Regions to value, packed: for each, its options' terms (region index
/// shifted left by one, the low bit set where the option holds the region's
/// negative) and where each option's terms end.
#[derive(Default)]
struct Batch {
    terms: Vec<u32>,
    ends: Vec<u32>,
    /// Per region: where its options end in `ends`, and how many are Left's.
    regions: Vec<(u32, u32)>,
}

impl Batch {
    /// The bytes the batch's buffers hold.
    fn bytes(&self) -> u64 {
        (self.terms.capacity() * std::mem::size_of::<u32>()
            + self.ends.capacity() * std::mem::size_of::<u32>()
            + self.regions.capacity() * std::mem::size_of::<(u32, u32)>()) as u64
    }

    fn clear(&mut self) {
        self.terms.clear();
        self.ends.clear();
        self.regions.clear();
    }

    /// Appends a region: `terms` are `(index, negated)` for each term of its
    /// options, `ends` where each option's terms end, Left's options first.
    fn push(&mut self, terms: impl Iterator<Item = (u32, bool)>, ends: &[u32], left_count: usize) {
        let base = self.terms.len() as u32;
        self.terms.extend(terms.map(|(i, negated)| i << 1 | negated as u32));
        self.ends.extend(ends.iter().map(|&e| base + e));
        self.regions.push((self.ends.len() as u32, left_count as u32));
    }

    /// Values the regions in order, pushing each canonical form onto `ids`.
    fn value_into(
        &self,
        arena: &mut Arena,
        ids: &mut Vec<GameId>,
        scratch: &mut Scratch,
    ) -> Result<()> {
        let Scratch { values, negated, options, terms, sums } = scratch;
        let (mut end_from, mut term_from) = (0usize, 0usize);
        for &(end_to, left_count) in &self.regions {
            let ends = &self.ends[end_from..end_to as usize];
            end_from = end_to as usize;
            // Three passes over the options, each asking for what the next
            // one reads before reading any of it, so the loads of all the
            // options overlap: the terms' games, then their negatives and
            // the sums' memo slots, then the sums.
            let term_to = ends.last().map_or(term_from, |&end| end as usize);
            for &t in &self.terms[term_from..term_to] {
                arena.prefetch_term(ids[(t >> 1) as usize], t & 1 == 1);
            }
            terms.clear();
            sums.clear();
            for &end in ends {
                let end = end as usize;
                values.clear();
                negated.clear();
                for &t in &self.terms[term_from..end] {
                    values.push(ids[(t >> 1) as usize]);
                    negated.push(t & 1 == 1);
                }
                term_from = end;
                let start = terms.len();
                let flip = super::solver::sum_terms(arena, values, negated, terms)?;
                if let [a, b, ..] = terms[start..] {
                    arena.prefetch_sum(a, b);
                }
                sums.push((terms.len() as u32, flip));
            }
            options.clear();
            let mut start = 0;
            for &(end, flip) in sums.iter() {
                let end = end as usize;
                options.push(super::solver::add_terms(arena, &terms[start..end], flip)?);
                start = end;
            }
            let (left, right) = options.split_at(left_count as usize);
            ids.push(arena.from_options(left, right)?);
        }
        Ok(())
    }
}

/// The buffers [`Batch::value_into`] reuses from one region to the next.
#[derive(Default)]
struct Scratch {
    values: Vec<GameId>,
    negated: Vec<bool>,
    options: Vec<GameId>,
    /// Every option's terms, ready to add ([`sum_terms`](super::solver::sum_terms)).
    terms: Vec<GameId>,
    /// Per option: where its terms end in `terms`, and whether its sum is
    /// negated.
    sums: Vec<(u32, bool)>,
}

/// The index of the region after `count` regions, within [`MAX_INDEX`].
pub(super) fn region_index(count: usize) -> Result<u32> {
    u32::try_from(count)
        .ok()
        .filter(|&i| i <= MAX_INDEX)
        .ok_or_else(|| Error::new(ErrorKind::Overflow, "more than 2^31 regions"))
}

/// The arena and `ids`, wherever regions are valued.
type Local<'env> = (&'env mut Arena, &'env mut Vec<GameId>);

/// The cells the two threads share.
#[derive(Default)]
pub(super) struct Shared {
    /// The arena's bytes, as the second thread last saw them.
    arena_bytes: AtomicU64,
    /// The bytes of the batches sent to the second thread and of those it
    /// gave back that are not in use again yet.
    queued_bytes: AtomicU64,
    /// Set to make the second thread stop early.
    stop: AtomicBool,
}

/// The second thread's end of the pipeline.
struct Remote<'scope, 'env> {
    sender: SyncSender<Batch>,
    spare: Receiver<Batch>,
    worker: ScopedJoinHandle<'scope, Result<()>>,
    shared: &'env Shared,
}

impl Remote<'_, '_> {
    /// Sends `batch` to the second thread, leaving an empty one in its place.
    fn send(&self, batch: &mut Batch) -> Result<()> {
        let fresh = match self.spare.try_recv() {
            Ok(spare) => {
                self.shared.queued_bytes.fetch_sub(spare.bytes(), Ordering::Relaxed);
                spare
            }
            Err(_) => Batch::default(),
        };
        let full = std::mem::replace(batch, fresh);
        self.shared.queued_bytes.fetch_add(full.bytes(), Ordering::Relaxed);
        // A closed channel means the second thread stopped on an error,
        // which `Finisher::close` reports.
        self.sender.send(full).map_err(|_| Error::invalid("the valuing thread stopped"))
    }
}

/// Where a search's expanded regions are valued.
pub(super) struct Finisher<'scope, 'env> {
    scope: &'scope Scope<'scope, 'env>,
    /// The arena and `ids` while regions are valued on this thread.
    local: Option<Local<'env>>,
    remote: Option<Remote<'scope, 'env>>,
    batch: Batch,
    /// The buffers of regions valued on this thread.
    scratch: Scratch,
    /// The index the next region gets.
    next: u32,
    /// Regions handed over in this search.
    handed: u32,
    /// The cells shared with the second thread.
    shared: &'env Shared,
    /// Regions handed over before the second thread takes over; `None` on
    /// a pool of one thread.
    split_after: Option<u32>,
}

impl<'scope, 'env> Finisher<'scope, 'env> {
    /// A finisher valuing into `arena`, where `ids` holds the values of the
    /// regions valued before. `shared` are the cells the two threads use to
    /// tell each other their memory and to stop. A second thread takes
    /// over after `split_after` regions (normally [`SPLIT_AFTER`]).
    pub(super) fn new(
        scope: &'scope Scope<'scope, 'env>,
        arena: &'env mut Arena,
        ids: &'env mut Vec<GameId>,
        shared: &'env Shared,
        split_after: u32,
    ) -> Self {
        let next = ids.len() as u32;
        Finisher {
            scope,
            local: Some((arena, ids)),
            remote: None,
            batch: Batch::default(),
            scratch: Scratch::default(),
            next,
            handed: 0,
            shared,
            split_after: (rayon::current_num_threads() >= 2).then_some(split_after),
        }
    }

    /// Takes a region whose options' terms are all valued or queued, and
    /// returns its index.
    pub(super) fn finish(
        &mut self,
        terms: impl Iterator<Item = (u32, bool)>,
        ends: &[u32],
        left_count: usize,
    ) -> Result<u32> {
        let index = region_index(self.next as usize)?;
        self.batch.push(terms, ends, left_count);
        self.next += 1;
        self.handed += 1;
        if let Some((arena, ids)) = self.local.as_mut() {
            self.batch.value_into(arena, ids, &mut self.scratch)?;
            self.batch.clear();
            if self.split_after.is_some_and(|n| self.handed >= n) {
                self.split();
            }
        } else if self.batch.terms.len() >= BATCH_TERMS {
            self.send()?;
        }
        Ok(index)
    }

    /// The bytes the arena holds (as last reported, once it is on the second
    /// thread) and those of the batches on their way.
    pub(super) fn bytes(&self) -> u64 {
        let arena = match &self.local {
            Some((arena, _)) => arena.memory_bytes(),
            None => self.shared.arena_bytes.load(Ordering::Relaxed),
        };
        arena + self.batch.bytes() + self.shared.queued_bytes.load(Ordering::Relaxed)
    }

    /// Moves the arena and `ids` to a second thread. When no thread can be
    /// started, regions go on being valued on this one.
    fn split(&mut self) {
        // The arena is handed over once the thread runs, so that a thread
        // the system refuses leaves it here.
        let (hand_over, take_over) = sync_channel::<Local<'env>>(1);
        let (sender, inbox) = sync_channel::<Batch>(QUEUED);
        let (give_back, spare) = sync_channel::<Batch>(QUEUED);
        let shared = self.shared;
        let spawned = std::thread::Builder::new().spawn_scoped(self.scope, move || {
            let Ok((arena, ids)) = take_over.recv() else { return Ok(()) };
            let mut scratch = Scratch::default();
            for mut batch in inbox {
                if shared.stop.load(Ordering::Relaxed) {
                    break;
                }
                batch.value_into(arena, ids, &mut scratch)?;
                shared.arena_bytes.store(arena.memory_bytes(), Ordering::Relaxed);
                batch.clear();
                // A batch given back stays counted until it is in use again.
                match give_back.try_send(batch) {
                    Ok(()) => {}
                    Err(TrySendError::Full(dropped)) => {
                        shared.queued_bytes.fetch_sub(dropped.bytes(), Ordering::Relaxed);
                    }
                    Err(TrySendError::Disconnected(_)) => break,
                }
            }
            Ok(())
        });
        let Ok(worker) = spawned else {
            self.split_after = None;
            return;
        };
        let Some((arena, ids)) = self.local.take() else { return };
        self.shared.arena_bytes.store(arena.memory_bytes(), Ordering::Relaxed);
        // The thread waits for exactly this message, so the send succeeds.
        if let Err(returned) = hand_over.send((arena, ids)) {
            self.local = Some(returned.0);
            self.split_after = None;
            return;
        }
        self.remote = Some(Remote { sender, spare, worker, shared: self.shared });
    }

    /// Sends the batch to the second thread.
    fn send(&mut self) -> Result<()> {
        match &self.remote {
            Some(remote) => remote.send(&mut self.batch),
            None => Ok(()),
        }
    }

    /// Waits until every region handed over is valued (or, after `failed`,
    /// stops the second thread early) and reports the first error: the
    /// second thread's, else `failed`'s.
    pub(super) fn close(mut self, failed: Result<()>) -> Result<()> {
        let Some(remote) = self.remote.take() else { return failed };
        let sent = if failed.is_ok() {
            remote.send(&mut self.batch)
        } else {
            self.shared.stop.store(true, Ordering::Relaxed);
            Ok(())
        };
        drop(remote.sender);
        let worked = remote
            .worker
            .join()
            .unwrap_or_else(|_| Err(Error::invalid("the valuing thread panicked")));
        worked.and(failed).and(sent)
    }
}
