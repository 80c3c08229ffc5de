/** Every client route of the web app (SPEC section 2 plus additions); the server's history fallback uses the same list. */
export const routePatterns = {
  home: '/',
  login: '/Login',
  agentProfile: '/AgentProfile',
  buySellRent: '/BuySellRent',
  sale: '/Sale',
  rent: '/Rent',
  propertyView: '/PropertyView/:id',
  aboutLink: '/AboutLink',
  aboutAgent: '/AboutAgent/:id',
  investorPlans: '/InvestorPlans',
  jobNeedForm: '/JobNeedForm',
  accessibility: '/accessibility',
  privacy: '/privacy',
  terms: '/terms',
  dailyIndicator: '/DailyIndicator/:agentId?',
  personalIndicator: '/PersonalIndicator/:agentId?',
  agents: '/Agents',
  adminGoals: '/AdminGoals/:agentId?',
  /** A branch's monthly goal: network admins set it, the branch's managers read it. */
  branchGoal: '/BranchGoal/:branchId',
  performance: '/Performance',
  newProperty: '/NewProperty',
  /** Staff's list of their branch's listings and the ones other branches share with the network. */
  staffProperties: '/StaffProperties',
  newReportContact: '/NewReportContact/:id',
  adminReportView: '/AdminReportView',
  sellerReport: '/SellerReport/:token',
  scoreBoard: '/ScoreBoard',
  leads: '/Leads',
  leadView: '/Leads/:id',
  myDay: '/MyDay',
  newLead: '/NewLead',
  leadSettings: '/LeadSettings',
  valuation: '/Valuation',
  inquiries: '/Inquiries',
  users: '/Users',
  /** The network's branches (admins: network admins manage them, a branch manager reads her own). */
  branches: '/Branches',
  /** Leads referred between branches: incoming ones to decide, outgoing ones with their status (admins). */
  referrals: '/Referrals',
  /** An agent's own deals, her shares and what is due and paid (docs/money.md). */
  myDeals: '/MyDeals',
  /** Deals and commission by agent, month and branch (branch managers and network admins). */
  deals: '/Deals',
  /** What a branch owes the network per month of a year, what it paid and what is left (branch managers). */
  branchDues: '/BranchDues',
  /** An open branch's public page (its address, hours, agents and listings). */
  branchPage: '/branches/:slug',
  settings: '/Settings',
  audit: '/Audit',
  /** The network dashboard: each branch's month side by side (network admins). */
  network: '/Network',
  forgotPassword: '/ForgotPassword',
  resetPassword: '/ResetPassword/:token',
  /** A visitor's favourites, kept in the browser (docs/alerts.md). */
  favourites: '/Favourites',
  /** A subscriber's private link: favourites, saved searches, alerts (docs/alerts.md). */
  myAlerts: '/MyAlerts/:token',
} as const;

export type RouteName = keyof typeof routePatterns;

export const paths = {
  home: () => '/',
  login: () => '/Login',
  agentProfile: () => '/AgentProfile',
  buySellRent: () => '/BuySellRent',
  sale: () => '/Sale',
  rent: () => '/Rent',
  propertyView: (id: string) => `/PropertyView/${encodeURIComponent(id)}`,
  aboutLink: () => '/AboutLink',
  aboutAgent: (id: string) => `/AboutAgent/${encodeURIComponent(id)}`,
  investorPlans: () => '/InvestorPlans',
  jobNeedForm: () => '/JobNeedForm',
  accessibility: () => '/accessibility',
  privacy: () => '/privacy',
  terms: () => '/terms',
  dailyIndicator: (agentId?: string) =>
    agentId ? `/DailyIndicator/${encodeURIComponent(agentId)}` : '/DailyIndicator',
  personalIndicator: (agentId?: string) =>
    agentId ? `/PersonalIndicator/${encodeURIComponent(agentId)}` : '/PersonalIndicator',
  agents: () => '/Agents',
  adminGoals: (agentId?: string) => (agentId ? `/AdminGoals/${encodeURIComponent(agentId)}` : '/AdminGoals'),
  branchGoal: (branchId: string) => `/BranchGoal/${encodeURIComponent(branchId)}`,
  performance: () => '/Performance',
  newProperty: () => '/NewProperty',
  staffProperties: () => '/StaffProperties',
  newReportContact: (id: string) => `/NewReportContact/${encodeURIComponent(id)}`,
  adminReportView: () => '/AdminReportView',
  sellerReport: (token: string) => `/SellerReport/${encodeURIComponent(token)}`,
  scoreBoard: () => '/ScoreBoard',
  leads: () => '/Leads',
  leadView: (id: string) => `/Leads/${encodeURIComponent(id)}`,
  myDay: () => '/MyDay',
  newLead: () => '/NewLead',
  leadSettings: () => '/LeadSettings',
  valuation: () => '/Valuation',
  inquiries: () => '/Inquiries',
  users: () => '/Users',
  branches: () => '/Branches',
  referrals: () => '/Referrals',
  myDeals: () => '/MyDeals',
  deals: () => '/Deals',
  branchDues: () => '/BranchDues',
  branchPage: (slug: string) => `/branches/${encodeURIComponent(slug)}`,
  settings: () => '/Settings',
  audit: () => '/Audit',
  network: () => '/Network',
  forgotPassword: () => '/ForgotPassword',
  resetPassword: (token: string) => `/ResetPassword/${encodeURIComponent(token)}`,
  favourites: () => '/Favourites',
  myAlerts: (token: string) => `/MyAlerts/${encodeURIComponent(token)}`,
} satisfies Record<RouteName, (...args: string[]) => string>;

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`, 'i');
}

const routeRegExps = Object.entries(routePatterns).map(
  ([name, pattern]) => [name as RouteName, patternToRegExp(pattern)] as const,
);

/** True when the path (without query) is a page of the web app. */
export function isClientRoute(pathname: string): boolean {
  return routeRegExps.some(([, re]) => re.test(pathname));
}

/** The route a path (without query) belongs to, or undefined. */
export function matchRouteName(pathname: string): RouteName | undefined {
  return routeRegExps.find(([, re]) => re.test(pathname))?.[0];
}

/**
 * The path as the route spells it ('/sale' → '/Sale', '/propertyview/7/' → '/PropertyView/7'), for a
 * permanent redirect to one address per page; undefined when no route matches.
 */
export function canonicalPath(pathname: string): string | undefined {
  const name = matchRouteName(pathname);
  if (!name) return undefined;
  const pattern = routePatterns[name].split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  return `/${given.map((segment, i) => (pattern[i]?.startsWith(':') ? segment : pattern[i])).join('/')}`;
}
