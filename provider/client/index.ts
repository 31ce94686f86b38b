export { ApiClient, type ClientOptions } from "./client";
export { ApiError } from "./error";
export { segment } from "./path";
export { listAll, listOf, paginate } from "./paginate";
export { DEFAULT_RETRY_POLICY, outcomeUnknown, type RetryPolicy } from "./retry";
export type { ListSpec, Method, Query } from "./types";
