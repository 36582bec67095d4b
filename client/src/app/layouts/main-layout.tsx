import { HEADER_SCROLL_THRESHOLD, LOGGED_OUT_MESSAGE, PATHS } from '@apotheca/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { EARLY_ACTION } from '../../lib/early-input';
import { toast } from '../../lib/toast';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useLogoutMutation } from '../../features/auth/auth.api';
import { UserAvatar } from '../../features/auth/user-avatar';
import { MedicineSearchBox } from '../../features/medicines/medicine-search-box';
import { useSession } from '../session.hook';
import { BrandLogo } from './brand-logo';
import { HeaderCartLink } from './header-cart-link';
import { useLeavePage } from './leave-page.hook';
import { SiteFooter } from './site-footer';
import { PageMain } from './page-main';
import { SkipLink } from './skip-link';

/** The header's navigation; a link is marked on its path and every path below it. */
export const MAIN_NAV_LINKS = [
  { to: PATHS.medicines, label: 'Medicines' },
  { to: PATHS.cart, label: 'Cart' },
  { to: PATHS.contact, label: 'Contact' },
  { to: PATHS.orders, label: 'Orders' },
  { to: PATHS.about, label: 'About' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium lg:max-xl:px-2 ${isActive ? 'bg-brand-50 text-brand-800' : 'text-muted hover:text-brand-800'}`;

/** After 50 px of scroll the header becomes fixed, translucent and blurred. */
function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

/** The shop's main header (logo, search, links, cart, user menu) and footer. */
export function MainLayout() {
  const { isAuth, user, hydrated } = useSession();
  const [logout] = useLogoutMutation();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  // The mobile menu closes when one of its links is followed. It is closed by the click itself, not by
  // watching the location, so a menu opened right after a navigation is not shut by its late render.
  const closeMenu = () => setMenuOpen(false);
  // Escape closes the open menu from its button or any of its links, and focus goes back to the button
  // (a disclosure's way out for a keyboard user, who otherwise tabs through every link to leave it).
  const menuButton = useRef<HTMLButtonElement>(null);
  const escapeMenu = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    closeMenu();
    menuButton.current?.focus();
  };

  // Each logout leaves the page before the session ends: a page behind login (the cart, the orders)
  // would otherwise see its session gone and send the patient to /login with the guard's "Please
  // Login !!" notice, meant for someone who arrives without a session, not for one who just left.
  const leavePage = useLeavePage();
  const desktopLogout = async () => {
    await leavePage(PATHS.login);
    await logout();
  };
  const mobileLogout = async () => {
    closeMenu();
    // The Log Out button leaves with the menu, and the home page it goes to may be the page already shown,
    // whose heading then takes no focus: the menu's button keeps it, as when Escape closes the menu.
    menuButton.current?.focus();
    await leavePage(PATHS.home);
    const result = await logout();
    if (!result.error) toast.success(LOGGED_OUT_MESSAGE);
  };

  const avatar = user ? (
    <Link to={PATHS.profile} aria-label={user.email} title={user.email} className="rounded-full">
      <UserAvatar email={user.email} />
    </Link>
  ) : null;

  // The header's links, in its row from desktop width (lg, 1024 px) and in the menu or, without JavaScript,
  // a row of their own below it: beside the search box and a patient's account controls they need about
  // 930 px, so a tablet's 768 px showed them scrolling sideways.
  const mainNavItems = MAIN_NAV_LINKS.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} className={navLinkClass}>
        {link.label}
      </NavLink>
    </li>
  ));

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <div className="h-16">
        <PageHeader
          className={`inset-x-0 top-0 z-40 border-b transition-colors ${scrolled ? 'fixed border-slate-200/70 bg-white/75 shadow-sm backdrop-blur-md' : 'relative border-slate-200 bg-white'}`}
        >
          <nav
            aria-label="Main"
            className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 xl:gap-4"
          >
            <BrandLogo compact />
            <ul className="hidden items-center gap-1 lg:flex">{mainNavItems}</ul>
            <MedicineSearchBox className="flex-1 lg:min-w-40 lg:max-w-xs" />
            <HeaderCartLink />
            {/*
              The session is known once hydration is over; until then its place is kept, unseen, so a
              signed-in shopper never sees Login/Sign Up flash. Without JavaScript there is no session and
              no hydration, so the server's signed-out buttons are what the page shows (noscript: matches a
              browser that runs no scripts); the class is the same in the server's HTML and the first render.
            */}
            <div
              className={`hidden shrink-0 items-center gap-2 whitespace-nowrap lg:flex xl:gap-3 ${hydrated ? '' : 'invisible noscript:visible'}`}
            >
              {isAuth ? (
                <>
                  <NavLink to={PATHS.addresses} className={navLinkClass}>
                    Addresses
                  </NavLink>
                  {avatar}
                  <button
                    type="button"
                    className={buttonClasses('secondary', 'sm')}
                    onClick={() => void desktopLogout()}
                  >
                    Log Out
                  </button>
                </>
              ) : (
                <Link to={PATHS.login} className={buttonClasses('primary', 'sm')}>
                  Login/Sign Up
                </Link>
              )}
            </div>
            {/* Below desktop width every pixel left of the cart, avatar and menu goes to the search box: gaps of 8 px and 4 px. */}
            <div className="flex items-center gap-1 lg:hidden">
              {avatar}
              <button
                ref={menuButton}
                type="button"
                onKeyDown={escapeMenu}
                className="rounded-md p-2 text-ink hover:bg-slate-100 aria-busy:cursor-progress aria-busy:text-slate-400 noscript:hidden"
                aria-expanded={menuOpen}
                aria-controls="mobile-menu"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                onClick={() => setMenuOpen((open) => !open)}
                // Its links need the app's session to show; a tap before hydration opens it once hydrated.
                {...{ [EARLY_ACTION]: 'menu' }}
              >
                <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
                  <path
                    d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </div>
          </nav>
          {menuOpen ? (
            <div
              id="mobile-menu"
              onKeyDown={escapeMenu}
              className="border-t border-slate-200 bg-white px-4 pb-4 lg:hidden"
            >
              <ul className="flex flex-col py-2">
                {MAIN_NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} onClick={closeMenu} className={(state) => `block ${navLinkClass(state)}`}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              {isAuth ? (
                <NavLink
                  to={PATHS.addresses}
                  onClick={closeMenu}
                  className={(state) => `mb-2 block ${navLinkClass(state)}`}
                >
                  My addresses
                </NavLink>
              ) : null}
              {isAuth ? (
                <button
                  type="button"
                  className={`${buttonClasses('secondary')} w-full`}
                  onClick={() => void mobileLogout()}
                >
                  Log Out
                </button>
              ) : (
                <Link to={PATHS.login} onClick={closeMenu} className={`${buttonClasses('primary')} w-full`}>
                  Login/Sign Up
                </Link>
              )}
            </div>
          ) : null}
        </PageHeader>
      </div>
      {/* Without JavaScript the menu button cannot open its menu: on a phone its links stand in a row instead. */}
      <noscript>
        <nav aria-label="Menu" className="border-b border-slate-200 bg-white px-4 py-2 lg:hidden">
          <ul className="flex flex-wrap items-center gap-x-1 gap-y-2">
            {mainNavItems}
            <li className="ml-auto">
              <Link to={PATHS.login} className={buttonClasses('primary', 'sm')}>
                Login/Sign Up
              </Link>
            </li>
          </ul>
        </nav>
      </noscript>
      {/* At least a screen tall, so the footer never jumps down as a lazy page arrives. */}
      <PageMain className="min-h-screen flex-1" />
      <SiteFooter />
    </div>
  );
}
