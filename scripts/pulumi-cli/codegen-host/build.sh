#!/usr/bin/env bash
# Builds pulumi-codegen-host (main.go beside this script), the language plugin `npm run sdk` hands
# to `pulumi package gen-sdk`, into the git-ignored cache, and prints the folder that holds it
# under the names the CLI looks for: pulumi-language-nodejs, pulumi-language-python and
# pulumi-language-go. Reuses what it built when nothing changed.
#
# Pins: go.mod requires pkg/v3 at the release of the CLI (scripts/pulumi-cli/cli/go.mod), whose
# code generators it runs; go.sum is committed, and -mod=readonly refuses a module it lacks.
# DOCS_WORKSPACE_PULUMI_CACHE moves the cache, as for scripts/pulumi-cli/build.sh.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cache="${DOCS_WORKSPACE_PULUMI_CACHE:-$root/.cache/pulumi-cli}"

if ! command -v go >/dev/null 2>&1; then
  echo "codegen-host: no Go toolchain on PATH; install Go 1.25 or later" >&2
  exit 1
fi

key="$( (cat "$here/go.mod" "$here/go.sum" "$here/main.go"; go version) | sha256sum | cut -c1-16)"
dest="$cache/codegen-$key"

if [ ! -x "$dest/pulumi-codegen-host" ]; then
  started=$SECONDS
  echo "codegen-host: building into $dest" >&2
  rm -rf "$dest.partial"
  mkdir -p "$dest.partial"
  # The flags of the CLI's build, so that the packages both use come from Go's build cache.
  (cd "$here" && CGO_ENABLED=0 GOFLAGS=-mod=readonly GOSUMDB=off GOTOOLCHAIN=local \
    go build -trimpath -tags osusergo,grpcnotrace -ldflags "-w -s" \
    -o "$dest.partial/pulumi-codegen-host" .)
  for language in nodejs python go; do
    ln -sfn pulumi-codegen-host "$dest.partial/pulumi-language-$language"
  done
  rm -rf "$dest"
  mv "$dest.partial" "$dest"
  echo "codegen-host: built in $((SECONDS - started)) s" >&2
fi
echo "$dest"
