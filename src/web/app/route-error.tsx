import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Error boundary of a route: one broken page does not blank the app. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Page title={notFound ? he.common.notFoundTitle : he.common.errorTitle}>
      <p className="mb-6 text-lg">{notFound ? he.common.notFoundText : he.common.errorText}</p>
      <div className="flex gap-3">
        {!notFound && (
          <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
            {he.common.retry}
          </button>
        )}
        <Link to="/" className={buttonClass()}>
          {he.common.backHome}
        </Link>
      </div>
    </Page>
  );
}

export function NotFoundPage() {
  return (
    <Page title={he.common.notFoundTitle}>
      <p className="mb-6 text-lg">{he.common.notFoundText}</p>
      <Link to="/" className={buttonClass()}>
        {he.common.backHome}
      </Link>
    </Page>
  );
}
