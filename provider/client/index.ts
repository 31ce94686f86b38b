export { ApiClient, type ClientOptions, type Method, type Query } from "./client";
export { ApiError } from "./error";
export { segment } from "./path";
export { listAll, listOf, paginate } from "./paginate";
export { DEFAULT_RETRY_POLICY, outcomeUnknown, type RetryPolicy } from "./retry";
export { type ListSpec } from "./snapshots";
