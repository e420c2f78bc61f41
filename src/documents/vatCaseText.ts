/**
 * What a printed invoice says about a line that charges no VAT. Hungarian law (Áfa tv. 169. § m)
 * and the VAT Directive (2006/112/EC Art. 226 (11)–(11a)) require an exempt, zero-rated or
 * reverse-charged line to state why: a reference to the provision, or the words "reverse charge".
 * The case codes are NAV's (src/server/nav/mappings.ts VAT_CASES), decided per line by zeroVatCase,
 * so the PDF names the same ground as the invoice data reported to NAV. The Hungarian provision is
 * cited as "Áfa tv." in every language (it is the law that applies), beside the Directive's article.
 */
import type { VatCaseCode } from '@shared/vat/cases';
import type { Locale } from './model';

interface CaseText {
  /** The Hungarian VAT Act provision (Act CXXVII of 2007). */
  law?: string;
  /** Articles of Council Directive 2006/112/EC. */
  directive?: string;
  label: Record<Locale, string>;
}

const REVERSE_CHARGE: Record<Locale, string> = {
  hu_HU: 'Fordított adózás',
  en_US: 'Reverse charge',
  de_DE: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)',
  pl_PL: 'Odwrotne obciążenie',
  es_ES: 'Inversión del sujeto pasivo',
};

export const VAT_CASE_TEXT: Record<VatCaseCode, CaseText> = {
  AAM: {
    law: 'Áfa tv. 187. §',
    directive: '282–292',
    label: {
      hu_HU: 'Alanyi adómentes (az eladó alanyi adómentességet választott)',
      en_US: 'VAT exempt: the seller is under the small-business (subject) exemption',
      de_DE: 'Umsatzsteuerfrei: der Verkäufer ist Kleinunternehmer (subjektive Steuerbefreiung)',
      pl_PL: 'Zwolnienie podmiotowe z VAT: sprzedawca korzysta ze zwolnienia dla małych przedsiębiorstw',
      es_ES: 'Exento de IVA: el vendedor aplica la franquicia para pequeñas empresas',
    },
  },
  TAM: {
    law: 'Áfa tv. 85–87. §',
    directive: '132–137',
    label: {
      hu_HU: 'Tárgyi adómentes termékértékesítés, szolgáltatásnyújtás',
      en_US: 'VAT-exempt supply (exempt by the nature of the supply)',
      de_DE: 'Steuerfreie Leistung (Steuerbefreiung nach Art der Leistung)',
      pl_PL: 'Dostawa zwolniona z VAT (zwolnienie przedmiotowe)',
      es_ES: 'Operación exenta de IVA (por la naturaleza de la operación)',
    },
  },
  KBAET: {
    law: 'Áfa tv. 89. §',
    directive: '138',
    label: {
      hu_HU: 'Adómentes Közösségen belüli termékértékesítés',
      en_US: 'VAT-exempt intra-Community supply of goods',
      de_DE: 'Steuerfreie innergemeinschaftliche Lieferung',
      pl_PL: 'Wewnątrzwspólnotowa dostawa towarów zwolniona z VAT',
      es_ES: 'Entrega intracomunitaria de bienes exenta de IVA',
    },
  },
  KBAUK: {
    law: 'Áfa tv. 89. § (2)',
    directive: '138 (2) a)',
    label: {
      hu_HU: 'Új közlekedési eszköz adómentes Közösségen belüli értékesítése',
      en_US: 'VAT-exempt intra-Community supply of a new means of transport',
      de_DE: 'Steuerfreie innergemeinschaftliche Lieferung eines neuen Fahrzeugs',
      pl_PL: 'Wewnątrzwspólnotowa dostawa nowego środka transportu zwolniona z VAT',
      es_ES: 'Entrega intracomunitaria exenta de un medio de transporte nuevo',
    },
  },
  EAM: {
    law: 'Áfa tv. 98. §',
    directive: '146',
    label: {
      hu_HU: 'Adómentes termékexport az Európai Unión kívülre',
      en_US: 'VAT-exempt export of goods outside the EU',
      de_DE: 'Steuerfreie Ausfuhrlieferung in ein Drittland',
      pl_PL: 'Eksport towarów poza UE zwolniony z VAT',
      es_ES: 'Exportación de bienes fuera de la UE exenta de IVA',
    },
  },
  NAM: {
    law: 'Áfa tv. 110–118. §',
    directive: '148–153',
    label: {
      hu_HU: 'Nemzetközi ügylethez kapcsolódó adómentesség',
      en_US: 'VAT exempt: transaction related to international transport or trade',
      de_DE: 'Steuerfrei: Umsatz im Zusammenhang mit internationalem Verkehr oder Handel',
      pl_PL: 'Zwolnienie z VAT: transakcja związana z transportem lub handlem międzynarodowym',
      es_ES: 'Exento de IVA: operación vinculada al transporte o comercio internacional',
    },
  },
  ATK: {
    law: 'Áfa tv. 2. §',
    label: {
      hu_HU: 'Az áfa tárgyi hatályán kívüli ügylet (nem ellenérték)',
      en_US: 'Outside the scope of VAT (not consideration for a supply)',
      de_DE: 'Nicht steuerbar (kein Entgelt für eine Leistung)',
      pl_PL: 'Poza zakresem VAT (nie stanowi wynagrodzenia za dostawę)',
      es_ES: 'No sujeto al IVA (no es contraprestación de una entrega)',
    },
  },
  EUFAD37: {
    law: 'Áfa tv. 37. § (1)',
    directive: '44, 196',
    label: {
      hu_HU: `${REVERSE_CHARGE.hu_HU} – a szolgáltatás teljesítési helye a vevő tagállama, az adót a vevő fizeti`,
      en_US: `${REVERSE_CHARGE.en_US} – place of supply is the customer's member state; the customer accounts for the VAT`,
      de_DE: `${REVERSE_CHARGE.de_DE} – Leistungsort im Mitgliedstaat des Empfängers, der die Steuer schuldet`,
      pl_PL: `${REVERSE_CHARGE.pl_PL} – miejscem świadczenia jest państwo członkowskie nabywcy, który rozlicza VAT`,
      es_ES: `${REVERSE_CHARGE.es_ES} – el lugar de prestación es el Estado miembro del cliente, que liquida el IVA`,
    },
  },
  EUFADE: {
    directive: '194–199',
    label: {
      hu_HU: `${REVERSE_CHARGE.hu_HU} – más tagállamban teljesített ügylet`,
      en_US: `${REVERSE_CHARGE.en_US} – supply made in another member state`,
      de_DE: `${REVERSE_CHARGE.de_DE} – Umsatz in einem anderen Mitgliedstaat`,
      pl_PL: `${REVERSE_CHARGE.pl_PL} – transakcja w innym państwie członkowskim`,
      es_ES: `${REVERSE_CHARGE.es_ES} – operación realizada en otro Estado miembro`,
    },
  },
  EUE: {
    label: {
      hu_HU: 'Más tagállamban teljesített, ott adóköteles ügylet (nem magyar áfa)',
      en_US: 'Supply made and taxed in another member state (no Hungarian VAT)',
      de_DE: 'In einem anderen Mitgliedstaat ausgeführter und dort steuerpflichtiger Umsatz (keine ungarische USt.)',
      pl_PL: 'Transakcja wykonana i opodatkowana w innym państwie członkowskim (bez węgierskiego VAT)',
      es_ES: 'Operación realizada y gravada en otro Estado miembro (sin IVA húngaro)',
    },
  },
  HO: {
    law: 'Áfa tv. 37. § (1)',
    label: {
      hu_HU: 'Harmadik országban teljesített ügylet, nem tartozik a magyar áfa hatálya alá',
      en_US: 'Supply made outside the EU, not subject to Hungarian VAT',
      de_DE: 'Leistung außerhalb der EU, nicht der ungarischen Umsatzsteuer unterworfen',
      pl_PL: 'Świadczenie poza UE, niepodlegające węgierskiemu VAT',
      es_ES: 'Prestación fuera de la UE, no sujeta al IVA húngaro',
    },
  },
  REVERSE_CHARGE: {
    law: 'Áfa tv. 142. §',
    directive: '199',
    label: REVERSE_CHARGE,
  },
  NO_VAT_CHARGE: {
    law: 'Áfa tv. 17. §',
    label: {
      hu_HU: 'Áfa felszámítására nem kerül sor',
      en_US: 'No VAT charged',
      de_DE: 'Keine Umsatzsteuer berechnet',
      pl_PL: 'VAT nie jest naliczany',
      es_ES: 'No se repercute IVA',
    },
  },
};

const DIRECTIVE: Record<Locale, (articles: string) => string> = {
  hu_HU: (a) => `2006/112/EK irányelv ${a}. cikk`,
  en_US: (a) => `Directive 2006/112/EC Art. ${a}`,
  de_DE: (a) => `Richtlinie 2006/112/EG Art. ${a}`,
  pl_PL: (a) => `dyrektywa 2006/112/WE art. ${a}`,
  es_ES: (a) => `Directiva 2006/112/CE art. ${a}`,
};

/** Heading of the block and the word before the line numbers it applies to. */
export const VAT_REASON_LABELS: Record<Locale, { title: string; lines: string }> = {
  hu_HU: { title: 'A 0%-os / áfamentes tételek jogcíme', lines: 'Tételek' },
  en_US: { title: 'Legal ground for lines without VAT', lines: 'Lines' },
  de_DE: { title: 'Rechtsgrundlage für Positionen ohne Umsatzsteuer', lines: 'Positionen' },
  pl_PL: { title: 'Podstawa prawna pozycji bez VAT', lines: 'Pozycje' },
  es_ES: { title: 'Fundamento legal de las líneas sin IVA', lines: 'Líneas' },
};

/** "KBAET – Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §; 2006/112/EK irányelv 138. cikk)". */
export function vatCaseText(code: VatCaseCode, language: Locale): string {
  const t = VAT_CASE_TEXT[code];
  const refs = [t.law, t.directive !== undefined ? DIRECTIVE[language](t.directive) : undefined].filter(
    (r): r is string => r !== undefined,
  );
  const label = t.label[language];
  const name = code === 'REVERSE_CHARGE' || code === 'NO_VAT_CHARGE' ? label : `${code} – ${label}`;
  return refs.length > 0 ? `${name} (${refs.join('; ')})` : name;
}

/** One reason per distinct case, in the order the cases first occur, with the lines they cover. */
export function vatReasons(lines: Array<{ lineNo: number; vatCase?: VatCaseCode }>, language: Locale): string[] {
  const byCase = new Map<VatCaseCode, number[]>();
  for (const l of lines) {
    if (l.vatCase === undefined) continue;
    const nos = byCase.get(l.vatCase) ?? [];
    nos.push(l.lineNo);
    byCase.set(l.vatCase, nos);
  }
  const word = VAT_REASON_LABELS[language].lines;
  return [...byCase].map(([code, nos]) => `${vatCaseText(code, language)} – ${word}: ${nos.join(', ')}`);
}
