import { ORDER_STATUS, ORDER_STATUSES } from '@apotheca/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './order-status-badge';

describe('OrderStatusBadge', () => {
  it("shows Pending in yellow and every other status in green, as SPEC's order statuses say", () => {
    render(
      <>
        {ORDER_STATUSES.map((status) => (
          <OrderStatusBadge key={status} status={status} />
        ))}
      </>,
    );
    for (const status of ORDER_STATUSES) {
      const colour = status === ORDER_STATUS.pending ? 'yellow' : 'green';
      expect(screen.getByText(status).className, status).toMatch(new RegExp(`\\bbg-${colour}-50\\b`));
    }
  });
});
