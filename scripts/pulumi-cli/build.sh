#!/usr/bin/env bash
# Builds the Pulumi CLI and its Node.js language host from the Go module proxy into a git-ignored
# cache, for the real-CLI test tier and `npm start`. Users never need this: they install Pulumi
# their usual way. Run by .ci/run before the tests; reuses what it built when nothing changed.
#
#   bash scripts/pulumi-cli/build.sh          build (or reuse), then print the bin directory
#
# Pins (one place each):
#   cli/go.mod          github.com/pulumi/pulumi/pkg/v3 and sdk/v3, the release `pulumi` is built
#                       at: the release of the @pulumi/pulumi in package-lock.json.
#   nodejs-host/go.mod  the Node.js language host (see its README note in docs/pulumi-cli.md for
#                       why it is not the same release).
# Both go.sum files are committed: -mod=readonly refuses any module whose hash they lack, so the
# build is the same on every machine without the checksum database.
#
# DOCS_WORKSPACE_PULUMI_CACHE moves the cache (default <project>/.cache/pulumi-cli), for a cache
# kept across fresh clones. The project's bin directory is always <project>/.cache/pulumi-cli/bin.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cache="${DOCS_WORKSPACE_PULUMI_CACHE:-$root/.cache/pulumi-cli}"
bin="$root/.cache/pulumi-cli/bin"

if ! command -v go >/dev/null 2>&1; then
  echo "pulumi-cli: no Go toolchain on PATH; install Go 1.25 or later to build the Pulumi CLI" >&2
  exit 1
fi

# The version each module pins, read from its go.mod: never a second constant.
pinned() { awk -v m="$1" '$1 == m { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "$2"; }
cli_version="$(pinned github.com/pulumi/pulumi/pkg/v3 "$here/cli/go.mod")"
sdk_version="$(pinned github.com/pulumi/pulumi/sdk/v3 "$here/cli/go.mod")"
host_version="$(pinned github.com/pulumi/pulumi/sdk/v3 "$here/nodejs-host/go.mod")"
if [ -z "$cli_version" ] || [ "$cli_version" != "$sdk_version" ]; then
  echo "pulumi-cli: cli/go.mod must require pkg/v3 and sdk/v3 at one version (got '$cli_version' and '$sdk_version')" >&2
  exit 1
fi

# What a build depends on: both modules' requirements and hashes, and the Go that compiles them.
key="$( (cat "$here/cli/go.mod" "$here/cli/go.sum" "$here/nodejs-host/go.mod" "$here/nodejs-host/go.sum"; go version) | sha256sum | cut -c1-16)"
dest="$cache/$cli_version-$key"

build() {
  local module_dir="$1" package="$2" version="$3" out="$4"
  # As the release builds it (.goreleaser.yml): no cgo, -trimpath, the pure-Go os/user, grpc
  # without x/net/trace, and the version stamped with -X.
  (cd "$module_dir" && CGO_ENABLED=0 GOFLAGS=-mod=readonly GOSUMDB=off GOTOOLCHAIN=local \
    go build -trimpath -tags osusergo,grpcnotrace \
    -ldflags "-w -s -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$version" \
    -o "$out" "$package")
}

if [ -x "$dest/pulumi" ] && [ -x "$dest/pulumi-language-nodejs" ]; then
  echo "pulumi-cli: reusing $cli_version (language host $host_version) from $dest" >&2
else
  started=$SECONDS
  echo "pulumi-cli: building pulumi $cli_version and pulumi-language-nodejs $host_version into $dest" >&2
  rm -rf "$dest.partial"
  mkdir -p "$dest.partial"
  build "$here/cli" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "$cli_version" "$dest.partial/pulumi"
  build "$here/nodejs-host" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs \
    "$host_version" "$dest.partial/pulumi-language-nodejs"
  rm -rf "$dest"
  mv "$dest.partial" "$dest"
  echo "pulumi-cli: built in $((SECONDS - started)) s" >&2
fi

mkdir -p "$bin"
ln -sfn "$dest/pulumi" "$bin/pulumi"
ln -sfn "$dest/pulumi-language-nodejs" "$bin/pulumi-language-nodejs"
"$bin/pulumi" version >&2
echo "$bin"
