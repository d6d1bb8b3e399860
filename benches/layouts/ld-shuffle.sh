#!/bin/sh
# The linker of benches/layouts/run.py: cc with lld, whose
# --shuffle-sections puts the input sections (one per function: rustc
# emits function sections) in an order drawn from $SHUFFLE_SEED.
# Without a seed (or 0) it links in the usual order.
if [ -n "$SHUFFLE_SEED" ] && [ "$SHUFFLE_SEED" != 0 ]; then
  exec cc -fuse-ld=lld "-Wl,--shuffle-sections=.text*=$SHUFFLE_SEED" "$@"
fi
exec cc -fuse-ld=lld "$@"
