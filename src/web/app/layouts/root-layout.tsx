import { he } from '@web/i18n/he';
import { Outlet, ScrollRestoration } from 'react-router';
import { Bounce, ToastContainer } from 'react-toastify';
import { Footer } from './footer';
import { MainLandmark, useLayoutOwnsMain } from './main-landmark';
import { Navbar } from './navbar';
import { ToastCloseButton } from './toast-close-button';

const BODY_CLASS = 'flex min-h-[70vh] flex-col';

/**
 * Every page: navigation bar, content, and the app-wide toasts (top-center, RTL, 3 s, pause on hover).
 * The content is the page's <main>, unless its layout renders one itself (the signed-in area keeps its side
 * navigation outside <main>, so the skip link lands past it).
 */
export function RootLayout() {
  const layoutOwnsMain = useLayoutOwnsMain();
  return (
    <>
      <Navbar />
      {layoutOwnsMain ? (
        <div className={BODY_CLASS}>
          <Outlet />
        </div>
      ) : (
        <MainLandmark className={BODY_CLASS}>
          <Outlet />
        </MainLandmark>
      )}
      <Footer />
      <ToastContainer
        aria-label={he.toasts.region}
        closeButton={ToastCloseButton}
        position="top-center"
        rtl
        autoClose={3000}
        pauseOnHover
        newestOnTop
        transition={Bounce}
      />
      <ScrollRestoration />
    </>
  );
}
