import { PRESCRIPTION_FILE_FIELD, type PrescriptionResponse, type PrescriptionsResponse } from '@apotheca/contract';
import { api, apiPath, listQuery } from '../../lib/api';

/** A prescription's file as the page shows it: a blob URL of this document, and whether it is a PDF. */
type PrescriptionFile = { url: string; pdf: boolean };

const prescriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myPrescriptions: build.query<PrescriptionsResponse, void>(listQuery('/prescriptions', 'Prescriptions')),
    uploadPrescription: build.mutation<PrescriptionResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append(PRESCRIPTION_FILE_FIELD, file);
        return { url: '/prescriptions', method: 'POST', body };
      },
      invalidatesTags: ['Prescriptions'],
    }),
    // The file is never a public URL: it comes through the API client with the bearer token, so a
    // token the server no longer takes ends the session here as on any other call.
    prescriptionFile: build.query<PrescriptionFile, string>({
      query: (id) => ({
        url: apiPath`/prescriptions/${id}/file`,
        responseHandler: (response) => (response.ok ? response.blob() : response.json().catch(() => null)),
      }),
      transformResponse: (blob: Blob) => ({ url: URL.createObjectURL(blob), pdf: blob.type === 'application/pdf' }),
      // A private document is not kept once no page shows it, and its blob URL is let go with it.
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(_id, { cacheDataLoaded, cacheEntryRemoved }) {
        const loaded = await cacheDataLoaded.catch(() => null);
        await cacheEntryRemoved;
        if (loaded) URL.revokeObjectURL(loaded.data.url);
      },
    }),
  }),
});

export const { useMyPrescriptionsQuery, usePrescriptionFileQuery } = prescriptionsApi;

/**
 * The prescription upload, one shared by every screen part that uses it: the checkout's Pay now sees
 * an upload the prescription step started, so a file still on its way is not taken for a missing one.
 */
export const usePrescriptionUpload = () =>
  prescriptionsApi.useUploadPrescriptionMutation({ fixedCacheKey: 'prescription-upload' });
