//! Endgame table probes: a WDL probe and a DTZ probe once the table is
//! read, and the first probe of a table (finding the directory's tables,
//! reading and checking the file, then probing), on the test tables.
//!
//! `cargo bench --bench tablebase`.

use std::hint::black_box;
use std::time::Duration;

use chessbot::chess::Position;
use chessbot::tablebase::Tablebases;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

fn tables_dir() -> String {
    format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

/// KQRvKQ (the largest test table, 5 pieces), white to move, no capture.
const FIVE: &str = "4k3/8/8/3q4/8/8/1R6/K2Q4 w - - 0 1";
/// KRvK.
const THREE: &str = "8/8/4k3/8/8/8/2K5/R7 w - - 0 1";

fn bench_probes(c: &mut Criterion) {
    let tables = Tablebases::open(&tables_dir()).expect("the test tables");
    let mut group = c.benchmark_group("tablebase");
    group.measurement_time(Duration::from_secs(5));
    for (name, fen) in [("KQRvKQ", FIVE), ("KRvK", THREE)] {
        let pos = Position::from_fen(fen).expect("a legal FEN");
        tables.probe(&pos).expect("the tables hold it");
        group.bench_function(format!("wdl {name}"), |b| {
            b.iter(|| tables.probe_wdl(black_box(&pos)).expect("probe"));
        });
        group.bench_function(format!("dtz {name}"), |b| {
            b.iter(|| tables.probe(black_box(&pos)).expect("probe"));
        });
    }
    let pos = Position::from_fen(FIVE).expect("a legal FEN");
    group.sample_size(20);
    group.bench_function("first probe KQRvKQ (open, read, check, probe)", |b| {
        b.iter_batched(
            || (),
            |()| {
                let fresh = Tablebases::open(&tables_dir()).expect("tables");
                fresh.probe_wdl(&pos).expect("probe")
            },
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

criterion_group!(benches, bench_probes);
criterion_main!(benches);
