import type { Contact, ContactConfig } from '@apotheca/contract';
import { api } from '../../lib/api';

type ContactResponse = { success: boolean; message: string };

export const contactApi = api.injectEndpoints({
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
        // The third-party service gets a multipart form with its access key and no bearer token, which is ours alone.
        const body = new FormData();
        body.set('access_key', config.accessKey ?? '');
        for (const [field, value] of Object.entries(form)) body.set(field, value);
        try {
          const response = await fetch(config.formUrl, {
            method: 'POST',
            body,
            headers: { accept: 'application/json' },
          });
          const data = (await response.json().catch(() => ({}))) as Partial<ContactResponse>;
          if (response.ok && data.success) return { data: { success: true, message: data.message ?? '' } };
          return { error: { status: response.status, data } };
        } catch (error) {
          return { error: { status: 'FETCH_ERROR', error: String(error) } };
        }
      },
    }),
  }),
});

export const { useContactConfigQuery, useSendContactMutation } = contactApi;
