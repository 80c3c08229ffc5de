import { paths } from '@shared/paths';
import { Logo } from '@web/components/logo';
import { SocialLinks } from '@web/components/social-links';
import { he } from '@web/i18n/he';
import { useSession } from '@web/lib/session';
import { useAgencySettings } from '@web/lib/settings';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { MAIN_ID } from './main-landmark';
import { PropertiesMenu } from './properties-menu';

const SCROLL_THRESHOLD = 390;

function useScrolledPast(threshold: number, enabled: boolean) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold, enabled]);
  return past;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium hover:bg-white/15 ${isActive ? 'underline underline-offset-8' : ''}`;

/** The navigation bar of every page (SPEC section 2). Transparent on home until 390 px of scroll. */
export function Navbar() {
  const { user } = useSession();
  const settings = useAgencySettings();
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  const scrolled = useScrolledPast(SCROLL_THRESHOLD, isHome);
  const solid = !isHome || scrolled;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  const toggleRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the route changes
  useEffect(() => setMenuOpen(false), [pathname]);

  // Escape closes the phone menu and gives the focus back to its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const socialClass = 'rounded-full p-2 hover:bg-white/15';
  return (
    <header
      data-scrolled={solid}
      className={`${isHome ? 'fixed' : 'sticky'} surface-dark inset-x-0 top-0 z-40 text-white transition-colors duration-300 ${
        solid || menuOpen ? 'bg-brand-900 shadow-md' : 'bg-gradient-to-b from-black/60 to-transparent'
      }`}
    >
      <a
        href={`#${MAIN_ID}`}
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-1 focus:text-brand-900"
      >
        {he.nav.skipToContent}
      </a>
      <nav
        aria-label={he.nav.mainLabel}
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2"
      >
        <Link to={paths.home()} aria-label={he.nav.logoAlt} className="rounded-md p-1">
          <Logo />
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="rounded-md p-2 hover:bg-white/15 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? he.nav.closeMenu : he.nav.openMenu}
          onClick={() => setMenuOpen((v) => !v)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <div
          id="main-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-2 pb-3 md:flex md:w-auto md:flex-row md:items-center md:pb-0`}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center">
            <li>
              <NavLink
                to={user ? paths.agentProfile() : paths.login()}
                className={linkClass}
                onClick={closeMenu}
              >
                {user ? he.nav.profile : he.nav.login}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.home()} end className={linkClass} onClick={closeMenu}>
                {he.nav.home}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.aboutLink()} className={linkClass} onClick={closeMenu}>
                {he.nav.about}
              </NavLink>
            </li>
            <PropertiesMenu onNavigate={closeMenu} />
            {settings?.investorSiteUrl && (
              <li>
                <a
                  href={settings.investorSiteUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass({ isActive: false })}
                >
                  {he.nav.investors}
                </a>
              </li>
            )}
          </ul>
          {settings && (
            <ul className="flex items-center gap-1 md:ms-4">
              <SocialLinks settings={settings} linkClassName={socialClass} />
            </ul>
          )}
        </div>
      </nav>
    </header>
  );
}
