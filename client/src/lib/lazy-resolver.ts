import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose rules (a contract schema, and zod with it) are fetched by its first use, or
 * by `load()` when the shopper starts filling the form, rather than evaluated with the page: on a
 * server-rendered page that is a long task less before the page answers.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  importResolver: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> & { load: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () => (loading ??= importResolver());
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, { load: () => void loaded() });
}
