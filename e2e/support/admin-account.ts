/**
 * The first admin of every server the browser tests start. A server started without
 * ADMIN_PASSWORD generates one and prints it once (docs/decisions/0045), so the test servers are
 * given this one, which the tests then log in with.
 */
export const ADMIN = { email: 'admin@apotheca.test', password: 'E2e-Admin@2026' };

/** The variables that make a started server's first admin `ADMIN`. */
export const adminEnv = (): Record<string, string> => ({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
