// The money module's public face: fee plans and deal statements (docs/money.md).

export { moneyRoutes } from './routes';
export { type MonthMoney, monthMoney } from './month-money';
