import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cachedRoot: string | undefined;

/** The folder holding package.json, drizzle/ and worker/, wherever this module was bundled to. */
export function appRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (dir !== path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "drizzle", "meta", "_journal.json"))) {
      cachedRoot = dir;
      return dir;
    }
    dir = path.dirname(dir);
  }
  cachedRoot = process.cwd();
  return cachedRoot;
}
