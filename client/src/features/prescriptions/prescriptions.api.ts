import { PRESCRIPTION_FILE_FIELD, type Prescription } from '@apotheca/contract';
import { api } from '../../lib/api';

export const prescriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myPrescriptions: build.query<{ prescriptions: Prescription[] }, void>({
      query: () => '/prescriptions',
      providesTags: ['Prescriptions'],
    }),
    uploadPrescription: build.mutation<{ prescription: Prescription }, File>({
      query: (file) => {
        const body = new FormData();
        body.append(PRESCRIPTION_FILE_FIELD, file);
        return { url: '/prescriptions', method: 'POST', body };
      },
      invalidatesTags: ['Prescriptions'],
    }),
  }),
});

export const { useMyPrescriptionsQuery, useUploadPrescriptionMutation } = prescriptionsApi;
