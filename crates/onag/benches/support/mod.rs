//! Shared bench support: criterion measured in CPU time of the whole
//! process (every thread, including threads that have finished), which stays
//! meaningful on a shared, loaded machine where wall time does not, and counts
//! the work of a second thread as work. `ONAG_BENCH_WALL=1` measures wall
//! time instead, which shows what two cores gain.

use std::time::{Duration, Instant};

/// The allocator the `onag` command uses, so that benches time what a user
/// of the command gets.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// CPU time of the process, or wall time where that is unavailable.
pub struct CpuTime;

static WALL: WallTime = WallTime;

fn process_cpu() -> Option<Duration> {
    if std::env::var_os("ONAG_BENCH_WALL").is_some() {
        return None;
    }
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to write.
    if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } != 0 {
        return None;
    }
    Some(Duration::new(u64::try_from(t.tv_sec).ok()?, u32::try_from(t.tv_nsec).ok()?))
}

impl Measurement for CpuTime {
    type Intermediate = (Option<Duration>, Instant);
    type Value = Duration;

    fn start(&self) -> Self::Intermediate {
        (process_cpu(), Instant::now())
    }

    fn end(&self, (cpu, wall): Self::Intermediate) -> Duration {
        match (cpu, process_cpu()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed(),
        }
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}
