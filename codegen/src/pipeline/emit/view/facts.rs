//! What the grammar says about each view: which captures its entry always
//! sets, can reach, and each capture's presence; the accessor names.

use crate::compiled::Compiled;

use super::names::snake_case;

/// For each capture of `c` (tag order), whether every input of every entry
/// in `rules` sets it ([`crate::pipeline::lower::Lowered::always_captured`] over
/// those entries): then views of these entries return it as `&str`. One
/// answer for several entries keeps the accessors of a grammar's views of
/// one shape (RFC 3986's `scheme()` is an `Option` in `Uri` too, because
/// a `URI-reference` may have none).
pub fn always(c: &Compiled, rules: &[&str]) -> Vec<bool> {
    let mut out: Option<Vec<bool>> = None;
    for rule in rules {
        let Some(m) = c.machine(rule) else { continue };
        let one = m.lowered.always_captured();
        out = Some(match out {
            None => one,
            Some(a) => a.iter().zip(&one).map(|(a, b)| *a && *b).collect(),
        });
    }
    out.unwrap_or_default()
}

/// For each capture of `c` (tag order), whether the entry `rule` can set
/// it (a capture group of its expression, or of one of its lists' items,
/// reports it).
pub fn reaches(c: &Compiled, rule: &str) -> Vec<bool> {
    let n = c.machines.first().map_or(0, |m| m.lowered.components.len());
    let mut out = vec![false; n];
    if let Some(m) = c.machine(rule) {
        // The entry's groups and its lists' items', at every level.
        for &k in m
            .with_items()
            .into_iter()
            .flat_map(|m| &m.lowered.group_component)
        {
            if let Some(slot) = out.get_mut(k) {
                *slot = true;
            }
        }
        // A kind decided after the match (`;@ kind-after`) is no capture
        // group: it is reached where the capture it is a kind of is.
        for (i, k) in m.lowered.components.iter().enumerate() {
            if let (true, Some(parent)) = (k.after, k.kind_of) {
                if out.get(parent).copied().unwrap_or(false) {
                    if let Some(slot) = out.get_mut(i) {
                        *slot = true;
                    }
                }
            }
        }
    }
    out
}

/// Whether the matches of an entry rule have a capture (the runtime
/// crate's `uridfa::Presence`; Note [presence from the grammar] there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Every match has it.
    Always,
    /// A match may have it or not.
    Sometimes,
    /// No match has it.
    Never,
    /// It lies inside a list region: every occurrence comes from the list.
    Repeated,
}

impl Presence {
    /// The variant's name, as in `uridfa::Presence`.
    pub fn name(self) -> &'static str {
        match self {
            Presence::Always => "Always",
            Presence::Sometimes => "Sometimes",
            Presence::Never => "Never",
            Presence::Repeated => "Repeated",
        }
    }
}

/// For each capture of `c` (tag order), its presence in the matches of
/// the entry `rule`: [`always`] of that rule alone, [`reaches`], and the
/// captures inside list regions. A list region's own hidden capture is
/// `Sometimes` (its span is the whole list, which may be empty or absent).
pub fn presence(c: &Compiled, rule: &str) -> Vec<Presence> {
    let always = always(c, &[rule]);
    let reach = reaches(c, rule);
    let components = c
        .machine(rule)
        .map(|m| m.lowered.components.clone())
        .unwrap_or_default();
    (0..reach.len())
        .map(|i| {
            if !reach[i] {
                Presence::Never
            } else if components.get(i).is_some_and(|k| k.repeated) {
                Presence::Repeated
            } else if always.get(i).copied().unwrap_or(false) {
                Presence::Always
            } else {
                Presence::Sometimes
            }
        })
        .collect()
}

/// The accessor names of `c`'s captures, in tag order: the `;@ accessor`
/// pragma's, else the capture's name in snake case.
pub fn accessor_names(c: &Compiled) -> Vec<(String, String)> {
    let Some(m) = c.machines.first() else {
        return Vec::new();
    };
    m.lowered
        .components
        .iter()
        .map(|comp| {
            let name = c
                .grammar
                .accessors
                .iter()
                .find(|a| a.capture.eq_ignore_ascii_case(&comp.name))
                .map_or_else(|| snake_case(&comp.name), |a| a.name.clone());
            (comp.name.clone(), name)
        })
        .collect()
}
