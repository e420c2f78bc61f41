/**
 * Schema validation for the NAV double with xmllint (libxml2-utils): one xmllint process per call,
 * however many documents (a manageInvoice's 100 invoices are one run). A missing xmllint or schema
 * is an error, never a skip: the double must not accept what it did not check.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** NAV's schemas beside the repository (../shared/nav); NAV_SCHEMA_DIR overrides. */
export function defaultSchemaDir(): string {
  return process.env.NAV_SCHEMA_DIR ?? resolve(repoRoot, '../shared/nav');
}

export type NavSchema = 'invoiceApi.xsd' | 'invoiceData.xsd' | 'invoiceAnnulment.xsd';

/** Each document's xmllint complaints (empty when it validates), in the order given. */
export async function validateAll(schemaDir: string, schema: NavSchema, docs: readonly string[]): Promise<string[][]> {
  if (docs.length === 0) return [];
  const schemaPath = join(schemaDir, schema);
  if (!existsSync(schemaPath)) {
    throw new Error(`NAV schema not found at ${schemaPath}; set NAV_SCHEMA_DIR to the folder holding NAV's XSDs`);
  }
  // One document goes through stdin ("-"); several through files, still one process.
  const dir = docs.length > 1 ? await mkdtemp(join(tmpdir(), 'nav-double-')) : undefined;
  try {
    const files = dir ? docs.map((_, i) => join(dir, `d${i}.xml`)) : ['-'];
    if (dir) await Promise.all(docs.map((doc, i) => writeFile(files[i]!, doc, 'utf8')));
    const stderr = await new Promise<string>((done, fail) => {
      const child = execFile('xmllint', ['--noout', '--nonet', '--schema', schemaPath, ...files], { maxBuffer: 64 << 20 }, (err, _out, errText) => {
        if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
          fail(new Error('xmllint is not installed: install libxml2-utils (apt-get install libxml2-utils)'));
          return;
        }
        done(errText);
      });
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(dir ? undefined : docs[0]);
    });
    const errors: string[][] = docs.map(() => []);
    for (const line of stderr.split('\n')) {
      if (line.trim() === '') continue;
      const i = files.findIndex((f) => line.startsWith(f));
      if (i < 0) {
        // A complaint about the schema itself concerns every document.
        if (!/validates$/.test(line)) errors.forEach((e) => e.push(line));
        continue;
      }
      if (line === `${files[i]} validates`) continue;
      if (line === `${files[i]} fails to validate`) {
        if (errors[i]!.length === 0) errors[i]!.push('fails to validate');
        continue;
      }
      errors[i]!.push(line.slice(files[i]!.length).replace(/^:/, 'line '));
    }
    return errors;
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
