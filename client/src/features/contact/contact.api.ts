import {
  CONTACT_SERVICE_UNREACHABLE_MESSAGE,
  type Contact,
  type ContactConfig,
  type ContactResponse,
} from '@apotheca/contract';
import { api } from '../../lib/api';

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
          // The third-party service answers in our contract's shape, though nothing holds it to it.
          const data = (await response.json().catch(() => ({}))) as Partial<Record<keyof ContactResponse, unknown>>;
          if (response.ok && data.success === true)
            return { data: { success: true, message: typeof data.message === 'string' ? data.message : '' } };
          return { error: { status: response.status, data } };
        } catch {
          // Not "cannot reach the shop": it is the other service that did not answer.
          return { error: { status: 'CUSTOM_ERROR', error: CONTACT_SERVICE_UNREACHABLE_MESSAGE } };
        }
      },
    }),
  }),
});

export const { useContactConfigQuery, useSendContactMutation } = contactApi;
