module github.com/docs-workspace/pulumi-docs-workspace/scripts/release/go-module

go 1.25.0

require golang.org/x/mod v0.36.0
