/**
 * Custom fields of invoices (area 'finance') and invoice lines ('finance_item'): only fields the
 * account defined beforehand, each with a value of its type. Problems are collected, not thrown,
 * so one answer names every field to fix.
 */
import { isCalendarDate, type CustomFields, type ErrorDetail } from '@shared/protocol';
import type { CustomFieldDef } from '../../repos/customFields';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function checkValue(def: CustomFieldDef, value: string | string[]): { value?: string | string[]; problem?: string } {
  const options = `one of ${def.options.map((o) => `"${o}"`).join(', ')}`;
  switch (def.type) {
    case 'text':
    case 'number':
    case 'date': {
      if (Array.isArray(value)) return { problem: `is a ${def.type} field: send one value, not node values` };
      if (def.type === 'number' && value !== '' && !NUMBER.test(value)) return { problem: `is a number field; got "${value}"` };
      if (def.type === 'date' && value !== '' && !(/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value))) {
        return { problem: `is a date field: send a real date as YYYY-MM-DD; got "${value}"` };
      }
      return { value };
    }
    case 'checkbox':
    case 'radio': {
      // A lone text value is the same as one node.
      const values = Array.isArray(value) ? value : value === '' ? [] : [value];
      const unknown = values.find((v) => !def.options.includes(v));
      if (unknown !== undefined) return { problem: `"${unknown}" is not an option of this ${def.type} field; use ${options}` };
      if (new Set(values).size !== values.length) return { problem: 'names an option twice' };
      if (def.type === 'radio' && values.length !== 1) return { problem: `is a radio field: choose exactly one node, ${options}` };
      return { value: values };
    }
  }
}

/** The canonical custom fields, or undefined when none were sent; problems are pushed to `details`. */
export function checkCustomFields(
  defs: CustomFieldDef[], given: CustomFields | undefined, path: string, what: string, details: ErrorDetail[],
): CustomFields | undefined {
  if (given === undefined || Object.keys(given).length === 0) return undefined;
  const out: CustomFields = {};
  for (const [name, raw] of Object.entries(given)) {
    const def = defs.find((d) => d.name === name);
    if (!def) {
      const known = defs.length ? `the account defines ${defs.map((d) => d.name).join(', ')}` : 'the account defines none';
      details.push({ field: `${path}.${name}`, message: `is not a custom field defined for ${what}; ${known} (define it in the finance custom-field settings first)` });
      continue;
    }
    const r = checkValue(def, raw);
    if (r.problem !== undefined) details.push({ field: `${path}.${name}`, message: r.problem });
    else if (r.value !== undefined) out[name] = r.value;
  }
  return out;
}
