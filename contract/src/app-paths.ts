// The app's pages, spelled once: the client's router, links and guards, the server's
// e-mailed links and the browser tests all read them from here.

/** Route patterns, as the router matches them. */
export const PATHS = {
  home: '/',
  medicines: '/medicines',
  medicine: '/medicines/:id',
  about: '/about',
  contact: '/contact',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:userId/:token',
  profile: '/profile',
  addresses: '/account/addresses',
  cart: '/cart',
  orders: '/orders',
  checkout: '/checkout',
  admin: '/admin',
  adminUpdateMedicine: '/admin/update/:id',
  adminProfile: '/admin/profile',
  adminUsers: '/admin/users',
  adminOrders: '/admin/orders',
  adminOrder: '/admin/orders/:id',
  adminAddMedicine: '/admin/add-medicine',
  adminPrescriptions: '/admin/prescriptions',
  adminPrescription: '/admin/prescriptions/:id',
  adminRecall: '/admin/recalls/:batchId',
  adminReports: '/admin/reports',
  adminAudit: '/admin/audit',
  adminImport: '/admin/import',
  adminOverview: '/admin/overview',
} as const;

/** A route pattern with its `:params` filled in, each one URI-encoded. */
const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
/** `path` with `?query` when the query has anything in it. */
const withQuery = (path: string, query: URLSearchParams | Record<string, string | number> = {}) => {
  const search = new URLSearchParams(
    query instanceof URLSearchParams
      ? query
      : Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return search ? `${path}?${search}` : path;
};

/** The catalogue with its filters in the query, e.g. `/medicines?category=Antibiotic&page=2`. */
export const cataloguePath = (query?: URLSearchParams | Record<string, string | number>) =>
  withQuery(PATHS.medicines, query);
export const medicinePath = (id: string) => fill(PATHS.medicine, { id });
export const resetPasswordPath = (userId: string, token: string) => fill(PATHS.resetPassword, { userId, token });
export const adminMedicineUpdatePath = (id: string) => fill(PATHS.adminUpdateMedicine, { id });
export const adminOrderPath = (id: string) => fill(PATHS.adminOrder, { id });
export const adminPrescriptionPath = (id: string) => fill(PATHS.adminPrescription, { id });
export const adminRecallPath = (batchId: string) => fill(PATHS.adminRecall, { batchId });
/** A paged list: page 1 is the bare path. */
export const pagedPath = (path: string, page: number) => (page > 1 ? withQuery(path, { page }) : path);
