// Preloaded into the dynamic-provider host (`node --require`): the host ends with the worker
// that started it, however the worker ended. The worker holds the only other end of the host's
// stdin: it closes it to stop the host, and the operating system closes it when the worker dies,
// by SIGKILL or out of memory included. Either way the host sees the end of its input and exits.
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();

export {};
