import type { Hono } from "hono";
import type { EmulatorEnv } from "./auth";
import { mountCollections } from "./routes/collections";
import { mountOrganizations } from "./routes/organizations";
import { mountSpaces } from "./routes/spaces";
import { sitesFamily } from "./routes/sites";
import type { Store } from "./store";
import { collectionsSchema } from "./store/collections";
import { identitySchema } from "./store/identity";
import { spacesSchema } from "./store/spaces";

/**
 * One API family of the emulator: the tables it keeps and the routes it serves under `/v1`.
 * The list below is the one place that names every family.
 */
export interface Family {
  name: string;
  schema: string;
  mount(app: Hono<EmulatorEnv>, store: Store): void;
}

export const families: readonly Family[] = [
  { name: "organizations", schema: identitySchema, mount: mountOrganizations },
  { name: "collections", schema: collectionsSchema, mount: mountCollections },
  { name: "spaces", schema: spacesSchema, mount: mountSpaces },
  sitesFamily,
];
