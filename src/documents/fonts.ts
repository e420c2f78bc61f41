/**
 * The embedded TrueType fonts of every rendered document. The standard 14 PDF fonts only cover
 * WinAnsi, which has no ő or ű, so Hungarian names would print wrong; DejaVu Sans covers all five
 * locales. The files are read once per process: rendering must not touch the disk per document.
 * Each document parses them anew on purpose: fontkit caches glyph objects per parsed font, and the
 * subsetter of one document caches them without code points, which would leave the next
 * document's text uncopyable (no ToUnicode entry), so parsed fonts are never shared.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface DocumentFonts {
  regular: Buffer;
  bold: Buffer;
}

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
/** Debian/Ubuntu's fonts-dejavu-core, for installs that pruned the npm package. */
const SYSTEM_DIR = '/usr/share/fonts/truetype/dejavu';

let cached: DocumentFonts | undefined;

function packageFontDir(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
    return join(dirname(pkg), 'ttf');
  } catch {
    return undefined;
  }
}

function hasBoth(dir: string): boolean {
  return existsSync(join(dir, FILES.regular)) && existsSync(join(dir, FILES.bold));
}

/** Directory holding both DejaVu Sans faces; throws with every place looked at when none does. */
export function fontDirectory(): string {
  const candidates = [packageFontDir(), SYSTEM_DIR].filter((d): d is string => d !== undefined);
  const found = candidates.find(hasBoth);
  if (found === undefined) {
    throw new Error(
      `DejaVu Sans fonts not found (${FILES.regular}, ${FILES.bold}); looked in: ${candidates.join(', ')}. ` +
        'Install the dejavu-fonts-ttf npm package or the fonts-dejavu-core system package.',
    );
  }
  return found;
}

export function documentFonts(): DocumentFonts {
  if (cached === undefined) {
    const dir = fontDirectory();
    cached = {
      regular: readFileSync(join(dir, FILES.regular)),
      bold: readFileSync(join(dir, FILES.bold)),
    };
  }
  return cached;
}
