import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';

export function ProductsScreen() {
  const { t } = useTranslation('warehouse');
  return <Screen title={t('nav.products')}>{null}</Screen>;
}
