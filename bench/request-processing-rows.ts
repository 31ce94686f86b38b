/**
 * The requests section's rows for the kinds whose work the service does in the background
 * (OpenAPI specs, translations), and what waiting for that work costs.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "../emulator/index";
import { pollDelay, pollsWithin, POLL_MAX_MS } from "../provider/lifecycle/polling";
import { clearRequests, loggedRequests } from "../drivers/admin";
import { closingRows, createRow, tracked, updateRow, type Operation } from "./request-rows";

/** A small OpenAPI document, in the text the rows send. */
const specText = (title: string) =>
  `openapi: 3.1.0\ninfo: { title: ${title}, version: 1.0.0 }\npaths: {}\n`;

/**
 * OpenAPI specs (§4.13): the create body takes slug and source; visibility goes by PATCH; a new
 * source is one PUT. The emulator here processes with no delay, so a wait's floor is one GET: the
 * look that finds the work `complete` (the POST or PUT answers it `pending`).
 */
export function openApiSpecRows(): Operation[] {
  const spec = tracked("openapi-spec", {
    slug: "bench-spec",
    source: { text: specText("Bench") },
    waitForProcessing: false,
  });
  const waited = tracked("openapi-spec", {
    slug: "bench-spec-waited",
    source: { text: specText("Waited") },
    visibility: "public",
  });
  return [
    createRow(spec, "create (text, no wait)", 1, "one POST"),
    createRow(waited, "create (+ public, waited)", 3, "POST + GET complete + PATCH visibility"),
    {
      name: "read (text source, processed)",
      minimum: 2,
      why: "GET the spec + GET its latest version's text (drift in the text)",
      run: waited.read,
    },
    updateRow(spec, "update source (no wait)", { source: { text: specText("Two") } }, 1, "one PUT"),
    updateRow(
      waited,
      "update source (waited)",
      { source: { text: specText("Waited two") } },
      2,
      "PUT + GET complete",
    ),
    updateRow(spec, "update visibility", { visibility: "public" }, 1, "one PATCH"),
    updateRow(
      spec,
      "update waitForProcessing",
      { waitForProcessing: true },
      0,
      "how up waits, not the spec: diff answers",
    ),
    ...closingRows(spec),
    { name: "delete (waited)", minimum: 1, why: "one DELETE", run: waited.delete },
  ];
}

/**
 * Translations (§4.14): the create body carries the source, language and instructions, and starts
 * the first run, which `up` waits for; new instructions are one PUT, and one POST .../run unless
 * runOnChange is false. Delete takes the result space the runs made with it.
 */
export function translationRows(spaceId: string): Operation[] {
  const translation = tracked("translation", {
    spaceId,
    sourceLanguage: "en",
    language: "fr",
    instructions: "Keep product names in English.",
  });
  return [
    createRow(translation, "create (runs, waited)", 2, "POST + GET completed"),
    { name: "read", minimum: 1, why: "one GET", run: translation.read },
    updateRow(
      translation,
      "update instructions (runs, waited)",
      { instructions: "Keep product and team names in English." },
      3,
      "PUT instructions + POST .../run + GET completed",
    ),
    updateRow(
      translation,
      "update instructions (runOnChange: false)",
      { instructions: "Use the formal register.", runOnChange: false },
      1,
      "one PUT instructions",
    ),
    updateRow(translation, "update, nothing changed", {}, 0, "diff answers without a request"),
    {
      name: "delete (+ its result space)",
      minimum: 2,
      why: "DELETE translation + DELETE result space",
      run: translation.delete,
    },
  ];
}

/** An HTTP server that answers every request with `text` after `delayMs`: a slow spec source. */
async function slowSource(text: string, delayMs: number): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_, response) => {
    setTimeout(() => response.end(text), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/openapi.yaml`, close: () => server.close() };
}

/** How long the measured wait lasts: the spec's source answers after this long. */
const MEASURED_WAIT_MS = 4_000;

/**
 * What waiting costs: the poll plan (one GET at once, then after 250 ms, growing by half, at most
 * every 5 s) for waits of several lengths, and one real wait, a spec whose source URL answers
 * after 4 s, whose GETs are counted from the emulator's log.
 */
export async function pollingCost(emulator: RunningEmulator): Promise<string[]> {
  const lines = [
    `${"wait".padEnd(10)} ${"GETs".padStart(5)} ${"GETs/s".padStart(7)}  (the plan: pollsWithin)`,
  ];
  for (const seconds of [1, 4, 10, 60, 300]) {
    const polls = pollsWithin(seconds * 1000);
    lines.push(
      `${`${seconds} s`.padEnd(10)} ${String(polls).padStart(5)} ${(polls / seconds).toFixed(2).padStart(7)}`,
    );
  }
  lines.push(
    `steady state past ${Math.round(POLL_MAX_MS / 1000)} s between polls: ${(1000 / pollDelay(100)).toFixed(2)} GET/s`,
  );

  const source = await slowSource(specText("Slow"), MEASURED_WAIT_MS);
  const spec = tracked("openapi-spec", { slug: "bench-slow-spec", source: { url: source.url } });
  try {
    await clearRequests(emulator);
    const started = performance.now();
    await spec.create();
    const waitedMs = performance.now() - started;
    const gets = (await loggedRequests(emulator)).filter((r) => r.method === "GET").length;
    const planned = pollsWithin(waitedMs);
    lines.push(
      `measured: a create whose source answers after ${MEASURED_WAIT_MS / 1000} s waited ${(waitedMs / 1000).toFixed(2)} s with ${gets} GETs = ${(gets / (waitedMs / 1000)).toFixed(2)} GET/s (the plan allows ${planned} in that time: ${gets <= planned ? "within" : "ABOVE"})`,
    );
    await spec.delete();
  } finally {
    source.close();
  }
  return lines;
}
