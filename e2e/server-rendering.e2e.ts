import { cataloguePath, medicinePath, PATHS, type MedicineResponse } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, useBrowser } from './support/browser';
import { addMedicineAs, adminSession } from './support/admin-fixtures';
import { api, createShopper, listMedicines, logInContext } from './support/shop';

// docs/decisions/0011: the pages a visitor lands on come rendered from the server, then hydrate.
describe('server-rendered pages', () => {
  const browser = useBrowser();

  it('shows the catalogue pages with JavaScript turned off, with the filters of the URL', async () => {
    const [{ medicines: topSellers }, { medicines: antibiotics }] = await Promise.all([
      listMedicines(),
      listMedicines('category=Antibiotic&limit=2&page=2'),
    ]);
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(PATHS.home);
    await page.getByRole('heading', { level: 1, name: 'Your trusted online pharmacy' }).waitFor();
    for (const medicine of topSellers.slice(0, 3)) {
      // Exact: another test file's medicines may have names that begin with this one's.
      expect(await page.getByRole('heading', { name: medicine.name, exact: true }).count(), medicine.name).toBe(1);
    }

    await page.goto(cataloguePath({ category: 'Antibiotic', limit: 2, page: 2 }));
    const names = await page.getByRole('article').getByRole('heading').allTextContents();
    expect(names).toEqual(antibiotics.map((medicine) => medicine.name));
    expect(await page.getByText(/Page 2 of \d+/).count()).toBe(1);

    const medicine = topSellers[0]!;
    await page.goto(medicinePath(medicine._id));
    await page.getByRole('heading', { level: 1, name: medicine.name }).waitFor();
    expect(await page.getByText('Developed By').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('sends each page with its own title, the one the app names it by once loaded, and a medicine its description', async () => {
    // One with a description: other test files add medicines without one to the shared catalogue.
    const { medicines } = await listMedicines('limit=20');
    const records = await Promise.all(
      medicines.map(async ({ _id }) => (await api<MedicineResponse>(`/medicines/${_id}`)).medicine),
    );
    const record = records.find(({ description }) => description.trim() !== '')!;
    const medicine = medicines.find(({ _id }) => _id === record._id)!;
    const htmlOf = async (path: string) => (await fetch(`${baseUrl()}${path}`)).text();
    const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
    const page = await newPage(browser, 'mobile');
    try {
      for (const [path, title] of [
        [cataloguePath({ category: 'Antibiotic' }), 'Medicines · Apotheca'],
        [medicinePath(medicine._id), `${medicine.name} · Apotheca`],
        [PATHS.about, 'About Apotheca · Apotheca'],
      ] as const) {
        // Twice: the second answer is the kept page's.
        for (const _ of [1, 2]) expect(titleOf(await htmlOf(path)), path).toBe(title);
        await page.goto(path);
        expect(await page.title(), path).toBe(title);
      }
    } finally {
      await page.context().close();
    }
    const description = (await htmlOf(medicinePath(medicine._id))).match(/<meta name="description" content="([^"]*)"/);
    expect(description?.[1]?.replace(/&amp;/g, '&')).toBe(record.description);
  });

  it("carries a long description cut at a word's end to what a search result shows, the page keeping it whole", async () => {
    const admin = await adminSession();
    // 600 characters an admin may write; the page's leaflet shows every one of them.
    const description = Array.from({ length: 60 }, (_, i) => `Sentence ${i} & "more".`)
      .join(' ')
      .slice(0, 600);
    expect(description).toHaveLength(600);
    const newMedicine = await addMedicineAs(admin, {
      name: `Long-Leaflet-${Date.now()}`,
      developedBy: 'Acme Pharma',
      stock: '5',
      price: '3.50',
      description,
    });
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    try {
      const html = await (await fetch(`${baseUrl()}${medicinePath(newMedicine._id)}`)).text();
      const content = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
      expect(content).toContain('Sentence 0 &amp; &quot;more&quot;.');
      const text = content!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
      expect(text.length).toBeLessThanOrEqual(160);
      expect(text.endsWith('…')).toBe(true);
      expect(description.startsWith(`${text.slice(0, -1)} `)).toBe(true);
      const page = await context.newPage();
      await page.goto(medicinePath(newMedicine._id));
      expect(await page.getByText(description.slice(-40), { exact: false }).count()).toBe(1);
    } finally {
      await context.close();
      await api(`/medicines/delete-medicine/${newMedicine._id}`, { method: 'DELETE' }, admin.token);
    }
  });

  it('answers 404 for a medicine that does not exist, with the error on the page', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(medicinePath('00000000-0000-4000-8000-000000000000'));
    expect(response?.status()).toBe(404);
    await page.getByText('Error: Medicine not found').waitFor();
    await context.close();
  });

  it('hydrates each server-rendered page without a console error, then answers its controls', async () => {
    const { medicines } = await listMedicines('limit=1');
    const page = await newPage(browser, 'mobile');
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const path of [PATHS.home, PATHS.medicines, medicinePath(medicines[0]!._id), PATHS.about])
      await page.goto(path);
    expect(errors).toEqual([]);

    await page.goto(PATHS.medicines);
    await page.getByLabel('Category').selectOption('Antibiotic');
    await page.waitForURL(/category=Antibiotic/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Login/Sign Up' }).waitFor();
    await page.context().close();
  });

  it("shows a logged-in shopper's session in the header once the page has hydrated", async () => {
    const shopper = await createShopper();
    const context = await browser.newContext({ baseURL: baseUrl() });
    await logInContext(context, shopper);
    const page = await context.newPage();
    await page.goto(PATHS.medicines);
    await page.getByRole('button', { name: 'Log Out' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login/Sign Up' }).count()).toBe(0);
    expect(await page.getByText(/Not in cart|In cart/).count()).toBeGreaterThan(0);
    await context.close();
  });

  it("hydrates pages whose stored text holds $', $` and $&, with a state block that parses", async () => {
    const admin = await adminSession();
    const patterns = "$' $` $&";
    const newMedicine = await addMedicineAs(admin, {
      name: 'Dollar-Patterns',
      developedBy: 'Acme Pharma',
      maxMonthsExpiry: '24',
      category: 'Pain Relief',
      stock: '5',
      price: '3.50',
      imageUrl: `${baseUrl()}/uploads/medicines/${patterns}.png`,
    });
    const page = await newPage(browser, 'mobile');
    try {
      for (const path of [PATHS.home, medicinePath(newMedicine._id), cataloguePath({ category: patterns })]) {
        // goto resolves only once the page has hydrated (support/browser.ts).
        await page.goto(path);
        const state = await page.locator('script[type="application/json"]').textContent();
        expect(JSON.stringify(JSON.parse(state!)), path).toContain(
          path === PATHS.home ? newMedicine.imageUrl : patterns,
        );
      }
    } finally {
      await page.context().close();
      await api(`/medicines/delete-medicine/${newMedicine._id}`, { method: 'DELETE' }, admin.token);
    }
  });
});
