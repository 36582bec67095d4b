import { PATHS } from '@apotheca/contract';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import { PageMain } from './page-main';

/** A page whose heading comes once its record has loaded, when the test says so. */
let showRecord: () => void = () => undefined;
function RecordPage() {
  const [loaded, setLoaded] = useState(false);
  showRecord = () => setLoaded(true);
  return loaded ? <h1>Paracetamol 500 mg</h1> : <p role="status">Loading…</p>;
}
/** Shows the record's heading, and lets what watches the page see it (its observers run after the render). */
const loadRecord = () =>
  act(async () => {
    showRecord();
    await Promise.resolve();
  });

/** A cart whose items each leave the page with their Remove button. */
function CartPage() {
  const [items, setItems] = useState(['Paracetamol', 'Ibuprofen']);
  return (
    <>
      <h1>Your Cart</h1>
      {items.map((item) => (
        <button key={item} type="button" onClick={() => setItems(items.filter((other) => other !== item))}>
          Remove {item}
        </button>
      ))}
    </>
  );
}

function renderShop() {
  return renderWithStore(
    <Routes>
      <Route
        element={
          <>
            <nav>
              <Link to={PATHS.medicines}>Medicines</Link>
              <Link to={PATHS.about}>About</Link>
              <Link to={`${PATHS.home}?q=para`}>Search</Link>
              <Link to={PATHS.cart}>Cart</Link>
              <input aria-label="Search medicines" />
            </nav>
            <PageMain className="" />
          </>
        }
      >
        <Route path={PATHS.home} element={<h1>Your trusted online pharmacy</h1>} />
        <Route path={PATHS.medicines} element={<h1>Medicines</h1>} />
        <Route path={PATHS.about} element={<RecordPage />} />
        <Route path={PATHS.cart} element={<CartPage />} />
      </Route>
    </Routes>,
  );
}

describe('a page reached inside the app', () => {
  it('is named by the title and its heading takes the focus, as a page loaded anew is announced', async () => {
    const { user } = renderShop();
    // The first page of a visit is named, and leaves focus where the browser put it.
    expect(document.title).toBe('Your trusted online pharmacy · Apotheca');
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Medicines' }));
    expect(screen.getByRole('heading', { name: 'Medicines' })).toHaveFocus();
    expect(document.title).toBe('Medicines · Apotheca');
    // The next Tab goes on from the page's top, not from the header's link.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Medicines' })).not.toHaveFocus();
  });

  it('takes the focus when its heading comes after the route, unless the reader went on meanwhile', async () => {
    const { user } = renderShop();
    await user.click(screen.getByRole('link', { name: 'About' }));
    await loadRecord();
    expect(screen.getByRole('heading', { name: 'Paracetamol 500 mg' })).toHaveFocus();
    expect(document.title).toBe('Paracetamol 500 mg · Apotheca');

    await user.click(screen.getByRole('link', { name: 'Medicines' }));
    await user.click(screen.getByRole('link', { name: 'About' }));
    await user.click(screen.getByRole('textbox', { name: 'Search medicines' }));
    await loadRecord();
    expect(screen.getByRole('textbox', { name: 'Search medicines' })).toHaveFocus();
  });

  it('keeps the focus on a new query of the same page (a search, a filter, a page of a list)', async () => {
    const { user } = renderShop();
    await user.click(screen.getByRole('link', { name: 'Search' }));
    expect(screen.getByRole('link', { name: 'Search' })).toHaveFocus();
  });
});

describe('a control that leaves the page while it has focus', () => {
  it('hands focus to the page heading instead of the document start', async () => {
    const { user } = renderShop();
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    await user.click(screen.getByRole('button', { name: 'Remove Paracetamol' }));
    expect(screen.getByRole('heading', { name: 'Your Cart' })).toHaveFocus();
    // The next Tab goes on from the cart, at the item left.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove Ibuprofen' })).toHaveFocus();
  });
});
