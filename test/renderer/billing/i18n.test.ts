import { describe, expect, it } from 'vitest';
import { billing } from '@renderer/i18n/billing';
import { translateMessage, VALIDATION_KEYS } from '@renderer/lib/messages';
import { createI18n } from '@renderer/i18n';

type Tree = { [k: string]: string | Tree };

function leaves(t: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const en = new Map(leaves(billing.en as unknown as Tree));

describe('billing translations', () => {
  for (const lang of ['hu', 'de', 'pl', 'es'] as const) {
    it(`${lang}: every English text, with the same placeholders, none left in English`, () => {
      const tr = new Map(leaves(billing[lang] as unknown as Tree));
      expect([...tr.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        const other = tr.get(key)!;
        expect(vars(other), `${lang} ${key}`).toEqual(vars(text));
        if (text === '') continue;
        expect(other.trim(), `${lang} ${key}`).not.toBe('');
      }
      // A handful of long sentences that must not be copies of the English.
      for (const key of ['viewer.draft', 'storno.body', 'invoice.confirmEmailBody', 'totals.incomplete']) expect(tr.get(key)).not.toBe(en.get(key));
    });
  }

  it('every validation rule has its text', () => {
    for (const key of VALIDATION_KEYS) expect(en.has(`validation.${key}`), key).toBe(true);
  });

  it('schema and server messages come out in the clerk’s language, unknown ones as they are', () => {
    const i18n = createI18n('hu');
    const t = (k: string, v?: Record<string, unknown>) => String(i18n.t(k as never, v as never));
    expect(translateMessage(t, 'is required', 'sentence')).toBe('Kötelező.');
    expect(translateMessage(t, 'must be at least 0', 'sentence')).toBe('Legalább 0 legyen.');
    expect(translateMessage(t, 'only 2 available in Budapest Raktár', 'sentence')).toBe('Csak 2 érhető el itt: Budapest Raktár.');
    expect(translateMessage(t, 'must not be before the issue date 2026-11-22', 'sentence')).toBe('Nem lehet a kiállítás dátuma (2026-11-22) előtt.');
    expect(translateMessage(t, 'must be one of the Hungarian VAT rates 27, 18, 5 or 0 on an invoice we issue; got 20', 'sentence')).toBe('Általunk kiállított számlán az ÁFA-kulcs 27, 18, 5 vagy 0 %.');
    expect(translateMessage(t, 'must be one of transfer, cash; got "x"', 'sentence')).toBe('Válasszon: transfer, cash.');
    expect(translateMessage(t, 'something new the server says', 'sentence')).toBe('something new the server says');
  });
});
