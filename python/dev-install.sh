#!/usr/bin/env bash
# Builds the wheel into python/target/wheels (reusing python/target) and
# installs it into the venv given as $1 (default: ../target/py-venv).
set -euo pipefail
cd "$(dirname "$0")"
venv=${1:-../target/py-venv}
rm -f target/wheels/uridfa-*.whl
"$venv/bin/maturin" build --release --quiet
"$venv/bin/pip" install --quiet --force-reinstall --no-deps target/wheels/uridfa-*.whl
