import { lazy, Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RequireAdmin, RequireAuth } from './guards/require-auth';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import HomePage from './pages/home-page';

// Every other page is its own chunk, and the admin shell too: a shopper's browser never downloads the
// admin area, because RequireAdmin renders (and so loads) the shell only for an admin.
const AdminLayout = lazy(() => import('./layouts/admin-layout'));
const CataloguePage = lazy(() => import('./pages/catalogue-page'));
const MedicineDetailPage = lazy(() => import('./pages/medicine-detail-page'));
const AboutPage = lazy(() => import('./pages/about-page'));
const ContactPage = lazy(() => import('./pages/contact-page'));
const LoginPage = lazy(() => import('./pages/login-page'));
const RegisterPage = lazy(() => import('./pages/register-page'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page'));
const ProfilePage = lazy(() => import('./pages/profile-page'));
const CartPage = lazy(() => import('./pages/cart-page'));
const OrdersPage = lazy(() => import('./pages/orders-page'));
const CheckoutPage = lazy(() => import('./pages/checkout-page'));
const DashboardPage = lazy(() => import('./pages/admin/dashboard-page'));
const UpdateMedicinePage = lazy(() => import('./pages/admin/update-medicine-page'));
const AdminProfilePage = lazy(() => import('./pages/admin/admin-profile-page'));
const UsersPage = lazy(() => import('./pages/admin/users-page'));
const AdminOrdersPage = lazy(() => import('./pages/admin/admin-orders-page'));
const AdminOrderDetailPage = lazy(() => import('./pages/admin/admin-order-detail-page'));
const AddMedicinePage = lazy(() => import('./pages/admin/add-medicine-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

const user = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const admin = (page: ReactNode) => (
  <RequireAdmin>
    <Suspense fallback={<Spinner />}>{page}</Suspense>
  </RequireAdmin>
);

/**
 * SPEC.md §2's route table, in its order. Pathless layout routes pick the shell: the main header
 * and footer, the bare shell (login, register, about, contact, checkout, profile, reset) or the admin shell.
 */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/medicines',
        children: [
          { index: true, element: <CataloguePage /> },
          { path: ':id', element: <MedicineDetailPage /> },
        ],
      },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:userId/:token', element: <ResetPasswordPage /> },
      { path: '/profile', element: user(<ProfilePage />) },
    ],
  },
  {
    element: <MainLayout />,
    children: [
      { path: '/cart', element: user(<CartPage />) },
      { path: '/orders', element: user(<OrdersPage />) },
    ],
  },
  { element: <BareLayout />, children: [{ path: '/checkout', element: user(<CheckoutPage />) }] },
  {
    path: '/admin',
    element: admin(<AdminLayout />),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'update/:id', element: <UpdateMedicinePage /> },
      { path: 'profile', element: <AdminProfilePage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'orders', element: <AdminOrdersPage /> },
      { path: 'orders/:id', element: <AdminOrderDetailPage /> },
      { path: 'add-medicine', element: <AddMedicinePage /> },
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
