//! Shared bench support: criterion measured in CPU time of the benchmark
//! thread (`/proc/thread-self/schedstat` on Linux), which stays meaningful on
//! a shared, loaded machine where wall time does not. `ONAG_BENCH_WALL=1`, or a
//! system without that file, measures wall time instead.

use std::time::{Duration, Instant};

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// CPU time of the calling thread, or wall time where that is unavailable.
pub struct ThreadTime;

static WALL: WallTime = WallTime;

fn thread_cpu() -> Option<Duration> {
    if std::env::var_os("ONAG_BENCH_WALL").is_some() {
        return None;
    }
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

impl Measurement for ThreadTime {
    type Intermediate = (Option<Duration>, Instant);
    type Value = Duration;

    fn start(&self) -> Self::Intermediate {
        (thread_cpu(), Instant::now())
    }

    fn end(&self, (cpu, wall): Self::Intermediate) -> Duration {
        match (cpu, thread_cpu()) {
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
