import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '@shared/ipc/dataio';
import { VAT_RATES } from '@shared/vat/rates';

const HU_RATES = VAT_RATES.HU!.join(', ');

/** A row's problem in the clerk's words (the core's `message` is English, for logs). */
export function useProblemText() {
  const { t } = useTranslation('dataio');
  return (p: ImportProblem) => {
    switch (p.code) {
      case 'missing_name':
        return t('import.problem.missing_name');
      case 'bad_number':
        return t('import.problem.bad_number', { value: p.value });
      case 'duplicate_sku':
        return t('import.problem.duplicate_sku', { value: p.value, first: p.firstRow });
      case 'duplicate_ean':
        return t('import.problem.duplicate_ean', { value: p.value, first: p.firstRow });
      case 'ean_taken':
        return p.product?.itemNumber
          ? t('import.problem.ean_taken_sku', { value: p.value, name: p.product.name, sku: p.product.itemNumber })
          : t('import.problem.ean_taken', { value: p.value, name: p.product?.name ?? '' });
      case 'vat_rate':
        return t('import.problem.vat_rate', { value: p.value, rates: HU_RATES });
      case 'invalid':
        return p.field === 'ean_number' ? t('import.problem.invalidEan', { value: p.value }) : t('import.problem.invalid', { value: p.value });
    }
  };
}
