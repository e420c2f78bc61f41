import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReorderRuleView } from '@shared/ipc/reorder';
import { placeLabel } from '../../components/pickers';
import { useChannel } from '../../lib/ipc';
import { useFormat } from '../../lib/useFormat';
import { RuleDialog } from './RuleDialog';

/** The product panel's minimum levels: each rule's scope and figures, editable in the rule dialog. */
export function ProductRules({ product }: { product: { id: number; name: string; unit: string } }) {
  const { t } = useTranslation('reorder');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const { data: rules = [] } = useChannel('reorder.rules', { productId: product.id });
  const [editing, setEditing] = useState<{ rule: ReorderRuleView | null } | null>(null);
  return (
    <div className="stack" data-testid="product-rules">
      <h3>{t('rule.panelTitle')}</h3>
      {rules.length === 0 ? <div className="muted">{t('rule.panelNone')}</div> : null}
      {rules.map((r) => (
        <div key={r.warehouse} className="row">
          <span>{t('rule.scope', { place: r.warehouse ? placeLabel(tc, r.warehouse) : t('lowStock.allWarehouses'), min: f.qty(r.min), reorder: f.qty(r.reorder) })}</span>{' '}
          {r.pending ? <span className="badge pending">{t('lowStock.pending')}</span> : null}{' '}
          <button type="button" className="btn small" onClick={() => setEditing({ rule: r })}>{tc('actions.edit')}</button>
        </div>
      ))}
      {/* A product made offline gets its minimum once the server knows it. */}
      {product.id > 0 ? (
        <div><button type="button" className="btn small" onClick={() => setEditing({ rule: null })} data-testid="product-rule-add">{t('rule.panelSet')}</button></div>
      ) : null}
      {editing ? <RuleDialog product={product} rule={editing.rule} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} /> : null}
    </div>
  );
}
