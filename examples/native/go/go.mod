module docs-workspace-native-go

go 1.25

require (
	github.com/docs-workspace/pulumi-docs-workspace/sdk v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.248.0
)

// The SDK `npm run sdk` generates in this checkout; `go mod tidy` then fills in the rest.
replace github.com/docs-workspace/pulumi-docs-workspace/sdk => ../../../sdk
