import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';

export function SyncScreen() {
  const { t } = useTranslation();
  return <Screen title={t('nav.sync')}>{null}</Screen>;
}
