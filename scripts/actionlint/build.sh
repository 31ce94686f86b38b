#!/usr/bin/env bash
# Builds actionlint, the linter of GitHub Actions workflows, from the Go module proxy at the
# version go.mod pins (go.sum committed: -mod=readonly refuses any module whose hash it lacks)
# into .cache/actionlint/<version>-<hash>/actionlint (git-ignored), and prints its path. Reused
# while go.mod, go.sum and Go are unchanged: seconds from Go's caches, about half a minute cold.
# test/workflows.test.ts runs it, so CI builds it in the test (.ci/run needs nothing more).
#
#   bash scripts/actionlint/build.sh
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if ! command -v go >/dev/null 2>&1; then
  echo "actionlint: no Go toolchain on PATH; install Go 1.25 or later" >&2
  exit 1
fi

version="$(awk '$1 == "require" && $2 == "github.com/rhysd/actionlint" { print $3; exit }' "$here/go.mod")"
key="$( (cat "$here/go.mod" "$here/go.sum"; go version) | sha256sum | cut -c1-16)"
dir="$root/.cache/actionlint/$version-$key"
binary="$dir/actionlint"

# One build at a time: two jest workers may ask at once.
mkdir -p "$root/.cache/actionlint"
exec 9>"$root/.cache/actionlint/.lock"
flock 9

if [ ! -x "$binary" ]; then
  started=$SECONDS
  (cd "$here" && CGO_ENABLED=0 GOFLAGS=-mod=readonly GOTOOLCHAIN=local \
    go build -trimpath -o "$binary.tmp" github.com/rhysd/actionlint/cmd/actionlint)
  mv "$binary.tmp" "$binary"
  echo "actionlint: built $version in $((SECONDS - started)) s" >&2
fi
echo "$binary"
