import { Outlet, ScrollRestoration } from 'react-router';
import { Bounce, ToastContainer } from 'react-toastify';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Every page: navigation bar, content, and the app-wide toasts (top-center, RTL, 3 s, pause on hover). */
export function RootLayout() {
  return (
    <>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex min-h-[70vh] flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
      <ToastContainer
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
