/**
 * Schema validation for the NAV double with xmllint (libxml2-utils): one xmllint process per call,
 * however many documents (a manageInvoice request and its 100 invoices are one run). A missing xmllint or schema
 * is an error, never a skip: the double must not accept what it did not check.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** NAV's schemas beside the repository (../shared/nav); NAV_SCHEMA_DIR overrides. */
export function defaultSchemaDir(): string {
  return process.env.NAV_SCHEMA_DIR ?? resolve(repoRoot, '../shared/nav');
}

/** 'all': api, data and annulment schemas at once (a request and its invoices in one run). */
export type NavSchema = 'invoiceApi.xsd' | 'invoiceData.xsd' | 'invoiceAnnulment.xsd' | 'all';

const combined = new Map<string, string>();

/**
 * A schema importing NAV's three: any document whose root is a global element of one of them
 * validates against it, so the caller must check the root element's name itself.
 */
function combinedSchema(schemaDir: string): string {
  let path = combined.get(schemaDir);
  if (path) return path;
  const imports = [
    ['http://schemas.nav.gov.hu/OSA/3.0/api', 'invoiceApi.xsd'],
    ['http://schemas.nav.gov.hu/OSA/3.0/data', 'invoiceData.xsd'],
    ['http://schemas.nav.gov.hu/OSA/3.0/annul', 'invoiceAnnulment.xsd'],
  ]
    .map(([ns, file]) => `<xs:import namespace="${ns}" schemaLocation="${join(resolve(schemaDir), file!)}"/>`)
    .join('');
  path = join(mkdtempSync(join(tmpdir(), 'nav-double-xsd-')), 'nav-all.xsd');
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:stockdesk:nav-double">${imports}</xs:schema>`,
  );
  combined.set(schemaDir, path);
  return path;
}

/** Each document's xmllint complaints (empty when it validates), in the order given. */
export async function validateAll(schemaDir: string, schema: NavSchema, docs: readonly string[]): Promise<string[][]> {
  if (docs.length === 0) return [];
  for (const file of schema === 'all' ? ['invoiceApi.xsd', 'invoiceData.xsd', 'invoiceAnnulment.xsd'] : [schema]) {
    if (!existsSync(join(schemaDir, file))) {
      throw new Error(`NAV schema not found at ${join(schemaDir, file)}; set NAV_SCHEMA_DIR to the folder holding NAV's XSDs`);
    }
  }
  const schemaPath = schema === 'all' ? combinedSchema(schemaDir) : join(schemaDir, schema);
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

/** The root element's local name, skipping the XML declaration, comments and processing instructions. */
export function rootElementName(xml: string): string | undefined {
  const body = xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  return /<(?:[\w.-]+:)?([\w.-]+)[\s/>]/.exec(body)?.[1];
}
