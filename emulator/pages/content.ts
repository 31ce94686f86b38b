import { bytes } from "../http/route";
import { fileBytes, findFile } from "../store/content";
import { missing, missingAnswer, pageRoute } from "./context";

/**
 * A file's download (§2.11 `downloadURL`): its bytes, with its content type. Revisions never
 * change, so the URL of a file in one revision always serves the same bytes. No token, as the
 * other app pages: the emulator is a local tool.
 */
export const contentPages = [
  pageRoute({
    method: "get",
    path: "/files/{revisionId}/{fileId}/{name}",
    operationId: "downloadFile",
    summary: "A file of a revision, as it was uploaded",
    responses: {
      200: { description: "The file's bytes", bytes: true as const },
      404: missingAnswer,
    },
    handler({ params }, ctx) {
      const file = findFile(ctx.store, params.revisionId, params.fileId);
      const content = file && fileBytes(ctx.store, params.revisionId, params.fileId);
      if (!file || !content) return missing(`file ${params.fileId}`);
      return bytes(200, content, file.contentType);
    },
  }),
];
