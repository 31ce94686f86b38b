export { Collection, type CollectionArgs } from "./resources/collection";
export { Space, type SpaceArgs } from "./resources/space";
export {
  getOrganization,
  type GetOrganizationArgs,
  type OrganizationResult,
} from "./lookups/organization";
export { ApiError } from "./client";
export { ConfigError } from "./config";
export type { RoleLevel, Language, Urls } from "./api/common";
export type { CollectionDefaultLevel } from "./api/collections";
export type { EditMode } from "./api/spaces";
