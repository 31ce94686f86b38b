// Command langhost is the pulumi-language-python, pulumi-language-nodejs and pulumi-language-go
// the tests run (docs/pulumi-cli.md). The release's hosts of these languages are modules the Go
// module proxy does not serve; the newest it serves (sdk/v3 v3.79.0's Python host, v3.68.0's
// Node.js host, v3.66.0's Go host) run programs but predate the code generators the engine asks the host
// for: GenerateProgram (`pulumi import` writes the program's code) and GeneratePackage
// (`pulumi package gen-sdk`).
//
// So this host answers those two itself, with the generators of pkg/v3 at the CLI's release,
// and GenerateProject and Link (with nothing to link), which `pulumi convert` asks for, and
// RunPlugin for a Node.js policy pack (policy.go), and
// forwards everything else to the older host, which build.sh puts in hosts/ beside it. The
// language is the one in its own name. Without an older host in hosts/ it generates only.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/emptypb"
)

type programGenerator func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)

var programGenerators = map[string]programGenerator{
	"python": python.GenerateProgram,
	"nodejs": nodejs.GenerateProgram,
	"go":     gogen.GenerateProgram,
}

func main() {
	language := strings.TrimPrefix(filepath.Base(os.Args[0]), "pulumi-language-")
	if _, ok := programGenerators[language]; !ok {
		fail(fmt.Errorf("langhost: run it as pulumi-language-<python|nodejs|go>, not %q", os.Args[0]))
	}
	self, err := os.Executable()
	if err != nil {
		fail(err)
	}
	h := &host{language: language}
	var exited chan error
	inner := filepath.Join(filepath.Dir(self), "hosts", "pulumi-language-"+language)
	if _, err := os.Stat(inner); err == nil {
		if h.inner, exited, err = startInner(inner, os.Args[1:]); err != nil {
			fail(err)
		}
	} else {
		// Without an inner host, this one watches the engine: it goes when the engine goes.
		exited = make(chan error, 1)
		if engine := engineAddress(os.Args[1:]); engine != "" {
			ctx, cancel := context.WithCancel(context.Background())
			go func() { <-ctx.Done(); exited <- nil }()
			if err := rpcutil.Healthcheck(ctx, engine, 5*time.Minute, cancel); err != nil {
				fail(err)
			}
		}
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, h)
			return nil
		},
	})
	if err != nil {
		fail(err)
	}
	fmt.Printf("%d\n", handle.Port)
	select {
	case err = <-handle.Done:
	case err = <-exited:
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// engineAddress is the engine's address: the arguments' one positional argument, after the flags.
func engineAddress(args []string) string {
	for i := len(args) - 1; i >= 0; i-- {
		if !strings.HasPrefix(args[i], "-") {
			if i == 0 || !strings.HasPrefix(args[i-1], "-") || strings.Contains(args[i-1], "=") {
				return args[i]
			}
		}
	}
	return ""
}

// startInner starts the older host with this one's arguments and connects to the port it
// prints. Its later stdout (a program's output, which the engine shows) is passed on as is.
func startInner(path string, args []string) (pulumirpc.LanguageRuntimeClient, chan error, error) {
	cmd := exec.Command(path, args...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	reader := bufio.NewReader(stdout)
	line, err := reader.ReadString('\n')
	if err != nil {
		return nil, nil, fmt.Errorf("langhost: %s printed no port: %w", path, err)
	}
	port, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		return nil, nil, fmt.Errorf("langhost: %s printed %q, not a port", path, line)
	}
	conn, err := grpc.NewClient(fmt.Sprintf("127.0.0.1:%d", port),
		grpc.WithTransportCredentials(insecure.NewCredentials()), rpcutil.GrpcChannelOptions())
	if err != nil {
		return nil, nil, err
	}
	exited := make(chan error, 1)
	go func() {
		_, _ = io.Copy(os.Stdout, reader)
		exited <- cmd.Wait()
	}()
	return pulumirpc.NewLanguageRuntimeClient(conn), exited, nil
}

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	language string
	inner    pulumirpc.LanguageRuntimeClient // nil when hosts/ has no older host
}

func (h *host) GetPluginInfo(ctx context.Context, req *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	if h.inner != nil {
		return h.inner.GetPluginInfo(ctx, req)
	}
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

func (h *host) GetRequiredPlugins(
	ctx context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	if h.inner == nil {
		return h.UnimplementedLanguageRuntimeServer.GetRequiredPlugins(ctx, req)
	}
	return h.inner.GetRequiredPlugins(ctx, req)
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	if h.inner == nil {
		return h.UnimplementedLanguageRuntimeServer.Run(ctx, req)
	}
	return h.inner.Run(ctx, req)
}

func (h *host) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	if h.inner == nil {
		return h.UnimplementedLanguageRuntimeServer.About(ctx, req)
	}
	return h.inner.About(ctx, req)
}

func (h *host) GetProgramDependencies(
	ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	if h.inner == nil {
		return h.UnimplementedLanguageRuntimeServer.GetProgramDependencies(ctx, req)
	}
	return h.inner.GetProgramDependencies(ctx, req)
}

func (h *host) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest,
	out grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	if h.inner == nil {
		return nil // without an older host no program runs, so there is nothing to install
	}
	in, err := h.inner.InstallDependencies(out.Context(), req)
	if err != nil {
		return err
	}
	return relay(in.Recv, out.Send)
}

func (h *host) RunPlugin(
	req *pulumirpc.RunPluginRequest, out grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	if h.language == "nodejs" && req.GetKind() == "analyzer" {
		return runPolicyPack(req, out)
	}
	if h.inner == nil {
		return h.UnimplementedLanguageRuntimeServer.RunPlugin(req, out)
	}
	in, err := h.inner.RunPlugin(out.Context(), req)
	if err != nil {
		return err
	}
	return relay(in.Recv, out.Send)
}

// relay passes a stream's messages on until it ends.
func relay[T any](recv func() (*T, error), send func(*T) error) error {
	for {
		msg, err := recv()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := send(msg); err != nil {
			return err
		}
	}
}

func (h *host) GenerateProgram(
	ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	program, diags, err := bind(req.Source, loader, req.Strict)
	if err != nil || program == nil {
		return &pulumirpc.GenerateProgramResponse{
			Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags),
		}, err
	}
	files, genDiags, err := programGenerators[h.language](program)
	if err != nil {
		return nil, err
	}
	diags = append(diags, genDiags...)
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags),
	}, nil
}

// bind parses and binds a PCL program; the program is nil when its diagnostics hold an error.
func bind(
	source map[string]string, loader schema.ReferenceLoader, strict bool,
) (*pcl.Program, hcl.Diagnostics, error) {
	parser := syntax.NewParser()
	names := make([]string, 0, len(source))
	for name := range source {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := parser.ParseFile(strings.NewReader(source[name]), name); err != nil {
			return nil, nil, err
		}
	}
	diags := parser.Diagnostics
	if diags.HasErrors() {
		return nil, diags, nil
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, bindDiags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	diags = append(diags, bindDiags...)
	if err != nil || bindDiags.HasErrors() {
		return nil, diags, err
	}
	return program, diags, nil
}

// GenerateProject is what `pulumi convert` asks for: the PCL program of a folder (its .pp files)
// written as a project of this host's language, with the generators of the CLI's release.
func (h *host) GenerateProject(
	ctx context.Context, req *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	source := map[string]string{}
	entries, err := os.ReadDir(req.SourceDirectory)
	if err != nil {
		return nil, err
	}
	for _, entry := range entries {
		if entry.IsDir() || filepath.Ext(entry.Name()) != ".pp" {
			continue
		}
		text, err := os.ReadFile(filepath.Join(req.SourceDirectory, entry.Name()))
		if err != nil {
			return nil, err
		}
		source[entry.Name()] = string(text)
	}
	program, diags, err := bind(source, loader, req.Strict)
	if err != nil || program == nil {
		return &pulumirpc.GenerateProjectResponse{
			Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags),
		}, err
	}
	var project workspace.Project
	if err := json.Unmarshal([]byte(req.Project), &project); err != nil {
		return nil, err
	}
	dir, deps := req.TargetDirectory, req.LocalDependencies
	switch h.language {
	case "python":
		err = python.GenerateProject(dir, project, program, deps, "", "")
	case "nodejs":
		err = nodejs.GenerateProject(dir, project, program, deps, false, "nodejs")
	case "go":
		err = gogen.GenerateProject(dir, project, program, deps)
	}
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProjectResponse{
		Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags),
	}, nil
}

// Link is the last step of `pulumi convert`, which asks it to link nothing when the program uses
// no parameterized package; a package to link (`pulumi package add`) is not implemented here.
func (h *host) Link(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	if len(req.Packages) > 0 {
		return h.UnimplementedLanguageRuntimeServer.Link(ctx, req)
	}
	return &pulumirpc.LinkResponse{}, nil
}

func (h *host) GeneratePackage(
	ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{
		AllowDanglingReferences: true,
	})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{
			Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags),
		}, nil
	}
	tool := "pulumi-language-" + h.language
	var files map[string][]byte
	switch h.language {
	case "python":
		files, err = python.GeneratePackage(tool, pkg, req.ExtraFiles, loader)
	case "nodejs":
		files, err = nodejs.GeneratePackage(
			tool, pkg, req.ExtraFiles, req.LocalDependencies, req.Local, loader)
	case "go":
		files, err = gogen.GeneratePackage(tool, pkg, req.LocalDependencies)
	}
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		target := filepath.Join(req.Directory, name)
		if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
			return nil, err
		}
		if err := os.WriteFile(target, data, 0o600); err != nil {
			return nil, err
		}
	}
	return &pulumirpc.GeneratePackageResponse{
		Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags),
	}, nil
}
