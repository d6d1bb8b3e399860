//! The wire format between `cli/tests/c_driver.rs` and its C harness:
//! a job (machine, input, optional list items) written, the reply read.

use std::io::{Read, Write};
use uridfa_runtime::ErrorKind;

/// One job for the harness.
pub struct Job {
    pub machine: usize,
    pub input: Vec<u8>,
    /// Items: the item machine and the region.
    pub items: Option<(usize, usize, usize)>,
}

pub fn encode(job: &Job, w: &mut impl Write) {
    let mut head = Vec::new();
    head.push(u8::from(job.items.is_some()));
    head.extend_from_slice(&(job.machine as u16).to_le_bytes());
    if let Some((item, s, e)) = job.items {
        head.extend_from_slice(&(item as u16).to_le_bytes());
        head.extend_from_slice(&(s as u64).to_le_bytes());
        head.extend_from_slice(&(e as u64).to_le_bytes());
    }
    head.extend_from_slice(&(job.input.len() as u32).to_le_bytes());
    w.write_all(&head).unwrap();
    w.write_all(&job.input).unwrap();
}

pub struct Reply<R: Read>(pub R);

impl<R: Read> Reply<R> {
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        let mut b = vec![0; n];
        self.0
            .read_exact(&mut b)
            .expect("the harness stopped early");
        b
    }
    pub fn u(&mut self, n: usize) -> u64 {
        self.bytes(n)
            .iter()
            .rev()
            .fold(0, |v, &b| v << 8 | u64::from(b))
    }
}

pub fn span(s: u64, e: u64) -> Option<(usize, usize)> {
    (s != u64::MAX).then_some((s as usize, e as usize))
}

pub fn kind_code(k: ErrorKind) -> u64 {
    match k {
        ErrorKind::UnexpectedByte { .. } => 1,
        ErrorKind::UnexpectedEnd { .. } => 2,
        _ => 3,
    }
}
