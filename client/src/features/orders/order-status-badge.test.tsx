import { ORDER_STATUS, PRESCRIPTION_REVIEW } from '@apotheca/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge, PrescriptionReviewBadge } from './order-status-badge';

describe('OrderStatusBadge', () => {
  it('shows a canceled order in the colour of a stop, not the green of an order that went ahead', () => {
    render(
      <>
        <OrderStatusBadge status={ORDER_STATUS.canceled} />
        <OrderStatusBadge status={ORDER_STATUS.dispatched} />
        <PrescriptionReviewBadge review={PRESCRIPTION_REVIEW.rejected} />
      </>,
    );
    const canceled = screen.getByText(ORDER_STATUS.canceled);
    expect(canceled.className).not.toBe(screen.getByText(ORDER_STATUS.dispatched).className);
    // The same colour as a rejected prescription, the other badge that says an order stopped.
    expect(canceled.className).toBe(screen.getByText('Prescription rejected').className);
  });
});
