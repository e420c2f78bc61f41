/**
 * Validates XML against NAV's invoiceData.xsd with xmllint (libxml2-utils). A missing xmllint or
 * schema is an error, never a skip: a green run must mean the documents were really validated.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** The schemas live beside the repository (../shared/nav); NAV_SCHEMA_DIR overrides for other layouts. */
export const schemaDir = process.env.NAV_SCHEMA_DIR ?? resolve(repoRoot, '../shared/nav');
export const schemaPath = join(schemaDir, 'invoiceData.xsd');

export function xmllintErrorsForFile(file: string): string[] {
  if (!existsSync(schemaPath)) {
    throw new Error(
      `NAV schema not found at ${schemaPath}; set NAV_SCHEMA_DIR to the folder holding invoiceData.xsd`,
    );
  }
  try {
    execFileSync('xmllint', ['--noout', '--schema', schemaPath, file], { stdio: 'pipe', encoding: 'utf8' });
    return [];
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string; status?: number };
    if (e.code === 'ENOENT') {
      throw new Error(
        'xmllint is not installed: install libxml2-utils (apt-get install libxml2-utils); CI installs it',
      );
    }
    const lines = (e.stderr ?? String(err))
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.endsWith(' validates'));
    return lines.length > 0 ? lines : [`xmllint exited with status ${e.status ?? '?'}`];
  }
}

/** xmllint's complaints about `xml`, empty when it validates. */
export function xmllintErrors(xml: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'nav-xml-'));
  const file = join(dir, 'invoiceData.xml');
  try {
    writeFileSync(file, xml, 'utf8');
    return xmllintErrorsForFile(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
