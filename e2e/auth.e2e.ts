import { PATHS } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { baseUrl, fillAfterRefusal, hasFocus, newPage, openPage, useBrowser, VIEWPORTS } from './support/browser';
import { holdChunks } from './support/chunks';
import {
  closeToast,
  createShopper,
  holdToast,
  mailTo,
  PASSWORD,
  toast,
  toastGapBelowHeader,
  uniqueEmail,
  shopperPage,
} from './support/shop';
import { violations } from './support/axe';
import { adminSession } from './support/admin-fixtures';

describe('register, log in, log out and reset a password in chromium', () => {
  const browser = useBrowser();
  it('registers: checks fields while typing, then goes to /login with the e-mail filled in', async () => {
    const page = await newPage(browser);
    // The login page's chunk comes late, as on a slow connection: the registration waits for it.
    const releaseLoginPage = await holdChunks(page, 'login-page');
    await page.goto(PATHS.register);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const email = uniqueEmail('register');
    await fillAfterRefusal(page, 'First name', ['Ann3', 'First name should contain only letters.'], 'Ann');
    // The field is checked again once typed, a moment later on a busy machine: the message is waited out.
    await expect.poll(() => page.getByText('First name should contain only letters.').count()).toBe(0);
    await page.getByLabel('Last name').fill('Shopper');
    await page.getByLabel('Email').fill(email);
    await fillAfterRefusal(
      page,
      'Password',
      ['weakpass', 'Password must contain at least one uppercase letter.'],
      PASSWORD,
    );
    await fillAfterRefusal(page, 'Phone number', ['12345', 'Phone number must be exactly 10 digits.'], '0123456789');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await toast(page, 'Registered successfully');
    // The address names the page on screen: it stays /register while the login page cannot be shown yet.
    expect(page.url()).toBe(`${baseUrl()}/register`);
    releaseLoginPage();
    await page.waitForURL(`${baseUrl()}/login`);
    // The address turns first and the login page is drawn in the render that follows: waited for, not raced.
    await page.getByRole('heading', { level: 1, name: 'Login', exact: true }).waitFor();
    // The new account logs in with the password just chosen: its e-mail is there already, the password is
    // not, and the keyboard starts at it.
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await expect.poll(() => hasFocus(page.getByLabel('Password'))).toBe(true);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Logged-in successfully');
    await page.waitForURL(`${baseUrl()}/`);
    // Carried by that navigation alone: a later visit to the login page starts empty.
    await page.goto(PATHS.login);
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await page.context().close();
  });

  it('refuses a registration with an address already in use', async () => {
    const shopper = await createShopper();
    const page = await openPage(browser, PATHS.register);
    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Shopper');
    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Phone number').fill('0123456789');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await toast(page, 'Registration failed');
    expect(page.url()).toBe(`${baseUrl()}/register`);
    await page.context().close();
  });

  it('logs a shopper in to / with the avatar named by the e-mail; a wrong password fails', async () => {
    const shopper = await createShopper();
    const page = await openPage(browser, PATHS.login);
    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByLabel('Password').fill('Wrong@1234');
    // From the keyboard: the button waits for the answer without losing the focus (a disabled one
    // would drop it at the page's start), so Enter tries again once the password is corrected.
    await page.getByRole('button', { name: 'Login' }).press('Enter');
    await toast(page, 'Login failed');
    expect(await hasFocus(page.getByRole('button', { name: 'Login' }))).toBe(true);
    // Below the logo's header, not beside the logo over it.
    expect(await toastGapBelowHeader(page)).toBeGreaterThanOrEqual(0);
    // A toast's text is as readable as the page's: 4.5:1 at least, on its own colour.
    await holdToast(page);
    expect(await violations(page, '[data-sonner-toaster]'), 'error toast').toEqual([]);
    await closeToast(page);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Logged-in successfully');
    await holdToast(page);
    expect(await violations(page, '[data-sonner-toaster]'), 'success toast').toEqual([]);
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('link', { name: shopper.user.email }).click();
    await page.waitForURL(`${baseUrl()}/profile`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as unknown)).toEqual(
      expect.any(String),
    );
    await page.context().close();
  });

  it('logs out on a desktop to /login, and the token stops working', async () => {
    const shopper = await createShopper();
    const page = await shopperPage(browser, shopper, 'desktop');
    await page.goto(PATHS.home);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl()}/login`);
    // The session ends once the login page is shown, so the page left never sees itself logged out.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await fetch(`${baseUrl()}/api/auth/me`, { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(me.status).toBe(401);
    await page.context().close();
  });

  // Log Out leaves a page behind login before the session ends, so its guard never greets someone who
  // just logged out with the notice for someone arriving without a session. The login page's code comes
  // late here, as on a slow connection: the logout still lands there, with no such notice.
  it.each([
    ['a patient', PATHS.orders, 'My orders', createShopper],
    ['an admin', PATHS.adminUsers, 'Users', adminSession],
  ])(
    'logs %s out from %s to /login without the login notice while the login page’s code is slow',
    async (_who, path, heading, signIn) => {
      const page = await shopperPage(browser, await signIn(), 'desktop');
      const releaseLoginPage = await holdChunks(page, 'login-page');
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
      // The session ends without waiting for the login page's code.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(page.url()).toBe(`${baseUrl()}/login`);
      releaseLoginPage();
      await page.getByRole('heading', { level: 1, name: 'Login', exact: true }).waitFor();
      expect(page.url()).toBe(`${baseUrl()}/login`);
      expect(await page.getByText('You need to login first').count()).toBe(0);
      await page.context().close();
    },
  );

  it("logs out from the mobile menu with 'Sucessfull LoggedOut' and goes to /", async () => {
    const shopper = await createShopper();
    const page = await shopperPage(browser, shopper, 'mobile');
    await page.goto(PATHS.medicines);
    expect(await page.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Orders' }).waitFor();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Log Out' }).click();
    await toast(page, 'Sucessfull LoggedOut');
    // The toast shows below the header: it never covers the menu button the shopper taps next.
    expect(await toastGapBelowHeader(page)).toBeGreaterThanOrEqual(0);
    // Its close button lies wholly inside it, not astride its corner.
    const [toastBox, closeBox] = await Promise.all([
      page.locator('[data-sonner-toast]').boundingBox(),
      page.getByRole('button', { name: 'Close toast' }).boundingBox(),
    ]);
    expect(closeBox!.x).toBeGreaterThanOrEqual(toastBox!.x);
    expect(closeBox!.y).toBeGreaterThanOrEqual(toastBox!.y);
    expect(closeBox!.x + closeBox!.width).toBeLessThanOrEqual(toastBox!.x + toastBox!.width);
    expect(closeBox!.y + closeBox!.height).toBeLessThanOrEqual(toastBox!.y + toastBox!.height);
    // A short one keeps to the top right, as narrow as its text, instead of spanning the page's heading.
    expect(toastBox!.width).toBeLessThan(VIEWPORTS.mobile.width * 0.75);
    expect(toastBox!.x + toastBox!.width).toBeGreaterThan(VIEWPORTS.mobile.width - 32);
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Login/Sign Up' }).waitFor();
    await page.context().close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const shopper = await createShopper();
    const page = await openPage(browser, PATHS.forgotPassword);
    await page.getByText('we will send you an email to reset your password').waitFor();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Invalid email format');
    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Email sent successfully');

    const link = /https?:\/\/\S+\/reset-password\/\S+\/[A-Za-z0-9_-]+/.exec(await mailTo(shopper.user.email))?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(baseUrl())).toBe(true);
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await fillAfterRefusal(
      page,
      'New password',
      ['short', 'Password must be at least 8 characters long.'],
      'Renewed@2026',
    );
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, 'Password reset successful');
    // The login page starts with the account's address, which the address bar does not show.
    await page.waitForURL(`${baseUrl()}/login`);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(shopper.user.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await page.getByLabel('Password').fill('Renewed@2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    // The link works once.
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.context().close();
  });
});
