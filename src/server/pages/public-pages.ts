import { paths, type RouteName, routePatterns } from '@shared/paths';

/** Pages anyone may see and search engines may index (SPEC section 2), without an id in their path. */
export const INDEXED_PAGES = [
  paths.home(),
  paths.sale(),
  paths.rent(),
  paths.buySellRent(),
  paths.aboutLink(),
  paths.investorPlans(),
  paths.jobNeedForm(),
  paths.valuation(),
  paths.accessibility(),
  paths.privacy(),
  paths.terms(),
] as const;

/** Routes with a record in their path, indexed one URL per record. */

/** Where crawlers have nothing to find: the signed-in area and private links (reports, password resets). */
const PRIVATE_ROUTES: RouteName[] = [
  'login',
  'agentProfile',
  'dailyIndicator',
  'personalIndicator',
  'agents',
  'adminGoals',
  'performance',
  'newProperty',
  'newReportContact',
  'adminReportView',
  'sellerReport',
  'scoreBoard',
  'leads',
  'leadView',
  'myDay',
  'newLead',
  'leadSettings',
  'inquiries',
  'users',
  'branches',
  'referrals',
  'settings',
  'audit',
  'forgotPassword',
  'resetPassword',
  'favourites',
  'myAlerts',
];

/** The fixed part of each private route (`/DailyIndicator/:agentId?` gives `/DailyIndicator`). */
export const PRIVATE_PREFIXES = PRIVATE_ROUTES.map((name) => routePatterns[name].replace(/\/:.*$/, ''));

/** Pages the server renders with their content (the rest of the app is client-rendered with noindex). */
export const SERVER_RENDERED_ROUTES: RouteName[] = [
  'home',
  'sale',
  'rent',
  'propertyView',
  'buySellRent',
  'aboutLink',
  'aboutAgent',
  'branchPage',
  'investorPlans',
  'jobNeedForm',
  'valuation',
  'accessibility',
  'privacy',
  'terms',
];
