import { contactResponseSchema, type Contact, type ContactConfig, type ContactResponse } from '@apotheca/contract';
import { api } from '../../lib/api';

// The third-party service answers in our contract's shape, though its message may be missing.
const serviceAnswerSchema = contactResponseSchema.partial({ message: true });

const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactConfig: build.query<ContactConfig, void>({
      query: () => '/contact/config',
    }),
    sendContact: build.mutation<ContactResponse, { form: Contact; config: ContactConfig }>({
      async queryFn({ form, config }, _api, _extra, baseQuery) {
        if (!config.formUrl) {
          const result = await baseQuery({ url: '/contact', method: 'POST', body: form });
          return result.error ? { error: result.error } : { data: result.data as ContactResponse };
        }
        // The third-party service gets a multipart form with its access key and no bearer token (SPEC.md §7).
        const body = new FormData();
        body.set('access_key', config.accessKey ?? '');
        for (const [field, value] of Object.entries(form)) body.set(field, value);
        try {
          const response = await fetch(config.formUrl, {
            method: 'POST',
            body,
            headers: { accept: 'application/json' },
          });
          const data: unknown = await response.json().catch(() => ({}));
          const answer = serviceAnswerSchema.safeParse(data);
          if (response.ok && answer.success) return { data: { success: true, message: answer.data.message ?? '' } };
          return { error: { status: response.status, data } };
        } catch (error) {
          return { error: { status: 'FETCH_ERROR', error: String(error) } };
        }
      },
    }),
  }),
});

export const { useContactConfigQuery, useSendContactMutation } = contactApi;
