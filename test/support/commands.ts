import * as fs from "node:fs";
import * as path from "node:path";

/**
 * A folder of links to the commands of `folders`, the first of each name winning as the shell
 * finds it, less those `leaveOut` names: a PATH entry with no `node`, for the tests that show a
 * plugin or a program runs without one. Returns the folder.
 */
export function commandsFolder(
  into: string,
  folders: readonly string[],
  leaveOut: (name: string) => boolean,
): string {
  fs.mkdirSync(into, { recursive: true });
  for (const folder of folders) {
    if (!folder || !fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder)) {
      const link = path.join(into, name);
      if (leaveOut(name) || fs.existsSync(link)) continue;
      fs.symlinkSync(path.join(folder, name), link);
    }
  }
  return into;
}
