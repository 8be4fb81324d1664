use std::time::{Duration, Instant};
fn main() {
    let mut s = onag::lang::Session::new();
    let b =
        onag::Budget::unlimited().with_max_positions(2_000).with_timeout(Duration::from_millis(20));
    let t = Instant::now();
    let r = s.run_to_string("22v2:v:506v:22v2:v:506:v001", &b);
    println!("{:?} {:?}", t.elapsed(), r.map(|x| x.len()).map_err(|e| e.to_string()));
    let t = Instant::now();
    let r = s.run("22v2:v:506v:22v2:v:506:v001", &b);
    println!("run only {:?} {:?}", t.elapsed(), r.is_ok());
}
