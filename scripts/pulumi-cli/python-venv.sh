#!/usr/bin/env bash
# The Python venv the real-CLI tier runs Python programs in: .cache/python/venv (git-ignored),
# with the `pulumi` PyPI package pinned in python-pulumi.txt (the newest release PyPI serves at or
# below the CLI's: PyPI trails the Go module proxy, so the two pins are apart) and, once `npm run sdk` has generated it, the native provider's Python SDK
# (sdk/python, package pulumi_docs_workspace). Run by build.sh and by the native-program tests;
# reuses the venv while what it installed is unchanged.
#
#   bash scripts/pulumi-cli/python-venv.sh [sdk]   make (or reuse) the venv, then print its folder
#
# sdk: a generated Python SDK's folder to install instead of sdk/python (the native-program tests
# generate theirs afresh).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/.cache/python/venv"
stamp="$venv/.docs-workspace-installed"

# One at a time: the tests that install an SDK run in parallel jest workers, and two pips in one
# venv can leave it half-written. flock is util-linux's, on every Debian.
mkdir -p "$root/.cache/python"
exec 9>"$root/.cache/python/.lock"
flock 9

python="${PYTHON:-python3}"
if ! command -v "$python" >/dev/null 2>&1; then
  echo "python-venv: no $python on PATH; install Python 3.9 or later with its venv module" >&2
  echo "python-venv: (Debian: apt-get install python3 python3-venv)" >&2
  exit 1
fi

cli_version="$(awk '$1 == "require" && $2 == "github.com/pulumi/pulumi/pkg/v3" { print $3; exit }
  $1 == "github.com/pulumi/pulumi/pkg/v3" { print $2; exit }' "$here/cli/go.mod")"
pin="$(grep -E '^pulumi==[0-9]+\.[0-9]+\.[0-9]+$' "$here/python-pulumi.txt" || true)"
if [ -z "$pin" ]; then
  echo "python-venv: python-pulumi.txt must hold one line, pulumi==<major.minor.patch>" >&2
  exit 1
fi
# A Python SDK newer than the engine could ask it for what it lacks: the pin stays at or below it.
if [ "$(printf '%s\n%s\n' "${pin#pulumi==}" "${cli_version#v}" | sort -V | tail -1)" != "${cli_version#v}" ]; then
  echo "python-venv: $pin is newer than the CLI ($cli_version); pin a release at or below it" >&2
  exit 1
fi
# setuptools and wheel: they build the SDK (--no-build-isolation); a venv of Python 3.12 or later
# has no setuptools of its own. build: the release's wheel and sdist (scripts/release/python.ts),
# with this setuptools: 70.1 or later names the sdist as PEP 625 says
# (pulumi_docs_workspace-<version>.tar.gz); below 85, which keeps accepting the license table
# gen-sdk writes into pyproject.toml (setuptools deprecates it for 2027-02-18).
# packaging and semver: what every generated Python SDK requires beside pulumi (the v3.276
# generator's; earlier ones asked for parver instead), there before any SDK
# is installed, so that a generated SDK imports from its own folder too (test/native/sdk.test.ts).
base=("$pin" "setuptools>=70.1,<85" wheel "build>=1.2,<2" "packaging>=24.0" "semver>=2.8.1")

# What the venv holds: the interpreter, the pin, and the SDK's files when it has been generated.
sdk="${1:-$root/sdk/python}"
want="$("$python" --version 2>&1) ${base[*]}"
if [ -f "$sdk/pyproject.toml" ] || [ -f "$sdk/setup.py" ]; then
  want="$want sdk:$(cd "$sdk" && find . -type f -not -path '*/__pycache__/*' -not -path '*.egg-info/*' \
    -not -path './build/*' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)"
fi

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$venv/bin/python" ]; then
  echo "python-venv: reusing $venv ($want)" >&2
  echo "$venv"
  exit 0
fi

started=$SECONDS
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" --version >/dev/null 2>&1; then
  rm -rf "$venv"
  if ! "$python" -m venv "$venv"; then
    echo "python-venv: '$python -m venv' failed; install the venv module (Debian: python3-venv)" >&2
    exit 1
  fi
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${base[@]}"
if [[ "$want" == *sdk:* ]]; then
  # Built from a copy: pip builds a folder in place (build/, *.egg-info), and the SDK's folder
  # stays as gen-sdk wrote it.
  copy=$(mktemp -d)
  trap 'rm -rf "$copy"' EXIT
  cp -R "$sdk/." "$copy"
  # Its own requirements (packaging, semver) come from PyPI, its `pulumi` one is met by the pin;
  # then the SDK again, rebuilt even when its (generated) version has not moved.
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation \
    "$copy" "$pin"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation \
    --force-reinstall --no-deps "$copy"
fi
echo "$want" >"$stamp"
echo "python-venv: installed $want into $venv in $((SECONDS - started)) s" >&2
echo "$venv"
