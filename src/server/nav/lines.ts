/**
 * invoiceLines of the invoice data, reporting the document's own figures, and the lines' sums
 * per VAT *marking* (not per percentage: NAV sums per vatRate element, and two 0% lines may
 * carry different exemptions) for the summary.
 */
import type Big from 'big.js';
import type { InvoiceDocument, InvoiceLine } from '@documents/model';
import type { NavInvoiceOptions } from './invoiceData';
import { VAT_CASES, type VatMarking } from '@shared/vat/cases';
import { mapUnit, type VatContext } from './mappings';
import { lineNature, zeroVatCase } from './vatCase';
import { clippedText, decimal, money, NavInvoiceDataError, quantity, rate, text } from './values';

export interface Amounts {
  net: Big;
  vat: Big;
  gross: Big;
  netHuf: Big;
  vatHuf: Big;
  grossHuf: Big;
}

export interface VatGroup extends Amounts {
  key: string;
  percent: Big;
  vatRate: Record<string, unknown>;
}

export interface LineContext {
  doc: InvoiceDocument;
  opts: NavInvoiceOptions;
  vatContext: VatContext;
  /** HUF per unit of the invoice currency; 1 for HUF invoices. */
  fx: Big;
}

function markingElement(m: VatMarking): Record<string, unknown> {
  switch (m.kind) {
    case 'exemption':
      return {
        vatExemption: {
          case: text(m.case, 50, 'vatCase.case'),
          reason: text(m.reason, 200, 'vatCase.reason'),
        },
      };
    case 'outOfScope':
      return {
        vatOutOfScope: {
          case: text(m.case, 50, 'vatCase.case'),
          reason: text(m.reason, 200, 'vatCase.reason'),
        },
      };
    case 'domesticReverseCharge':
      return { vatDomesticReverseCharge: 'true' };
    case 'noVatCharge':
      return { noVatCharge: 'true' };
  }
}

// NAV accepts exactly these percentages (INCORRECT_LINE_DATA_VAT_PERCENTAGE).
const VAT_PERCENTAGES = ['27', '18', '5'];

function vatRate(line: InvoiceLine, ctx: LineContext, field: string) {
  const percent = decimal(line.vatRate, `${field}.vatRate`);
  const override = ctx.opts.vatCases?.[line.lineNo] ?? line.vatCase;
  const overrideField = ctx.opts.vatCases?.[line.lineNo] !== undefined ? `opts.vatCases[${line.lineNo}]` : `${field}.vatCase`;
  if (!percent.eq(0)) {
    if (!VAT_PERCENTAGES.some((p) => percent.eq(p))) {
      throw new NavInvoiceDataError(
        `${field}.vatRate`,
        `${line.vatRate}% is not a Hungarian VAT rate (27, 18, 5 or 0)`,
      );
    }
    if (override) throw new NavInvoiceDataError(overrideField, 'a line that charges VAT cannot be exempt');
    const vatPercentage = rate(percent, `${field}.vatRate`);
    return { percent, charged: true, key: `%${vatPercentage}`, vatRate: { vatPercentage } };
  }
  if (!decimal(line.vat, `${field}.vat`).eq(0)) {
    throw new NavInvoiceDataError(`${field}.vat`, 'is not 0 on a 0% line');
  }
  // The same decision the printed invoice states (vatCase.ts).
  const decided = zeroVatCase(ctx.doc, line, ctx.opts, ctx.vatContext);
  const marking: VatMarking = typeof decided === 'string' ? VAT_CASES[decided] : decided;
  if (marking.kind === 'domesticReverseCharge' && ctx.doc.customerVatType !== 'DOMESTIC') {
    throw new NavInvoiceDataError(overrideField, 'domestic reverse charge needs a DOMESTIC customer');
  }
  return { percent, charged: false, key: JSON.stringify(marking), vatRate: markingElement(marking) };
}

function lineAmounts(line: InvoiceLine, ctx: LineContext, field: string): Amounts {
  const net = decimal(line.net, `${field}.net`);
  const vat = decimal(line.vat, `${field}.vat`);
  const gross = decimal(line.gross, `${field}.gross`);
  if (ctx.doc.currency === 'HUF') return { net, vat, gross, netHuf: net, vatHuf: vat, grossHuf: gross };
  const netHuf = decimal(required(line.netHuf, `${field}.netHuf`, ctx.doc.currency), `${field}.netHuf`);
  const vatHuf = decimal(required(line.vatHuf, `${field}.vatHuf`, ctx.doc.currency), `${field}.vatHuf`);
  return { net, vat, gross, netHuf, vatHuf, grossHuf: netHuf.plus(vatHuf) };
}

function required(value: string | undefined, field: string, currency: string): string {
  if (value === undefined) throw new NavInvoiceDataError(field, `is required on a ${currency} invoice`);
  return value;
}

// A storno adds new, negative lines; NAV numbers them on from the lines the original (and any
// earlier modification of it) already holds, which for a first storno are exactly its own lines.
function priorLineCount(ctx: LineContext): number {
  const prior = ctx.opts.priorLineCount;
  if (prior !== undefined) {
    if (!Number.isInteger(prior) || prior < 0) {
      throw new NavInvoiceDataError('opts.priorLineCount', `${prior} is not a line count`);
    }
    return prior;
  }
  if (ctx.doc.modificationIndex === 1) return ctx.doc.lines.length;
  throw new NavInvoiceDataError(
    'opts.priorLineCount',
    `is required for modificationIndex ${ctx.doc.modificationIndex}: how many lines the original and its earlier modifications hold`,
  );
}

export function buildLines(ctx: LineContext) {
  const { doc } = ctx;
  if (doc.lines.length === 0) throw new NavInvoiceDataError('lines', 'an invoice needs at least one line');
  for (const [name, map] of Object.entries({
    vatCases: ctx.opts.vatCases,
    lineNature: ctx.opts.lineNature,
  })) {
    for (const key of Object.keys(map ?? {})) {
      if (!doc.lines.some((l) => String(l.lineNo) === key)) {
        throw new NavInvoiceDataError(`opts.${name}[${key}]`, 'names no line of the document');
      }
    }
  }
  const referenceBase = doc.kind === 'storno' ? priorLineCount(ctx) : 0;
  const groups = new Map<string, VatGroup>();

  const lines = doc.lines.map((line, i) => {
    const field = `lines[${i}]`;
    const nature = lineNature(line, ctx.opts);
    const vat = vatRate(line, ctx, field);
    const a = lineAmounts(line, ctx, field);
    const group = groups.get(vat.key);
    if (group) {
      for (const k of ['net', 'vat', 'gross', 'netHuf', 'vatHuf', 'grossHuf'] as const)
        group[k] = group[k].plus(a[k]);
    } else {
      groups.set(vat.key, { key: vat.key, percent: vat.percent, vatRate: vat.vatRate, ...a });
    }

    const unit = mapUnit(line.unit);
    const qty = decimal(line.quantity, `${field}.quantity`);
    const unitPrice = decimal(line.unitPrice, `${field}.unitPrice`);
    const discount = decimal(line.discountPercent, `${field}.discountPercent`);
    const description = line.description ? `${line.name} – ${line.description}` : line.name;
    const vtsz = line.vtsz?.replace(/[\s.-]/g, '');
    if (vtsz !== undefined && !/^[0-9]{2,30}$/.test(vtsz)) {
      throw new NavInvoiceDataError(`${field}.vtsz`, `"${line.vtsz}" is not a customs tariff number`);
    }
    const codes = [
      ...(vtsz ? [{ productCodeCategory: 'VTSZ', productCodeValue: vtsz }] : []),
      ...(line.productId !== undefined
        ? [{ productCodeCategory: 'OWN', productCodeOwnValue: String(line.productId) }]
        : []),
    ];
    return {
      lineNumber: String(i + 1),
      lineModificationReference:
        doc.kind === 'storno'
          ? { lineNumberReference: String(referenceBase + i + 1), lineOperation: 'CREATE' }
          : undefined,
      productCodes: codes.length > 0 ? { productCode: codes } : undefined,
      lineExpressionIndicator: 'true',
      lineNatureIndicator: nature,
      lineDescription: clippedText(description, 512, `${field}.name`),
      quantity: quantity(qty, `${field}.quantity`),
      unitOfMeasure: unit,
      unitOfMeasureOwn: unit === 'OWN' ? text(line.unit, 50, `${field}.unit`) : undefined,
      unitPrice: quantity(unitPrice, `${field}.unitPrice`),
      unitPriceHUF: quantity(unitPrice.times(ctx.fx).round(2), `${field}.unitPrice`),
      // The unit price is the list price, so NAV gets the discount beside it.
      lineDiscountData: discount.eq(0)
        ? undefined
        : {
            discountValue: money(qty.times(unitPrice).minus(a.net).round(2), `${field}.discountPercent`),
            discountRate: rate(discount, `${field}.discountPercent`),
          },
      lineAmountsNormal: {
        lineNetAmountData: {
          lineNetAmount: money(a.net, `${field}.net`),
          lineNetAmountHUF: money(a.netHuf, `${field}.netHuf`),
        },
        lineVatRate: vat.vatRate,
        // NAV flags VAT data on exempt, out-of-scope and reverse-charge lines
        // (INCORRECT_LINE_DATA_VAT_EXEMPTION_NORMAL); its multi-rate sample leaves it out.
        lineVatData: vat.charged
          ? {
              lineVatAmount: money(a.vat, `${field}.vat`),
              lineVatAmountHUF: money(a.vatHuf, `${field}.vatHuf`),
            }
          : undefined,
        lineGrossAmountData: {
          lineGrossAmountNormal: money(a.gross, `${field}.gross`),
          lineGrossAmountNormalHUF: money(a.grossHuf, `${field}.netHuf+vatHuf`),
        },
      },
      depositIndicator: line.deposit ? 'true' : undefined,
    };
  });

  return { invoiceLines: { mergedItemIndicator: 'false', line: lines }, groups: [...groups.values()] };
}
