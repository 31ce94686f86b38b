/**
 * Secrets in the state file: the passphrase, where it comes from, the key scrypt derives from it,
 * and the values it seals and opens. The state store (state.ts) calls these as it reads the file
 * and the journal and as it writes them; in memory every value is clear.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { errorText } from "../../common/error-text";
import type { Mutation } from "./journal";
import { SECRET_SIG, SIG_KEY } from "./properties";
import type { Json, PropertyMap, ResourceState } from "./types";

/** What a state file records of the key its secrets are sealed with. */
export interface Encryption {
  kdf: "scrypt";
  salt: string;
  /** A known text encrypted under the key: a wrong passphrase fails at once, before any step. */
  check: string;
}

// As Pulumi's passphrase provider does with its `encryptedkey`.
const CHECK_TEXT = "docs-workspace-harness";

/**
 * The passphrase release 0.1.0 fell back to when none was set. Anyone holding the state file
 * can derive it, so it is only ever used to read such a file, never to write one.
 */
function legacyPassphrase(project: string, stack: string): string {
  return `docs-workspace-harness:${project}:${stack}`;
}

export const PASSPHRASE_HELP =
  "set PULUMI_CONFIG_PASSPHRASE to a passphrase, or PULUMI_CONFIG_PASSPHRASE_FILE to a file that holds one";

/** The passphrase where Pulumi's passphrase secrets provider looks for it (pkg/secrets/passphrase). */
export function passphraseFrom(env: NodeJS.ProcessEnv): string | undefined {
  if (env.PULUMI_CONFIG_PASSPHRASE !== undefined) return env.PULUMI_CONFIG_PASSPHRASE;
  const file = env.PULUMI_CONFIG_PASSPHRASE_FILE;
  if (!file) return undefined;
  try {
    return fs.readFileSync(path.resolve(file), "utf8").trim();
  } catch (e) {
    const reason = errorText(e);
    throw new Error(`cannot read PULUMI_CONFIG_PASSPHRASE_FILE: ${reason}`);
  }
}

/**
 * AES-256-GCM with a key derived by scrypt from the passphrase and the state's salt. A value this
 * crypter opened is sealed again, in the same place (a resource's property), as the ciphertext it
 * was read from: rewriting a state does not churn the secrets that did not change, as Pulumi's
 * engine keeps the ciphertext of a secret it did not change.
 */
export class SecretsCrypter {
  private readonly key: Buffer;
  /** What each place held when it was opened: its plaintext and its ciphertext. */
  private readonly opened = new Map<string, { plaintext: string; ciphertext: string }>();

  constructor(passphrase: string, salt: Buffer) {
    this.key = scryptSync(passphrase, salt, 32);
  }

  /** Seals `plaintext`; in `place`, the ciphertext it was opened from when it is unchanged. */
  seal(plaintext: string, place: string): string {
    const known = this.opened.get(place);
    return known?.plaintext === plaintext ? known.ciphertext : this.encrypt(plaintext);
  }

  /** Opens `ciphertext`, remembering it for `place`. */
  open(ciphertext: string, place: string): string {
    const plaintext = this.decrypt(ciphertext);
    this.opened.set(place, { plaintext, ciphertext });
    return plaintext;
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

  /** Whether this key opens the state's check text. */
  opens(encryption: Encryption): boolean {
    try {
      return this.decrypt(encryption.check) === CHECK_TEXT;
    } catch {
      return false;
    }
  }

  static create(passphrase: string): { crypter: SecretsCrypter; encryption: Encryption } {
    const salt = randomBytes(16);
    const crypter = new SecretsCrypter(passphrase, salt);
    const encryption: Encryption = {
      kdf: "scrypt",
      salt: salt.toString("base64"),
      check: crypter.encrypt(CHECK_TEXT),
    };
    return { crypter, encryption };
  }
}

/** The keys one run reads and writes a state's secrets with. */
export interface StateKeys {
  /** Opens the secrets the file holds; absent when no key it knows opens them. */
  reader?: SecretsCrypter;
  /** Seals what the run writes; absent without a passphrase. */
  writer?: SecretsCrypter;
  /** What the file is to record of the writer's key. */
  encryption?: Encryption;
  /** The file was read with release 0.1.0's derivable key (then rewritten under the writer's). */
  legacy: boolean;
}

/**
 * The keys for a state file whose secrets are sealed as `encryption` says (absent for a new file
 * or one that never held a secret): the passphrase's, else release 0.1.0's derivable one to read
 * with; a wrong passphrase is refused before anything is read.
 */
export function stateKeys(
  stateFile: string,
  encryption: Encryption | undefined,
  options: { project: string; stack: string; passphrase: string | undefined },
): StateKeys {
  const { project, stack, passphrase } = options;
  let reader: SecretsCrypter | undefined;
  let legacy = false;
  if (encryption) {
    const salt = Buffer.from(encryption.salt, "base64");
    const given = passphrase === undefined ? undefined : new SecretsCrypter(passphrase, salt);
    if (given?.opens(encryption)) {
      reader = given;
    } else {
      const old = new SecretsCrypter(legacyPassphrase(project, stack), salt);
      if (old.opens(encryption)) {
        reader = old;
        legacy = true;
      } else if (given) {
        throw new Error(
          `${stateFile}: incorrect passphrase; set PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE) to the one this state was written with`,
        );
      }
    }
  }
  if (reader && !legacy) return { reader, writer: reader, encryption, legacy };
  if (passphrase === undefined) return { reader, encryption, legacy };
  const created = SecretsCrypter.create(passphrase);
  return { reader, writer: created.crypter, encryption: created.encryption, legacy };
}

export function hasSecrets(r: ResourceState): boolean {
  return r.secretInputs.length > 0 || r.secretOutputs.length > 0;
}

function isCiphertext(v: Json | undefined): v is { ciphertext: string } {
  return (
    typeof v === "object" && v !== null && !Array.isArray(v) && typeof v.ciphertext === "string"
  );
}

/** Secret values in the shape of a Pulumi checkpoint: the secret signature and the ciphertext. */
function sealProps(
  props: PropertyMap,
  keys: string[],
  crypter: SecretsCrypter | undefined,
  place: string,
) {
  if (!keys.some((k) => k in props)) return props;
  if (!crypter)
    throw new Error(
      `a secret cannot be written to the state without a passphrase: ${PASSPHRASE_HELP}`,
    );
  const out: PropertyMap = { ...props };
  for (const k of keys) {
    if (k in out) {
      const ciphertext = crypter.seal(JSON.stringify(out[k]), `${place}.${k}`);
      out[k] = { [SIG_KEY]: SECRET_SIG, ciphertext };
    }
  }
  return out;
}

function openProps(
  props: PropertyMap,
  keys: string[],
  crypter: SecretsCrypter | undefined,
  place: string,
) {
  if (!keys.some((k) => isCiphertext(props[k]))) return props;
  if (!crypter) throw new Error(`the state holds secrets: ${PASSPHRASE_HELP}`);
  const out: PropertyMap = { ...props };
  for (const k of keys) {
    const v = out[k];
    if (isCiphertext(v)) out[k] = JSON.parse(crypter.open(v.ciphertext, `${place}.${k}`)) as Json;
  }
  return out;
}

/** Sealing or opening the values of the secret keys of one property map, found at `place`. */
type SecretPass = (props: PropertyMap, keys: string[], place: string) => PropertyMap;

function passResource(r: ResourceState, pass: SecretPass): ResourceState {
  if (!hasSecrets(r)) return r;
  const place = `${r.urn}${r.pendingDelete ? " (pending delete)" : ""}`;
  return {
    ...r,
    inputs: pass(r.inputs, r.secretInputs, `${place} inputs`),
    outputs: pass(r.outputs, r.secretOutputs, `${place} outputs`),
  };
}

function passMutation(m: Mutation, pass: SecretPass): Mutation {
  switch (m.kind) {
    case "put":
      return { ...m, resource: passResource(m.resource, pass) };
    case "begin":
      return {
        ...m,
        operation: { ...m.operation, resource: passResource(m.operation.resource, pass) },
      };
    case "outputs":
      return { ...m, outputs: pass(m.outputs, m.secretOutputs, `${m.urn} outputs`) };
    default:
      return m;
  }
}

const sealWith =
  (crypter: SecretsCrypter | undefined): SecretPass =>
  (props, keys, place) =>
    sealProps(props, keys, crypter, place);
const openWith =
  (crypter: SecretsCrypter | undefined): SecretPass =>
  (props, keys, place) =>
    openProps(props, keys, crypter, place);

export function sealResource(r: ResourceState, crypter: SecretsCrypter | undefined): ResourceState {
  return passResource(r, sealWith(crypter));
}

export function openResource(r: ResourceState, crypter: SecretsCrypter | undefined): ResourceState {
  return passResource(r, openWith(crypter));
}

export function sealMutation(m: Mutation, crypter: SecretsCrypter | undefined): Mutation {
  return passMutation(m, sealWith(crypter));
}

export function openMutation(m: Mutation, crypter: SecretsCrypter | undefined): Mutation {
  return passMutation(m, openWith(crypter));
}
