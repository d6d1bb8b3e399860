//! `uridfa._uridfa`, the native module of the `uridfa` Python package.
//!
//! The columnar kernels (`split`, `validate`, `extract`) take any Arrow array or
//! stream through the Arrow PyCapsule interface (with `pyo3-arrow`), or a
//! Python sequence of `str`/`bytes`/`None`, and run uridfa's tables over
//! it with the GIL released; the scalar functions (`parse`, `is_valid`,
//! `resolve`, `normalize`, `equivalent`, `make_relative`) run the same
//! calls on one value. Grammars are built in or compiled at run time by
//! the generator (`grammar`). The Python layer (`uridfa/__init__.py`)
//! defines the exceptions and the engine adapters.
//!
//! Principal types: [`PyGrammar`] (`uridfa.Grammar`), [`Parsed`]
//! (`uridfa.Parsed`).

#![deny(missing_docs)]

mod after;
mod column;
mod grammar;
mod kernel;
mod layout;
mod scalar;
mod text;
mod transform;

use arrow_array::builder::{BinaryBuilder, StringBuilder};
use arrow_array::{ArrayRef, BooleanArray};
use arrow_buffer::BooleanBuffer;
use column::{ColumnError, Input};
use grammar::{Entry, LoadError, Loaded, Source};
use kernel::FirstError;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};
use std::sync::Arc;

/// `uridfa._errors.NAME(message)`, with `attrs` set on it, as a `PyErr`.
fn py_error(py: Python<'_>, name: &str, message: &str, attrs: &[(&str, Py<PyAny>)]) -> PyErr {
    let make = || -> PyResult<PyErr> {
        let cls = py.import("uridfa._errors")?.getattr(name)?;
        let e = cls.call1((message,))?;
        for (k, v) in attrs {
            e.setattr(*k, v)?;
        }
        Ok(PyErr::from_value(e))
    };
    make().unwrap_or_else(|e| e)
}

/// A [`LoadError`] as `GrammarError` (compile errors) or `ValueError`.
fn load_error(py: Python<'_>, e: LoadError) -> PyErr {
    match e {
        LoadError::Grammar(text) => py_error(py, "GrammarError", text.trim_end(), &[]),
        LoadError::Usage(text) => PyValueError::new_err(text),
    }
}

/// A grammar: built in, or compiled from ABNF at run time.
///
/// Pickles by its source (a built-in name, or the ABNF text), so Spark and
/// Ray can send it to their workers.
#[pyclass(name = "Grammar", module = "uridfa", frozen)]
pub struct PyGrammar {
    source: Source,
    loaded: &'static Loaded,
}

impl PyGrammar {
    fn load(py: Python<'_>, source: Source) -> PyResult<PyGrammar> {
        let loaded = py
            .detach(|| Loaded::load(&source))
            .map_err(|e| load_error(py, e))?;
        Ok(PyGrammar { source, loaded })
    }

    fn entry(&self, rule: Option<&str>) -> PyResult<Entry> {
        let rule = rule.or(match &self.source {
            Source::Text { rule, .. } => rule.as_deref(),
            Source::Builtin(_) => None,
        });
        self.loaded.entry(rule).map_err(|e| {
            PyValueError::new_err(match e {
                LoadError::Usage(t) | LoadError::Grammar(t) => t,
            })
        })
    }
}

impl PyGrammar {
    /// The entry `extract` scans with: `rule`, or the first of `URI`,
    /// `IRI` and `url` the grammar has (rules that require a scheme), or
    /// the default entry (the CLI's `uridfa extract`).
    fn extract_entry(&self, rule: Option<&str>) -> PyResult<Entry> {
        let rule = rule.or(match &self.source {
            Source::Text { rule, .. } => rule.as_deref(),
            Source::Builtin(_) => None,
        });
        if rule.is_some() {
            return self.entry(rule);
        }
        match ["URI", "IRI", "url"]
            .iter()
            .find_map(|r| self.loaded.entry(Some(r)).ok())
        {
            Some(e) => Ok(e),
            None => self.entry(None),
        }
    }
}

#[pymethods]
impl PyGrammar {
    /// The built-in grammar `name` (`"rfc3986"`, ...).
    #[staticmethod]
    fn builtin(py: Python<'_>, name: &str) -> PyResult<PyGrammar> {
        PyGrammar::load(py, Source::Builtin(name.to_string()))
    }

    /// Compiles ABNF `text`; `rule` is compiled as an entry when the text
    /// has no `;@ entry` for it. `name` names the text in messages.
    #[staticmethod]
    #[pyo3(signature = (text, rule=None, *, name="<abnf>.abnf"))]
    fn from_abnf(
        py: Python<'_>,
        text: &str,
        rule: Option<&str>,
        name: &str,
    ) -> PyResult<PyGrammar> {
        PyGrammar::load(
            py,
            Source::Text {
                path: name.to_string(),
                text: text.to_string(),
                rule: rule.map(str::to_string),
            },
        )
    }

    /// Compiles the grammar file at `path` (its imports resolve beside it).
    #[staticmethod]
    #[pyo3(signature = (path, rule=None))]
    fn from_file(
        py: Python<'_>,
        path: std::path::PathBuf,
        rule: Option<&str>,
    ) -> PyResult<PyGrammar> {
        let text = std::fs::read(&path)?;
        PyGrammar::load(
            py,
            Source::Text {
                path: path.to_string_lossy().into_owned(),
                text: String::from_utf8_lossy(&text).into_owned(),
                rule: rule.map(str::to_string),
            },
        )
    }

    /// The grammar's name.
    #[getter]
    fn name(&self) -> &str {
        &self.loaded.name
    }

    /// The entry rules, the default first.
    #[getter]
    fn entries(&self) -> Vec<&'static str> {
        self.loaded.entries.iter().map(|e| e.tables.rule).collect()
    }

    /// The field names `split` returns for `rule` (the default entry).
    #[pyo3(signature = (rule=None))]
    fn fields(&self, rule: Option<&str>) -> PyResult<Vec<String>> {
        let entry = self.entry(rule)?;
        let mut names: Vec<String> = entry
            .layout
            .fields
            .iter()
            .map(|f| f.name().to_string())
            .collect();
        names.extend(["valid", "error_offset", "error"].map(String::from));
        Ok(names)
    }

    /// `uridfa.split` with this grammar.
    #[pyo3(signature = (values, rule=None, errors="null", threads=None))]
    fn split<'py>(
        &self,
        py: Python<'py>,
        values: &Bound<'py, PyAny>,
        rule: Option<&str>,
        errors: &str,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        split_with(py, self.entry(rule)?, values, errors, threads)
    }

    /// `uridfa.validate` with this grammar.
    #[pyo3(signature = (values, rule=None, threads=None))]
    fn validate<'py>(
        &self,
        py: Python<'py>,
        values: &Bound<'py, PyAny>,
        rule: Option<&str>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        validate_with(py, self.entry(rule)?, values, threads)
    }

    /// `uridfa.extract` with this grammar.
    #[pyo3(signature = (texts, rule=None, *, abbreviated=false, any_scheme=false, threads=None))]
    fn extract<'py>(
        &self,
        py: Python<'py>,
        texts: &Bound<'py, PyAny>,
        rule: Option<&str>,
        abbreviated: bool,
        any_scheme: bool,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let entry = self.extract_entry(rule)?;
        extract_with(py, entry, texts, abbreviated, any_scheme, threads)
    }

    /// `uridfa.parse` with this grammar.
    #[pyo3(signature = (value, rule=None))]
    fn parse(
        &self,
        py: Python<'_>,
        value: &Bound<'_, PyAny>,
        rule: Option<&str>,
    ) -> PyResult<Parsed> {
        scalar::parse(py, self.entry(rule)?, value)
    }

    /// `uridfa.is_valid` with this grammar.
    #[pyo3(signature = (value, rule=None))]
    fn is_valid(&self, value: &Bound<'_, PyAny>, rule: Option<&str>) -> PyResult<bool> {
        scalar::is_valid(self.entry(rule)?, value)
    }

    /// The grammar's ambiguities (the CLI's `uridfa lint`): a list of
    /// dicts with `severity`, `entry`, `message` (rendered as
    /// `file:line:col: warning: ...`) and `witness` (bytes or `None`).
    #[pyo3(signature = (rule=None))]
    fn lint<'py>(&self, py: Python<'py>, rule: Option<&str>) -> PyResult<Bound<'py, PyList>> {
        use uridfa_codegen::ambiguity::{lint, LintOptions, Severity};
        let Some(compiled) = self.loaded.compiled else {
            return Err(PyValueError::new_err(format!(
                "lint needs the grammar's ABNF: use Grammar.from_file('grammar/{}.abnf')",
                self.loaded.name
            )));
        };
        let opts = LintOptions {
            rule: rule.map(str::to_string),
            ..LintOptions::default()
        };
        let found = py.detach(|| lint(compiled, &opts));
        let out = PyList::empty(py);
        for f in &found.findings {
            let d = PyDict::new(py);
            let severity = match f.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            };
            d.set_item("severity", severity)?;
            d.set_item("entry", &f.entry)?;
            let one = uridfa_codegen::ambiguity::Lint {
                sources: found.sources.clone(),
                findings: vec![f.clone()],
            };
            d.set_item("message", one.to_string().trim_end())?;
            d.set_item(
                "witness",
                f.witness.as_ref().map(|w| PyBytes::new(py, &w.input)),
            )?;
            out.append(d)?;
        }
        Ok(out)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = py
            .import("uridfa._uridfa")?
            .getattr("_grammar_from_source")?;
        let args = match &self.source {
            Source::Builtin(name) => (
                "builtin",
                name.clone(),
                String::new(),
                Option::<String>::None,
            ),
            Source::Text { path, text, rule } => ("abnf", path.clone(), text.clone(), rule.clone()),
        };
        PyTuple::new(py, [rebuild.into_any(), args.into_pyobject(py)?.into_any()])
    }

    fn __repr__(&self) -> String {
        match &self.source {
            Source::Builtin(name) => format!("Grammar.builtin({name:?})"),
            Source::Text { path, .. } => format!("<Grammar {:?} from {path:?}>", self.loaded.name),
        }
    }
}

/// Rebuilds a pickled grammar.
#[pyfunction]
fn _grammar_from_source(
    py: Python<'_>,
    kind: &str,
    name: String,
    text: String,
    rule: Option<String>,
) -> PyResult<PyGrammar> {
    match kind {
        "builtin" => PyGrammar::load(py, Source::Builtin(name)),
        _ => PyGrammar::load(
            py,
            Source::Text {
                path: name,
                text,
                rule,
            },
        ),
    }
}

/// The grammar argument of the module functions: a name or a `Grammar`.
fn grammar_arg(py: Python<'_>, grammar: &Bound<'_, PyAny>) -> PyResult<Py<PyGrammar>> {
    if let Ok(g) = grammar.cast::<PyGrammar>() {
        return Ok(g.clone().unbind());
    }
    if let Ok(name) = grammar.extract::<PyBackedStr>() {
        return Py::new(py, PyGrammar::builtin(py, &name)?);
    }
    Err(PyTypeError::new_err(format!(
        "grammar must be a built-in grammar's name or a uridfa.Grammar, not {}",
        grammar.get_type().name()?
    )))
}

/// What a column function does with a row it cannot give a value for:
/// the `errors=` argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errors {
    /// `"null"`: null values (the default).
    Null,
    /// `"raise"`: raise for the first such row.
    Raise,
    /// `"empty"`: empty strings (and empty lists) instead of nulls.
    Empty,
}

/// The `errors=` argument.
fn errors_arg(errors: &str) -> PyResult<Errors> {
    match errors {
        "null" => Ok(Errors::Null),
        "raise" => Ok(Errors::Raise),
        "empty" => Ok(Errors::Empty),
        other => Err(PyValueError::new_err(format!(
            "errors must be 'null', 'raise' or 'empty', not {other:?}"
        ))),
    }
}

/// The arrays of `values`, and whether it was a stream (chunked).
fn arrays_of(values: &Bound<'_, PyAny>) -> PyResult<(Vec<ArrayRef>, bool)> {
    let py = values.py();
    let is_arrow = values.hasattr("__arrow_c_array__")? || values.hasattr("__arrow_c_stream__")?;
    if is_arrow {
        let any: AnyArray = values.extract()?;
        return Ok(match any {
            AnyArray::Array(a) => (vec![a.into_inner().0], false),
            AnyArray::Stream(s) => {
                let chunks = s.into_chunked_array()?;
                (chunks.into_inner().0, true)
            }
        });
    }
    if values.is_instance_of::<PyString>() || values.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "values must be a column (an Arrow array or a sequence of str/bytes/None), not one \
             value: use uridfa.parse or uridfa.is_valid for one",
        ));
    }
    let _ = py;
    Ok((vec![array_of_sequence(values)?], false))
}

/// One item of a Python sequence.
enum Item {
    Str(PyBackedStr),
    Bytes(PyBackedBytes),
    None,
}

/// A Python sequence of `str`/`bytes`/`None` as a `string` array, or a
/// `binary` array if any item is `bytes`.
fn array_of_sequence(values: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let iter = values.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "values must be an Arrow array or stream (__arrow_c_array__/__arrow_c_stream__) \
             or a sequence of str, bytes or None, not {}",
            values
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    let mut items = Vec::new();
    let mut any_bytes = false;
    for (i, v) in iter.enumerate() {
        let v = v?;
        if v.is_none() {
            items.push(Item::None);
        } else if let Ok(s) = v.extract::<PyBackedStr>() {
            items.push(Item::Str(s));
        } else if let Ok(b) = v.extract::<PyBackedBytes>() {
            any_bytes = true;
            items.push(Item::Bytes(b));
        } else {
            return Err(PyTypeError::new_err(format!(
                "values[{i}] is a {}; values must be str, bytes or None",
                v.get_type().name()?
            )));
        }
    }
    let array: ArrayRef = if any_bytes {
        let mut b = BinaryBuilder::with_capacity(items.len(), 0);
        for it in &items {
            match it {
                Item::Str(s) => b.append_value(s.as_bytes()),
                Item::Bytes(v) => b.append_value(&**v),
                Item::None => b.append_null(),
            }
        }
        Arc::new(b.finish())
    } else {
        let mut b = StringBuilder::with_capacity(items.len(), 0);
        for it in &items {
            match it {
                Item::Str(s) => b.append_value(&**s),
                Item::Bytes(_) | Item::None => b.append_null(),
            }
        }
        Arc::new(b.finish())
    };
    Ok(array)
}

/// `array` checked as a string or binary column.
fn input_of(array: ArrayRef) -> PyResult<Input> {
    Input::new(array).map_err(|e| match e {
        ColumnError::Type(t) => PyTypeError::new_err(format!(
            "uridfa reads string or binary columns (string, large_string, string_view, binary, \
             large_binary, binary_view), not {t}"
        )),
        ColumnError::TooLarge(n) => PyValueError::new_err(format!(
            "a value buffer of {n} bytes is more than string views can address (4 GiB): \
             pass the column in smaller chunks"
        )),
    })
}

/// `arrays` as the caller gave them: one array, or a chunked array.
fn output<'py>(
    py: Python<'py>,
    arrays: Vec<ArrayRef>,
    chunked: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if !chunked && arrays.len() == 1 {
        let a = arrays.into_iter().next().expect("one");
        return Ok(Bound::new(py, PyArray::from_array_ref(a))?.into_any());
    }
    let chunked = PyChunkedArray::from_array_refs(arrays)?;
    Ok(Bound::new(py, chunked)?.into_any())
}

/// `errors="raise"`: `uridfa.ParseError` for the first invalid row.
fn parse_error(py: Python<'_>, e: &FirstError) -> PyErr {
    let opt = |s: Option<&str>| s.into_pyobject(py).map(|o| o.unbind()).unwrap_or(py.None());
    let message = format!("row {}: {}", e.row, e.message);
    py_error(
        py,
        "ParseError",
        &message,
        &[
            (
                "row",
                e.row.into_pyobject(py).expect("int").into_any().unbind(),
            ),
            (
                "offset",
                e.offset.into_pyobject(py).expect("int").into_any().unbind(),
            ),
            ("component", opt(e.component)),
            ("expected", opt(e.expected)),
            (
                "error",
                e.message
                    .clone()
                    .into_pyobject(py)
                    .expect("str")
                    .into_any()
                    .unbind(),
            ),
        ],
    )
}

fn split_with<'py>(
    py: Python<'py>,
    entry: Entry,
    values: &Bound<'py, PyAny>,
    errors: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let errors = errors_arg(errors)?;
    let empty = errors == Errors::Empty;
    let (arrays, chunked) = arrays_of(values)?;
    let inputs = arrays
        .into_iter()
        .map(input_of)
        .collect::<PyResult<Vec<_>>>()?;
    let layout = entry.layout;
    let mut outs = Vec::with_capacity(inputs.len());
    let mut row0 = 0;
    for input in &inputs {
        let n = kernel::thread_count(input.len(), threads);
        let out = py
            .detach(|| kernel::split(&entry, layout, input, n, empty))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        if errors == Errors::Raise {
            if let Some(mut e) = out.first_error {
                e.row += row0;
                return Err(parse_error(py, &e));
            }
        }
        row0 += input.len();
        outs.push(out.array);
    }
    if outs.is_empty() {
        let empty = input_of(Arc::new(arrow_array::StringArray::from(Vec::<&str>::new())))?;
        outs.push(
            kernel::split(&entry, layout, &empty, 1, false)
                .map_err(|e| PyValueError::new_err(e.to_string()))?
                .array,
        );
    }
    output(py, outs, chunked)
}

fn validate_with<'py>(
    py: Python<'py>,
    entry: Entry,
    values: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let (arrays, chunked) = arrays_of(values)?;
    let inputs = arrays
        .into_iter()
        .map(input_of)
        .collect::<PyResult<Vec<_>>>()?;
    let mut outs: Vec<ArrayRef> = Vec::with_capacity(inputs.len());
    for input in &inputs {
        let n = kernel::thread_count(input.len(), threads);
        let bits = py.detach(|| kernel::validate(&entry, input, n));
        outs.push(Arc::new(BooleanArray::new(
            BooleanBuffer::from(bits),
            input.nulls().cloned(),
        )));
    }
    if outs.is_empty() {
        outs.push(Arc::new(BooleanArray::from(Vec::<bool>::new())));
    }
    output(py, outs, chunked)
}

fn extract_with<'py>(
    py: Python<'py>,
    entry: Entry,
    texts: &Bound<'py, PyAny>,
    abbreviated: bool,
    any_scheme: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let (arrays, chunked) = arrays_of(texts)?;
    let inputs = arrays
        .into_iter()
        .map(input_of)
        .collect::<PyResult<Vec<_>>>()?;
    let tables = entry.tables;
    let finder = uridfa::text::Finder::with_tables(&tables)
        .abbreviated(abbreviated)
        .bare_any_scheme(any_scheme);
    let mut outs = Vec::with_capacity(inputs.len().max(1));
    for input in &inputs {
        let n = kernel::thread_count(input.len(), threads);
        let out = py
            .detach(|| text::extract(&finder, input, n))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        outs.push(out);
    }
    if outs.is_empty() {
        let empty = input_of(Arc::new(arrow_array::StringArray::from(Vec::<&str>::new())))?;
        outs.push(
            text::extract(&finder, &empty, 1).map_err(|e| PyValueError::new_err(e.to_string()))?,
        );
    }
    output(py, outs, chunked)
}

/// The URIs in each text of `texts` (running text: RFC 3986 Appendix C,
/// as `uridfa extract` finds them): per row a list of structs `{uri,
/// start, end}`, `start..end` the URI's bytes in the row; null for a null
/// row.
#[pyfunction]
#[pyo3(signature = (texts, grammar=None, rule=None, *, abbreviated=false, any_scheme=false, threads=None))]
fn extract<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyAny>,
    grammar: Option<&Bound<'py, PyAny>>,
    rule: Option<&str>,
    abbreviated: bool,
    any_scheme: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let g = default_grammar(py, grammar)?;
    let entry = g.get().extract_entry(rule)?;
    extract_with(py, entry, texts, abbreviated, any_scheme, threads)
}

/// Splits each value of `values` (an Arrow array or stream, or a sequence
/// of `str`/`bytes`/`None`) into its components: a struct array.
#[pyfunction]
#[pyo3(signature = (values, grammar=None, rule=None, errors="null", threads=None))]
fn split<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    grammar: Option<&Bound<'py, PyAny>>,
    rule: Option<&str>,
    errors: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let g = default_grammar(py, grammar)?;
    let entry = g.get().entry(rule)?;
    split_with(py, entry, values, errors, threads)
}

/// Whether each value is valid: a bool array (null for a null value).
#[pyfunction]
#[pyo3(signature = (values, grammar=None, rule=None, threads=None))]
fn validate<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    grammar: Option<&Bound<'py, PyAny>>,
    rule: Option<&str>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let g = default_grammar(py, grammar)?;
    let entry = g.get().entry(rule)?;
    validate_with(py, entry, values, threads)
}

/// The grammar argument, `rfc3986` when not given.
fn default_grammar(py: Python<'_>, grammar: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyGrammar>> {
    match grammar {
        Some(g) if !g.is_none() => grammar_arg(py, g),
        _ => {
            static DEFAULT: pyo3::sync::PyOnceLock<Py<PyGrammar>> = pyo3::sync::PyOnceLock::new();
            DEFAULT
                .get_or_try_init(py, || Py::new(py, PyGrammar::builtin(py, "rfc3986")?))
                .map(|g| g.clone_ref(py))
        }
    }
}

/// Parses one value: a `Parsed` with its components.
///
/// # Errors
///
/// `ParseError` when the value is invalid.
#[pyfunction]
#[pyo3(signature = (value, grammar=None, rule=None))]
fn parse(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    grammar: Option<&Bound<'_, PyAny>>,
    rule: Option<&str>,
) -> PyResult<Parsed> {
    let g = default_grammar(py, grammar)?;
    let entry = g.get().entry(rule)?;
    scalar::parse(py, entry, value)
}

/// Whether one value is valid.
#[pyfunction]
#[pyo3(signature = (value, grammar=None, rule=None))]
fn is_valid(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    grammar: Option<&Bound<'_, PyAny>>,
    rule: Option<&str>,
) -> PyResult<bool> {
    let g = default_grammar(py, grammar)?;
    let entry = g.get().entry(rule)?;
    scalar::is_valid(entry, value)
}

/// A benchmark aid: the Rust per-URL split loop (the runtime's
/// `split_with` and every list's items, as `split` runs them, without
/// writing Arrow output) over the values of `values`, `rounds` times; the
/// best round's nanoseconds per value.
#[pyfunction]
#[pyo3(signature = (values, grammar=None, rounds=5))]
fn _split_loop_ns(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    grammar: Option<&Bound<'_, PyAny>>,
    rounds: usize,
) -> PyResult<f64> {
    let g = default_grammar(py, grammar)?;
    let entry = g.get().entry(None)?;
    let (arrays, _) = arrays_of(values)?;
    let inputs = arrays
        .into_iter()
        .map(input_of)
        .collect::<PyResult<Vec<_>>>()?;
    let n: usize = inputs.iter().map(Input::len).sum();
    Ok(py.detach(|| {
        let mut scratch = entry.scratch();
        let mut best = f64::INFINITY;
        for _ in 0..rounds.max(1) {
            let t = std::time::Instant::now();
            let mut valid = 0usize;
            for input in &inputs {
                let col = input.column();
                for i in 0..input.len() {
                    let bytes = col.row(i).0;
                    if entry
                        .split(&mut scratch, std::hint::black_box(bytes))
                        .is_ok()
                    {
                        valid += scratch.spans.iter().flatten().count();
                    }
                }
            }
            std::hint::black_box(valid);
            best = best.min(t.elapsed().as_nanos() as f64 / n.max(1) as f64);
        }
        best
    }))
}

/// A benchmark aid: the fastest per-URL split loop a Rust user writes
/// with the public API for RFC 3986, `uridfa::rfc3986::UriRef::parse` of
/// each value and a read of its eight components (scheme, authority,
/// userinfo, host, port, path, query, fragment), over the values of
/// `values` (a `string`, `large_string` or `string_view` column),
/// `rounds` times; the best round's nanoseconds per value.
///
/// # Errors
///
/// `TypeError` for a column that is not of strings.
#[pyfunction]
#[pyo3(signature = (values, rounds=5))]
fn _static_loop_ns(py: Python<'_>, values: &Bound<'_, PyAny>, rounds: usize) -> PyResult<f64> {
    use arrow_array::{Array, LargeStringArray, StringArray, StringViewArray};
    use uridfa::rfc3986::UriRef;
    let (arrays, _) = arrays_of(values)?;
    let n: usize = arrays.iter().map(|a| a.len()).sum();
    for a in &arrays {
        let t = a.data_type();
        if !matches!(
            t,
            arrow_schema::DataType::Utf8
                | arrow_schema::DataType::LargeUtf8
                | arrow_schema::DataType::Utf8View
        ) {
            return Err(PyTypeError::new_err(format!(
                "_static_loop_ns reads string columns, not {t}"
            )));
        }
    }
    /// Parses `s` and reads every component: the sum of their lengths.
    #[inline]
    fn one(s: &str) -> usize {
        let len = |c: Option<&str>| c.map_or(0, str::len);
        UriRef::parse(std::hint::black_box(s)).map_or(0, |r| {
            len(r.scheme())
                + len(r.authority())
                + len(r.userinfo())
                + len(r.host())
                + len(r.port())
                + r.path().len()
                + len(r.query())
                + len(r.fragment())
        })
    }
    Ok(py.detach(|| {
        let mut best = f64::INFINITY;
        for _ in 0..rounds.max(1) {
            let t = std::time::Instant::now();
            let mut total = 0usize;
            for a in &arrays {
                let any = a.as_any();
                if let Some(a) = any.downcast_ref::<StringArray>() {
                    total += (0..a.len()).map(|i| one(a.value(i))).sum::<usize>();
                } else if let Some(a) = any.downcast_ref::<LargeStringArray>() {
                    total += (0..a.len()).map(|i| one(a.value(i))).sum::<usize>();
                } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
                    total += (0..a.len()).map(|i| one(a.value(i))).sum::<usize>();
                }
            }
            std::hint::black_box(total);
            best = best.min(t.elapsed().as_nanos() as f64 / n.max(1) as f64);
        }
        best
    }))
}

pub use scalar::Parsed;

/// The native module.
#[pymodule]
fn _uridfa(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGrammar>()?;
    m.add_class::<Parsed>()?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(_grammar_from_source, m)?)?;
    scalar::register(m)?;
    let names: Vec<&str> = uridfa::GRAMMARS.iter().map(|g| g.name).collect();
    m.add("GRAMMARS", names)?;
    m.add_function(wrap_pyfunction!(_split_loop_ns, m)?)?;
    m.add_function(wrap_pyfunction!(_static_loop_ns, m)?)?;
    Ok(())
}
