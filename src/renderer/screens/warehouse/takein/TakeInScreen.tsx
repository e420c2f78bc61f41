import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';

export function TakeInScreen() {
  const { t } = useTranslation('warehouse');
  return <Screen title={t('nav.takeIn')}>{null}</Screen>;
}
