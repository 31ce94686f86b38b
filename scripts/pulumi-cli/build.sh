#!/usr/bin/env bash
# Builds the Pulumi CLI and its Node.js, YAML, Python and Go language hosts from the Go module proxy
# into a git-ignored cache, for the real-CLI test tier and `npm start`, then the Python venv the
# Python programs run in (python-venv.sh). Users never need this: they install Pulumi
# their usual way. Run by .ci/run before the tests; reuses what it built when nothing changed.
#
#   bash scripts/pulumi-cli/build.sh          build (or reuse), then print the bin directory
#
# Pins (one place each):
#   cli/go.mod          github.com/pulumi/pulumi/pkg/v3 and sdk/v3, the release `pulumi` is built
#                       at: the release of the @pulumi/pulumi in package-lock.json.
#   nodejs-host/go.mod  the Node.js language host,
#   yaml-host/go.mod    the YAML language host (github.com/pulumi/pulumi-yaml, its own releases),
#   python-host/go.mod  the Python language host, which runs programs through the
#                       pulumi-language-python-exec script beside it (ours, copied next to it);
#   go-host/go.mod      the Go language host (sdk/v3 v3.66.0: the last release whose Go host is a
#                       package of sdk/v3; later ones are a module of their own the proxy lacks);
#                       docs/pulumi-cli.md says why each host is at the version it is.
#   python-pulumi.txt   the `pulumi` PyPI package of the Python venv (python-venv.sh): PyPI trails
#                       the Go module proxy, so it is the newest release there at or below the CLI's.
# cli/langhost (ours, in the CLI's module) stands in front of the Node.js, Python and Go hosts
# and adds the code generators of the CLI's release they lack (`pulumi import`, `package gen-sdk`).
# Every go.sum is committed: -mod=readonly refuses any module whose hash they lack, so the
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
  echo "pulumi-cli: no Go toolchain on PATH; install Go 1.26.6 or later to build the Pulumi CLI" >&2
  exit 1
fi

# The version each module pins, read from its go.mod: never a second constant.
pinned() { awk -v m="$1" '$1 == m { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "$2"; }
cli_version="$(pinned github.com/pulumi/pulumi/pkg/v3 "$here/cli/go.mod")"
sdk_version="$(pinned github.com/pulumi/pulumi/sdk/v3 "$here/cli/go.mod")"
host_version="$(pinned github.com/pulumi/pulumi/sdk/v3 "$here/nodejs-host/go.mod")"
yaml_version="$(pinned github.com/pulumi/pulumi-yaml "$here/yaml-host/go.mod")"
python_version="$(pinned github.com/pulumi/pulumi/sdk/v3 "$here/python-host/go.mod")"
go_version="$(pinned github.com/pulumi/pulumi/sdk/v3 "$here/go-host/go.mod")"
if [ -z "$cli_version" ] || [ "$cli_version" != "$sdk_version" ]; then
  echo "pulumi-cli: cli/go.mod must require pkg/v3 and sdk/v3 at one version (got '$cli_version' and '$sdk_version')" >&2
  exit 1
fi

# What a build depends on: every module's requirements and hashes, our own sources (langhost and
# the exec script copied beside the Python host), and the Go that compiles them.
modules=(cli nodejs-host yaml-host python-host go-host)
key="$( (for m in "${modules[@]}"; do cat "$here/$m/go.mod" "$here/$m/go.sum"; done
  cat "$here"/cli/langhost/*.go "$here/python-host/pulumi-language-python-exec"; go version) |
  sha256sum | cut -c1-16)"
dest="$cache/$cli_version-$key"

sdk_version_var=github.com/pulumi/pulumi/sdk/v3/go/common/version.Version
build() {
  local module_dir="$1" package="$2" version_var="$3" version="$4" out="$5" started=$SECONDS
  # As the releases build them (.goreleaser.yml): no cgo, -trimpath, the pure-Go os/user, grpc
  # without x/net/trace, and the version stamped with -X.
  (cd "$module_dir" && CGO_ENABLED=0 GOFLAGS=-mod=readonly GOSUMDB=off GOTOOLCHAIN=local \
    go build -trimpath -tags osusergo,grpcnotrace \
    -ldflags "-w -s -X $version_var=$version" -o "$out" "$package")
  echo "pulumi-cli: $(basename "$out") $version in $((SECONDS - started)) s" >&2
}

# The Node.js, Python and Go hosts go to hosts/; in their place is langhost (cli/langhost: the
# code generators of the CLI's release, everything else forwarded to them), linked once per language.
binaries=(pulumi pulumi-language-yaml pulumi-language-nodejs pulumi-language-python
  pulumi-language-go)
built=true
for b in "${binaries[@]}" hosts/pulumi-language-nodejs hosts/pulumi-language-python \
  hosts/pulumi-language-python-exec hosts/pulumi-language-go; do [ -x "$dest/$b" ] || built=false; done
if $built; then
  echo "pulumi-cli: reusing $cli_version (hosts: nodejs $host_version, yaml $yaml_version, python $python_version, go $go_version) from $dest" >&2
else
  started=$SECONDS
  echo "pulumi-cli: building pulumi $cli_version and its language hosts into $dest" >&2
  rm -rf "$dest.partial"
  mkdir -p "$dest.partial/hosts"
  build "$here/cli" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi \
    "$sdk_version_var" "$cli_version" "$dest.partial/pulumi"
  build "$here/cli" docs-workspace/pulumi-cli/langhost \
    "$sdk_version_var" "$cli_version" "$dest.partial/langhost"
  for language in nodejs python go; do
    ln "$dest.partial/langhost" "$dest.partial/pulumi-language-$language"
  done
  build "$here/yaml-host" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml \
    github.com/pulumi/pulumi-yaml/pkg/version.Version "$yaml_version" \
    "$dest.partial/pulumi-language-yaml"
  build "$here/nodejs-host" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs \
    "$sdk_version_var" "$host_version" "$dest.partial/hosts/pulumi-language-nodejs"
  build "$here/python-host" github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python \
    "$sdk_version_var" "$python_version" "$dest.partial/hosts/pulumi-language-python"
  build "$here/go-host" github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go \
    "$sdk_version_var" "$go_version" "$dest.partial/hosts/pulumi-language-go"
  # The Python host runs programs through the exec script in its own folder (os.Executable's).
  cp "$here/python-host/pulumi-language-python-exec" "$dest.partial/hosts/"
  chmod +x "$dest.partial/hosts/pulumi-language-python-exec"
  rm -rf "$dest"
  mv "$dest.partial" "$dest"
  echo "pulumi-cli: built in $((SECONDS - started)) s" >&2
fi

mkdir -p "$bin"
find "$bin" -maxdepth 1 -type l -delete # links an earlier layout made
for b in "${binaries[@]}"; do ln -sfn "$dest/$b" "$bin/$b"; done
"$bin/pulumi" version >&2

# The venv Python programs run in, with the pulumi package of python-pulumi.txt.
bash "$here/python-venv.sh" >&2
echo "$bin"
