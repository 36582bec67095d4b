import { lazyPage } from './lazy-page';

/**
 * The login page's chunk, in a module of its own rather than among the router's pages: the registration
 * page, which leads there, loads it ahead too, and a page importing the router would make a cycle. It
 * stays beside the router, out of pages/, so it starts with the router's own start-up code.
 */
export const LoginPage = lazyPage(() => import('./pages/login-page'));
