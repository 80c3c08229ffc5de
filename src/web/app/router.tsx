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
          { path: p(routePatterns.buySellRent), ...soon('קנייה, מכירה והשכרה') },
          { path: p(routePatterns.sale), ...soon('נכסים למכירה') },
          { path: p(routePatterns.rent), ...soon('נכסים להשכרה') },
          { path: p(routePatterns.propertyView), ...soon('פרטי הנכס') },
          { path: p(routePatterns.aboutLink), ...soon('אודות') },
          { path: p(routePatterns.aboutAgent), ...soon('הסוכן שלנו') },
          { path: p(routePatterns.investorPlans), ...soon('מסלולי משקיעים') },
          { path: p(routePatterns.jobNeedForm), ...soon('דרושים') },
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
              { path: p(routePatterns.dailyIndicator), ...soon('סטטוס יומי') },
              { path: p(routePatterns.personalIndicator), ...soon('מדדים אישיים') },
              { path: p(routePatterns.newReportContact), ...soon('דוח קשר שבועי') },
              { path: p(routePatterns.scoreBoard), ...soon('דירוג סוכנים') },
              {
                element: <AdminOnly />,
                children: [
                  { path: p(routePatterns.agents), ...soon('סקירת סוכנים') },
                  { path: p(routePatterns.adminGoals), ...soon('יעדים חודשיים') },
                  { path: p(routePatterns.performance), ...soon('ביצועי המשרד') },
                  { path: p(routePatterns.newProperty), ...soon('נכס חדש') },
                  { path: p(routePatterns.adminReportView), ...soon('דוחות קשר של הסוכנים') },
                  { path: p(routePatterns.leads), ...soon('פניות מהאתר') },
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
