//! What the normal form is made of ([`Plan`]): written into a buffer, or
//! compared with another's piece by piece.

use super::components::NormalizeFacts;
use super::components::{Auth, Comps, HostCase};
use super::path::{Item, PathRev};
use super::rewrite::{Mode, Rewrite};
use super::{default_port, Steps};

/// The normal form of one reference, before it is written or compared.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan<'a> {
    /// How the grammar rewrites (Note [algorithms over grammars]).
    pub(super) reader: &'static NormalizeFacts,
    pub(super) steps: Steps,
    /// The authority, re-split when decoding turned a 2396bis-01
    /// `reg-name` into a `server`.
    pub(super) auth: Option<Auth<'a>>,
    /// The path after the scheme-based step (`/` for an empty http path).
    pub(super) path: &'a str,
    /// Rewrite the path segment by segment ([`PathRev`]).
    pub(super) dots: bool,
    /// The port after the scheme-based step.
    pub(super) port: Option<&'a str>,
}

impl<'a> Plan<'a> {
    pub(super) fn new(c: &Comps<'a>, steps: Steps, reader: &'static NormalizeFacts) -> Plan<'a> {
        let mut plan = Plan {
            reader,
            steps,
            auth: c.auth,
            path: c.path,
            dots: false,
            port: None,
        };
        // Only a 2396bis-01 `reg-name` keeps its case.
        if let (Some(a), Some(server)) = (c.auth, c.server) {
            if a.host_case == HostCase::Keep && steps.contains(Steps::PCT) {
                plan.auth = Some(server);
            }
        }
        plan.port = plan.auth.and_then(|a| a.port);
        if steps.contains(Steps::SCHEME) {
            if let Some(p) = plan.port {
                let default = c.scheme.and_then(default_port);
                let value = port_value(Rewrite::new(p, plan.plain()));
                if p.is_empty() || default.is_some_and(|d| value == Some(d)) {
                    plan.port = None;
                }
            }
            let web = c
                .scheme
                .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
            if web && c.auth.is_some() && plan.path.is_empty() {
                plan.path = "/";
            }
        }
        // Without "." (and without "%" when "%2E" may be decoded into
        // "."), the path has no dot segment and is written as it is; it
        // needs no "/." guard either, as a valid path without authority
        // never starts with "//".
        let pct = steps.contains(Steps::PCT);
        plan.dots = plan.by_segments()
            && (crate::cut::contains(plan.path, b'.')
                || (pct && crate::cut::contains(plan.path, b'%')));
        plan
    }

    /// Whether the path step applies: the normal form of the path is that
    /// of its segments ([`PathRev`]).
    pub(super) fn by_segments(&self) -> bool {
        self.steps.contains(Steps::PATH) && self.path.starts_with('/')
    }

    pub(super) fn mode(&self, lower: (usize, usize)) -> Mode {
        Mode {
            marks: self.reader.marks,
            lower: if self.steps.contains(Steps::CASE) {
                lower
            } else {
                (0, 0)
            },
            upper_hex: self.steps.contains(Steps::CASE),
            decode: self.steps.contains(Steps::PCT),
        }
    }

    pub(super) fn plain(&self) -> Mode {
        self.mode((0, 0))
    }

    pub(super) fn path_items(&self) -> PathRev<'a> {
        PathRev::new(
            self.path,
            self.steps.contains(Steps::PCT),
            self.reader.keep_dots_above_root,
        )
    }

    /// The pieces of the normal form before the path, in order, each
    /// given to `f`.
    pub(super) fn head(&self, c: &Comps<'a>, mut f: impl FnMut(Rewrite<'a>)) {
        if let Some(s) = c.scheme {
            f(Rewrite::new(s, self.mode((0, s.len()))));
            f(Rewrite::new(":", self.plain()));
        }
        if let Some(a) = self.auth {
            f(Rewrite::new("//", self.plain()));
            if let Some(u) = a.userinfo {
                f(Rewrite::new(u, self.plain()));
                f(Rewrite::new("@", self.plain()));
            }
            let lower = match a.host_case {
                HostCase::Lower(from, to) => (from, to),
                HostCase::Keep => (0, 0),
            };
            f(Rewrite::new(a.host, self.mode(lower)));
            if let Some(p) = self.port {
                f(Rewrite::new(":", self.plain()));
                f(Rewrite::new(p, self.plain()));
            }
        }
    }

    /// The pieces of the normal form after the path, each given to `f`.
    pub(super) fn tail(&self, c: &Comps<'a>, mut f: impl FnMut(Rewrite<'a>)) {
        if let Some(q) = c.query {
            f(Rewrite::new("?", self.plain()));
            f(Rewrite::new(q, self.plain()));
        }
        if let Some(x) = c.fragment {
            f(Rewrite::new("#", self.plain()));
            f(Rewrite::new(x, self.plain()));
        }
    }

    /// The pieces [`Plan::head`] then [`Plan::tail`] give, collected (at
    /// most 8 + 4), for comparing without a callback.
    pub(super) fn pieces(&self, c: &Comps<'a>) -> impl Iterator<Item = Rewrite<'a>> + use<'a> {
        let mut v: [Option<Rewrite<'a>>; 12] = Default::default();
        let mut n = 0;
        let mut push = |r| {
            if let Some(slot) = v.get_mut(n) {
                *slot = Some(r);
                n = n.saturating_add(1);
            }
        };
        self.head(c, &mut push);
        self.tail(c, &mut push);
        v.into_iter().flatten()
    }

    pub(super) fn item_len(&self, item: Item<'_>) -> usize {
        // Lengths saturate: see Note [positions saturate] in src/algorithms/resolve/dots.rs.
        1usize.saturating_add(match item {
            Item::Seg(s) => Rewrite::new(s, self.plain()).len(),
            Item::Empty => 0,
            Item::DotDot => 2,
        })
    }

    /// The length of the normalized path, and whether it needs the `/.`
    /// guard: without authority, a normalized path whose first segment is
    /// empty and followed by another would start with `//`. One pass over
    /// the segments.
    pub(super) fn path_shape(&self) -> (usize, bool) {
        if !self.dots {
            return (Rewrite::new(self.path, self.plain()).len(), false);
        }
        let (mut len, mut n, mut first_empty) = (0, 0usize, false);
        for item in self.path_items() {
            len = self.item_len(item).saturating_add(len);
            n = n.saturating_add(1);
            first_empty = item == Item::Empty;
        }
        let guard = self.auth.is_none() && n >= 2 && first_empty;
        (len.saturating_add(if guard { 2 } else { 0 }), guard)
    }

    /// The length of the normal form, and the path's shape for
    /// [`Plan::write`].
    pub(super) fn len(&self, c: &Comps<'a>) -> (usize, (usize, bool)) {
        let shape = self.path_shape();
        let mut n = shape.0;
        self.head(c, |r| n = n.saturating_add(r.len()));
        self.tail(c, |r| n = n.saturating_add(r.len()));
        (n, shape)
    }

    /// Writes the normal form; `out` holds at least the length [`Plan::len`]
    /// gave with `shape`.
    pub(super) fn write(&self, c: &Comps<'a>, shape: (usize, bool), out: &mut [u8]) -> usize {
        let mut at = 0;
        let mut put = |r: Rewrite<'_>, at: &mut usize| {
            if !r.s.contains(&b'%') {
                // No triplet: a copy, then the case folding in place.
                let end = at.saturating_add(r.s.len());
                let Some(dst) = out.get_mut(*at..end) else {
                    return;
                };
                if dst.len() == r.s.len() {
                    dst.copy_from_slice(r.s);
                }
                let (from, to) = r.mode.lower;
                if let Some(lower) = dst.get_mut(from..to.min(r.s.len())) {
                    lower.make_ascii_lowercase();
                }
                *at = end;
                return;
            }
            for b in r {
                if let Some(slot) = out.get_mut(*at) {
                    *slot = b;
                }
                *at = at.saturating_add(1);
            }
        };
        self.head(c, |r| put(r, &mut at));
        let (path_len, guard) = shape;
        if self.dots {
            let end = at.saturating_add(path_len);
            if guard {
                put(Rewrite::new("/.", self.plain()), &mut at);
            }
            // Items come last first: each is written just before the one
            // written previously.
            let mut back = end;
            for item in self.path_items() {
                let start = back.saturating_sub(self.item_len(item));
                let mut w = start;
                put(Rewrite::new("/", self.plain()), &mut w);
                match item {
                    Item::Seg(s) => put(Rewrite::new(s, self.plain()), &mut w),
                    Item::Empty => {}
                    Item::DotDot => put(Rewrite::new("..", self.plain()), &mut w),
                }
                back = start;
            }
            at = end;
        } else {
            put(Rewrite::new(self.path, self.plain()), &mut at);
        }
        self.tail(c, |r| put(r, &mut at));
        at
    }

    /// Whether `self` (of `c`) and `other` (of `d`) have the same normal
    /// form, comparing byte by byte as the pieces are rewritten.
    pub(super) fn same(&self, c: &Comps<'a>, other: &Plan<'_>, d: &Comps<'_>) -> bool {
        // Structure first: which components are present.
        if c.scheme.is_some() != d.scheme.is_some()
            || c.auth.is_some() != d.auth.is_some()
            || c.query.is_some() != d.query.is_some()
            || c.fragment.is_some() != d.fragment.is_some()
        {
            return false;
        }
        // Everything but the path, as one byte string: the head never
        // holds the `?` or `#` that starts the tail, so both sides split
        // at the same place.
        if !self.pieces(c).flatten().eq(other.pieces(d).flatten()) {
            return false;
        }
        // The path.
        let (items_a, items_b) = (self.by_segments(), other.by_segments());
        if items_a != items_b {
            // One normal form starts with "/" and the other not.
            return false;
        }
        if !items_a {
            return Rewrite::new(self.path, self.plain())
                .eq(Rewrite::new(other.path, other.plain()));
        }
        // Segment by segment, last first. The `/.` guard depends only on
        // the segments and on the authority's presence, compared above.
        let mut ia = self.path_items();
        let mut ib = other.path_items();
        loop {
            match (ia.next(), ib.next()) {
                (None, None) => return true,
                (Some(Item::Seg(x)), Some(Item::Seg(y))) => {
                    if !Rewrite::new(x, self.plain()).eq(Rewrite::new(y, other.plain())) {
                        return false;
                    }
                }
                (Some(x), Some(y)) if x == y => {}
                _ => return false,
            }
        }
    }
}

/// The decimal value of a port (after the `pct` step), `None` when it
/// overflows `u32`.
pub(super) fn port_value(mut p: impl Iterator<Item = u8>) -> Option<u32> {
    p.try_fold(0u32, |v, c| {
        let digit = c.checked_sub(b'0').filter(|&d| d <= 9)?;
        v.checked_mul(10)?.checked_add(u32::from(digit))
    })
}
