/**
 * What the order form checks beyond the schema (the server's own rules, in its words) and how a
 * refused command's details land back on the form's fields.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toInvokeError } from '@renderer/lib/errors';
import { normalizeDecimal } from '@renderer/lib/decimal';
import type { OrderFormValues } from './orderForm';
import type { LooseT, RawProblem } from '@renderer/lib/formResolver';
import { detailsToFieldErrors } from '@renderer/lib/fieldErrors';

/** The account's home currency; the demo and every Hungarian account keep their books in HUF. */
export const HOME_CURRENCY = 'HUF';

export function orderProblems(v: OrderFormValues): RawProblem[] {
  const out: RawProblem[] = [];
  if (v.currency !== HOME_CURRENCY && normalizeDecimal(v.fx_rate) === '') out.push({ path: 'fx_rate', message: `is required when currency is not ${HOME_CURRENCY}` });
  v.items.forEach((l, i) => {
    if (l.custom_price.trim() !== '') return;
    if (l.list_price === '') out.push({ path: `items.${i}.custom_price`, message: 'is required: the product has no list price' });
    else if (l.product_currency !== v.currency) out.push({ path: `items.${i}.custom_price`, message: `is required: the list price is in ${l.product_currency}` });
  });
  return out;
}

/**
 * When only quantities changed on an open order (same header, same products, same prices), the
 * smaller setOrderItem command says exactly that; a removed product goes to quantity 0.
 */
export function quantityOnlyChange(before: OrderFormValues, after: OrderFormValues): Array<{ productId: number; newQuantity: number }> | null {
  const { items: a, ...headA } = before;
  const { items: b, ...headB } = after;
  if (JSON.stringify(headA) !== JSON.stringify(headB)) return null;
  const byId = new Map(b.map((l) => [l.product_id, l]));
  if (b.some((l) => !a.some((x) => x.product_id === l.product_id))) return null;
  const changes: Array<{ productId: number; newQuantity: number }> = [];
  for (const old of a) {
    const now = byId.get(old.product_id);
    if (now && (now.custom_price !== old.custom_price || now.discount !== old.discount || now.description !== old.description || now.unit !== old.unit)) return null;
    const q = now ? normalizeDecimal(now.quantity) : '0';
    if (q !== normalizeDecimal(old.quantity)) changes.push({ productId: old.product_id, newQuantity: Number(q) });
  }
  return changes.length ? changes : null;
}

/**
 * Puts a refused command's field details on the inputs (the core prefixes them with the request's
 * wrapper, e.g. "order.items[0].quantity") and returns the message for the rest, if any.
 */
export function applyServerErrors<V extends FieldValues>(e: unknown, form: UseFormReturn<V>, t: LooseT, prefix = /^(order|invoice)\./): string | null {
  const err = toInvokeError(e);
  const fields = detailsToFieldErrors(err.details, t, (p) => p.replace(prefix, ''));
  const names = new Set(Object.keys(form.getValues()));
  const rest: typeof fields = [];
  let placed = 0;
  for (const f of fields) {
    const root = f.path.split('.')[0] ?? '';
    if (!f.path || !names.has(root)) {
      rest.push(f);
      continue;
    }
    form.setError((f.path.startsWith('custom_fields.') ? 'custom_fields' : f.path) as Path<V>, { type: 'server', message: f.message }, { shouldFocus: placed === 0 });
    placed++;
  }
  const head = t(`common:errors.${err.code}`, { defaultValue: err.message });
  if (rest.length) return `${head} ${rest.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; ')}`;
  if (placed > 0) return head;
  // A refusal without field details: the server's own sentence says what to change.
  return err.code === 'CONFLICT' || err.code === 'VALIDATION_ERROR' || err.code === 'NOT_FOUND' ? `${head} ${err.message}` : head;
}
