//! The scalar functions, for code with one URI: `parse`, `is_valid`, and
//! the root crate's `resolve`, `normalize`, `equivalent` and
//! `make_relative`.
//!
//! `parse` splits as the columnar kernel does (the same [`Scratch`] and
//! [`Layout`], the same UTF-8 rule), so one value gives the components of
//! its row in `split`.
//!
//! Principal type: [`Parsed`].

use crate::grammar::Entry;
use crate::kernel::{check_utf8, row_message};
use crate::layout::{Field, Layout, Scratch};
use pyo3::exceptions::{PyAttributeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyDict, PyList, PyString};
use uridfa::normalize::Steps;
use uridfa::resolve::{Algorithm, Options, Syntax};

/// One field of a parsed value, before it becomes a Python object.
enum Part {
    /// Absent (`None`).
    Absent,
    /// A span of the value.
    Span(usize, usize),
    /// A kind's name.
    Name(&'static str),
    /// A repeated field: its entries in `Parsed::items`, `start..end`.
    List(usize, usize),
}

/// The components of one parsed value, as attributes: `None` when absent,
/// `""` when empty, a list for a repeated capture. The strings are made
/// when read.
#[pyclass(module = "uridfa", frozen)]
pub struct Parsed {
    /// The value.
    value: Value,
    /// Its fields, in the layout's order.
    layout: &'static Layout,
    /// Per field, its part.
    parts: Vec<Part>,
    /// The items of the repeated fields.
    items: Vec<Part>,
}

impl Parsed {
    fn text(&self, a: usize, b: usize) -> &str {
        // A valid value is UTF-8 with every span on character boundaries
        // (Note [rows that are not UTF-8] in `kernel`).
        std::str::from_utf8(self.value.as_bytes())
            .ok()
            .and_then(|t| t.get(a..b))
            .unwrap_or_default()
    }

    fn object<'py>(&self, py: Python<'py>, part: &Part) -> PyResult<Bound<'py, PyAny>> {
        Ok(match *part {
            Part::Absent => py.None().into_bound(py),
            Part::Span(a, b) => PyString::new(py, self.text(a, b)).into_any(),
            Part::Name(n) => PyString::new(py, n).into_any(),
            Part::List(a, b) => {
                let l = PyList::empty(py);
                for p in &self.items[a..b] {
                    l.append(self.object(py, p)?)?;
                }
                l.into_any()
            }
        })
    }
}

#[pymethods]
impl Parsed {
    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.layout.fields.iter().position(|f| f.name() == name) {
            Some(i) => self.object(py, &self.parts[i]),
            None => Err(PyAttributeError::new_err(format!(
                "no component '{name}' in this grammar"
            ))),
        }
    }

    fn __getitem__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        self.__getattr__(py, name)
    }

    /// The components as a dict, in the order of `split`'s fields.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (f, p) in self.layout.fields.iter().zip(&self.parts) {
            d.set_item(f.name(), self.object(py, p)?)?;
        }
        Ok(d)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut out = Vec::new();
        for (f, p) in self.layout.fields.iter().zip(&self.parts) {
            out.push(format!("{}={}", f.name(), self.object(py, p)?.repr()?));
        }
        Ok(format!("Parsed({})", out.join(", ")))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Parsed>() {
            Ok(o) => self.to_dict(py)?.eq(o.get().to_dict(py)?),
            Err(_) => Ok(false),
        }
    }
}

/// The bytes of one value.
fn bytes_of(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    if let Ok(s) = value.extract::<PyBackedStr>() {
        return Ok(Value::Str(s));
    }
    if let Ok(b) = value.extract::<PyBackedBytes>() {
        return Ok(Value::Bytes(b));
    }
    Err(PyTypeError::new_err(format!(
        "expected str or bytes, not {}",
        value.get_type().name()?
    )))
}

/// One value's bytes, borrowed from the Python object.
enum Value {
    Str(PyBackedStr),
    Bytes(PyBackedBytes),
}

impl Value {
    fn as_bytes(&self) -> &[u8] {
        match self {
            Value::Str(s) => s.as_bytes(),
            Value::Bytes(b) => b,
        }
    }
}

thread_local! {
    /// Split buffers of the last entry parsed on this thread, reused by
    /// the next call with the same tables.
    static SCRATCH: std::cell::RefCell<Option<(usize, Scratch)>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with split buffers for `entry`.
fn with_scratch<T>(entry: &Entry, f: impl FnOnce(&mut Scratch) -> T) -> T {
    let key = entry.layout as *const Layout as usize;
    SCRATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        match &mut *slot {
            Some((k, s)) if *k == key => f(s),
            _ => {
                let mut s = entry.scratch();
                let out = f(&mut s);
                *slot = Some((key, s));
                out
            }
        }
    })
}

/// `uridfa.parse`.
pub fn parse(py: Python<'_>, entry: Entry, value: &Bound<'_, PyAny>) -> PyResult<Parsed> {
    let v = bytes_of(value)?;
    let t = &entry.tables;
    let layout = entry.layout;
    let result = with_scratch(&entry, |scratch| {
        let bytes = v.as_bytes();
        let failed = match entry.split(scratch, bytes) {
            Err(e) => {
                let e = entry.error_at(bytes, e);
                Some((
                    e.offset(),
                    e.component(t),
                    e.expected(t),
                    e.describe(t).to_string(),
                ))
            }
            Ok(()) => check_utf8(bytes, t, scratch)
                .map(|(offset, msg)| (offset, None, None, row_message(t, offset, &msg))),
        };
        if let Some(f) = failed {
            return Err(f);
        }
        let mut parts = Vec::with_capacity(layout.fields.len());
        let mut items = Vec::new();
        for field in &layout.fields {
            let part = match field {
                Field::Component {
                    cap,
                    repeated: false,
                    ..
                } => scratch
                    .span(Scratch::WHOLE, *cap)
                    .map_or(Part::Absent, |(a, b)| Part::Span(a, b)),
                Field::Component { cap, .. } => {
                    scratch.occurrences(*cap);
                    let at = items.len();
                    items.extend(scratch.found.iter().map(|&((a, b), _)| Part::Span(a, b)));
                    Part::List(at, items.len())
                }
                Field::Kind {
                    of,
                    kinds,
                    repeated,
                    ..
                } => {
                    let first_kind = |scratch: &Scratch, run: usize| {
                        kinds
                            .iter()
                            .copied()
                            .find(|&k| scratch.span(run, k).is_some())
                            .and_then(|k| t.capture_name(k))
                    };
                    if *repeated {
                        scratch.occurrences(*of);
                        let at = items.len();
                        for &(_, run) in &scratch.found {
                            if let Some(k) = first_kind(scratch, run) {
                                items.push(Part::Name(k));
                            }
                        }
                        Part::List(at, items.len())
                    } else {
                        first_kind(scratch, Scratch::WHOLE).map_or(Part::Absent, Part::Name)
                    }
                }
            };
            parts.push(part);
        }
        Ok((parts, items))
    });
    match result {
        Ok((parts, items)) => Ok(Parsed {
            value: v,
            layout,
            parts,
            items,
        }),
        Err((offset, component, expected, message)) => Err(crate::py_error(
            py,
            "ParseError",
            &message,
            &[
                ("row", py.None()),
                ("offset", offset.into_pyobject(py)?.into_any().unbind()),
                ("component", component.into_pyobject(py)?.unbind()),
                ("expected", expected.into_pyobject(py)?.unbind()),
                (
                    "error",
                    message.clone().into_pyobject(py)?.into_any().unbind(),
                ),
            ],
        )),
    }
}

/// `uridfa.is_valid`: the columnar `validate` of one value.
pub fn is_valid(entry: Entry, value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let v = bytes_of(value)?;
    Ok(with_scratch(&entry, |s| {
        crate::kernel::valid_row(&entry, v.as_bytes(), s)
    }))
}

/// The algorithm named `algorithm`.
fn algorithm_of(algorithm: &str) -> PyResult<Algorithm> {
    Algorithm::from_name(algorithm).ok_or_else(|| {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        PyValueError::new_err(format!(
            "unknown algorithm '{algorithm}' (known: {})",
            names.join(", ")
        ))
    })
}

/// The outcome of a columnar transform: its array, or `ValueError` for
/// the first failed row under `errors="raise"`.
fn transformed<'py>(
    py: Python<'py>,
    reference: &Bound<'py, PyAny>,
    errors: &str,
    f: impl Fn(&str, &mut [u8]) -> Result<usize, Result<usize, String>> + Sync,
) -> PyResult<Bound<'py, PyAny>> {
    let errors = crate::errors_arg(errors)?;
    let (arrays, chunked) = crate::arrays_of(reference)?;
    let mut outs: Vec<arrow_array::ArrayRef> = Vec::new();
    let mut row0 = 0;
    for a in arrays {
        let input = crate::input_of(a)?;
        let empty = errors == crate::Errors::Empty;
        let (out, failed) = py.detach(|| crate::transform::transform(&input, empty, &f));
        if let (crate::Errors::Raise, Some(e)) = (errors, failed) {
            return Err(PyValueError::new_err(format!(
                "row {}: {}",
                e.row + row0,
                e.message
            )));
        }
        row0 += input.len();
        outs.push(std::sync::Arc::new(out));
    }
    if outs.is_empty() {
        outs.push(std::sync::Arc::new(arrow_array::StringArray::from(Vec::<
            &str,
        >::new(
        ))));
    }
    crate::output(py, outs, chunked)
}

/// Resolves `reference` against `base` (RFC 3986 §5.2 unless `algorithm`
/// names another: `rfc3986-nonstrict`, `rfc2396`, ...): a `str` for a
/// `str`, a string array for a column of references (null where a
/// reference does not resolve; an empty string with `errors="empty"`; or
/// `errors="raise"`).
#[pyfunction]
#[pyo3(signature = (base, reference, algorithm="rfc3986", errors="null"))]
fn resolve<'py>(
    py: Python<'py>,
    base: &str,
    reference: &Bound<'py, PyAny>,
    algorithm: &str,
    errors: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let opts = Options::new(algorithm_of(algorithm)?);
    if let Ok(r) = reference.extract::<PyBackedStr>() {
        return uridfa::resolve::resolve(base, &r, opts)
            .map(|s| PyString::new(py, &s).into_any())
            .map_err(|e| PyValueError::new_err(e.to_string()));
    }
    transformed(py, reference, errors, |r, out| {
        uridfa::resolve::resolve_into(base, r, opts, out).map_err(|e| match e {
            uridfa::resolve::ResolveError::BufferTooSmall(b) => Ok(b.needed),
            e => Err(e.to_string()),
        })
    })
}

/// The steps of RFC 3986 §6.2.2 named in `steps` (`"all"`, `"none"`, or a
/// comma-separated list of `case`, `pct`, `path`, `scheme`).
fn steps_of(steps: &str) -> PyResult<Steps> {
    Steps::from_names(steps).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown normalization steps '{steps}' (all, none, or a list of case, pct, path, scheme)"
        ))
    })
}

/// The normal form of `value` (RFC 3986 §6.2.2 and §6.2.3): a `str` for a
/// `str`, a string array for a column (null where a value is invalid; an
/// empty string with `errors="empty"`; or `errors="raise"`).
#[pyfunction]
#[pyo3(signature = (value, steps="all", errors="null"))]
fn normalize<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
    steps: &str,
    errors: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let steps = steps_of(steps)?;
    if let Ok(v) = value.extract::<PyBackedStr>() {
        return uridfa::normalize::normalize(&v, steps)
            .map(|s| PyString::new(py, &s).into_any())
            .map_err(|e| PyValueError::new_err(e.to_string()));
    }
    transformed(py, value, errors, |v, out| {
        uridfa::normalize::normalize_into(v, steps, out).map_err(|e| match e {
            uridfa::normalize::NormalizeError::BufferTooSmall(b) => Ok(b.needed),
            e => Err(e.to_string()),
        })
    })
}

/// Whether `a` and `b` have the same normal form.
#[pyfunction]
#[pyo3(signature = (a, b, steps="all"))]
fn equivalent(a: &str, b: &str, steps: &str) -> PyResult<bool> {
    uridfa::normalize::equivalent(a, b, steps_of(steps)?)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A reference that resolves against `base` to `target` (RFC 3986).
#[pyfunction]
fn make_relative(base: &str, target: &str) -> PyResult<String> {
    uridfa::resolve::make_relative(base, target, Syntax::Rfc3986)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Adds the scalar functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(make_relative, m)?)?;
    Ok(())
}
