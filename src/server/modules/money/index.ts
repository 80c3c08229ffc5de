// The money module's public face: fee plans and deal statements (docs/money.md).

export { type BranchMoney, branchesMonthMoney, noMoney } from './branch-month-money';
export { dealOrderSides, sidesWithoutOrder } from './deal-orders';
export { type MonthMoney, monthMoney } from './month-money';
export { moneyRoutes } from './routes';
