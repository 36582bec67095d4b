import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** One row: the valid input with `field` set to `value` fails on that field with exactly `message`. */
export type MessageCase = { field: string; value: unknown; message: string };

/**
 * The first message zod gives for a field: the one the server's 400 names in `errors` and the one a
 * form shows under the field.
 */
export function firstMessage(schema: z.ZodType, input: unknown, field: string): string | undefined {
  return schema.safeParse(input).error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

/**
 * A table test of one form's schema: every case's message, each asserted once, and valid inputs
 * (the base one and any variants) that pass.
 */
export function describeMessages(
  name: string,
  schema: z.ZodType,
  valid: Record<string, unknown>,
  cases: MessageCase[],
  validVariants: Record<string, unknown>[] = [],
): void {
  describe(name, () => {
    it.each(cases)('$field = $value → $message', ({ field, value, message }) => {
      expect(firstMessage(schema, { ...valid, [field]: value }, field)).toBe(message);
    });

    it.each([valid, ...validVariants.map((variant) => ({ ...valid, ...variant }))])('accepts %o', (input) => {
      expect(schema.safeParse(input).error?.issues).toBeUndefined();
    });

    it('asserts each message once', () => {
      const messages = cases.map((c) => `${c.field}: ${c.message}`);
      expect(new Set(messages).size).toBe(messages.length);
    });
  });
}
