//go:build tools

// Package tools pins the Node.js language host that scripts/pulumi-cli/build.sh builds.
package tools

import _ "github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs"
