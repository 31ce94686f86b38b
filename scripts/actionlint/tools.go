//go:build tools

// Package tools pins actionlint, the linter of GitHub Actions workflows that test/workflows.test.ts
// runs on .github/workflows/*.yml: `go build` of its command at the version go.mod requires
// (scripts/actionlint/build.sh), from the Go module proxy.
package tools

import _ "github.com/rhysd/actionlint/cmd/actionlint"
