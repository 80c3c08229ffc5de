import { routePatterns } from '@shared/paths';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { AdminOnly, SignedInLayout } from './layouts/signed-in-layout';
import { NotFoundPage, RouteError } from './route-error';

const p = (pattern: string) => pattern.replace(/^\//, '');

/** A page of a feature that has not landed yet: a clear 'coming soon' page with its title. */
const loadComingSoon = async () => ({
  Component: (await import('@web/components/coming-soon')).ComingSoonRoute,
});
const soon = (title: string) => ({ handle: { title }, lazy: loadComingSoon });

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('@web/features/home/home-page')).HomePage }),
          },
          {
            path: p(routePatterns.login),
            lazy: async () => ({ Component: (await import('@web/features/auth/login-page')).LoginPage }),
          },
          {
            path: p(routePatterns.forgotPassword),
            lazy: async () => ({
              Component: (await import('@web/features/account/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: p(routePatterns.resetPassword),
            lazy: async () => ({
              Component: (await import('@web/features/account/reset-password-page')).ResetPasswordPage,
            }),
          },
          {
            path: p(routePatterns.buySellRent),
            lazy: async () => ({
              Component: (await import('@web/features/buy-sell-rent/buy-sell-rent-page')).BuySellRentPage,
            }),
          },
          {
            path: p(routePatterns.sale),
            lazy: async () => ({ Component: (await import('@web/features/properties/listing-page')).SalePage }),
          },
          {
            path: p(routePatterns.rent),
            lazy: async () => ({ Component: (await import('@web/features/properties/listing-page')).RentPage }),
          },
          {
            path: p(routePatterns.propertyView),
            lazy: async () => ({
              Component: (await import('@web/features/properties/property-view-page')).PropertyViewPage,
            }),
          },
          {
            path: p(routePatterns.aboutLink),
            lazy: async () => ({
              Component: (await import('@web/features/about/about-page')).AboutPage,
            }),
          },
          {
            path: p(routePatterns.aboutAgent),
            lazy: async () => ({
              Component: (await import('@web/features/about/agent-page')).AgentPage,
            }),
          },
          {
            path: p(routePatterns.investorPlans),
            lazy: async () => ({
              Component: (await import('@web/features/investors/investor-plans-page')).InvestorPlansPage,
            }),
          },
          {
            path: p(routePatterns.jobNeedForm),
            lazy: async () => ({
              Component: (await import('@web/features/job/job-page')).JobPage,
            }),
          },
          {
            // Public: the seller opens it from the agent's link, without an account.
            path: p(routePatterns.sellerReport),
            lazy: async () => ({
              Component: (await import('@web/features/report-contacts/seller-report-page')).SellerReportPage,
            }),
          },
          {
            element: <SignedInLayout allowAnonymous />,
            children: [
              {
                path: p(routePatterns.agentProfile),
                lazy: async () => ({
                  Component: (await import('@web/features/profile/profile-page')).ProfilePage,
                }),
              },
            ],
          },
          {
            element: <SignedInLayout />,
            children: [
              {
                path: p(routePatterns.dailyIndicator),
                lazy: async () => ({
                  Component: (await import('@web/features/performance/daily-indicator-page')).DailyIndicatorPage,
                }),
              },
              {
                path: p(routePatterns.personalIndicator),
                lazy: async () => ({
                  Component: (await import('@web/features/performance/personal-indicator-page')).PersonalIndicatorPage,
                }),
              },
              {
                path: p(routePatterns.newReportContact),
                lazy: async () => ({
                  Component: (await import('@web/features/report-contacts/new-report-contact-page'))
                    .NewReportContactPage,
                }),
              },
              {
                path: p(routePatterns.scoreBoard),
                lazy: async () => ({
                  Component: (await import('@web/features/performance/scoreboard-page')).ScoreboardPage,
                }),
              },
              {
                element: <AdminOnly />,
                children: [
                  {
                    path: p(routePatterns.agents),
                    lazy: async () => ({
                      Component: (await import('@web/features/performance/agents-page')).AgentsPage,
                    }),
                  },
                  {
                    path: p(routePatterns.adminGoals),
                    lazy: async () => ({
                      Component: (await import('@web/features/performance/admin-goals-page')).AdminGoalsPage,
                    }),
                  },
                  {
                    path: p(routePatterns.performance),
                    lazy: async () => ({
                      Component: (await import('@web/features/performance/office-performance-page')).OfficePerformancePage,
                    }),
                  },
                  {
                    path: p(routePatterns.newProperty),
                    lazy: async () => ({
                      Component: (await import('@web/features/properties/new-property-page')).NewPropertyPage,
                    }),
                  },
                  {
                    path: p(routePatterns.adminReportView),
                    lazy: async () => ({
                      Component: (await import('@web/features/report-contacts/admin-report-view-page'))
                        .AdminReportViewPage,
                    }),
                  },
                  {
                    path: p(routePatterns.leads),
                    lazy: async () => ({
                      Component: (await import('@web/features/leads/leads-page')).LeadsPage,
                    }),
                  },
                  {
                    path: p(routePatterns.users),
                    lazy: async () => ({
                      Component: (await import('@web/features/users/users-page')).UsersPage,
                    }),
                  },
                  {
                    path: p(routePatterns.settings),
                    lazy: async () => ({
                      Component: (await import('@web/features/settings/settings-page')).SettingsPage,
                    }),
                  },
                  {
                    path: p(routePatterns.audit),
                    lazy: async () => ({
                      Component: (await import('@web/features/audit/audit-page')).AuditPage,
                    }),
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

export const router = createBrowserRouter(routes);
