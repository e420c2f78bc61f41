import type { Translations } from '../../../i18n/types';
import de from './de';
import en from './en';
import es from './es';
import hu from './hu';
import pl from './pl';

export const labels: Translations<typeof en> = { en, hu, de, pl, es };
