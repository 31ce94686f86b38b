import { Hono } from "hono";
import { FaultSet, faultRuleSchema } from "./faults";
import { RequestLog } from "./request-log";
import { applySeed, seedSchema } from "./seed";
import type { Store } from "./store";
import { readBody } from "./validation";

/** What the admin API controls besides the store. */
export interface AdminState {
  store: Store;
  log: RequestLog;
  faults: FaultSet;
}

export function createAdminState(store: Store): AdminState {
  return { store, log: new RequestLog(), faults: new FaultSet() };
}

/**
 * The admin API under `/_emulator/`. It is not part of the workspace API and needs no token:
 * the emulator is a local tool, listening on loopback by default.
 */
export function adminRoutes(state: AdminState): Hono {
  const admin = new Hono();

  admin.post("/reset", (c) => {
    state.store.reset();
    state.log.clear();
    state.faults.clear();
    return c.body(null, 204);
  });

  admin.post("/seed", async (c) => {
    const body = await readBody(c, seedSchema);
    return c.json(applySeed(state.store, body), 201);
  });

  admin.get("/requests", (c) => c.json({ items: state.log.list() }));
  admin.delete("/requests", (c) => {
    state.log.clear();
    return c.body(null, 204);
  });

  admin.post("/faults", async (c) => {
    const rule = state.faults.add(await readBody(c, faultRuleSchema));
    return c.json(rule, 201);
  });
  admin.get("/faults", (c) => c.json({ items: state.faults.list() }));
  admin.delete("/faults", (c) => {
    state.faults.clear();
    return c.body(null, 204);
  });

  return admin;
}
