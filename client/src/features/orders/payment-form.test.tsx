import { CARD_EXPIRED_MESSAGE, PAYMENT_FORM_ERROR, SIMULATED_PAYMENT_NOTICE } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import { PaymentForm } from './payment-form';

const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, '0');
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** The form with a valid name, number and CVV typed, left at its expiry field. */
async function cardBeforeItsExpiry() {
  const onPay = vi.fn();
  const { user } = renderWithStore(<PaymentForm onPay={onPay} busy={false} />);
  await user.type(screen.getByLabelText('Cardholder name'), 'Jane Doe');
  await user.type(screen.getByLabelText('Card number'), '123456789012');
  await user.type(screen.getByLabelText('CVV'), '123');
  return { onPay, user, expiry: screen.getByLabelText('Expiration (MM/YY)') };
}

describe('PaymentForm', () => {
  afterEach(() => vi.useRealTimers());
  it('says under the form, and to the Pay button, that the payment is simulated', () => {
    renderWithStore(<PaymentForm onPay={vi.fn()} busy={false} />);
    expect(screen.getByText(SIMULATED_PAYMENT_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveAccessibleDescription(SIMULATED_PAYMENT_NOTICE);
  });

  it('forces the name to uppercase letters and cuts the numbers to their length as typed', async () => {
    const { user } = renderWithStore(<PaymentForm onPay={vi.fn()} busy={false} />);
    await user.type(screen.getByLabelText('Cardholder name'), 'jane d0e');
    expect(screen.getByLabelText('Cardholder name')).toHaveValue('JANE DE');
    const cardNumber = screen.getByLabelText('Card number');
    await user.click(cardNumber);
    await user.paste('1234-5678-9012-3456');
    expect(cardNumber).toHaveValue('123456789012');
    await user.type(screen.getByLabelText('CVV'), '12a34');
    expect(screen.getByLabelText('CVV')).toHaveValue('123');
    await user.type(screen.getByLabelText('Expiration (MM/YY)'), `12${nextYear}`);
    expect(screen.getByLabelText('Expiration (MM/YY)')).toHaveValue(`12/${nextYear}`);
  });

  it('shows each rule and the form error on an invalid submit, and does not pay', async () => {
    const onPay = vi.fn();
    const { user } = renderWithStore(<PaymentForm onPay={onPay} busy={false} />);
    await user.type(screen.getByLabelText('Card number'), '1234');
    await user.type(screen.getByLabelText('CVV'), '1');
    await user.type(screen.getByLabelText('Expiration (MM/YY)'), `13${nextYear}`);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Cardholder name is required')).toBeInTheDocument();
    expect(screen.getByText('Card Number must be exactly 12 digits.')).toBeInTheDocument();
    expect(screen.getByText('CVV must be exactly 3 digits.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid expiration in MM/YY format.')).toBeInTheDocument();
    expect((await screen.findAllByText(PAYMENT_FORM_ERROR)).length).toBeGreaterThanOrEqual(1);
    expect(onPay).not.toHaveBeenCalled();
  });

  it('refuses a year in the past and pays with valid details', async () => {
    const { onPay, user, expiry } = await cardBeforeItsExpiry();
    await user.type(expiry, `01${lastYear}`);
    expect(await screen.findByText('Year cannot be in the past.')).toBeInTheDocument();
    await user.clear(expiry);
    await user.type(expiry, `01${nextYear}`);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(onPay).toHaveBeenCalledWith({
      cardholderName: 'JANE DOE',
      cardNumber: '123456789012',
      expiry: `01/${nextYear}`,
      cvv: '123',
    });
  });

  // A card runs to the end of its month: 01/26 was taken on 2 December 2026, its year not being past.
  it('refuses a card whose month of this year is over, and pays with this month', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 2) });
    const { onPay, user, expiry } = await cardBeforeItsExpiry();
    await user.type(expiry, '0126');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText(CARD_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(onPay).not.toHaveBeenCalled();
    await user.clear(expiry);
    await user.type(expiry, '1226');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ expiry: '12/26' }));
  });

  // '1/27' read as the digits 127 became '12/7': December of a year long gone.
  it('gives a month typed as one digit and a slash its leading zero, and pays with it', async () => {
    const { onPay, user, expiry } = await cardBeforeItsExpiry();
    await user.type(expiry, `1/${nextYear}`);
    expect(expiry).toHaveValue(`01/${nextYear}`);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ expiry: `01/${nextYear}` }));
  });
});
