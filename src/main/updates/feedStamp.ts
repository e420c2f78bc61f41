/**
 * Writes the mirror mark into an electron-builder release feed (latest.yml, latest-mac.yml,
 * latest-linux.yml): a top-level `stockdeskMirror:` mapping, replacing one already there. The feed is
 * YAML that electron-builder writes with top-level keys at column 0, so the mark is appended as text
 * rather than by re-serialising the file (which could reorder or requote what the updater verifies).
 */
import { MIRROR_MARK_FIELD, type MirrorMark } from './policy';

export function stampFeed(yaml: string, mark: MirrorMark): string {
  const lines = yaml.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (line.startsWith(`${MIRROR_MARK_FIELD}:`)) {
      skipping = true;
      continue;
    }
    // The old mark's own lines are indented; the next top-level key ends it.
    if (skipping && /^\s+\S/.test(line)) continue;
    skipping = false;
    out.push(line);
  }
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n${MIRROR_MARK_FIELD}:\n  version: ${mark.version}\n  migratesFrom: ${mark.migratesFrom}\n`;
}
