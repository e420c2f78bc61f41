import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { navMessageCodes, navMessageText } from '@shared/nav';

describe("NAV's texts (src/shared/nav)", () => {
  it("is what NAV's message files give (the generated module is up to date)", () => {
    expect(() => execFileSync(process.execPath, ['scripts/nav-messages.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('answers Hungarian, English and German in their own language', () => {
    expect(navMessageText('INVOICE_NUMBER_NOT_UNIQUE', 'hu')).toEqual({
      text: 'A megadott számla sorszámmal már történt adatszolgáltatás.',
      lang: 'hu',
      fallback: false,
    });
    expect(navMessageText('INVOICE_NUMBER_NOT_UNIQUE', 'en')).toEqual({
      text: 'The specified invoice number has already been used previously.',
      lang: 'en',
      fallback: false,
    });
    expect(navMessageText('CUSTOMER_NOT_ASSIGNED', 'de')).toEqual({
      text: 'Nicht autorisierte Kundennummer.',
      lang: 'de',
      fallback: false,
    });
    expect(navMessageText('INVALID_SECURITY_USER', 'hu')?.lang).toBe('hu');
  });

  it('falls back to English for Polish and Spanish, marked', () => {
    for (const lang of ['pl', 'es']) {
      expect(navMessageText('CUSTOMER_NOT_ASSIGNED', lang)).toEqual({
        text: 'Not authorized customer tax number.',
        lang: 'en',
        fallback: true,
      });
    }
  });

  it("gives the maintenance answer's code its text, and nothing for codes NAV has no text for", () => {
    expect(navMessageText('MAINTENANCE_MODE', 'en')?.text).toMatch(/maintenance/);
    expect(navMessageText('SCHEMA_VIOLATION', 'hu')).toBeUndefined();
    expect(navMessageText('NO_SUCH_CODE', 'hu')).toBeUndefined();
  });

  it('has a text in all three languages for every code that has one', () => {
    const codes = navMessageCodes().filter((c) => navMessageText(c, 'en'));
    expect(codes.length).toBeGreaterThan(250);
    for (const code of codes) {
      for (const lang of ['hu', 'en', 'de']) expect(navMessageText(code, lang), `${code} ${lang}`).toMatchObject({ lang, fallback: false });
    }
  });
});
