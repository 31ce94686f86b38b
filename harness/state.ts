import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { SECRET_SIG, SIG_KEY, type Json, type PropertyMap } from "./properties";

/** One resource as kept in the state file; secret values are encrypted there. */
export interface ResourceState {
  urn: string;
  type: string;
  name: string;
  custom: boolean;
  /** Provider id; absent for components. */
  id?: string;
  parent?: string;
  dependencies: string[];
  /** Checked inputs, `__provider` included. */
  inputs: PropertyMap;
  outputs: PropertyMap;
  /** Top-level input and output keys whose values are secret. */
  secretInputs: string[];
  secretOutputs: string[];
  /** Resource options the engine keeps with the resource. */
  additionalSecretOutputs?: string[];
  protect?: boolean;
  retainOnDelete?: boolean;
  /** The old half of a create-before-delete replacement, still to be deleted. */
  pendingDelete?: boolean;
}

export interface StateFile {
  version: 1;
  project: string;
  stack: string;
  encryption: { kdf: "scrypt"; salt: string; check: string };
  resources: ResourceState[];
}

// Encrypting a known text lets a wrong passphrase fail at once with a clear message, before
// any secret is handed to a provider, as Pulumi's passphrase provider does with its
// `encryptedkey`.
const CHECK_TEXT = "docs-workspace-harness";

/** The passphrase Pulumi's passphrase provider would ask for; a fixed per-stack default. */
export function passphraseFor(project: string, stack: string, env: NodeJS.ProcessEnv): string {
  return env.PULUMI_CONFIG_PASSPHRASE ?? `docs-workspace-harness:${project}:${stack}`;
}

/** AES-256-GCM with a key derived by scrypt from the passphrase and the state's salt. */
export class SecretsCrypter {
  private readonly key: Buffer;

  constructor(passphrase: string, salt: Buffer) {
    this.key = scryptSync(passphrase, salt, 32);
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `v1:${iv.toString("base64")}:${Buffer.concat([body, tag]).toString("base64")}`;
  }

  decrypt(ciphertext: string): string {
    const [version, ivText, bodyText] = ciphertext.split(":");
    if (version !== "v1" || ivText === undefined || bodyText === undefined) {
      throw new Error("unreadable secret in the state file");
    }
    const body = Buffer.from(bodyText, "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(ivText, "base64"));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - 16)),
      decipher.final(),
    ]).toString("utf8");
  }
}

/** A state in memory: values in clear, and the crypter that writes it back. */
export interface LoadedState {
  file: StateFile;
  crypter: SecretsCrypter;
  /** Resources with their secret values decrypted. */
  resources: ResourceState[];
}

export function loadState(
  stateFile: string,
  project: string,
  stack: string,
  passphrase: string,
): LoadedState {
  if (!fs.existsSync(stateFile)) {
    const salt = randomBytes(16);
    const crypter = new SecretsCrypter(passphrase, salt);
    const file: StateFile = {
      version: 1,
      project,
      stack,
      encryption: {
        kdf: "scrypt",
        salt: salt.toString("base64"),
        check: crypter.encrypt(CHECK_TEXT),
      },
      resources: [],
    };
    return { file, crypter, resources: [] };
  }
  const file = JSON.parse(fs.readFileSync(stateFile, "utf8")) as StateFile;
  if (file.version !== 1) {
    throw new Error(`${stateFile}: unsupported state version ${String(file.version)}`);
  }
  const crypter = new SecretsCrypter(passphrase, Buffer.from(file.encryption.salt, "base64"));
  try {
    if (crypter.decrypt(file.encryption.check) !== CHECK_TEXT) throw new Error("mismatch");
  } catch {
    throw new Error(
      `${stateFile}: incorrect passphrase; set PULUMI_CONFIG_PASSPHRASE to the one this state was written with`,
    );
  }
  const resources = file.resources.map((r) => ({
    ...r,
    inputs: decryptProps(r.inputs, r.secretInputs, crypter),
    outputs: decryptProps(r.outputs, r.secretOutputs, crypter),
  }));
  return { file, crypter, resources };
}

/** Writes the whole state at once (write then rename), so a crash never leaves half a file. */
export function saveState(stateFile: string, state: LoadedState): void {
  const file: StateFile = {
    ...state.file,
    resources: state.resources.map((r) => ({
      ...r,
      inputs: encryptProps(r.inputs, r.secretInputs, state.crypter),
      outputs: encryptProps(r.outputs, r.secretOutputs, state.crypter),
    })),
  };
  fs.mkdirSync(path.dirname(path.resolve(stateFile)), { recursive: true });
  const tmp = `${stateFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(file, null, 2) + "\n");
  fs.renameSync(tmp, stateFile);
}

// Same shape as a secret in a Pulumi checkpoint: the secret signature plus the ciphertext.
function encryptProps(
  props: PropertyMap,
  secretKeys: string[],
  crypter: SecretsCrypter,
): PropertyMap {
  const out: PropertyMap = { ...props };
  for (const k of secretKeys) {
    if (k in out) {
      out[k] = { [SIG_KEY]: SECRET_SIG, ciphertext: crypter.encrypt(JSON.stringify(out[k])) };
    }
  }
  return out;
}

function decryptProps(
  props: PropertyMap,
  secretKeys: string[],
  crypter: SecretsCrypter,
): PropertyMap {
  const out: PropertyMap = { ...props };
  for (const k of secretKeys) {
    const v = out[k];
    if (
      typeof v === "object" &&
      v !== null &&
      !Array.isArray(v) &&
      typeof v.ciphertext === "string"
    ) {
      out[k] = JSON.parse(crypter.decrypt(v.ciphertext)) as Json;
    }
  }
  return out;
}
