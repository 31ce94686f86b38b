//go:build tools

// Package tools pins what scripts/pulumi-cli/build.sh builds: go.mod and go.sum record its
// modules at one release.
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
