/**
 * Editing an outbox entry's parameters: top-level scalars get a field each, and the JSON text
 * covers the rest (lists of lines). Values keep the type they had, so a quantity stays a number.
 */
export type Scalar = string | number | boolean | null;

export function scalarFields(params: Record<string, unknown>): Array<[string, Scalar]> {
  return Object.entries(params).filter((e): e is [string, Scalar] => e[1] === null || ['string', 'number', 'boolean'].includes(typeof e[1]));
}

/** The typed text as the kind of value the field held before. */
export function coerceLike(original: Scalar, text: string): Scalar | { error: 'number' } {
  if (typeof original === 'number') {
    const n = Number(text.trim().replace(',', '.'));
    return text.trim() === '' || !Number.isFinite(n) ? { error: 'number' } : n;
  }
  if (typeof original === 'boolean') return text === 'true';
  if (original === null && text === '') return null;
  return text;
}

/** JSON text to a parameters object, or why it is not one. */
export function parseParams(text: string): { params: Record<string, unknown> } | { error: string } {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return { error: 'object' };
    return { params: v as Record<string, unknown> };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
