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

/// The components of one parsed value, as attributes: `None` when absent,
/// `""` when empty, a list for a repeated capture.
#[pyclass(module = "uridfa", frozen)]
pub struct Parsed {
    /// Field name to value, in the order of `split`'s fields.
    fields: Py<PyDict>,
}

#[pymethods]
impl Parsed {
    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        match self.fields.bind(py).get_item(name)? {
            Some(v) => Ok(v.unbind()),
            None => Err(PyAttributeError::new_err(format!(
                "no component '{name}' in this grammar"
            ))),
        }
    }

    fn __getitem__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        self.__getattr__(py, name)
    }

    /// The components as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.fields.bind(py).copy()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = Vec::new();
        for (k, v) in self.fields.bind(py).iter() {
            parts.push(format!("{}={}", k.str()?, v.repr()?));
        }
        Ok(format!("Parsed({})", parts.join(", ")))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Parsed>() {
            Ok(o) => self.fields.bind(py).eq(o.get().fields.bind(py)),
            Err(_) => Ok(false),
        }
    }
}

/// The bytes of one value, and whether it was `str`.
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

/// One value's bytes.
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

/// `uridfa.parse`.
pub fn parse(py: Python<'_>, entry: Entry, value: &Bound<'_, PyAny>) -> PyResult<Parsed> {
    let v = bytes_of(value)?;
    let bytes = v.as_bytes();
    let t = &entry.tables;
    let mut scratch = Scratch::new(&entry);
    let failed = match scratch.split(&entry, bytes) {
        Err(e) => {
            let e = entry.error_at(bytes, e);
            Some((
                e.offset(),
                e.component(t),
                e.expected(t),
                e.describe(t).to_string(),
            ))
        }
        Ok(()) => check_utf8(bytes, t, &scratch)
            .map(|(offset, msg)| (offset, None, None, row_message(t, offset, &msg))),
    };
    if let Some((offset, component, expected, message)) = failed {
        let err = crate::py_error(
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
        );
        return Err(err);
    }
    // Valid: UTF-8 and every span on a character boundary.
    let text = std::str::from_utf8(bytes).unwrap_or_default();
    let part = |(a, b): (usize, usize)| text.get(a..b).unwrap_or_default();
    let fields = PyDict::new(py);
    let layout = Layout::of(t);
    for field in &layout.fields {
        let value: Bound<'_, PyAny> = match field {
            Field::Component {
                cap,
                repeated: false,
                ..
            } => match scratch.span(usize::MAX, *cap) {
                Some(s) => PyString::new(py, part(s)).into_any(),
                None => py.None().into_bound(py),
            },
            Field::Component { cap, .. } => {
                scratch.occurrences(*cap);
                let l = PyList::empty(py);
                for &(s, _) in &scratch.found {
                    l.append(part(s))?;
                }
                l.into_any()
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
                    let l = PyList::empty(py);
                    for &(_, run) in &scratch.found {
                        if let Some(k) = first_kind(&scratch, run) {
                            l.append(k)?;
                        }
                    }
                    l.into_any()
                } else {
                    first_kind(&scratch, usize::MAX)
                        .into_pyobject(py)?
                        .into_any()
                }
            }
        };
        fields.set_item(field.name(), value)?;
    }
    Ok(Parsed {
        fields: fields.unbind(),
    })
}

/// `uridfa.is_valid`: the columnar `validate` of one value.
pub fn is_valid(entry: Entry, value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let v = bytes_of(value)?;
    Ok(crate::kernel::valid_row(
        &entry,
        v.as_bytes(),
        &mut Scratch::new(&entry),
    ))
}

/// Resolves `reference` against `base` (RFC 3986 §5.2 unless `algorithm`
/// names another: `rfc3986-nonstrict`, `rfc2396`, ...).
#[pyfunction]
#[pyo3(signature = (base, reference, algorithm="rfc3986"))]
fn resolve(base: &str, reference: &str, algorithm: &str) -> PyResult<String> {
    let alg = Algorithm::from_name(algorithm).ok_or_else(|| {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        PyValueError::new_err(format!(
            "unknown algorithm '{algorithm}' (known: {})",
            names.join(", ")
        ))
    })?;
    uridfa::resolve::resolve(base, reference, Options::new(alg))
        .map_err(|e| PyValueError::new_err(e.to_string()))
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

/// The normal form of `value` (RFC 3986 §6.2.2 and §6.2.3).
#[pyfunction]
#[pyo3(signature = (value, steps="all"))]
fn normalize(value: &str, steps: &str) -> PyResult<String> {
    uridfa::normalize::normalize(value, steps_of(steps)?)
        .map_err(|e| PyValueError::new_err(e.to_string()))
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
