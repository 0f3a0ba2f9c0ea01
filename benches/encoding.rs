//! Criterion benchmarks of the core's hot paths: the full PE matrix fill (the heatmap's input)
//! at the default and the largest sizes, and the dot-product matrix.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use pe_explorer::encoding::{
    dot_product_matrix, fill_pe_matrix, pe_matrix_exact, Layout, PeScratch,
};

fn pe_matrix(c: &mut Criterion) {
    let mut group = c.benchmark_group("pe_matrix");
    for (length, d_model) in [(100, 128), (512, 512), (2048, 1024)] {
        let mut out = vec![0.0f32; length * d_model];
        let mut scratch = PeScratch::default();
        group.bench_with_input(
            BenchmarkId::new("fill_rotation_recurrence", format!("{length}x{d_model}")),
            &(length, d_model),
            |b, &(length, d_model)| {
                b.iter(|| {
                    fill_pe_matrix(
                        length,
                        d_model,
                        black_box(10_000.0),
                        Layout::Interleaved,
                        &mut scratch,
                        &mut out,
                    )
                })
            },
        );
    }
    // The direct formula, two libm calls per value: what the fast fill is measured against.
    group.sample_size(10);
    group.bench_function("exact_formula/2048x1024", |b| {
        b.iter(|| pe_matrix_exact(2048, 1024, black_box(10_000.0), Layout::Interleaved))
    });
    group.finish();
}

fn similarity(c: &mut Criterion) {
    let mut group = c.benchmark_group("dot_product_matrix");
    for length in [100, 512] {
        let mut out = vec![0.0f32; length * length];
        group.bench_with_input(
            BenchmarkId::from_parameter(length),
            &length,
            |b, &length| b.iter(|| dot_product_matrix(length, 512, black_box(10_000.0), &mut out)),
        );
    }
    group.finish();
}

criterion_group!(benches, pe_matrix, similarity);
criterion_main!(benches);
