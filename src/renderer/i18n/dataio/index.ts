import type { Translations } from '../types';
import de from './de';
import en from './en';
import es from './es';
import hu from './hu';
import pl from './pl';

export const dataio: Translations<typeof en> = { en, hu, de, pl, es };
