import { paths, routePatterns } from '@shared/paths';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from './layouts/main-landmark';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage, RouteError } from './route-error';

const p = (pattern: string) => pattern.replace(/^\//, '');

/** A lazily loaded route component: each page (and the signed-in area) is its own chunk. */
function page<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}

const signedIn = () => import('./layouts/signed-in-layout');
/** The signed-in layout renders its own <main>, beside the side navigation. */
const ownsMain: RouteHandle = { ownsMain: true };

/** Every route of the app: the browser router (main.tsx) and the server renderer (entry-server.tsx) share them. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            ...page(() => import('@web/features/home/home-page'), 'HomePage'),
          },
          {
            path: p(routePatterns.login),
            ...page(() => import('@web/features/auth/login-page'), 'LoginPage'),
          },
          {
            path: p(routePatterns.forgotPassword),
            ...page(() => import('@web/features/account/forgot-password-page'), 'ForgotPasswordPage'),
          },
          {
            path: p(routePatterns.resetPassword),
            ...page(() => import('@web/features/account/reset-password-page'), 'ResetPasswordPage'),
          },
          {
            path: p(routePatterns.buySellRent),
            ...page(() => import('@web/features/buy-sell-rent/buy-sell-rent-page'), 'BuySellRentPage'),
          },
          {
            path: p(routePatterns.sale),
            ...page(() => import('@web/features/properties/listing-page'), 'SalePage'),
          },
          {
            path: p(routePatterns.rent),
            ...page(() => import('@web/features/properties/listing-page'), 'RentPage'),
          },
          {
            path: p(routePatterns.propertyView),
            ...page(() => import('@web/features/properties/property-view-page'), 'PropertyViewPage'),
          },
          {
            path: p(routePatterns.aboutLink),
            ...page(() => import('@web/features/about/about-page'), 'AboutPage'),
          },
          {
            path: p(routePatterns.aboutAgent),
            ...page(() => import('@web/features/about/agent-page'), 'AgentPage'),
          },
          {
            path: p(routePatterns.branchPage),
            ...page(() => import('@web/features/properties/branch-page'), 'BranchPage'),
          },
          {
            path: p(routePatterns.investorPlans),
            ...page(() => import('@web/features/investors/investor-plans-page'), 'InvestorPlansPage'),
          },
          {
            path: p(routePatterns.valuation),
            ...page(() => import('@web/features/leads/valuation-page'), 'ValuationPage'),
          },
          {
            path: p(routePatterns.jobNeedForm),
            ...page(() => import('@web/features/job/job-page'), 'JobPage'),
          },
          {
            path: p(routePatterns.accessibility),
            ...page(() => import('@web/features/accessibility/accessibility-page'), 'AccessibilityPage'),
          },
          {
            path: p(routePatterns.privacy),
            ...page(() => import('@web/features/legal/legal-page'), 'PrivacyPage'),
          },
          {
            path: p(routePatterns.terms),
            ...page(() => import('@web/features/legal/legal-page'), 'TermsPage'),
          },
          {
            path: p(routePatterns.favourites),
            ...page(() => import('@web/features/alerts/favourites-page'), 'FavouritesPage'),
          },
          {
            path: p(routePatterns.myAlerts),
            ...page(() => import('@web/features/alerts/my-alerts-page'), 'MyAlertsPage'),
          },
          {
            path: p(routePatterns.sellerReport),
            ...page(() => import('@web/features/report-contacts/seller-report-page'), 'SellerReportPage'),
          },
          {
            // One layout for every signed-in page: it stays mounted from page to page (the drawer keeps the focus).
            ...page(signedIn, 'SignedInLayout'),
            handle: ownsMain,
            children: [
              {
                path: p(routePatterns.agentProfile),
                // The profile page tells a visitor to sign in itself.
                handle: { allowAnonymous: true } satisfies RouteHandle,
                ...page(() => import('@web/features/profile/profile-page'), 'ProfilePage'),
              },
              {
                path: p(routePatterns.dailyIndicator),
                ...page(() => import('@web/features/performance/daily-indicator-page'), 'DailyIndicatorPage'),
              },
              {
                path: p(routePatterns.personalIndicator),
                ...page(
                  () => import('@web/features/performance/personal-indicator-page'),
                  'PersonalIndicatorPage',
                ),
              },
              {
                path: p(routePatterns.newReportContact),
                ...page(
                  () => import('@web/features/report-contacts/new-report-contact-page'),
                  'NewReportContactPage',
                ),
              },
              {
                // The inquiries are leads of the pipeline now: one list (SPEC links keep working).
                path: p(routePatterns.inquiries),
                element: <Navigate to={paths.leads()} replace />,
              },
              {
                path: p(routePatterns.myDay),
                ...page(() => import('@web/features/leads/my-day-page'), 'MyDayPage'),
              },
              {
                path: p(routePatterns.leads),
                ...page(() => import('@web/features/leads/pipeline-leads-page'), 'PipelineLeadsPage'),
              },
              {
                path: p(routePatterns.leadView),
                ...page(() => import('@web/features/leads/lead-page'), 'LeadPage'),
              },
              {
                path: p(routePatterns.newLead),
                ...page(() => import('@web/features/leads/new-lead-page'), 'NewLeadPage'),
              },
              {
                path: p(routePatterns.staffProperties),
                ...page(
                  () => import('@web/features/properties/staff-properties-page'),
                  'StaffPropertiesPage',
                ),
              },
              {
                path: p(routePatterns.myDeals),
                ...page(() => import('@web/features/deals/my-deals-page'), 'MyDealsPage'),
              },
              {
                path: p(routePatterns.scoreBoard),
                ...page(() => import('@web/features/performance/scoreboard-page'), 'ScoreboardPage'),
              },
              {
                ...page(signedIn, 'AdminOnly'),
                children: [
                  {
                    path: p(routePatterns.agents),
                    ...page(() => import('@web/features/performance/agents-page'), 'AgentsPage'),
                  },
                  {
                    path: p(routePatterns.adminGoals),
                    ...page(() => import('@web/features/performance/admin-goals-page'), 'AdminGoalsPage'),
                  },
                  {
                    path: p(routePatterns.branchGoal),
                    ...page(() => import('@web/features/performance/branch-goal-page'), 'BranchGoalPage'),
                  },
                  {
                    path: p(routePatterns.performance),
                    ...page(
                      () => import('@web/features/performance/office-performance-page'),
                      'OfficePerformancePage',
                    ),
                  },
                  {
                    path: p(routePatterns.newProperty),
                    ...page(() => import('@web/features/properties/new-property-page'), 'NewPropertyPage'),
                  },
                  {
                    path: p(routePatterns.adminReportView),
                    ...page(
                      () => import('@web/features/report-contacts/admin-report-view-page'),
                      'AdminReportViewPage',
                    ),
                  },
                  {
                    path: p(routePatterns.leadSettings),
                    ...page(() => import('@web/features/leads/lead-settings-page'), 'LeadSettingsPage'),
                  },
                  {
                    path: p(routePatterns.users),
                    ...page(() => import('@web/features/users/users-page'), 'UsersPage'),
                  },
                  {
                    path: p(routePatterns.branches),
                    ...page(() => import('@web/features/branches/branches-page'), 'BranchesPage'),
                  },
                  {
                    path: p(routePatterns.deals),
                    ...page(() => import('@web/features/deals/deals-page'), 'DealsPage'),
                  },
                  {
                    path: p(routePatterns.branchDues),
                    ...page(() => import('@web/features/deals/branch-dues-page'), 'BranchDuesPage'),
                  },
                  {
                    path: p(routePatterns.referrals),
                    ...page(() => import('@web/features/referrals/referrals-page'), 'ReferralsPage'),
                  },
                  {
                    ...page(signedIn, 'NetworkOnly'),
                    children: [
                      {
                        path: p(routePatterns.settings),
                        ...page(() => import('@web/features/settings/settings-page'), 'SettingsPage'),
                      },
                      {
                        path: p(routePatterns.audit),
                        ...page(() => import('@web/features/audit/audit-page'), 'AuditPage'),
                      },
                      {
                        path: p(routePatterns.network),
                        ...page(
                          () => import('@web/features/network/network-dashboard-page'),
                          'NetworkDashboardPage',
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
