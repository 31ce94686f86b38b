package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// runPolicyPack answers RunPlugin for a Node.js policy pack (kind "analyzer"), which the engine
// since v3.27x starts only through the language host of the pack's runtime, where earlier ones
// fell back to a `pulumi-analyzer-policy-nodejs` plugin. The older Node.js host in hosts/ predates
// RunPlugin, so this runs what the release's host runs: @pulumi/pulumi's run-policy-pack, resolved
// from the pack's folder as Node resolves it, with the engine's address and the pack's folder,
// its output streamed back as it comes and its exit code last.
func runPolicyPack(
	req *pulumirpc.RunPluginRequest, out grpc.ServerStreamingServer[pulumirpc.RunPluginResponse],
) error {
	dir := req.GetPwd()
	if info := req.GetInfo(); info != nil && info.GetProgramDirectory() != "" {
		dir = info.GetProgramDirectory()
	}
	env := append(os.Environ(), req.GetEnv()...)
	resolve := exec.Command("node", "-e",
		`process.stdout.write(require.resolve("@pulumi/pulumi/cmd/run-policy-pack", { paths: [process.cwd()] }))`)
	resolve.Dir = dir
	resolve.Env = env
	entry, err := resolve.Output()
	if err != nil {
		return fmt.Errorf("langhost: no @pulumi/pulumi/cmd/run-policy-pack from %s (run npm install there): %w", dir, err)
	}
	args := append(append([]string{strings.TrimSpace(string(entry))}, req.GetArgs()...), dir)
	cmd := exec.CommandContext(out.Context(), "node", args...)
	cmd.Dir = dir
	cmd.Env = env
	var mu sync.Mutex // the two pipes are copied from goroutines of their own; a stream sends one at a time
	send := func(msg *pulumirpc.RunPluginResponse) error {
		mu.Lock()
		defer mu.Unlock()
		return out.Send(msg)
	}
	cmd.Stdout = writerFunc(func(p []byte) error {
		return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: clone(p)}})
	})
	cmd.Stderr = writerFunc(func(p []byte) error {
		return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: clone(p)}})
	})
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return err
		}
		code = exit.ExitCode()
	}
	return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: int32(code)}})
}

// writerFunc is an io.Writer that hands each write on.
type writerFunc func([]byte) error

func (w writerFunc) Write(p []byte) (int, error) {
	if err := w(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// clone copies a write's bytes: the writer's buffer is reused after Write returns.
func clone(p []byte) []byte { return append([]byte(nil), p...) }
