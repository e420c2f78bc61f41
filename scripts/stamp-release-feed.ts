/**
 * After `electron-builder --publish never`: marks every release feed in release/ (or the folder given)
 * with the mirror versions this build reads, so installed desks never download a build that cannot
 * open their data (src/main/updates/policy.ts). Run: npx tsx scripts/stamp-release-feed.ts [folder]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIRROR_MIGRATES_FROM, MIRROR_VERSION } from '../src/main/core/mirror/migrations';
import { stampFeed } from '../src/main/updates/feedStamp';

const folder = process.argv[2] ?? 'release';
const feeds = readdirSync(folder).filter((f) => /^latest(-\w+)?\.yml$/.test(f));
if (feeds.length === 0) {
  console.error(`No latest*.yml in ${folder}: build with electron-builder first (the feed is written when a publish provider is configured).`);
  process.exit(1);
}
for (const f of feeds) {
  const path = join(folder, f);
  writeFileSync(path, stampFeed(readFileSync(path, 'utf8'), { version: MIRROR_VERSION, migratesFrom: MIRROR_MIGRATES_FROM }));
  console.log(`${path}: reads mirror versions ${MIRROR_MIGRATES_FROM}–${MIRROR_VERSION}`);
}
