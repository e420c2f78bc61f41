/** The e-mail that carries an invoice PDF: a short note in the invoice's language, the PDF attached. */
import type { Locale } from '@shared/protocol';
import { formatter, messages } from '@documents/index';
import type { StoredInvoice } from '../../repos/invoices';

interface Wording {
  greeting: (buyer: string) => string;
  attached: (title: string, number: string) => string;
  due: (amount: string, date: string) => string;
  questions: string;
  regards: string;
}

const WORDING: Record<Locale, Wording> = {
  hu_HU: {
    greeting: (b) => `Tisztelt ${b}!`,
    attached: (t, n) => `Mellékelten küldjük ${n} sorszámú bizonylatunkat (${t}).`,
    due: (a, d) => `Fizetendő összeg: ${a}, fizetési határidő: ${d}.`,
    questions: 'Kérdés esetén válaszoljon erre a levélre.',
    regards: 'Üdvözlettel:',
  },
  en_US: {
    greeting: (b) => `Dear ${b},`,
    attached: (t, n) => `Please find attached ${t.toLowerCase()} ${n}.`,
    due: (a, d) => `Amount due: ${a}, payment due date: ${d}.`,
    questions: 'If you have any questions, please reply to this e-mail.',
    regards: 'Kind regards,',
  },
  de_DE: {
    greeting: (b) => `Sehr geehrte Damen und Herren (${b}),`,
    attached: (t, n) => `anbei erhalten Sie ${t} ${n}.`,
    due: (a, d) => `Zahlbetrag: ${a}, fällig am ${d}.`,
    questions: 'Bei Fragen antworten Sie bitte auf diese E-Mail.',
    regards: 'Mit freundlichen Grüßen',
  },
  pl_PL: {
    greeting: (b) => `Szanowni Państwo (${b}),`,
    attached: (t, n) => `w załączeniu przesyłamy dokument: ${t} ${n}.`,
    due: (a, d) => `Kwota do zapłaty: ${a}, termin płatności: ${d}.`,
    questions: 'W razie pytań prosimy o odpowiedź na tę wiadomość.',
    regards: 'Z poważaniem',
  },
  es_ES: {
    greeting: (b) => `Estimados señores (${b}):`,
    attached: (t, n) => `Adjuntamos el documento ${t} ${n}.`,
    due: (a, d) => `Importe a pagar: ${a}, fecha de vencimiento: ${d}.`,
    questions: 'Si tienen alguna pregunta, respondan a este correo.',
    regards: 'Atentamente,',
  },
};

export interface InvoiceMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export function invoiceMail(inv: StoredInvoice, to: string, from: string, pdf: { filename: string; content: Buffer }): InvoiceMail {
  const language = inv.language as Locale;
  const w = WORDING[language];
  const f = formatter(language);
  const title = messages(language).title[inv.type];
  const lines = [w.greeting(inv.buyer.name), '', w.attached(title, inv.invoiceNumber)];
  // A storno asks for nothing; an invoice and a proforma ask for payment.
  if (inv.type !== 'storno') lines.push(w.due(f.money(inv.totals.gross, inv.currency), f.date(inv.paymentDate)));
  lines.push('', w.questions, '', w.regards, inv.seller.name);
  return {
    from,
    to,
    subject: `${title} ${inv.invoiceNumber} – ${inv.seller.name}`,
    text: lines.join('\n'),
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
  };
}
