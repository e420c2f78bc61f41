import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';

export function CountScreen() {
  const { t } = useTranslation('warehouse');
  return <Screen title={t('nav.count')}>{null}</Screen>;
}
