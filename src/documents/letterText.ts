/**
 * The wording of the first payment reminder. It is plain data so that getDueNotification can
 * return it (for e-mail or display) and the letter PDF can print exactly the same sentences.
 * Tone: formal and polite, assumes an oversight, no threat of collection in a first reminder.
 */
import { formatter } from './format';
import type { Decimal, Locale } from './model';

export interface DueLetterTextInput {
  sellerName: string;
  buyerName: string;
  /** The letter's date, YYYY-MM-DD. */
  date: string;
  invoiceCount: number;
  totals: Array<{ currency: string; overdue: Decimal }>;
  bankAccount?: string;
  /** Where the buyer can ask questions (e-mail or phone); without it the letter points to the letterhead. */
  contact?: string;
}

export interface DueLetterText {
  subject: string;
  /** Salutation, the overdue statement and the request: printed before the invoice table. */
  opening: string[];
  /** How to pay, "disregard if paid", contact, thanks and the greeting: printed after the table. */
  closing: string[];
}

/** What each language needs, already formatted for it. */
interface Parts {
  one: boolean;
  n: number;
  buyer: string;
  seller: string;
  date: string;
  amount: string;
  bank: string | undefined;
  contact: string | undefined;
}

type Writer = (p: Parts) => DueLetterText;

const hu: Writer = (p) => ({
  subject: p.one
    ? 'Fizetési emlékeztető – lejárt határidejű számla'
    : `Fizetési emlékeztető – ${p.n} lejárt határidejű számla`,
  opening: [
    'Tisztelt Partnerünk!',
    `Nyilvántartásunk szerint a(z) ${p.buyer} részére kiállított, alább felsorolt ${p.one ? 'számlánk' : `${p.n} számlánk`} ` +
      `fizetési határideje lejárt, ${p.one ? 'ellenértéke' : 'ellenértékük'} azonban ${p.date} napjáig nem érkezett meg hozzánk. ` +
      `A lejárt tartozás összege: ${p.amount}.`,
    'Bizonyára csupán figyelmetlenségről van szó, ezért ezúton udvariasan kérjük, hogy a lejárt összeget ' +
      'levelünk kézhezvételétől számított 8 napon belül szíveskedjenek kiegyenlíteni.',
  ],
  closing: [
    p.bank !== undefined
      ? `Az összeget a(z) ${p.bank} számú bankszámlánkra kérjük átutalni, a közleményben ${p.one ? 'a számla sorszámának' : 'a számlák sorszámának'} feltüntetésével.`
      : `Fizetéskor kérjük, a közleményben tüntessék fel ${p.one ? 'a számla sorszámát' : 'a számlák sorszámát'}.`,
    'Amennyiben a tartozást időközben már rendezték, kérjük, levelünket tekintsék tárgytalannak.',
    p.contact !== undefined
      ? `Kérdés vagy eltérés esetén kérjük, keressenek minket a következő elérhetőségen: ${p.contact}.`
      : `Kérdés vagy eltérés esetén kérjük, keressék a(z) ${p.seller} pénzügyi ügyintézőjét a fejlécben található elérhetőségeken.`,
    'Együttműködésüket előre is köszönjük.',
    'Tisztelettel:',
  ],
});

const en: Writer = (p) => ({
  subject: p.one ? 'Payment reminder – overdue invoice' : `Payment reminder – ${p.n} overdue invoices`,
  opening: [
    'Dear Sir or Madam,',
    `According to our records, ${p.one ? 'the invoice' : `the ${p.n} invoices`} listed below, issued to ${p.buyer}, ` +
      `${p.one ? 'is' : 'are'} overdue, and as of ${p.date} we have not yet received payment. The overdue amount is ${p.amount}.`,
    'This is most likely an oversight, so we kindly ask you to settle the overdue amount within 8 days of receiving this letter.',
  ],
  closing: [
    p.bank !== undefined
      ? `Please transfer the amount to our bank account ${p.bank}, quoting ${p.one ? 'the invoice number' : 'the invoice numbers'} as the payment reference.`
      : `When paying, please quote ${p.one ? 'the invoice number' : 'the invoice numbers'} as the payment reference.`,
    'If you have already paid in the meantime, please disregard this letter.',
    p.contact !== undefined
      ? `Should you have any questions or if your records differ from ours, please contact us at ${p.contact}.`
      : `Should you have any questions or if your records differ from ours, please contact the accounts department of ${p.seller} using the details in the letterhead.`,
    'Thank you for your cooperation.',
    'Sincerely,',
  ],
});

const de: Writer = (p) => ({
  subject: p.one
    ? 'Zahlungserinnerung – überfällige Rechnung'
    : `Zahlungserinnerung – ${p.n} überfällige Rechnungen`,
  opening: [
    'Sehr geehrte Damen und Herren,',
    `nach unseren Unterlagen ${p.one ? 'ist die unten aufgeführte, an' : `sind die ${p.n} unten aufgeführten, an`} ${p.buyer} ` +
      `${p.one ? 'ausgestellte Rechnung' : 'ausgestellten Rechnungen'} fällig; bis zum ${p.date} konnten wir jedoch keinen ` +
      `Zahlungseingang feststellen. Der überfällige Betrag beläuft sich auf ${p.amount}.`,
    'Sicherlich handelt es sich um ein Versehen. Wir bitten Sie daher freundlich, den überfälligen Betrag innerhalb ' +
      'von 8 Tagen nach Erhalt dieses Schreibens zu begleichen.',
  ],
  closing: [
    p.bank !== undefined
      ? `Bitte überweisen Sie den Betrag auf unser Konto ${p.bank} und geben Sie als Verwendungszweck ${p.one ? 'die Rechnungsnummer' : 'die Rechnungsnummern'} an.`
      : `Bitte geben Sie bei der Zahlung ${p.one ? 'die Rechnungsnummer' : 'die Rechnungsnummern'} als Verwendungszweck an.`,
    'Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
    p.contact !== undefined
      ? `Bei Fragen oder Abweichungen erreichen Sie uns unter ${p.contact}.`
      : `Bei Fragen oder Abweichungen wenden Sie sich bitte über die Kontaktdaten im Briefkopf an ${p.seller}.`,
    'Vielen Dank für Ihre Zusammenarbeit.',
    'Mit freundlichen Grüßen',
  ],
});

const pl: Writer = (p) => ({
  subject: p.one
    ? 'Przypomnienie o płatności – zaległa faktura'
    : `Przypomnienie o płatności – zaległe faktury (${p.n})`,
  opening: [
    'Szanowni Państwo,',
    `zgodnie z naszą ewidencją termin płatności ${p.one ? 'wymienionej poniżej faktury wystawionej' : `wymienionych poniżej faktur (${p.n}) wystawionych`} ` +
      `dla ${p.buyer} już upłynął, a do dnia ${p.date} nie odnotowaliśmy wpłaty. Kwota zaległości wynosi ${p.amount}.`,
    'Zapewne jest to przeoczenie, dlatego uprzejmie prosimy o uregulowanie zaległej kwoty w terminie 8 dni ' +
      'od otrzymania niniejszego pisma.',
  ],
  closing: [
    p.bank !== undefined
      ? `Prosimy o przelew na nasz rachunek bankowy ${p.bank}, z podaniem ${p.one ? 'numeru faktury' : 'numerów faktur'} w tytule przelewu.`
      : `Prosimy o podanie ${p.one ? 'numeru faktury' : 'numerów faktur'} w tytule płatności.`,
    'Jeżeli płatność została już dokonana, prosimy uznać niniejsze pismo za bezprzedmiotowe.',
    p.contact !== undefined
      ? `W razie pytań lub rozbieżności prosimy o kontakt: ${p.contact}.`
      : `W razie pytań lub rozbieżności prosimy o kontakt z firmą ${p.seller} – dane kontaktowe znajdują się w nagłówku pisma.`,
    'Dziękujemy za współpracę.',
    'Z poważaniem',
  ],
});

const es: Writer = (p) => ({
  subject: p.one
    ? 'Recordatorio de pago – factura vencida'
    : `Recordatorio de pago – ${p.n} facturas vencidas`,
  opening: [
    'Estimados señores:',
    `Según nuestros registros, ${p.one ? 'la factura que se detalla' : `las ${p.n} facturas que se detallan`} a continuación, ` +
      `${p.one ? 'emitida' : 'emitidas'} a ${p.buyer}, ${p.one ? 'ha vencido' : 'han vencido'} y a fecha de ${p.date} ` +
      `no hemos recibido su pago. El importe vencido asciende a ${p.amount}.`,
    'Probablemente se trate de un descuido, por lo que les rogamos amablemente que abonen el importe vencido ' +
      'en un plazo de 8 días desde la recepción de esta carta.',
  ],
  closing: [
    p.bank !== undefined
      ? `Les rogamos realicen la transferencia a nuestra cuenta bancaria ${p.bank}, indicando ${p.one ? 'el número de factura' : 'los números de factura'} como concepto.`
      : `Al realizar el pago, les rogamos indiquen ${p.one ? 'el número de factura' : 'los números de factura'} como concepto.`,
    'Si ya han efectuado el pago, les rogamos que hagan caso omiso de esta carta.',
    p.contact !== undefined
      ? `Para cualquier consulta o discrepancia, pueden ponerse en contacto con nosotros en ${p.contact}.`
      : `Para cualquier consulta o discrepancia, pueden ponerse en contacto con ${p.seller} a través de los datos que figuran en el membrete.`,
    'Agradecemos de antemano su colaboración.',
    'Atentamente,',
  ],
});

const WRITERS: Record<Locale, Writer> = { hu_HU: hu, en_US: en, de_DE: de, pl_PL: pl, es_ES: es };

export function dueLetterText(locale: Locale, input: DueLetterTextInput): DueLetterText {
  const f = formatter(locale);
  return WRITERS[locale]({
    one: input.invoiceCount === 1,
    n: input.invoiceCount,
    buyer: input.buyerName,
    seller: input.sellerName,
    date: f.longDate(input.date),
    amount: f.list(input.totals.map((t) => f.money(t.overdue, t.currency))),
    bank: input.bankAccount,
    contact: input.contact,
  });
}
