import { PATHS } from '@apotheca/contract';
import { Children, isValidElement, Suspense, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RequireAdmin, RequireAuth, RequireStaff, type GuardedSession } from './guards/require-auth';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import HomePage from './pages/home-page';
import { LoginPage } from './login-page.lazy';

// Every other page is its own chunk, and the admin shell too: a shopper's browser never downloads the
// admin area, because RequireStaff renders (and so loads) the shell only for a pharmacist or an admin,
// and preloadRoute passes a guard only for a session it lets in.
const AdminLayout = lazyPage(() => import('./layouts/admin-layout'));
const CataloguePage = lazyPage(() => import('./pages/catalogue-page'));
const MedicineDetailPage = lazyPage(() => import('./pages/medicine-detail-page'));
const AboutPage = lazyPage(() => import('./pages/about-page'));
const ContactPage = lazyPage(() => import('./pages/contact-page'));
const RegisterPage = lazyPage(() => import('./pages/register-page'));
const ForgotPasswordPage = lazyPage(() => import('./pages/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password-page'));
const ProfilePage = lazyPage(() => import('./pages/profile-page'));
const CartPage = lazyPage(() => import('./pages/cart-page'));
const OrdersPage = lazyPage(() => import('./pages/orders-page'));
const AddressesPage = lazyPage(() => import('./pages/addresses-page'));
const CheckoutPage = lazyPage(() => import('./pages/checkout-page'));
const DashboardPage = lazyPage(() => import('./pages/admin/dashboard-page'));
const UpdateMedicinePage = lazyPage(() => import('./pages/admin/update-medicine-page'));
const AdminProfilePage = lazyPage(() => import('./pages/admin/admin-profile-page'));
const UsersPage = lazyPage(() => import('./pages/admin/users-page'));
const AdminOrdersPage = lazyPage(() => import('./pages/admin/admin-orders-page'));
const AdminOrderDetailPage = lazyPage(() => import('./pages/admin/admin-order-detail-page'));
const AddMedicinePage = lazyPage(() => import('./pages/admin/add-medicine-page'));
const PrescriptionQueuePage = lazyPage(() => import('./pages/admin/prescription-queue-page'));
const PrescriptionReviewPage = lazyPage(() => import('./pages/admin/prescription-review-page'));
const RecallPage = lazyPage(() => import('./pages/admin/recall-page'));
const StockReportsPage = lazyPage(() => import('./pages/admin/stock-reports-page'));
const AuditPage = lazyPage(() => import('./pages/admin/audit-page'));
const CatalogueImportPage = lazyPage(() => import('./pages/admin/catalogue-import-page'));
const OverviewPage = lazyPage(() => import('./pages/admin/overview-page'));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));

const user = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const staff = (page: ReactNode) => (
  <RequireStaff>
    <Suspense fallback={<Spinner />}>{page}</Suspense>
  </RequireStaff>
);
/** A page of the admin area a pharmacist does not see (only Orders, Prescriptions and Stock reports are theirs). */
const admin = (page: ReactNode) => <RequireAdmin>{page}</RequireAdmin>;

/**
 * The app's route table. Pathless layout routes pick the shell: the main header
 * and footer, the bare shell (login, register, about, contact, checkout, profile, reset) or the admin shell.
 */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: PATHS.home, element: <HomePage /> },
      {
        path: PATHS.medicines,
        children: [
          { index: true, element: <CataloguePage /> },
          { path: PATHS.medicine, element: <MedicineDetailPage /> },
        ],
      },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: PATHS.about, element: <AboutPage /> },
      { path: PATHS.contact, element: <ContactPage /> },
      { path: PATHS.login, element: <LoginPage /> },
      { path: PATHS.register, element: <RegisterPage /> },
      { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
      { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: PATHS.profile, element: user(<ProfilePage />) },
    ],
  },
  {
    element: <MainLayout />,
    children: [
      { path: PATHS.cart, element: user(<CartPage />) },
      { path: PATHS.orders, element: user(<OrdersPage />) },
      { path: PATHS.addresses, element: user(<AddressesPage />) },
    ],
  },
  { element: <BareLayout />, children: [{ path: PATHS.checkout, element: user(<CheckoutPage />) }] },
  {
    path: PATHS.admin,
    element: staff(<AdminLayout />),
    children: [
      { index: true, element: admin(<DashboardPage />) },
      { path: PATHS.adminUpdateMedicine, element: admin(<UpdateMedicinePage />) },
      { path: PATHS.adminProfile, element: <AdminProfilePage /> },
      { path: PATHS.adminUsers, element: admin(<UsersPage />) },
      { path: PATHS.adminOrders, element: <AdminOrdersPage /> },
      { path: PATHS.adminOrder, element: <AdminOrderDetailPage /> },
      { path: PATHS.adminAddMedicine, element: admin(<AddMedicinePage />) },
      { path: PATHS.adminPrescriptions, element: <PrescriptionQueuePage /> },
      { path: PATHS.adminPrescription, element: <PrescriptionReviewPage /> },
      { path: PATHS.adminRecall, element: <RecallPage /> },
      { path: PATHS.adminReports, element: <StockReportsPage /> },
      { path: PATHS.adminAudit, element: admin(<AuditPage />) },
      { path: PATHS.adminImport, element: admin(<CatalogueImportPage />) },
      { path: PATHS.adminOverview, element: admin(<OverviewPage />) },
    ],
  },
  { element: <MainLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
];

/**
 * The routes in declarative mode (inside a BrowserRouter): nothing here uses loaders or actions, and the
 * data router would add ~16 kB gzip to the home route's initial JavaScript.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

type Preloadable = Partial<Pick<LazyPage, 'preload'> & Pick<typeof RequireAuth, 'admits'>>;

/**
 * The loads of the lazy layouts and pages in `node` that `session` would see, and whether every guard
 * in it lets `session` through: nothing behind a guard that stops it is loaded.
 */
function preloadsIn(node: ReactNode, session: GuardedSession): { loads: Promise<void>[]; admitted: boolean } {
  if (!isValidElement<{ children?: ReactNode }>(node)) return { loads: [], admitted: true };
  const { preload, admits } = node.type as Preloadable;
  if (admits && !admits(session)) return { loads: [], admitted: false };
  const inside = Children.toArray(node.props.children).map((child) => preloadsIn(child, session));
  return {
    loads: [...(preload ? [preload()] : []), ...inside.flatMap(({ loads }) => loads)],
    admitted: inside.every(({ admitted }) => admitted),
  };
}

/**
 * Loads, all at once, the chunks of the layouts and pages that render `pathname` for `session`, ahead
 * of their render (main.tsx): otherwise each is asked for only once the one around it has rendered.
 * A guard that stops `session` stops the routes nested in its route too.
 */
export function preloadRoute(pathname: string, session: GuardedSession): Promise<unknown> {
  const loads: Promise<void>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const { loads: own, admitted } = preloadsIn(route.element, session);
    loads.push(...own);
    if (!admitted) break;
  }
  return Promise.all(loads);
}
