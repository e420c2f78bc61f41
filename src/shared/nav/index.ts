export { navMessageCodes, navMessageText, type NavMessageText, type NavTextLanguage } from './messages';
