import { Outlet, ScrollRestoration } from 'react-router';
import { Footer, StaffFooter } from './footer';
import { MainLandmark, useLayoutOwnsMain } from './main-landmark';
import { Navbar } from './navbar';
import { Toasts } from './toasts';

const BODY_CLASS = 'flex min-h-[70vh] flex-col';

/**
 * Every page: navigation bar, content, footer, and the app-wide toasts (loaded with the first toast, toasts.tsx).
 * The content is the page's <main>, unless its layout renders one itself (the signed-in area keeps its side
 * navigation outside <main>, so the skip link lands past it).
 */
export function RootLayout() {
  const layoutOwnsMain = useLayoutOwnsMain();
  return (
    <>
      <Navbar />
      {/* Right after the header (its skip link stays the first Tab stop): a toast's close button is reached
          before the page, not as the last stop after the footer. */}
      <Toasts />
      {layoutOwnsMain ? (
        <div className={BODY_CLASS}>
          <Outlet />
        </div>
      ) : (
        <MainLandmark className={BODY_CLASS}>
          <Outlet />
        </MainLandmark>
      )}
      {/* The signed-in area (its layout owns <main>) ends with a quiet line, not the public site's footer. */}
      {layoutOwnsMain ? <StaffFooter /> : <Footer />}
      <ScrollRestoration />
    </>
  );
}
