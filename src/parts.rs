//! The span machinery shared by every typed view: run a grammar's tables
//! over the input and keep the tag registers as `u32` offsets.

use crate::Error;
use uridfa_runtime::{
    items, split_regs, split_regs32, ErrorKind, Items, List, Tables, MAX_LIST_DEPTH,
};

/// A built-in view (or RFC 1738's `Url`) made from its spans and back, and parsed with its own
/// or another of its grammar's tables: what code generic over a grammar's
/// views needs (the builders, the owned forms), implemented by the
/// generator on every built-in view. Public in this private module, so
/// that public traits can name it as a bound and no other crate can
/// implement it.
pub trait FromTags<'a>: Sized {
    /// The spans: two `u32` offsets per capture of the grammar.
    type Tags: Copy + core::fmt::Debug + Eq;
    /// The view's `parse`.
    ///
    /// # Errors
    ///
    /// As the view's `parse`.
    fn parse_str(input: &'a str) -> Result<Self, Error>;
    /// `input` parsed with `t`, tables of this view's grammar (an entry or
    /// a `;@ component` rule, whose captures are the grammar's).
    ///
    /// # Errors
    ///
    /// Where and why `input` does not match `t`.
    fn parse_with(t: &'static Tables<'static>, input: &'a str) -> Result<Self, Error>;
    /// The view's spans.
    fn tags(&self) -> Self::Tags;
    /// The view of `input` with spans `tags` (which came from
    /// [`FromTags::tags`] of a view of `input`).
    fn from_tags(input: &'a str, tags: Self::Tags) -> Self;
}

/// The spans of one parsed input: the first `T` registers (tag `2i` is the
/// start of capture `i`, tag `2i + 1` its end) as `u32`, with `u32::MAX`
/// for "never set".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parts<'a, const T: usize> {
    pub(crate) input: &'a str,
    pub(crate) tags: [u32; T],
}

impl<'a, const T: usize> Parts<'a, T> {
    /// Runs `t` over `input` with `R` registers (the grammar's `REG_LEN`,
    /// at least `T`), as `u32` offsets (`split_regs32`, which rejects
    /// inputs whose offsets would not fit).
    #[inline]
    fn tags<const R: usize>(t: &'static Tables<'static>, input: &[u8]) -> Result<[u32; T], Error> {
        // Registers for the runtime's branch-free file when the grammar
        // fits it (every built-in grammar does), else exactly `R`.
        if R <= uridfa_runtime::SMALL_WIDE_REGS {
            Self::tags_in(t, input, &mut [0u32; 32])
        } else if R <= uridfa_runtime::MAX_STACK_REGS {
            Self::tags_in(t, input, &mut [0u32; uridfa_runtime::MAX_STACK_REGS])
        } else {
            Self::tags_in(t, input, &mut [0u32; R])
        }
    }

    #[inline(always)]
    fn tags_in(
        t: &'static Tables<'static>,
        input: &[u8],
        regs: &mut [u32],
    ) -> Result<[u32; T], Error> {
        if let Err(e) = split_regs32(t, input, regs) {
            // A `charset utf-8` grammar fails inside a character; report
            // its first byte. Only there: for ASCII grammars, which fail at
            // the lead byte, it is a no-op (tests/utf8_offsets.rs), and
            // the test (`utf8` of a static, known at compile time) keeps
            // its second driver out of their binaries (the firmware
            // footprint, docs/BENCHMARKS.md).
            let e = if t.utf8 { e.at_char_start(t, input) } else { e };
            return Err(Error::new(e, t));
        }
        // The registers are the tags (`u32::MAX` for never set, our NIL):
        // one copy of the first `T`.
        let mut tags = [u32::MAX; T];
        for (tag, &reg) in tags.iter_mut().zip(regs.iter()) {
            *tag = reg;
        }
        Ok(tags)
    }

    /// Parses a `&str` with tables `t`.
    #[inline]
    pub(crate) fn parse_str<const R: usize>(
        t: &'static Tables<'static>,
        input: &'a str,
    ) -> Result<Self, Error> {
        Ok(Parts {
            input,
            tags: Self::tags::<R>(t, input.as_bytes())?,
        })
    }

    /// Parses bytes with tables `t`; the matched input must be UTF-8 (an
    /// ASCII grammar guarantees it; a `charset utf-8` grammar matches
    /// only well-formed UTF-8). It is checked rather than assumed.
    pub(crate) fn parse_bytes<const R: usize>(
        t: &'static Tables<'static>,
        input: &'a [u8],
    ) -> Result<Self, Error> {
        let tags = Self::tags::<R>(t, input)?;
        let input = core::str::from_utf8(input).map_err(|e| {
            Error::new(
                uridfa_runtime::Error::new(e.valid_up_to(), ErrorKind::CorruptTables),
                t,
            )
        })?;
        Ok(Parts { input, tags })
    }

    /// The parts of one item of a list region (Note [repeated captures] in
    /// `uridfa-codegen`): `span` of `input` split with `item`, the list's
    /// item tables, in offsets of the whole `input`. `None` if the item
    /// does not match (it always does for a span `uridfa_runtime::items`
    /// gave over a region of these parts).
    pub(crate) fn item<const R: usize>(
        item: &Tables<'_>,
        input: &'a str,
        span: (usize, usize),
    ) -> Option<Self> {
        let bytes = input.as_bytes().get(span.0..span.1)?;
        let mut regs = [0usize; R];
        split_regs(item, bytes, &mut regs).ok()?;
        uridfa_runtime::decide_kinds_regs(item, bytes, &mut regs);
        let mut tags = [u32::MAX; T];
        for (tag, &reg) in tags.iter_mut().zip(regs.iter()) {
            if reg != uridfa_runtime::NIL {
                // In bounds: the input is shorter than u32::MAX (checked
                // when the whole input was parsed).
                *tag = reg.saturating_add(span.0) as u32;
            }
        }
        Some(Parts { input, tags })
    }

    /// Every occurrence of capture `capture` inside `within`
    /// ([`Occurrences`]); `lists` are those of the tables that made these
    /// parts, `R` the grammar's `REG_LEN`.
    #[inline]
    pub(crate) fn occurrences<const R: usize>(
        self,
        lists: &'static [List<'static>],
        capture: usize,
        within: (usize, usize),
    ) -> Occurrences<'a, T, R> {
        Occurrences::new(self, lists, capture, within)
    }

    /// The span of capture `i`, if it matched.
    #[inline]
    pub(crate) fn span(&self, i: usize) -> Option<(usize, usize)> {
        let s = *self.tags.get(i.checked_mul(2)?)?;
        let e = *self.tags.get(i.checked_mul(2)?.checked_add(1)?)?;
        if s == u32::MAX || e == u32::MAX || s > e {
            return None;
        }
        Some((s as usize, e as usize))
    }

    /// The text of capture `i`, if it matched.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        // No test of its own for "never set": `str::get` already rejects a
        // start past the end, and a NIL tag (`u32::MAX`) is past the end of
        // every input (shorter than `u32::MAX`, checked when parsed).
        let s = *self.tags.get(i.checked_mul(2)?)?;
        let e = *self.tags.get(i.checked_mul(2)?.checked_add(1)?)?;
        self.input.get(s as usize..e as usize)
    }

    /// The span of capture `i` of `t` (the tables these parts come
    /// from): [`Parts::span`], except that a kind decided after the match
    /// (`;@ kind-after`, which the parse leaves unset) is decided here,
    /// from its parent's bytes (`uridfa_runtime::kind_after_of`).
    #[inline]
    pub(crate) fn span_in(&self, t: &Tables<'_>, i: usize) -> Option<(usize, usize)> {
        if !t.after.kinds.iter().any(|k| usize::from(k.capture) == i) {
            return self.span(i);
        }
        let parent = usize::from(t.captures.get(i)?.kind_of);
        let (s, e) = self.span(parent)?;
        let bytes = self.input.as_bytes().get(s..e)?;
        (uridfa_runtime::kind_after_of(t, parent, bytes) == Some(i)).then_some((s, e))
    }

    /// The text of capture `i` of `t`, as [`Parts::span_in`] decides it.
    #[inline]
    pub(crate) fn get_in(&self, t: &Tables<'_>, i: usize) -> Option<&'a str> {
        let (s, e) = self.span_in(t, i)?;
        self.input.get(s..e)
    }

    /// The whole input.
    #[inline]
    pub(crate) fn input(&self) -> &'a str {
        self.input
    }
}

/// A decimal port as a number: `None` if empty, not all digits, or above
/// 65535.
pub(crate) fn port_u16(port: &str) -> Option<u16> {
    if port.is_empty() {
        return None;
    }
    port.bytes().try_fold(0u16, |n, d| {
        let digit = d.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(u16::from(digit))
    })
}

/// The address of an `IPv4address` host, or of the `IPv6address` inside an
/// `IP-literal` (RFC 3986 §3.2.2; an RFC 6874 `ZoneID` after `%25` is not
/// part of it); `None` for the other kinds. `core::net`'s parsers accept
/// exactly these forms (four `dec-octet`s without leading zeros; RFC 4291
/// text, as RFC 3986's `IPv6address`), so for a host the grammar already
/// classified they only convert.
pub(crate) fn host_ip(host: &str, kind: HostKind) -> Option<core::net::IpAddr> {
    use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    match kind {
        HostKind::Ipv4 => host.parse::<Ipv4Addr>().ok().map(IpAddr::V4),
        HostKind::Ipv6 => {
            let inner = host.strip_prefix('[')?.strip_suffix(']')?;
            let addr = inner.split("%25").next()?;
            addr.parse::<Ipv6Addr>().ok().map(IpAddr::V6)
        }
        HostKind::IpvFuture | HostKind::RegName => None,
    }
}

// Defined here, below the views that report it, and re-exported as
// `uridfa::rfc3986::HostKind`.
/// Which alternative of `host = IP-literal / IPv4address / reg-name`
/// (RFC 3986 §3.2.2) matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IP-literal` holding an `IPv6address`: `[::1]`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`: `[v7.abc]`.
    IpvFuture,
    /// `IPv4address`: four `dec-octet`s, `192.0.2.1`.
    Ipv4,
    /// `reg-name`, including the empty host of `file:///`.
    RegName,
}

impl HostKind {
    /// The ABNF rule name: `IPv6address`, `IPvFuture`, `IPv4address` or
    /// `reg-name`.
    pub fn rule_name(self) -> &'static str {
        match self {
            HostKind::Ipv6 => "IPv6address",
            HostKind::IpvFuture => "IPvFuture",
            HostKind::Ipv4 => "IPv4address",
            HostKind::RegName => "reg-name",
        }
    }
}

/// One level of an [`Occurrences`] walk: a split (the whole input's, or one
/// item's) and the lists of the tables that made it.
#[derive(Clone, Debug)]
struct Level<'a, const T: usize> {
    parts: Parts<'a, T>,
    lists: &'static [List<'static>],
    /// The next list of `lists` to enter.
    next: usize,
    /// This level's own occurrence of the capture, not given yet.
    own: Option<(usize, usize)>,
    /// The list being read and its items.
    items: Option<(&'static List<'static>, Items<'static, 'a>)>,
}

/// Every occurrence of one capture inside a span of a parse, in input
/// order, at every level of lists (Note [repeated captures] in
/// `uridfa-codegen`): the occurrence a split reports itself, and those of
/// the items of each list region of that split, recursively. Each
/// occurrence comes with the split that holds it and the lists of the
/// tables that made that split, so that the captures nested in it (and the
/// lists inside it) can be read. Never allocates: one frame per level, at
/// most [`MAX_LIST_DEPTH`] levels below the first.
#[derive(Clone, Debug)]
pub(crate) struct Occurrences<'a, const T: usize, const R: usize> {
    capture: usize,
    within: (usize, usize),
    stack: [Option<Level<'a, T>>; MAX_LIST_DEPTH + 1],
    depth: usize,
}

/// What [`Occurrences`] yields: an occurrence's span, the split that holds
/// it, and the lists of the tables that made that split.
pub(crate) type Occurrence<'a, const T: usize> =
    ((usize, usize), Parts<'a, T>, &'static [List<'static>]);

impl<'a, const T: usize, const R: usize> Occurrences<'a, T, R> {
    /// The occurrences of capture `capture` inside `within` (offsets of
    /// the whole input) of `parts`, a split made by tables whose list
    /// regions are `lists`.
    pub(crate) fn new(
        parts: Parts<'a, T>,
        lists: &'static [List<'static>],
        capture: usize,
        within: (usize, usize),
    ) -> Self {
        let mut stack = [const { None }; MAX_LIST_DEPTH + 1];
        stack[0] = Some(Level {
            own: inside(parts.span(capture), within),
            parts,
            lists,
            next: 0,
            items: None,
        });
        Occurrences {
            capture,
            within,
            stack,
            depth: 0,
        }
    }
}

/// `span` if it lies inside `within`.
fn inside(span: Option<(usize, usize)>, within: (usize, usize)) -> Option<(usize, usize)> {
    span.filter(|&(s, e)| s >= within.0 && e <= within.1)
}

impl<'a, const T: usize, const R: usize> Iterator for Occurrences<'a, T, R> {
    type Item = Occurrence<'a, T>;

    fn next(&mut self) -> Option<Occurrence<'a, T>> {
        loop {
            let (capture, within, depth) = (self.capture, self.within, self.depth);
            let level = self.stack.get_mut(depth)?.as_mut()?;
            let input = level.parts.input;
            // Inside a list: its next item, one level down.
            if let Some((list, items)) = level.items.as_mut() {
                let list: &'static List<'static> = list;
                match items.next() {
                    Some(Ok(span)) => {
                        let Some(sub) = Parts::item::<R>(list.item, input, span) else {
                            continue;
                        };
                        let down = depth.saturating_add(1);
                        if let Some(slot) = self.stack.get_mut(down) {
                            *slot = Some(Level {
                                own: inside(sub.span(capture), within),
                                parts: sub,
                                lists: list.lists,
                                next: 0,
                                items: None,
                            });
                            self.depth = down;
                        }
                    }
                    _ => level.items = None,
                }
                continue;
            }
            // The next list region inside `within`; this level's own
            // occurrence first if it comes before it.
            let mut entered = false;
            while let Some(list) = level.lists.get(level.next) {
                // `next` counts the lists of a slice: it cannot overflow.
                level.next = level.next.wrapping_add(1);
                let Some(region) = inside(level.parts.span(list.region), within) else {
                    continue;
                };
                if let Some(own) = level.own.filter(|o| o.0 <= region.0) {
                    // This list again after the occurrence.
                    level.next = level.next.wrapping_sub(1);
                    level.own = None;
                    return Some((own, level.parts, level.lists));
                }
                level.items = Some((list, items(list.item, input.as_bytes(), region)));
                entered = true;
                break;
            }
            if entered {
                continue;
            }
            if let Some(own) = level.own.take() {
                return Some((own, level.parts, level.lists));
            }
            // This level is done.
            if let Some(slot) = self.stack.get_mut(depth) {
                *slot = None;
            }
            self.depth = depth.checked_sub(1)?;
        }
    }
}
