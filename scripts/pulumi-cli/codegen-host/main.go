// Command pulumi-codegen-host is a Pulumi language plugin that only generates SDKs: installed as
// pulumi-language-nodejs, pulumi-language-python and pulumi-language-go in a folder of its own,
// it answers the GeneratePackage call of `pulumi package gen-sdk` with the code generators of
// pkg/v3 at the CLI's release. The language hosts the Go module proxy serves are too old to
// have that call (see docs/pulumi-cli.md); everything else a language host does is left
// unimplemented. The language is the one its file name ends with.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

type codegenHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	language string
}

func (h *codegenHost) generate(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest,
	loader schema.ReferenceLoader,
) (map[string][]byte, error) {
	tool := "pulumi-language-" + h.language
	switch h.language {
	case "nodejs":
		return nodejsgen.GeneratePackage(tool, pkg, req.ExtraFiles, req.LocalDependencies, req.Local, loader)
	case "python":
		return pythongen.GeneratePackage(tool, pkg, req.ExtraFiles, loader)
	case "go":
		if len(req.ExtraFiles) > 0 {
			return nil, fmt.Errorf("overlays are not supported for Go")
		}
		return gogen.GeneratePackage(tool, pkg, req.LocalDependencies)
	}
	return nil, fmt.Errorf("pulumi-codegen-host generates no %q SDK", h.language)
}

// GetPluginInfo answers the release of the code generators: pkg/v3's version in go.mod.
func (h *codegenHost) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	version := "0.0.0"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/pulumi/pulumi/pkg/v3" {
				version = strings.TrimPrefix(dep.Version, "v")
			}
		}
	}
	return &pulumirpc.PluginInfo{Version: version}, nil
}

func (h *codegenHost) GeneratePackage(
	ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	client, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer client.Close()
	loader := schema.NewCachedLoader(client)

	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	response := &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}
	if diags.HasErrors() {
		return response, nil
	}
	files, err := h.generate(pkg, req, loader)
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		out := filepath.Join(req.Directory, name)
		if err := os.MkdirAll(filepath.Dir(out), 0o700); err != nil {
			return nil, err
		}
		if err := os.WriteFile(out, data, 0o600); err != nil {
			return nil, err
		}
	}
	return response, nil
}

func main() {
	language := strings.TrimPrefix(filepath.Base(os.Args[0]), "pulumi-language-")
	// The engine passes its address last; this host never calls it back.
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &codegenHost{language: language})
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-codegen-host: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-codegen-host: %v\n", err)
		os.Exit(1)
	}
}
