import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';

export function ReceiptScreen() {
  const { t } = useTranslation('warehouse');
  return <Screen title={t('nav.receipt')}>{null}</Screen>;
}
