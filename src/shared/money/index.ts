/**
 * Exact invoice money arithmetic shared by the Command API server and the desktop app, so that an
 * invoice previewed offline agrees to the unit with the one the server issues. Rules: docs/money.md.
 */
export {
  MoneyError,
  addMoney,
  compareMoney,
  currencyDecimals,
  fromMinorUnits,
  roundMoney,
  subMoney,
  sumMoney,
  toMinorUnits,
  toNumber,
  type DecimalInput,
} from './decimal';
export {
  computeLine,
  computeTotals,
  type DocumentTotals,
  type LineAmounts,
  type LineInput,
  type VatSummaryRow,
} from './totals';
