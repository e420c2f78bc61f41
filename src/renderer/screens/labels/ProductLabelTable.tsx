import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@shared/ipc';
import { chooseBarcode } from '@shared/labels/barcode';

export interface PickedProduct {
  product: ProductRow;
  /** As typed; checked when the preview is asked for. */
  copies: string;
}

/** The products to label, with the barcode each will carry (or why none) and its copies. */
export function ProductLabelTable({ rows, onCopies, onRemove }: { rows: PickedProduct[]; onCopies: (id: number, copies: string) => void; onRemove: (id: number) => void }) {
  const { t } = useTranslation('labels');
  if (rows.length === 0) return <div className="panel empty" data-testid="labels-no-products">{t('noProducts')}</div>;
  return (
    <div className="panel table-wrap">
      <table className="grid" data-testid="labels-products">
        <thead>
          <tr>
            <th>{t('col.product')}</th>
            <th>{t('col.sku')}</th>
            <th>{t('col.barcode')}</th>
            <th className="num">{t('col.copies')}</th>
            <th><span className="visually-hidden">{t('col.remove')}</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ product: p, copies }) => {
            const code = chooseBarcode(p.ean, p.itemNumber);
            return (
              <tr key={p.id} data-testid={`labels-row-${p.id}`}>
                <td>{p.name}</td>
                <td className="mono">{p.itemNumber ?? '–'}</td>
                <td data-testid={`labels-code-${p.id}`}>
                  {'problem' in code ? <span className="badge warn">{t(`problem.${code.problem}`)}</span> : <span className="mono">{t(`barcode.${code.symbology}`, { value: code.value })}</span>}
                </td>
                <td className="num">
                  <input
                    type="number" min={1} max={999} className="num" style={{ width: '5.5em' }} value={copies} aria-label={t('copiesOf', { name: p.name })}
                    onChange={(e) => onCopies(p.id, e.target.value)} data-testid={`labels-copies-${p.id}`}
                  />
                </td>
                <td>
                  <button type="button" className="btn small" onClick={() => onRemove(p.id)} aria-label={t('removeProduct', { name: p.name })}>×</button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
