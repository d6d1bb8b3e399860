//! What the pipeline produces: [`Machine`] (one entry rule through every
//! stage) and [`Compiled`] (a whole grammar). The driver
//! ([`crate::driver`]) builds them; `emit`, `dump` and the CLI read them.
//! Kept apart from the driver so that `emit` does not import it.

use crate::pipeline::abnf::Grammar;
use crate::pipeline::lower::Lowered;
use crate::pipeline::tables::TablesBuf;
use crate::pipeline::tdfa::Tdfa;
use regex_automata::nfa::thompson::NFA;
use uridfa_runtime::{List, Tables};

/// One entry rule, through every stage.
#[derive(Clone, Debug)]
pub struct Machine {
    /// Stage 2 output.
    pub lowered: Lowered,
    /// Stage 3 output.
    pub nfa: NFA,
    /// States before minimization.
    pub unminimized_state_len: usize,
    /// Stage 4–5 output (minimized unless [`crate::driver::Options::minimize`] is off).
    pub tdfa: Tdfa,
    /// Stage 6 output.
    pub tables: TablesBuf,
    /// The item machines of its list regions, in
    /// [`Lowered::lists`](crate::pipeline::lower::Lowered::lists) order
    /// (Note [repeated captures] in [`crate::pipeline::lists`]).
    pub lists: Vec<ListMachine>,
}

impl Machine {
    /// This machine and the item machines of its lists, at every level
    /// (lists inside items), in pre-order.
    pub fn with_items(&self) -> Vec<&Machine> {
        let mut out = vec![self];
        for l in &self.lists {
            out.extend(l.machine.with_items());
        }
        out
    }
}

/// The item machine of one list region of a [`Machine`].
#[derive(Clone, Debug)]
pub struct ListMachine {
    /// The region's capture index.
    pub region: usize,
    /// The machine that reads one item; same captures as the outer one.
    pub machine: Machine,
}

impl ListMachine {
    /// `lists` as the runtime's [`List`]s, with the lists inside their
    /// items, at every level, for [`crate::split::Scratch`] and
    /// [`uridfa_runtime::check_lists`]. The item tables are copied and
    /// leaked, so that they live as long as the process: a run-time
    /// grammar's list regions borrow their item tables, and a program that
    /// compiles a grammar keeps it to the end (the CLI loads one per
    /// command; the Python package caches each by its source).
    pub fn leak_lists(lists: &[ListMachine]) -> &'static [List<'static>] {
        let out: Vec<List<'static>> = lists
            .iter()
            .map(|l| {
                let buf: &'static TablesBuf = Box::leak(Box::new(l.machine.tables.clone()));
                let item: &'static Tables<'static> = Box::leak(Box::new(buf.as_tables()));
                List {
                    region: l.region,
                    item,
                    lists: ListMachine::leak_lists(&l.machine.lists),
                }
            })
            .collect();
        Box::leak(out.into_boxed_slice())
    }
}

/// A whole grammar file, compiled.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The checked grammar.
    pub grammar: Grammar,
    /// One machine per `;@ entry`, in pragma order.
    pub machines: Vec<Machine>,
    /// One machine per `;@ component`, in pragma order: built exactly as
    /// an entry is, kept apart so that the entries' tables do not change.
    pub components: Vec<Machine>,
    /// One set per `;@ encode-set`, in pragma order.
    pub encode_sets: Vec<crate::pipeline::encode_set::EncodeSetBuf>,
}

impl Compiled {
    /// The machine for `rule` (ASCII case ignored).
    pub fn machine(&self, rule: &str) -> Option<&Machine> {
        self.machines
            .iter()
            .find(|m| m.lowered.rule.eq_ignore_ascii_case(rule))
    }
}
