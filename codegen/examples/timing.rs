fn main() {
    let t0 = std::time::Instant::now();
    let c = uridfa_codegen::driver::compile_file(
        std::path::Path::new("grammar/rfc3986.abnf"),
        Default::default(),
    )
    .unwrap();
    println!("compile {:?}", t0.elapsed());
    for m in &c.machines {
        let t1 = std::time::Instant::now();
        let o = uridfa_codegen::oracle::Oracle::new(&m.lowered).unwrap();
        println!(
            "{} ours {} (unmin {}) plain {} in {:?}; regs {} before {}; nondet {:?}",
            m.lowered.rule,
            m.tables.state_len(),
            m.unminimized_state_len,
            o.plain_dfa_state_len(),
            t1.elapsed(),
            m.tdfa.reg_len,
            m.tdfa.reg_len_before_alloc,
            m.tdfa.nondeterminism
        );
        println!(
            "  edges {} ops {} trans {}",
            m.tables.edges.len(),
            m.tables.ops.len(),
            m.tables.as_tables().table_bytes()
        );
    }
}
