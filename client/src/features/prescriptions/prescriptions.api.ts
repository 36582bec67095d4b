import { PRESCRIPTION_FILE_FIELD, type PrescriptionResponse, type PrescriptionsResponse } from '@apotheca/contract';
import { api } from '../../lib/api';

const prescriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myPrescriptions: build.query<PrescriptionsResponse, void>({
      query: () => '/prescriptions',
      providesTags: ['Prescriptions'],
    }),
    uploadPrescription: build.mutation<PrescriptionResponse, File>({
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
