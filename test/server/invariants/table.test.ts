/**
 * docs/invariants.md is the list of every rule whose check a concurrent write could break: this test
 * keeps it whole. Every refusal reason of reasons.ts has a line in its "Reasons" table (a rule, or
 * "not a concurrency rule: why"); every rule named there is in "Rules"; every rule names a test that
 * exists (its file, and a test of that name in it). A placeholder row stands only while its reason is
 * not declared yet.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASON_CODES } from '@shared/protocol';

const ROOT = join(__dirname, '../../..');
const doc = readFileSync(join(ROOT, 'docs/invariants.md'), 'utf8');

/** The rows of the table under `## heading`, as cells (header and separator left out). */
function table(heading: string): string[][] {
  const at = doc.indexOf(`\n## ${heading}\n`);
  if (at < 0) throw new Error(`docs/invariants.md has no "## ${heading}" section`);
  const rows: string[][] = [];
  for (const line of doc.slice(at).split('\n').slice(2)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) continue;
    rows.push(line.slice(1, line.endsWith('|') ? -1 : undefined).split(' | ').map((c) => c.trim()));
  }
  return rows.slice(2);
}

const rules = table('Rules').map(([id, statement, reasons, sqlite, postgres, test]) => ({ id: id!, statement, reasons: reasons!, sqlite, postgres, test: test! }));
const reasonLines = new Map(table('Reasons').map(([code, rule]) => [code!.replace(/`/g, ''), rule!]));
const declared = new Set<string>(REASON_CODES);

describe('docs/invariants.md', () => {
  it('has a line for every refusal reason of reasons.ts', () => {
    expect(REASON_CODES.filter((code) => !reasonLines.has(code))).toEqual([]);
  });

  it('names only declared reasons, and only rules of its Rules table (or says why a reason is not a concurrency rule)', () => {
    const ids = new Set(rules.map((r) => r.id));
    const bad: string[] = [];
    for (const [code, rule] of reasonLines) {
      if (!declared.has(code)) bad.push(`${code}: not in reasons.ts`);
      if (/^not a concurrency rule: \S/.test(rule)) continue;
      for (const id of rule.split(',').map((x) => x.trim())) if (!ids.has(id)) bad.push(`${code}: no rule "${id}"`);
    }
    expect(bad).toEqual([]);
  });

  it('names, for every rule, a test that exists', () => {
    expect(rules.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const r of rules) {
      if (r.test === 'placeholder') {
        // Stands only until its reason is declared: then the rule needs its spec.
        const codes = [...r.reasons.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
        if (codes.length === 0 || codes.some((c) => declared.has(c))) missing.push(`${r.id}: placeholder, but its reason is declared: name its test`);
        continue;
      }
      const m = /^`([^`]+\.(?:test|specs)\.tsx?)` › (.+)$/.exec(r.test);
      if (!m) {
        missing.push(`${r.id}: the test cell must be \`file\` › test name; got ${r.test}`);
        continue;
      }
      const [, file, name] = m;
      if (!existsSync(join(ROOT, file!))) {
        missing.push(`${r.id}: ${file} does not exist`);
        continue;
      }
      // The test's name as written in its source: quotes escaped inside it are read as themselves.
      const source = readFileSync(join(ROOT, file!), 'utf8').replace(/\\'/g, "'");
      if (!source.includes(`it('${name}'`) && !source.includes(`it("${name}"`) && !source.includes(`it(\`${name}\``)) missing.push(`${r.id}: no test "${name}" in ${file}`);
    }
    expect(missing).toEqual([]);
  });

  it('every reason a rule names is declared, and every rule is kept on both engines', () => {
    const bad: string[] = [];
    for (const r of rules) {
      for (const m of r.reasons.matchAll(/`([a-z_]+)`/g)) if (!declared.has(m[1]!) && r.test !== 'placeholder') bad.push(`${r.id}: ${m[1]} is not in reasons.ts`);
      if (r.test !== 'placeholder' && (!r.sqlite || !r.postgres || r.sqlite === '—' || r.postgres === '—')) bad.push(`${r.id}: says nothing of how an engine keeps it`);
    }
    expect(bad).toEqual([]);
  });
});
