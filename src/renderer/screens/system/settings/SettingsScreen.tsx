import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';

export function SettingsScreen() {
  const { t } = useTranslation();
  return <Screen title={t('nav.settings')}>{null}</Screen>;
}
